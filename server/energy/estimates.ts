/**
 * From request, preset and chosen weather to the engine's inputs, and from its results to the API's answers.
 * Every value the request leaves out comes from the user's last preset, else from the engine's PVWatts defaults,
 * and the answer says which.
 */
import { energyMessages, type EnergyResult, type FinanceBody, type FinanceResult, type SystemInput, type SystemUsed, type WeatherUsed } from '../../src/contract/energy.ts';
import { crossFieldErrors, settingsMessages, type ArrayType, type Assumptions, type EnergyModel, type ModuleType, type Preset } from '../../src/contract/settings.ts';
import type { IrrResult } from '../../src/solar/cash-flow.ts';
import { financeAssumptionsOf, financeFiguresFor, singleOwnerTermsOf, systemSpecOf } from '../../src/solar/answers.ts';
import { arrayTypeOf, mountOfArrayType } from '../../src/solar/array-types.ts';
import { financeProblems, type FinanceEnergy } from '../../src/solar/finance.ts';
import { singleOwnerProblems } from '../../src/solar/single-owner.ts';
import { PVWATTS_V8_MODULES } from '../../src/solar/pvwatts-v8/module-types.ts';
import { SNOW_DEPTH_MAX_CM, SNOW_MODEL_MAX_BAD_HOURS } from '../../src/solar/pvwatts-v8/snow.ts';
import { PVWATTS_V8_DEFAULTS, pvwattsV8Problems } from '../../src/solar/pvwatts-v8/spec.ts';
import { HOURS_PER_YEAR } from '../../src/solar/weather/weather-year.ts';
import { simulate, type EngineSystem, type SimulationResult } from '../../src/solar/simulate.ts';
import { DEFAULT_SYSTEM, equatorFacingAzimuth, systemProblems } from '../../src/solar/system-spec.ts';
import { distanceKm, formatKm, type LatLon } from '../../src/solar/geo-distance.ts';
import { btmMessages, isUrdbTariff, urdbLabelFields } from '../../src/contract/behind-the-meter.ts';
import { behindTheMeterNotes, exportUsedOf } from '../../src/solar/behind-the-meter.ts';
import { readUrdbRate } from '../../src/solar/bills/urdb.ts';
import { DomainError, invalid } from '../platform/domain-error.ts';
import type { ResolvedLoad } from './loads.ts';
import { mergeDebt } from '../settings/preset-views.ts';
import type { ChosenWeather } from './weather-sources.ts';

/** Stored with every result: the method of ADR 010 (src/solar), version 1. */
export const energyModelVersion = 'sunplot-solar/1';

export type PresetUsed = Pick<Preset, 'id' | 'name' | 'assumptions'>;

/** The request's sections that change the cash flows. */
export type FinanceSection = 'costs' | 'tariff' | 'finance' | 'incentives' | 'debt' | 'reserves';

const presetRef = (preset: PresetUsed) => ({ id: preset.id, name: preset.name });

// -0.47 %/°C, without the binary noise of multiplying -0.0047 by 100.
const defaultGammaPct = Number((DEFAULT_SYSTEM.gammaPdcPerC * 100).toPrecision(12));

/** Request fields only the PVWatts v8 model reads. */
const V8_ONLY = ['module_type', 'bifaciality', 'snow_model', 'soiling_monthly_pct', 'albedo_monthly', 'albedo_from_weather'] as const;
/** Given without a model, these choose PVWatts v8: array_type is PVWatts' word (the pvlib model reads it too when asked). */
const CHOOSE_V8 = [...V8_ONLY, 'array_type'] as const;
/** Request fields only the pvlib model reads: PVWatts v8 takes them from the module and array type. */
const PVLIB_ONLY = ['gamma_pct_per_c', 'temperature_model'] as const;

/** The array type: the request's, else its mount's (with its backtracking), else the preset's; a backtrack flag applies to 1-axis. */
function arrayTypeFrom(given: SystemInput, preset: Assumptions['system']): ArrayType {
  if (given.array_type !== undefined) {
    if (given.mount !== undefined && mountOfArrayType(given.array_type) !== given.mount) {
      throw invalid({ 'system.mount': [`Array type ${given.array_type} is not on a ${given.mount} mount: give one of them.`] });
    }
    if (given.backtrack !== undefined && given.array_type.startsWith('1-axis') && given.backtrack !== (given.array_type === '1-axis-backtrack')) {
      throw invalid({ 'system.backtrack': [`Array type ${given.array_type} ${given.backtrack ? 'does not backtrack' : 'backtracks'}: give one of them.`] });
    }
    return given.array_type;
  }
  const base = given.mount !== undefined ? arrayTypeOf(given.mount, given.backtrack ?? null) : (preset.array_type ?? arrayTypeOf(preset.mount, null));
  if (given.backtrack !== undefined && base.startsWith('1-axis')) return given.backtrack ? '1-axis-backtrack' : '1-axis';
  return base;
}

/** The system to simulate and how the answer shows it. */
export function systemFrom(
  input: SystemInput | undefined,
  preset: Assumptions['system'],
  latitude: number,
  notes: string[],
): { spec: EngineSystem; shown: Omit<SystemUsed, 'ac_kw'> } {
  const given = input ?? {};
  if (given.dc_kw === undefined) {
    notes.push(`No dc_kw given: a ${DEFAULT_SYSTEM.dcKw.toLocaleString('en-US')} kW reference size is simulated (per-kWp figures do not depend on it).`);
  }
  const v8Given = CHOOSE_V8.filter((field) => given[field] !== undefined);
  const model: EnergyModel = given.model ?? (v8Given.length > 0 ? 'pvwatts_v8' : (preset.model ?? 'pvlib'));
  if (given.model === undefined && v8Given.length > 0 && preset.model !== 'pvwatts_v8') {
    notes.push(`No model given: ${v8Given.join(', ')} ${v8Given.length === 1 ? 'is a' : 'are'} PVWatts v8 input${v8Given.length === 1 ? '' : 's'}, so the pvwatts_v8 model is simulated.`);
  }
  // An answer's system sent back as it is must pass: a field set to what the model uses anyway is not misplaced.
  const active = {
    module_type: given.module_type !== undefined,
    bifaciality: (given.bifaciality ?? 0) > 0,
    snow_model: given.snow_model === true,
    soiling_monthly_pct: given.soiling_monthly_pct !== undefined,
    albedo_monthly: given.albedo_monthly !== undefined,
    albedo_from_weather: given.albedo_from_weather === true,
  };
  const v8Gamma = (moduleType: ModuleType) => Number((PVWATTS_V8_MODULES[moduleType].gamma * 100).toPrecision(12));
  const misplaced =
    model === 'pvlib'
      ? [...V8_ONLY.filter((field) => active[field]), ...(given.temperature_model === 'noct' ? (['temperature_model'] as const) : [])]
      : PVLIB_ONLY.filter((field) =>
          field === 'temperature_model'
            ? given.temperature_model !== undefined && given.temperature_model !== 'noct'
            : given.gamma_pct_per_c !== undefined && given.gamma_pct_per_c !== v8Gamma(given.module_type ?? preset.module_type ?? PVWATTS_V8_DEFAULTS.moduleType),
        );
  if (misplaced.length > 0) {
    const why = model === 'pvlib' ? 'Only the pvwatts_v8 model reads this: send model "pvwatts_v8", or leave it out.' : 'PVWatts v8 takes this from the module type: leave it out, or send model "pvlib".';
    throw invalid(Object.fromEntries(misplaced.map((field) => [`system.${field}`, [why]])));
  }
  const arrayType = arrayTypeFrom(given, preset);
  const mount = mountOfArrayType(arrayType);
  const v8 = model === 'pvwatts_v8';
  const tracker = mount === 'single_axis';
  // PVWatts v8 reads the GCR of every array type (self-shading, backtracking, the bifacial rear side).
  const rows = tracker || v8;
  // Presets are written facing south (180°); south of the equator that faces the pole, so face the equator instead.
  const presetFacesPole = mount === 'fixed' && given.azimuth_deg === undefined && preset.azimuth_deg === 180 && latitude < 0;
  if (presetFacesPole) notes.push(`The preset faces south (180°), away from the equator at this site: ${equatorFacingAzimuth(latitude)}° (north) is simulated.`);
  const moduleType = given.module_type ?? preset.module_type ?? PVWATTS_V8_DEFAULTS.moduleType;
  const common = {
    dc_kw: given.dc_kw ?? DEFAULT_SYSTEM.dcKw,
    mount,
    tilt_deg: given.tilt_deg ?? preset.tilt_deg,
    azimuth_deg: presetFacesPole ? equatorFacingAzimuth(latitude) : (given.azimuth_deg ?? preset.azimuth_deg),
    gcr: rows ? (given.gcr ?? preset.gcr) : null,
    max_angle_deg: tracker ? (given.max_angle_deg ?? preset.max_angle_deg) : null,
    backtrack: tracker ? arrayType === '1-axis-backtrack' : null,
    losses_pct: given.losses_pct ?? preset.losses_pct,
    dc_ac_ratio: given.dc_ac_ratio ?? preset.dc_ac_ratio,
    inverter_efficiency_pct: given.inverter_efficiency_pct ?? preset.inverter_efficiency_pct,
    albedo: given.albedo ?? (DEFAULT_SYSTEM.albedo as number),
    model,
    array_type: arrayType,
  };
  const soiling = given.soiling_monthly_pct ?? preset.soiling_monthly_pct;
  const shown: Omit<SystemUsed, 'ac_kw'> = v8
    ? {
        ...common,
        gamma_pct_per_c: v8Gamma(moduleType),
        temperature_model: 'noct',
        module_type: moduleType,
        bifaciality: given.bifaciality ?? preset.bifaciality ?? PVWATTS_V8_DEFAULTS.bifaciality,
        snow_model: given.snow_model ?? preset.snow_model ?? PVWATTS_V8_DEFAULTS.snowModel,
        ...(soiling ? { soiling_monthly_pct: soiling } : {}),
        ...(given.albedo_monthly ? { albedo_monthly: given.albedo_monthly } : {}),
        albedo_from_weather: given.albedo_from_weather ?? PVWATTS_V8_DEFAULTS.albedoFromWeather,
      }
    : { ...common, gamma_pct_per_c: given.gamma_pct_per_c ?? defaultGammaPct, temperature_model: given.temperature_model ?? DEFAULT_SYSTEM.cellTemperature };
  const spec = systemSpecOf(shown);
  // Each field is range-checked already; this catches combinations the engine refuses (a tracker axis tilted 90°).
  const problems = spec.engine === 'pvwatts-v8' ? pvwattsV8Problems(spec) : systemProblems(spec);
  if (problems.length > 0) throw invalid({ system: problems.map((p) => `${p.charAt(0).toUpperCase()}${p.slice(1)}.`) });
  return { spec, shown };
}

/** One simulation of the chosen weather, as get_annual_energy_production answers it. */
/**
 * Hours without a usable snow depth (none, or outside 0 to 610 cm); ssc's snow model stops at 500 of them, so the
 * snow model is refused for such weather rather than run on zeros.
 */
function snowDepthProblems(weather: ChosenWeather['weather']): number {
  const depth = weather.snowDepth;
  if (!depth) return depth === undefined ? weather.ghi.length : 0;
  let bad = 0;
  for (const cm of depth) if (!(cm >= 0 && cm <= SNOW_DEPTH_MAX_CM)) bad++;
  return bad >= SNOW_MODEL_MAX_BAD_HOURS ? bad : 0;
}

const snowDepthMessage = (missing: number) =>
  missing === HOURS_PER_YEAR
    ? 'The snow model needs snow depth in the weather file, and this weather has none: turn the snow model off, or use a file with snow depth (an NSRDB or SAM CSV, or an EPW).'
    : `The snow model needs snow depth in the weather file, and ${missing} of its hours have none: turn the snow model off, or use a complete file.`;

/** Weather from farther than this from the project is named as such (and the study form asks before using it). */
export const DISTANT_WEATHER_KM = 50;

export function estimateEnergy(
  chosen: ChosenWeather,
  input: SystemInput | undefined,
  preset: PresetUsed,
  project?: LatLon,
): { result: SimulationResult; answer: EnergyResult } {
  const notes: string[] = [];
  const away = project ? distanceKm(project, chosen.used) : 0;
  const far = away > DISTANT_WEATHER_KM;
  if (far) {
    notes.push(`The weather (${chosen.used.name}) is ${formatKm(away)} from the project: its sun and climate are another place's, so its confidence is lower. Use weather from within ${DISTANT_WEATHER_KM} km for figures you will rely on.`);
  }
  // The weather as this project sees it: its distance, and a lower confidence from another place.
  const weather: WeatherUsed = { ...chosen.used, ...(project ? { distance_km: Math.round(away * 10) / 10 } : {}), ...(far ? { confidence: 'low' as const } : {}) };
  const { spec, shown } = systemFrom(input, preset.assumptions.system, chosen.used.lat, notes);
  if (spec.engine === 'pvwatts-v8' && spec.snowModel) {
    const missing = snowDepthProblems(chosen.weather);
    if (missing > 0) throw invalid({ 'system.snow_model': [snowDepthMessage(missing)] });
  }
  const result = simulate(chosen.weather, spec, { site: chosen.site });
  const answer: EnergyResult = {
    model_version: energyModelVersion,
    preset: presetRef(preset),
    weather,
    system: { ...shown, ac_kw: result.acKw },
    annual_ghi_kwh_m2: result.annualGhiKwhM2,
    annual_poa_kwh_m2: result.annualPoaKwhM2,
    annual_poa_effective_kwh_m2: result.annualPoaEffectiveKwhM2,
    annual_dc_kwh: result.annualDcKwh,
    annual_ac_kwh: result.annualAcKwh,
    monthly_ac_kwh: result.monthlyAcKwh,
    specific_yield_kwh_per_kwp: result.specificYieldKwhPerKwp,
    capacity_factor_dc: result.capacityFactorDc,
    capacity_factor_ac: result.capacityFactorAc,
    performance_ratio: result.performanceRatio,
    clipped_hours: result.clippedHours,
    poa_weighted_cell_temp_c: Number.isFinite(result.poaWeightedCellTempC) ? result.poaWeightedCellTempC : null,
    loss_waterfall: {
      nominal_kwh: result.lossWaterfall.nominalKwh,
      steps: result.lossWaterfall.steps.map((step) => ({ key: step.key, kwh: step.kwh, pct_of_nominal: step.pctOfNominal })),
      final_kwh: result.lossWaterfall.finalKwh,
    },
    notes,
  };
  return { result, answer };
}

/** Energy figures the caller already has: annual or monthly AC energy with the array size. */
export function givenEnergy(figures: NonNullable<FinanceBody['energy']>, preset: PresetUsed, notes: string[]): FinanceEnergy {
  if ([figures.annual_ac_kwh, figures.monthly_ac_kwh, figures.hourly_ac_kwh].filter((given) => given !== undefined).length > 1) {
    throw invalid({ energy: [energyMessages.oneEnergyFigure] });
  }
  const total = (values: readonly number[]) => values.reduce((sum, kwh) => sum + kwh, 0);
  const annual = figures.annual_ac_kwh ?? (figures.monthly_ac_kwh && total(figures.monthly_ac_kwh)) ?? (figures.hourly_ac_kwh && total(figures.hourly_ac_kwh));
  if (annual === undefined) throw invalid({ 'energy.annual_ac_kwh': ['This is Required.'] });
  let acKw = figures.ac_kw;
  if (acKw === undefined) {
    acKw = figures.dc_kw / preset.assumptions.system.dc_ac_ratio;
    notes.push(`No ac_kw given: ${figures.dc_kw} kW DC over the preset's DC/AC ratio of ${preset.assumptions.system.dc_ac_ratio}.`);
  }
  return { annualAcKwh: annual, dcKw: figures.dc_kw, acKw };
}

/** The structure a request's finance runs on: its own, else the preset's. */
export const structureOf = (body: Pick<FinanceBody, 'finance'>, preset: PresetUsed) => body.finance?.structure ?? preset.assumptions.finance.structure ?? 'pre_tax';

/** The load and generation of a behind-the-meter estimate, with how the load was given. */
export interface BehindTheMeterSite {
  load: ResolvedLoad;
  generationKwh: ArrayLike<number>;
}

/** The tariff section: the preset's price and escalation with the request's, and (behind the meter) its URDB rate. */
function tariffSection(base: Assumptions['tariff'], given: FinanceBody['tariff']): FinanceResult['assumptions']['tariff'] {
  if (!given || !isUrdbTariff(given)) return { ...base, ...given };
  const read = readUrdbRate(given);
  if (!('rate' in read)) throw new RangeError('The tariff was validated by the contract.');
  const item = given as Record<string, unknown>;
  // URDB's startdate is epoch seconds; the other labels are text.
  const kept = (key: string, value: unknown) => typeof value === 'string' || (key === 'startdate' && typeof value === 'number' && Number.isFinite(value));
  const labels = Object.fromEntries(urdbLabelFields.flatMap((key) => (kept(key, item[key]) ? [[key, item[key]]] : [])));
  const own = { ...(given.price_per_kwh !== undefined ? { price_per_kwh: given.price_per_kwh } : {}), ...(given.escalation_pct !== undefined ? { escalation_pct: given.escalation_pct } : {}) };
  return { ...base, ...own, ...read.rate, ...labels };
}

/** Fields only a behind-the-meter study reads, given to another: refused rather than ignored. */
function behindTheMeterOnly(body: Pick<FinanceBody, FinanceSection | 'load' | 'export'>): Record<string, string[]> {
  const fields = [...(body.load ? ['load'] : []), ...(body.export ? ['export'] : []), ...(isUrdbTariff(body.tariff) ? ['tariff.energyratestructure'] : [])];
  return Object.fromEntries(fields.map((field) => [field, [btmMessages.onlyBehindTheMeter]]));
}

/** Today's date where the server is, YYYY-MM-DD (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The finance section's credit inputs: the owner (commercial unless told), the country (the request's, else the
 * project's), and for a US study the dates that decide its federal credits, today's when not given (said in `notes`).
 */
function creditTerms(given: FinanceBody['finance'], base: Assumptions['finance'], projectCountry: string | undefined, notes: string[]) {
  const country = (given?.country ?? (projectCountry || undefined))?.toUpperCase();
  const terms = { owner: given?.owner ?? base.owner ?? 'commercial', ...(country ? { country } : {}) };
  if (country !== 'US') return terms;
  let begin = given?.begin_construction_date;
  let inService = given?.placed_in_service_date;
  if (begin === undefined || inService === undefined) {
    const missing = [begin === undefined && 'finance.begin_construction_date', inService === undefined && 'finance.placed_in_service_date'].filter(Boolean).join(' and ');
    // Neither taken date may put the service before the start: a later given date pulls today along.
    begin ??= inService !== undefined && inService < today() ? inService : today();
    inService ??= begin > today() ? begin : today();
    notes.push(`No ${missing} given: ${begin === inService ? `${begin} is taken for both` : `${begin} and ${inService} are taken`}; they decide the federal tax credits.`);
  }
  if (inService < begin) throw invalid({ 'finance.placed_in_service_date': [settingsMessages.inServiceBeforeStart] });
  return { ...terms, begin_construction_date: begin, placed_in_service_date: inService };
}

/** The cash-flow model of ADR 010 over the preset's terms with the request's changes; behind the meter, on `site`. */
export function estimateFinance(
  energy: FinanceEnergy & { source: 'given' | 'computed' },
  body: Pick<FinanceBody, FinanceSection | 'load' | 'export'>,
  preset: PresetUsed,
  production: EnergyResult | null,
  notes: string[],
  where: { site?: BehindTheMeterSite; projectCountry?: string } = {},
): FinanceResult {
  const { site } = where;
  const base = preset.assumptions;
  const merged = {
    costs: { ...base.costs, ...body.costs },
    tariff: tariffSection(base.tariff, body.tariff),
    finance: { ...base.finance, ...body.finance, ...creditTerms(body.finance, base.finance, where.projectCountry, notes) },
    incentives: { ...base.incentives, ...body.incentives },
    debt: mergeDebt(base.debt, body.debt),
    reserves: { ...base.reserves, ...body.reserves },
  };
  const behindTheMeter = merged.finance.structure === 'behind_the_meter';
  const fieldProblems = { ...crossFieldErrors(merged), ...(behindTheMeter ? {} : behindTheMeterOnly(body)) };
  if (Object.keys(fieldProblems).length > 0) throw invalid(fieldProblems);
  if (behindTheMeter && !site) throw new RangeError('A behind-the-meter estimate needs its load and generation.');
  const sections: FinanceResult['assumptions'] = site ? { ...merged, load: site.load.used, export: exportUsedOf(body.export) } : merged;
  if (site) notes.push(...behindTheMeterNotes(sections));
  const assumptions = financeAssumptionsOf(sections);
  const terms = singleOwnerTermsOf(sections, energy.dcKw);
  const problems = [...financeProblems(assumptions), ...(terms ? singleOwnerProblems(assumptions, terms) : [])];
  if (problems.length > 0) throw invalid({ finance: problems.map((p) => `${p.charAt(0).toUpperCase()}${p.slice(1)}.`) });
  const series = site && { loadKwh: site.load.kwh, generationKwh: site.generationKwh, firstWeekday: site.load.firstWeekday };
  const { figures, irr } = financeFiguresFor(energy, sections, series);
  // The request's values are bounded; a stored preset's may not be.
  if (!Number.isFinite(figures.npv) || !Number.isFinite(figures.total_installed_cost) || !Number.isFinite(figures.lifetime_energy_kwh)) {
    throw new DomainError('invalid', "These assumptions give figures too large to compute: check the preset's costs, tariff and the energy.");
  }
  return {
    model_version: energyModelVersion,
    preset: presetRef(preset),
    energy: { source: energy.source, annual_ac_kwh: energy.annualAcKwh, dc_kw: energy.dcKw, ac_kw: energy.acKw },
    energy_production: production,
    assumptions: sections,
    ...figures,
    irr_note: irrNote(irr),
    notes: figures.lcoe_per_kwh !== null ? notes : [...notes, 'No LCOE: the project produces no energy.'],
  };
}

const shownPct = (rate: number) => `${(rate * 100).toFixed(2)} %`;

function irrNote(irr: IrrResult): string | null {
  switch (irr.kind) {
    case 'unique':
      return null;
    case 'none':
      return 'No IRR: NPV keeps one sign at every rate from -99 % to +1,000 % a year (the project never earns back its cost, or costs nothing).';
    case 'multiple':
      return `No single IRR: the cash flows change sign more than once and NPV is zero at ${irr.rates.map(shownPct).join(', ')}. Judge the project by its NPV.`;
  }
}
