import { endpoints } from '../../../contract/endpoints.ts';
import type { ScreeningCriteria } from '../../../contract/gis.ts';
import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';

/** The project's screening criteria: as last saved from its map screen, else the defaults (`saved` false). */
export const getProjectCriteria = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.projectCriteria, { query: { id }, signal });

/** Keeps the criteria for the project's map screen, report and study sizing; a newer save cancels one still under way. */
export const saveProjectCriteria = (api: ApiClient, id: string, criteria: ScreeningCriteria, { signal }: CallOptions = {}) =>
  call(api, endpoints.projectCriteriaSave, { body: { id, criteria }, signal, cancelPrevious: true });
