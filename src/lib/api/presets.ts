import { Preset, PresetList } from '../../contract/settings.ts';
import type { ApiClient, CallOptions } from '../api-client.ts';

/** The presets a project's studies can use: the built-ins, the user's own and the project's; all of the user's without a project. */
export const listPresets = (api: ApiClient, projectId: string | undefined, { signal }: CallOptions = {}) =>
  api.get('/api/settings/list/', { query: projectId ? { project_id: projectId } : {}, struct: PresetList, signal });

/** The preset the project's next study starts from: the one saved or used last. */
export const getLastPreset = (api: ApiClient, projectId: string, { signal }: CallOptions = {}) =>
  api.get('/api/settings/last/get/', { query: { project_id: projectId }, struct: Preset, signal });
