/**
 * A feasibility study from its request: the preset it starts from, the weather, the size (given, or from the project's
 * boundary), one simulation and the cash-flow model over it, P50/P90, and everything needed to show and re-run it.
 */
import { createHash } from 'node:crypto';
import type { EnergyUncertainty as EnergyUncertaintyView, FeasibilityStudy, SizingUsed, StudyCreateBody, StudyHeadline } from '../../src/contract/feasibility.ts';
import type { FinanceResult } from '../../src/contract/energy.ts';
import type { Preset } from '../../src/contract/settings.ts';
import { noAfterTaxFigures } from '../../src/solar/answers.ts';
import { mountOfArrayType } from '../../src/solar/array-types.ts';
import { DEFAULT_SIZING, dcKwFromArea } from '../../src/solar/sizing.ts';
import { energyUncertainty, uncertaintyTerms } from '../../src/solar/uncertainty.ts';
import { invalid } from '../domain-error.ts';
import type { ProjectRow } from '../repositories/projects.ts';
import type { NewStudy, StudySummary } from '../repositories/feasibility.ts';
import type { SettingsPresetsRepository } from '../repositories/settings-presets.ts';
import { energyModelVersion, estimateEnergy, estimateFinance, type PresetUsed } from './energy-estimates.ts';
import { findBuiltin } from './preset-defaults.ts';
import { builtinView, lastPresetFor, presetView } from './preset-views.ts';
import type { WeatherSources } from './weather-sources.ts';

export interface StudyDraft {
  values: NewStudy & { name: (existing: number) => string };
  weather: { hash: string; kind: 'file' | 'monthly'; content: string };
  /** An own preset to mark as used; built-ins are never stored. */
  ownPresetId: string | null;
}

/** The preset a request names (a built-in or one of the caller's), else the project's last one. */
async function presetFor(presets: SettingsPresetsRepository, userId: string, project: ProjectRow, presetId: string | undefined): Promise<Preset> {
  if (presetId === undefined) return lastPresetFor(presets, userId, project);
  const builtin = findBuiltin(presetId);
  if (builtin) return builtinView(builtin);
  const own = await presets.find(userId, presetId);
  if (!own) throw invalid({ preset_id: ['No such preset.'] });
  return presetView(own);
}

/** The array size from the boundary's area when the request gives none; null without a boundary. */
function sizingFor(body: StudyCreateBody, preset: Preset, project: ProjectRow): SizingUsed | null {
  if (body.system?.dc_kw !== undefined || !project.boundaryAreaM2) return null;
  const tracker = mountOf(body, preset) !== 'fixed';
  // A tracker's rows are spaced for its own GCR, which backtracking also uses: size with that one.
  const gcr = body.sizing?.gcr ?? (tracker ? (body.system?.gcr ?? preset.assumptions.system.gcr) : DEFAULT_SIZING.gcrFixed);
  const usablePct = body.sizing?.usable_pct ?? DEFAULT_SIZING.usableFraction * 100;
  // A module of η % efficiency delivers η × 10 W per m² at STC (1000 W/m²).
  const moduleWPerM2 = body.sizing?.module_w_per_m2 ?? preset.assumptions.system.module_efficiency_pct * 10;
  const raw = dcKwFromArea({ areaM2: project.boundaryAreaM2, usableFraction: usablePct / 100, gcr, moduleWPerM2 });
  const dcKw = Math.min(1e7, Math.max(1, Math.round(raw * 10) / 10));
  return { area_m2: project.boundaryAreaM2, usable_pct: usablePct, gcr, module_w_per_m2: moduleWPerM2, dc_kw: dcKw };
}

/** The mount the study is built on: its array type's, else its mount, else the preset's. */
function mountOf(body: StudyCreateBody, preset: PresetUsed) {
  const arrayType = body.system?.array_type ?? (body.system?.mount === undefined ? preset.assumptions.system.array_type : undefined);
  return arrayType ? mountOfArrayType(arrayType) : (body.system?.mount ?? preset.assumptions.system.mount);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function draftStudy(deps: { presets: SettingsPresetsRepository; weather: WeatherSources }, userId: string, project: ProjectRow, body: StudyCreateBody): Promise<StudyDraft> {
  const preset = await presetFor(deps.presets, userId, project, body.preset_id);
  const location = project.lat != null && project.lng != null ? { lat: project.lat, lon: project.lng } : undefined;
  const chosen = await deps.weather.choose(userId, body.weather, location);
  const sizing = sizingFor(body, preset, project);
  const tracker = mountOf(body, preset) !== 'fixed';
  const system = sizing ? { ...body.system, dc_kw: sizing.dc_kw, ...(tracker ? { gcr: sizing.gcr } : {}) } : body.system;
  const { result, answer: energy } = estimateEnergy(chosen, system, preset, location);
  if (sizing) {
    const ha = (sizing.area_m2 / 10_000).toFixed(2);
    energy.notes.push(`Sized from the boundary: ${ha} ha × ${sizing.usable_pct} % usable × GCR ${sizing.gcr} × ${sizing.module_w_per_m2} W/m² of module = ${sizing.dc_kw} kWdc.`);
  }
  const finance = estimateFinance({ annualAcKwh: result.annualAcKwh, dcKw: result.dcKw, acKw: result.acKw, source: 'computed' }, body, preset, null, []);
  const spread = energyUncertainty(result.annualAcKwh, uncertaintyTerms(energy.weather.confidence));
  const uncertainty: EnergyUncertaintyView = {
    p50_annual_kwh: spread.p50Kwh,
    p90_annual_kwh: spread.p90Kwh,
    combined_sigma_pct: spread.combinedSigmaPct,
    terms: spread.terms.map((term) => ({ key: term.key, label: term.label, sigma_pct: term.sigmaPct, source: term.source })),
  };
  const headline: StudyHeadline = {
    dc_kw: energy.system.dc_kw,
    ac_kw: energy.system.ac_kw,
    annual_ac_kwh: energy.annual_ac_kwh,
    specific_yield_kwh_per_kwp: energy.specific_yield_kwh_per_kwp,
    capacity_factor_ac: energy.capacity_factor_ac,
    performance_ratio: energy.performance_ratio,
    p50_annual_kwh: uncertainty.p50_annual_kwh,
    p90_annual_kwh: uncertainty.p90_annual_kwh,
    currency: finance.currency,
    capex: finance.capex,
    npv: finance.npv,
    irr_pct: finance.irr_pct,
    lcoe_per_kwh: finance.lcoe_per_kwh,
    simple_payback_years: finance.simple_payback_years,
    discounted_payback_years: finance.discounted_payback_years,
    monthly_ac_kwh: energy.monthly_ac_kwh,
    structure: finance.structure,
    equity_irr_pct: finance.equity_irr_pct,
    breakeven_ppa_per_kwh: finance.breakeven_ppa_per_kwh,
    min_dscr: finance.min_dscr,
  };
  const name = body.name?.trim();
  return {
    values: {
      name: (existing) => name ?? `Study ${existing + 1}`,
      modelVersion: energyModelVersion,
      presetId: preset.id,
      presetName: preset.name,
      weatherSource: body.weather,
      weatherUsed: energy.weather,
      system: energy.system,
      sizing,
      assumptions: finance.assumptions,
      energy,
      finance,
      uncertainty,
      headline,
    },
    weather: { hash: sha256(chosen.content.text), kind: chosen.content.kind, content: chosen.content.text },
    ownPresetId: preset.builtin ? null : preset.id,
  };
}

const savedBefore = 'Not computed: the study was saved before this figure existed. Save it again as a new study to see it.';

/** A stored finance answer as today's API gives it: studies saved before the after-tax model were all pre-tax. */
export function financeView(stored: FinanceResult): FinanceResult {
  if (stored.structure !== undefined) return stored;
  return {
    ...stored,
    structure: 'pre_tax',
    ...noAfterTaxFigures,
    debt_amount: 0,
    total_installed_cost: stored.capex,
    breakeven_ppa_per_kwh: null,
    breakeven_ppa_note: savedBefore,
    max_capex_per_wdc: null,
    max_capex_note: savedBefore,
  };
}

export const studyView = (row: StudySummary): FeasibilityStudy => ({
  id: row.id,
  project_id: row.projectId,
  name: row.name,
  is_primary: row.isPrimary,
  model_version: row.modelVersion,
  preset: { id: row.presetId, name: row.presetName },
  weather: row.weatherUsed,
  weather_hash: row.weatherHash,
  system: row.system,
  sizing: row.sizing,
  assumptions: row.assumptions,
  headline: row.headline,
  uncertainty: row.uncertainty,
  plot_map: row.plotMap
    ? {
        file_name: row.plotMap.fileName,
        content_type: row.plotMap.contentType as NonNullable<FeasibilityStudy['plot_map']>['content_type'],
        byte_size: row.plotMap.byteSize,
        uploaded_at: row.plotMap.uploadedAt.toISOString(),
      }
    : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
