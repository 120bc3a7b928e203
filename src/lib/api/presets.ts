import { endpoints } from '../../contract/endpoints.ts';
import { call, type ApiClient, type CallOptions } from '../api-client.ts';

/** The presets a project's studies can use: the built-ins, the user's own and the project's; all of the user's without a project. */
export const listPresets = (api: ApiClient, projectId: string | undefined, { signal }: CallOptions = {}) =>
  call(api, endpoints.presetList, { query: projectId ? { project_id: projectId } : {}, signal });

/** The preset the project's next study starts from: the one saved or used last. */
export const getLastPreset = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  call(api, endpoints.presetLast, { query: { project_id: projectId }, signal });
