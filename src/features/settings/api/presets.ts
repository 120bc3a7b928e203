import { endpoints } from '../../../contract/endpoints.ts';
import type { AssumptionsPatch } from '../../../contract/settings.ts';
import { call, type ApiClient } from '../../../lib/api-client.ts';

/** Saves a preset's name and assumptions in place, or (with `based_on` and `project_id`) as a new preset of the project. */
export const savePreset = (api: ApiClient, body: { id: string; name: string; assumptions: AssumptionsPatch } | { based_on: string; project_id: string; name: string; assumptions: AssumptionsPatch }) =>
  call(api, 'id' in body ? endpoints.presetEdit : endpoints.presetCreate, { body });
