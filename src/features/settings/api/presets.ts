import { Preset, PresetList, type AssumptionsPatch } from '../../../contract/settings.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The presets a project's studies can use: the built-ins, the user's own and the project's; all of the user's without a project. */
export const listPresets = (api: ApiClient, projectId: string | undefined, { signal }: { signal?: AbortSignal } = {}) =>
  api.get('/api/settings/list/', { query: projectId ? { project_id: projectId } : {}, struct: PresetList, signal });

/** The preset the project's next study starts from: the one saved or used last. */
export const getLastPreset = (api: ApiClient, projectId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get('/api/settings/last/get/', { query: { project_id: projectId }, struct: Preset, signal });

/** Saves a preset's name and assumptions in place, or (with `based_on` and `project_id`) as a new preset of the project. */
export const savePreset = (api: ApiClient, body: { id: string; name: string; assumptions: AssumptionsPatch } | { based_on: string; project_id: string; name: string; assumptions: AssumptionsPatch }) =>
  'id' in body ? api.patch('/api/settings/update/v2/', body, { struct: Preset }) : api.post('/api/settings/update/v2/', body, { struct: Preset });
