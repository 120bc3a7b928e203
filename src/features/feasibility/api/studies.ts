import { call, type ApiClient, type CallOptions } from '../../../lib/api-client.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import type { StudyCreateBody } from '../../../contract/feasibility.ts';

// The feasibility endpoints (src/contract/feasibility.ts), one function each; every answer is checked with its struct.

export const listStudies = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) => call(api, endpoints.studyList, { query: { project_id: projectId }, signal });

export const getStudy = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.studyGet, { query: { id }, signal });

/** 201 with the new study; the project's first study is its primary. */
export const createStudy = (api: ApiClient, body: StudyCreateBody, { signal }: CallOptions = {}) => call(api, endpoints.studyCreate, { body, signal });

/** 204; when the study was primary, the newest remaining one becomes primary. */
export const deleteStudy = (api: ApiClient, id: string, { signal }: CallOptions = {}): Promise<void> => call(api, endpoints.studyDelete, { query: { id }, signal });

/** The study, now primary; the project's other studies lose the flag. */
export const setPrimaryStudy = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.studySetPrimary, { body: { id }, signal });

export const renameStudy = (api: ApiClient, body: { id: string; name: string }, { signal }: CallOptions = {}) =>
  call(api, endpoints.studyRename, { body: { id: body.id, name: body.name }, signal });

/** Whether the plan allows another study in the project. */
export const checkStudyLimit = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) => call(api, endpoints.studyLimit, { query: { project_id: projectId }, signal });

export const getStudyEnergy = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.studyEnergy, { query: { id }, signal });

export const getStudyFinance = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.studyFinance, { query: { id }, signal });

export const getStudyWeather = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.studyWeather, { query: { id }, signal });

/** The load a behind-the-meter study's bills were computed on (404 for other studies). */
export const getStudyLoad = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.studyLoad, { query: { id }, signal });

export const getPlotMap = (api: ApiClient, id: string, { signal }: CallOptions = {}) => call(api, endpoints.plotMapGet, { query: { id }, signal });

/** The presets the project's studies can use (the settings screen reads the same list through its own api module). */
export const listProjectPresets = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) => call(api, endpoints.presetList, { query: { project_id: projectId }, signal });

/** Where a study's plot map is uploaded (PATCH, multipart `id` and `file`), with progress through useUpload. */
export const plotMapUploadPath = endpoints.plotMapUpload.path;

/** The study's finance as a workbook with live formulas (xlsx) or its yearly cash flows as values (csv). */
export const exportStudyFinance = (api: ApiClient, id: string, format: 'xlsx' | 'csv') => call(api, endpoints.studyExport, { query: { id, format } });
