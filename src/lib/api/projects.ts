import { endpoints } from '../../contract/endpoints.ts';
import { call, type ApiClient, type CallOptions } from '../api-client.ts';

/** One of the user's projects with its parcels (404 when it does not exist or is someone else's). Several features read it. */
export const getProject = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.projectGet, { query: { id }, signal });
