import { ProjectDetail } from '../../contract/projects.ts';
import type { ApiClient, CallOptions } from '../api-client.ts';

/** One of the user's projects with its parcels (404 when it does not exist or is someone else's). Several features read it. */
export const getProject = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.get('/api/project/get/', { query: { id }, struct: ProjectDetail, signal });
