import { sameAssumptionValue, settingsMessages, type Assumptions, type AssumptionsPatch, type Preset, type ValueSource } from '../../src/contract/settings.ts';
import { invalid } from '../platform/domain-error.ts';
import { countryAt } from '../geo/geocoding.ts';
import type { ProjectRow } from '../projects/repository.ts';
import type { PresetRow, SettingsPresetsRepository } from './repository.ts';
import { defaultPresetFor, defaultPresetForCurrency, findBuiltin, type BuiltinPreset } from './preset-defaults.ts';

const userEntered: ValueSource = { source: 'Entered by user', year: null, approximate: false };

export function merge(base: Assumptions, patch: AssumptionsPatch | undefined): Assumptions {
  return {
    system: withoutCleared({ ...base.system, ...patch?.system }),
    costs: { ...base.costs, ...patch?.costs },
    tariff: { ...base.tariff, ...patch?.tariff },
    finance: { ...base.finance, ...patch?.finance },
    incentives: { ...base.incentives, ...patch?.incentives },
    debt: mergeDebt(base.debt, patch?.debt),
    reserves: { ...base.reserves, ...patch?.reserves },
  };
}

/** A PVWatts v8 choice sent as null is taken away: the preset no longer makes it. */
function withoutCleared(system: Record<string, unknown>): Assumptions['system'] {
  return Object.fromEntries(Object.entries(system).filter(([, value]) => value !== null)) as Assumptions['system'];
}

/** Debt is sized one way: a patch giving fraction_pct drops the base's min_dscr, and the other way round. */
export function mergeDebt(base: Assumptions['debt'], patch: AssumptionsPatch['debt']): Assumptions['debt'] {
  if (patch?.fraction_pct != null && patch.min_dscr != null) throw invalid({ 'debt.min_dscr': [settingsMessages.debtChoice] });
  const sizing = patch?.fraction_pct != null ? { min_dscr: null } : patch?.min_dscr != null ? { fraction_pct: null } : {};
  return { ...base, ...sizing, ...patch };
}

/**
 * A preset stored before a section or field existed gets the value of the built-in it was based on, else of the
 * built-in for its currency, so every preset answers every field.
 */
export function completed(stored: Assumptions, basedOn: string | null): Assumptions {
  const origin = (basedOn ? findBuiltin(basedOn) : undefined) ?? defaultPresetForCurrency(stored.finance.currency);
  const base = origin.assumptions;
  return {
    system: { ...base.system, ...stored.system },
    costs: { ...base.costs, ...stored.costs },
    tariff: { ...base.tariff, ...stored.tariff },
    finance: { ...base.finance, ...stored.finance },
    incentives: { ...base.incentives, ...stored.incentives },
    debt: { ...base.debt, ...stored.debt },
    reserves: { ...base.reserves, ...stored.reserves },
  };
}

/** A value keeps its built-in source while it still equals the built-in value; anything changed is the user's. */
function sourcesOf(assumptions: Assumptions, origin: BuiltinPreset | undefined): Record<string, ValueSource> {
  const sources: Record<string, ValueSource> = {};
  for (const [section, values] of Object.entries(assumptions)) {
    for (const [field, value] of Object.entries(values as Record<string, unknown>)) {
      const path = `${section}.${field}`;
      const builtinValue = origin ? (origin.assumptions[section as keyof Assumptions] as Record<string, unknown>)[field] : undefined;
      sources[path] = sameAssumptionValue(builtinValue, value) && origin?.sources[path] ? origin.sources[path] : userEntered;
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
  assumptions: completed(row.assumptions, row.basedOn),
  sources: sourcesOf(completed(row.assumptions, row.basedOn), row.basedOn ? findBuiltin(row.basedOn) : undefined),
  updated_at: row.updatedAt.toISOString(),
  last_used_at: row.lastUsedAt.toISOString(),
});

/** What a new study starts from: the most recently used or written preset, else the defaults for the project's country. */
export async function lastPresetFor(presets: SettingsPresetsRepository, userId: string, project?: Pick<ProjectRow, 'id' | 'country' | 'lat' | 'lng'>): Promise<Preset> {
  const latest = await presets.latest(userId, project?.id);
  return latest ? presetView(latest) : builtinView(defaultPresetFor(projectCountry(project)));
}

/** The country the user gave the project, else the one its location lies in (a project in Pune is Indian). */
function projectCountry(project: Pick<ProjectRow, 'country' | 'lat' | 'lng'> | undefined): string | undefined {
  if (!project) return undefined;
  if (project.country) return project.country;
  return project.lat != null && project.lng != null ? countryAt(project.lat, project.lng) : undefined;
}
