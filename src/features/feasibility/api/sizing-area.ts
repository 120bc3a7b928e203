import { endpoints } from '../../../contract/endpoints.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';

/** The land a new study of the project is sized on by default: the passing parcels' buildable area, else the boundary. */
export const getSizingArea = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) => call(api, endpoints.projectSizingArea, { query: { id: projectId }, signal });
