import type { Assumptions, AssumptionsPatch, Preset, ValueSource } from '../../src/contract/settings.ts';
import type { ProjectRow } from '../repositories/projects.ts';
import type { PresetRow, SettingsPresetsRepository } from '../repositories/settings-presets.ts';
import { defaultPresetFor, findBuiltin, type BuiltinPreset } from './preset-defaults.ts';

const userEntered: ValueSource = { source: 'Entered by user', year: null, approximate: false };

export function merge(base: Assumptions, patch: AssumptionsPatch | undefined): Assumptions {
  return {
    system: { ...base.system, ...patch?.system },
    costs: { ...base.costs, ...patch?.costs },
    tariff: { ...base.tariff, ...patch?.tariff },
    finance: { ...base.finance, ...patch?.finance },
  };
}

/** A value keeps its built-in source while it still equals the built-in value; anything changed is the user's. */
function sourcesOf(assumptions: Assumptions, origin: BuiltinPreset | undefined): Record<string, ValueSource> {
  const sources: Record<string, ValueSource> = {};
  for (const [section, values] of Object.entries(assumptions)) {
    for (const [field, value] of Object.entries(values as Record<string, unknown>)) {
      const path = `${section}.${field}`;
      const builtinValue = origin ? (origin.assumptions[section as keyof Assumptions] as Record<string, unknown>)[field] : undefined;
      sources[path] = builtinValue === value && origin?.sources[path] ? origin.sources[path] : userEntered;
    }
  }
  return sources;
}

export const builtinView = (preset: BuiltinPreset): Preset => ({
  id: preset.id,
  name: preset.name,
  builtin: true,
  read_only: true,
  project_id: null,
  based_on: null,
  assumptions: preset.assumptions,
  sources: preset.sources,
  updated_at: null,
  last_used_at: null,
});

export const presetView = (row: PresetRow): Preset => ({
  id: row.id,
  name: row.name,
  builtin: false,
  read_only: false,
  project_id: row.projectId,
  based_on: row.basedOn,
  assumptions: row.assumptions,
  sources: sourcesOf(row.assumptions, row.basedOn ? findBuiltin(row.basedOn) : undefined),
  updated_at: row.updatedAt.toISOString(),
  last_used_at: row.lastUsedAt.toISOString(),
});

/** What a new study starts from: the most recently used or written preset, else the defaults for the project's country. */
export async function lastPresetFor(presets: SettingsPresetsRepository, userId: string, project?: Pick<ProjectRow, 'id' | 'country'>): Promise<Preset> {
  const latest = await presets.latest(userId, project?.id);
  return latest ? presetView(latest) : builtinView(defaultPresetFor(project?.country));
}
