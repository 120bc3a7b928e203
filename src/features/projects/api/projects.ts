import type { ApiClient, CallOptions } from '../../../lib/api-client.ts';
import { BlobBody } from '../../../lib/blob-body.ts';
import { CoordinatesAnswer, NewApnAnswer, ReasonedParcels } from '../../../contract/gis.ts';
import { Portfolio, Project, ProjectList, type ProjectCreateBody, type ProjectEditBody } from '../../../contract/projects.ts';
import { ProjectLimit } from '../../../contract/billing.ts';

/** A page of the user's projects, newest first; `search` matches the name anywhere, ignoring case. */
export const listProjects = (api: ApiClient, query: { search?: string; page: number; page_size: number }, { signal }: CallOptions = {}) =>
  api.get('/api/project/list/', { query, struct: ProjectList, signal });

/** The totals over every project of the user (area, and size and energy from primary studies). */
export const getPortfolio = (api: ApiClient, { signal }: CallOptions = {}) => api.get('/api/project/portfolio/', { struct: Portfolio, signal });

/** Whether the user's plan allows another project: the count, the limit (null: none), the plan's name and why not. */
export const checkProjectLimit = (api: ApiClient, { signal }: CallOptions = {}) => api.get('/api/project/check_limit/', { struct: ProjectLimit, signal });

/** 201 with the new project; 403 past the plan's project limit. */
export const createProject = (api: ApiClient, body: ProjectCreateBody) => api.post('/api/project/create/', body, { struct: Project });

export const editProject = (api: ApiClient, body: ProjectEditBody) => api.patch('/api/project/edit/', body, { struct: Project });

/** 204; the project's parcels, studies and tasks go with it. */
export const deleteProject = (api: ApiClient, id: string): Promise<void> => api.delete('/api/project/delete/', { query: { id } }).then(() => undefined);

/** The project's PDF report. */
export const getProjectReport = (api: ApiClient, id: string) => api.get('/api/project/report/', { query: { id }, responseType: 'blob', struct: BlobBody });

/** Places matching a name or an address, for placing a new project on the map. */
export const findCoordinates = (api: ApiClient, query: string) => api.post('/api/gis/get_coordinates/', { query, limit: 5 }, { struct: CoordinatesAnswer });

/**
 * Attaches a parcel from the store by its number. Not cancelling: attaching several calls the same endpoint one after
 * another, and each must not cancel the one before.
 */
export const attachParcel = (api: ApiClient, projectId: string, apn: string) =>
  api.post('/api/gis/new_apn/', { project_id: projectId, apn }, { struct: NewApnAnswer, cancelPrevious: false });

/**
 * The project's parcels screened with the default criteria (the map screen asks the same endpoint with its own
 * criteria, in src/features/map). Not cancelling: the map screen's own request must not cancel this one.
 */
export const getScreenedParcels = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  api.post('/api/gis/get_reasoned_geo_json/', { project_id: projectId }, { struct: ReasonedParcels, signal, cancelPrevious: false });
