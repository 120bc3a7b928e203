import type { ApiClient, CallOptions } from '../../../lib/api-client.ts';
import { BlobBody } from '../../../lib/blob-body.ts';
import { PresetList } from '../../../contract/settings.ts';
import { StudyLoad } from '../../../contract/behind-the-meter.ts';
import { FeasibilityStudy, StudyEnergy, StudyFinance, StudyLimit, StudyList, StudyWeather, type StudyCreateBody } from '../../../contract/feasibility.ts';

/** The feasibility endpoints (src/contract/feasibility.ts), one function each; every answer is checked with its struct. */
const base = '/api/project/feasibility';

export const listStudies = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  api.get(`${base}/list/`, { query: { project_id: projectId }, struct: StudyList, signal });

export const getStudy = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.get(`${base}/get/`, { query: { id }, struct: FeasibilityStudy, signal });

/** 201 with the new study; the project's first study is its primary. */
export const createStudy = (api: ApiClient, body: StudyCreateBody, { signal }: CallOptions = {}) => api.post(`${base}/create/`, body, { struct: FeasibilityStudy, signal });

/** 204; when the study was primary, the newest remaining one becomes primary. */
export const deleteStudy = (api: ApiClient, id: string, { signal }: CallOptions = {}): Promise<void> =>
  api.delete(`${base}/delete/`, { query: { id }, signal }).then(() => undefined);

/** The study, now primary; the project's other studies lose the flag. */
export const setPrimaryStudy = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.patch(`${base}/set_primary/`, { id }, { struct: FeasibilityStudy, signal });

export const renameStudy = (api: ApiClient, body: { id: string; name: string }, { signal }: CallOptions = {}) =>
  api.patch(`${base}/rename/`, { id: body.id, name: body.name }, { struct: FeasibilityStudy, signal });

/** Whether the plan allows another study in the project. */
export const checkStudyLimit = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  api.get(`${base}/check_limit/`, { query: { project_id: projectId }, struct: StudyLimit, signal });

export const getStudyEnergy = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.get(`${base}/energy_production/get/`, { query: { id }, struct: StudyEnergy, signal });

export const getStudyFinance = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.get(`${base}/financial_estimation/get/`, { query: { id }, struct: StudyFinance, signal });

export const getStudyWeather = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.get(`${base}/weather/get/`, { query: { id }, struct: StudyWeather, signal });

/** The load a behind-the-meter study's bills were computed on (404 for other studies). */
export const getStudyLoad = (api: ApiClient, id: string, { signal }: CallOptions = {}) => api.get(`${base}/load/get/`, { query: { id }, struct: StudyLoad, signal });

export const getPlotMap = (api: ApiClient, id: string, { signal }: CallOptions = {}) =>
  api.get(`${base}/plot_map/get/`, { query: { id }, responseType: 'blob', struct: BlobBody, signal });

/** The presets the project's studies can use (the settings screen reads the same list through its own api module). */
export const listProjectPresets = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  api.get('/api/settings/list/', { query: { project_id: projectId }, struct: PresetList, signal });

/** Where a study's plot map is uploaded (PATCH, multipart `id` and `file`), with progress through useUpload. */
export const plotMapUploadPath = `${base}/plot_map/upload/`;

/** The study's finance as a workbook with live formulas (xlsx) or its yearly cash flows as values (csv). */
export const exportStudyFinance = (api: ApiClient, id: string, format: 'xlsx' | 'csv') =>
  api.get(`${base}/financial_estimation/export/`, { query: { id, format }, responseType: 'blob', struct: BlobBody });
