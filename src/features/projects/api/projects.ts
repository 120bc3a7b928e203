import { toFormErrors } from '../../../../machines/form-errors.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import type { ProjectCreateBody, ProjectEditBody } from '../../../contract/projects.ts';

/** A page of the user's projects, newest first; `search` matches the name anywhere, ignoring case. */
export const listProjects = (api: ApiClient, query: { search?: string; page: number; page_size: number }, { signal }: CallOptions = {}) =>
  call(api, endpoints.projectList, { query, signal });

/** The totals over every project of the user (area, and size and energy from primary studies). */
export const getPortfolio = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.projectPortfolio, { signal });

/** Whether the user's plan allows another project: the count, the limit (null: none), the plan's name and why not. */
export const checkProjectLimit = (api: ApiClient, { signal }: CallOptions = {}) => call(api, endpoints.projectLimit, { signal });

/** 201 with the new project; 403 past the plan's project limit. */
export const createProject = (api: ApiClient, body: ProjectCreateBody) => call(api, endpoints.projectCreate, { body });

export const editProject = (api: ApiClient, body: ProjectEditBody) => call(api, endpoints.projectEdit, { body });

/** 204; the project's parcels, studies and tasks go with it. */
export const deleteProject = (api: ApiClient, id: string): Promise<void> => call(api, endpoints.projectDelete, { query: { id } });

/**
 * The project's PDF report, its dates in the viewer's time zone; in UTC, as the page then says, where the server's
 * time zone data does not know the browser's zone.
 */
export async function getProjectReport(api: ApiClient, id: string) {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!tz) return call(api, endpoints.projectReport, { query: { id } });
  try {
    return await call(api, endpoints.projectReport, { query: { id, tz } });
  } catch (error) {
    if (!toFormErrors(error).fields.tz) throw error;
    return call(api, endpoints.projectReport, { query: { id } });
  }
}

/** Places matching a name or an address, for placing a new project on the map. */
export const findCoordinates = (api: ApiClient, query: string) => call(api, endpoints.coordinates, { body: { query, limit: 5 } });

/**
 * Attaches a parcel from the store by its number. Not cancelling: attaching several calls the same endpoint one after
 * another, and each must not cancel the one before.
 */
export const attachParcel = (api: ApiClient, projectId: string, apn: string) =>
  call(api, endpoints.parcelAttach, { body: { project_id: projectId, apn }, cancelPrevious: false });

/**
 * The project's parcels screened with the default criteria (the map screen asks the same endpoint with its own
 * criteria, in src/features/map). Not cancelling: the map screen's own request must not cancel this one.
 */
export const getScreenedParcels = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  call(api, endpoints.parcelsReasoned, { body: { project_id: projectId }, signal, cancelPrevious: false });
