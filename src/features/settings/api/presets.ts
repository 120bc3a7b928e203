import { Preset, type AssumptionsPatch } from '../../../contract/settings.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** Saves a preset's name and assumptions in place, or (with `based_on` and `project_id`) as a new preset of the project. */
export const savePreset = (api: ApiClient, body: { id: string; name: string; assumptions: AssumptionsPatch } | { based_on: string; project_id: string; name: string; assumptions: AssumptionsPatch }) =>
  'id' in body ? api.patch('/api/settings/update/v2/', body, { struct: Preset }) : api.post('/api/settings/update/v2/', body, { struct: Preset });
