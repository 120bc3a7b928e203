/**
 * Feasibility studies' use cases, each scoped to its owner. A study from its request: the preset it starts from, the
 * weather, the size (given, or from the project's boundary), one simulation and the cash-flow model over it, P50/P90,
 * and everything needed to show and re-run it.
 */
import { createHash } from 'node:crypto';
import {
  feasibilityMessages,
  type EnergyUncertainty as EnergyUncertaintyView,
  type FeasibilityStudy,
  type SizingUsed,
  type StudyCreateBody,
  type StudyHeadline,
  type StudyLimit,
} from '../../src/contract/feasibility.ts';
import type { Preset } from '../../src/contract/settings.ts';
import { mountOfArrayType } from '../../src/solar/array-types.ts';
import { dcKwFromArea } from '../../src/solar/sizing.ts';
import { sizingDefaults } from '../../src/contract/sizing-defaults.ts';
import { energyUncertainty, uncertaintyTerms } from '../../src/solar/uncertainty.ts';
import type { Billing } from '../billing/service.ts';
import { DomainError, invalid, requireOwned } from '../platform/domain-error.ts';
import { datedFileName } from '../platform/http.ts';
import type { UploadForm } from '../platform/multipart.ts';
import type { ProjectRow, ProjectsRepository } from '../projects/repository.ts';
import { projectSizingArea } from '../projects/criteria-service.ts';
import type { ProjectScreening } from '../gis/project-screening.ts';
import { StudyLimitReached, type FeasibilityRepository, type NewStudy, type StudyLoadRow } from './repository.ts';
import { btmMessages, type StudyLoad } from '../../src/contract/behind-the-meter.ts';
import type { LoadFilesRepository } from '../energy/load-repository.ts';
import { siteOf } from '../energy/service.ts';
import type { SettingsPresetsRepository } from '../settings/repository.ts';
import { energyModelVersion, structureOf, type PresetUsed } from '../energy/estimates.ts';
import { findBuiltin } from '../settings/preset-defaults.ts';
import { builtinView, lastPresetFor, presetView } from '../settings/preset-views.ts';
import type { WeatherSources } from '../energy/weather-sources.ts';
import { plotMapType } from './plot-map.ts';
import { studyCsv } from './study-csv.ts';
import { financeView, studyView } from './views.ts';
import type { EngineThreads } from '../workers/engine-threads.ts';

/** What the feasibility use cases work with; the app's context gives all of it. */
export interface FeasibilityDeps {
  billing: Billing;
  loadFiles: LoadFilesRepository;
  projects: ProjectsRepository;
  presets: SettingsPresetsRepository;
  studies: FeasibilityRepository;
  weather: WeatherSources;
  screening: ProjectScreening;
  /** Simulations, cash flows and workbooks run in these threads, never on the request thread. */
  engine: Pick<EngineThreads, 'estimateEnergy' | 'estimateFinance' | 'studyWorkbook'>;
}

interface StudyDraft {
  values: NewStudy & { name: (existing: number) => string };
  weather: { hash: string; kind: 'file' | 'monthly'; content: string };
  /** Behind the meter: the load the bills were computed on. */
  load: StudyLoadRow | null;
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

/**
 * The array size from the project's land when the request gives none: the buildable area of the parcels passing its
 * screening, else the boundary (src/solar/sizing.ts sizingArea); null with neither.
 */
async function sizingFor(deps: Pick<FeasibilityDeps, 'screening'>, userId: string, body: StudyCreateBody, preset: Preset, project: ProjectRow): Promise<SizingUsed | null> {
  if (body.system?.dc_kw !== undefined) return null;
  const { area } = await projectSizingArea(deps, userId, project, body.sizing?.area);
  if (!area) return null;
  const defaults = sizingDefaults(mountOf(body, preset), { gcr: body.system?.gcr ?? preset.assumptions.system.gcr, module_efficiency_pct: preset.assumptions.system.module_efficiency_pct });
  const gcr = body.sizing?.gcr ?? defaults.gcr;
  const usablePct = body.sizing?.usable_pct ?? defaults.usable_pct;
  const moduleWPerM2 = body.sizing?.module_w_per_m2 ?? defaults.module_w_per_m2;
  const raw = dcKwFromArea({ areaM2: area.areaM2, usableFraction: usablePct / 100, gcr, moduleWPerM2 });
  const dcKw = Math.min(1e7, Math.max(1, Math.round(raw * 10) / 10));
  const source = area.source === 'parcels' ? { area_source: 'parcels' as const, parcels: area.parcels } : { area_source: 'boundary' as const };
  return { ...source, area_m2: area.areaM2, usable_pct: usablePct, gcr, module_w_per_m2: moduleWPerM2, dc_kw: dcKw };
}

/** The mount the study is built on: its array type's, else its mount, else the preset's. */
function mountOf(body: StudyCreateBody, preset: PresetUsed) {
  const arrayType = body.system?.array_type ?? (body.system?.mount === undefined ? preset.assumptions.system.array_type : undefined);
  return arrayType ? mountOfArrayType(arrayType) : (body.system?.mount ?? preset.assumptions.system.mount);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function draftStudy(deps: Pick<FeasibilityDeps, 'presets' | 'weather' | 'loadFiles' | 'screening' | 'engine'>, userId: string, project: ProjectRow, body: StudyCreateBody): Promise<StudyDraft> {
  const preset = await presetFor(deps.presets, userId, project, body.preset_id);
  const behindTheMeter = structureOf(body, preset) === 'behind_the_meter';
  if (behindTheMeter && !body.load) throw invalid({ load: [btmMessages.needsLoad] });
  const location = project.lat != null && project.lng != null ? { lat: project.lat, lon: project.lng } : undefined;
  const chosen = await deps.weather.choose(userId, body.weather, location);
  const sizing = await sizingFor(deps, userId, body, preset, project);
  const tracker = mountOf(body, preset) !== 'fixed';
  const system = sizing ? { ...body.system, dc_kw: sizing.dc_kw, ...(tracker ? { gcr: sizing.gcr } : {}) } : body.system;
  const { result, answer: energy } = await deps.engine.estimateEnergy(chosen, system, preset, location);
  if (sizing) {
    const ha = (sizing.area_m2 / 10_000).toFixed(2);
    const land = sizing.area_source === 'parcels' ? `the buildable land of ${sizing.parcels} ${sizing.parcels === 1 ? 'parcel' : 'parcels'} passing screening` : 'the boundary';
    energy.notes.push(`Sized from ${land}: ${ha} ha × ${sizing.usable_pct} % usable × GCR ${sizing.gcr} × ${sizing.module_w_per_m2} W/m² of module = ${sizing.dc_kw} kWdc.`);
  }
  const site = behindTheMeter ? await siteOf(deps, userId, body.load!, result.hourlyAcKwh, location?.lat ?? chosen.used.lat) : undefined;
  const finance = await deps.engine.estimateFinance({ annualAcKwh: result.annualAcKwh, dcKw: result.dcKw, acKw: result.acKw, source: 'computed' }, body, preset, null, [], { site, projectCountry: project.country });
  const spread = energyUncertainty(result.annualAcKwh, uncertaintyTerms(energy.weather));
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
    ...(finance.bill_without_solar_year1 === undefined
      ? {}
      : { bill_without_solar_year1: finance.bill_without_solar_year1, bill_with_solar_year1: finance.bill_with_solar_year1 ?? 0, savings_year1: finance.savings_year1 ?? 0 }),
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
    load: site ? { stepsPerHour: site.load.used.steps_per_hour, kwh: Array.from(site.load.kwh) } : null,
    ownPresetId: preset.builtin ? null : preset.id,
  };
}

/** How many studies the project has and may have under the owner's plan: the one place the plan's study limit is read. */
export async function studyAllowance(ctx: Pick<FeasibilityDeps, 'billing' | 'projects' | 'studies'>, userId: string, projectId: string) {
  const project = requireOwned(await ctx.projects.find(userId, projectId));
  const [used, limits] = await Promise.all([ctx.studies.countForProject(userId, project.id), ctx.billing.limitsFor(userId)]);
  const limit = limits.studiesPerProject;
  const allowed = limit === null || used < limit;
  const answer: StudyLimit = { allowed, used, limit, detail: allowed ? null : ctx.billing.limitMessage(limits, 'studies_per_project') };
  return { project, answer, refusal: () => new DomainError('forbidden', ctx.billing.limitMessage(limits, 'studies_per_project')) };
}

export async function listStudies(ctx: Pick<FeasibilityDeps, 'projects' | 'studies'>, userId: string, projectId: string) {
  const project = requireOwned(await ctx.projects.find(userId, projectId));
  const results = (await ctx.studies.list(userId, project.id)).map(studyView);
  return { count: results.length, results };
}

/**
 * A new study: the project must be the caller's and below the plan's study limit, checked before the simulation so a
 * full project costs nothing and again inside the saving transaction (the repository), where two requests cannot race.
 */
export async function createStudy(ctx: FeasibilityDeps, userId: string, body: StudyCreateBody): Promise<FeasibilityStudy> {
  const { project, answer, refusal } = await studyAllowance(ctx, userId, body.project_id);
  if (!answer.allowed) throw refusal();
  const draft = await draftStudy(ctx, userId, project, body);
  let created;
  try {
    created = await ctx.studies.create(userId, project.id, draft.values, draft.weather, answer.limit ?? Number.POSITIVE_INFINITY, draft.load);
  } catch (error) {
    if (error instanceof StudyLimitReached) throw refusal();
    throw error;
  }
  const study = requireOwned(created);
  if (draft.ownPresetId) await ctx.presets.touch(userId, draft.ownPresetId);
  return studyView(study);
}

export const getStudy = async (ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string) => studyView(requireOwned(await ctx.studies.find(userId, id)));

export async function studyEnergy(ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string) {
  const results = requireOwned(await ctx.studies.results(userId, id));
  return { id: results.id, energy: results.energy, uncertainty: results.uncertainty };
}

export async function studyFinance(ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string) {
  const results = requireOwned(await ctx.studies.results(userId, id));
  return { id: results.id, finance: financeView(results.finance) };
}

/** The study's finance as a workbook with live formulas (ADR 022) or its yearly cash flows as CSV. */
export async function exportStudy(ctx: Pick<FeasibilityDeps, 'projects' | 'studies' | 'engine'>, userId: string, id: string, format: string) {
  const study = requireOwned(await ctx.studies.find(userId, id));
  const results = requireOwned(await ctx.studies.results(userId, id));
  const project = await ctx.projects.find(userId, study.projectId);
  const finance = financeView(results.finance);
  const body =
    format === 'csv' ? Buffer.from(studyCsv(finance), 'utf8') : await ctx.engine.studyWorkbook({ projectName: project?.name ?? 'Project', studyName: study.name, finance });
  return { fileName: datedFileName([project?.name ?? 'Project', study.name], study.createdAt, format), body };
}

/** The load a behind-the-meter study ran on; 404 for any other study. */
export async function studyLoad(ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string): Promise<StudyLoad> {
  const load = requireOwned(await ctx.studies.load(userId, id));
  return { id, steps_per_hour: load.stepsPerHour, kwh: load.kwh };
}

export const studyWeather = async (ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string) => requireOwned(await ctx.studies.weather(userId, id));

export const setPrimaryStudy = async (ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string) => studyView(requireOwned(await ctx.studies.setPrimary(userId, id)));

export const renameStudy = async (ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string, name: string) =>
  studyView(requireOwned(await ctx.studies.rename(userId, id, name.trim())));

export async function deleteStudy(ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string) {
  requireOwned(await ctx.studies.remove(userId, id));
}

export async function putPlotMap(ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string, file: UploadForm['file']) {
  requireOwned(await ctx.studies.find(userId, id));
  if (!file || file.bytes.length === 0) throw invalid({ file: [feasibilityMessages.plotMapRequired] });
  const contentType = await plotMapType(file.bytes);
  const fileName = (file.name || 'plot-map').slice(0, 255);
  requireOwned(await ctx.studies.putPlotMap(userId, id, { fileName, contentType, content: file.bytes }));
  return getStudy(ctx, userId, id);
}

export async function getPlotMap(ctx: Pick<FeasibilityDeps, 'studies'>, userId: string, id: string) {
  requireOwned(await ctx.studies.find(userId, id));
  const map = await ctx.studies.plotMap(userId, id);
  if (!map) throw new DomainError('notFound', feasibilityMessages.noPlotMap);
  return map;
}
