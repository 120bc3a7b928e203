import { PresetList } from '../../../contract/settings.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The presets a project's studies can use: the built-ins, the user's own and the project's; all of the user's without a project. */
export const listPresets = (api: ApiClient, projectId: string | undefined, { signal }: { signal?: AbortSignal } = {}) =>
  api.get('/api/settings/list/', { query: projectId ? { project_id: projectId } : {}, struct: PresetList, signal });
