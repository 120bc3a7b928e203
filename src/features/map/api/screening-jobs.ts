import { endpoints } from '../../../contract/endpoints.ts';
import type { ScreeningCriteria } from '../../../contract/gis.ts';
import type { ScreeningJobExportFormat } from '../../../contract/screening-jobs.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';

/** Background screening jobs of a project (docs/screening-jobs.md); every answer is checked with its struct. */

/** Starts screening every parcel of the project with these criteria in the background; 429 past two jobs at once. */
export const startScreeningJob = (api: ApiClient, projectId: string, filters: ScreeningCriteria, { signal }: CallOptions = {}) =>
  call(api, endpoints.screeningJobStart, { body: { project_id: projectId, filters: Object.keys(filters).length > 0 ? filters : undefined }, signal });

/** The project's jobs, newest first, each with its progress. */
export const listScreeningJobs = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) => call(api, endpoints.screeningJobList, { query: { project_id: projectId }, signal });

export const cancelScreeningJob = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.screeningJobCancel, { body: { id }, signal });

/** A finished job's results as a file the server names: GeoJSON, or the CSV of the map screen's export. */
export const exportScreeningJob = (api: ApiClient, id: string, format: ScreeningJobExportFormat, { signal }: CallOptions = {}) =>
  call(api, endpoints.screeningJobExport, { query: { id, format }, signal });
