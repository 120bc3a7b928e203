import {
  any,
  array,
  boolean,
  coerce,
  dynamic,
  enums,
  literal,
  nullable,
  number,
  object,
  optional,
  partial,
  refine,
  string,
  type as looseObject,
  union,
  type Infer,
  type Struct,
} from 'superstruct';
import { BillFigures, ExportInput, ExportUsed, GenerationSeries, LoadInput, LoadUsed, urdbFieldsUsed, withUrdbRate } from './behind-the-meter.ts';
import { maxLength, text } from './fields.ts';
import { latitudeMessage, longitudeMessage, numeric, within } from './gis.ts';
import {
  CostAssumptions,
  CreditDates,
  DebtAssumptions,
  FinanceAssumptions,
  IncentiveAssumptions,
  ReserveAssumptions,
  SystemAssumptions,
  TariffAssumptions,
  arrayTypes,
  currencies,
  energyModels,
  financeStructures,
  moduleTypes,
  mounts,
  pvwattsV8Fields,
  quotePerWdc,
} from './settings.ts';
import { notBlank, notLessThanOne, required, type Rule } from './validation.ts';
import { creditOwners } from '../solar/tax-credits.ts';

export const weatherSources = ['upload', 'pvgis', 'monthly', 'nsrdb'] as const;
export const weatherFormats = ['tmy3', 'tmy2', 'epw', 'pvgis-json', 'pvgis-csv', 'pvgis-epw', 'nsrdb-csv', 'monthly-means'] as const;
/** sapm and fuentes are the pvlib model's; noct is PVWatts v8's (the only one it takes). */
export const temperatureModels = ['sapm', 'fuentes', 'noct'] as const;

/** Largest weather file accepted on upload (a TMY3 CSV is about 1.7 MB, a PVGIS EPW 1.9 MB). */
export const maxWeatherFileBytes = 10 * 1024 * 1024;
/** Weather files one user may keep. */
export const maxWeatherFilesPerUser = 50;

export const energyMessages = {
  source: `Must be one of: ${weatherSources.join(', ')}.`,
  twelve: 'Give 12 monthly values, January first.',
  ghi: 'Each monthly GHI must be 0 or from 0.001 to 12 kWh/m2 per day.',
  temperature: 'Each monthly temperature must be from -90 to 60 °C.',
  uploadTemperatures: 'Give 12 monthly mean air temperatures in °C, January first, from -90 to 65, separated by commas or spaces.',
  temperaturesUnused: 'This file has its own air temperature column: leave the monthly temperatures out.',
  temperaturesNotCsv: 'Only a SAM or NSRDB CSV without an air temperature column takes monthly temperatures.',
  wind: 'Each monthly wind speed must be from 0 to 40 m/s.',
  elevation: 'Elevation must be from -500 to 9000 m.',
  utcOffset: 'UTC offset must be from -12 to 14 hours.',
  dcKw: 'DC size must be at most 10,000,000 kW.',
  acKw: 'AC size must be above 0 and at most 10,000,000 kW.',
  gamma: 'Temperature coefficient must be a percentage per °C above -5 and below 5, e.g. -0.47.',
  albedo: 'Albedo must be from 0 to 1.',
  annualEnergy: 'Annual energy must be from 0 to 1,000,000,000,000 kWh.',
  monthlyEnergy: 'Each monthly energy must be from 0 to 100,000,000,000 kWh.',
  energyOrWeather: 'Give energy figures (annual_ac_kwh or monthly_ac_kwh, with dc_kw) or a weather source to compute them, not both.',
  oneEnergyFigure: 'Give annual_ac_kwh or monthly_ac_kwh, not both.',
  systemWithEnergy: 'The system only applies to a weather source; with energy figures give energy.ac_kw for the AC size.',
  fileRequired: 'Attach the weather file in the field "file".',
  emptyFile: 'The submitted file is empty.',
  nsrdbYear: 'Give "tmy" for NSRDB\'s typical year, or a year from 1998 to 2023.',
} as const;

const idText = text(required, maxLength(64));
const lat = numeric(required, within(-90, 90, latitudeMessage));
const lon = numeric(required, within(-180, 180, longitudeMessage));

/** Twelve monthly numbers, January first, each checked by `rules`. */
function twelve(...rules: Parameters<typeof numeric>) {
  return refine(array(numeric(required, ...rules)), 'twelve', (values) => values.length === 12 || energyMessages.twelve);
}

// Below 1 Wh/m2 a day is no measurement, and such values can underflow in the synthesis (5e-324 gave NaN hours).
const notMinute: Rule = (value) => (typeof value === 'number' && value > 0 && value < 0.001 ? energyMessages.ghi : undefined);

// ---------------------------------------------------------------------------------------------
// Weather sources

export const UploadSource = object({ source: literal('upload'), weather_id: idText });

/** Without lat/lon, the project's location (project_id) is used. */
export const PvgisSource = object({ source: literal('pvgis'), lat: optional(lat), lon: optional(lon) });

/** Typed monthly means; an hourly year is synthesised from them (lower confidence). */
export const MonthlySource = object({
  source: literal('monthly'),
  name: optional(text(notBlank, maxLength(100))),
  lat: optional(lat),
  lon: optional(lon),
  elevation_m: optional(numeric(required, within(-500, 9000, energyMessages.elevation))),
  /** Clock of the synthesised hours; the nearest whole hour to solar time when omitted. */
  utc_offset_hours: optional(numeric(required, within(-12, 14, energyMessages.utcOffset))),
  /** Mean daily global horizontal irradiation of each month, kWh/m2 per day. */
  ghi_kwh_m2_per_day: twelve(within(0, 12, energyMessages.ghi), notMinute),
  /** Mean air temperature of each month, °C. */
  temp_air_c: twelve(within(-90, 60, energyMessages.temperature)),
  /** Mean 10 m wind speed of each month, m/s; 2 m/s when omitted. */
  wind_speed_m_s: optional(twelve(within(0, 40, energyMessages.wind))),
});

/** The years NSRDB's GOES v4 data cover (energyMessages.nsrdbYear names them too); 'tmy' asks for its typical year. */
export const nsrdbYears = { first: 1998, last: 2023 } as const;
export type NsrdbYear = 'tmy' | number;
const nsrdbYear = refine(any(), 'nsrdb year', (value: unknown) =>
  value === 'tmy' || (typeof value === 'number' && Number.isInteger(value) && value >= nsrdbYears.first && value <= nsrdbYears.last) || energyMessages.nsrdbYear,
) as unknown as Struct<NsrdbYear, null>;

/** NREL's NSRDB (only when the server has NSRDB_API_KEY): its typical year, or one year; the project's location without lat/lon. */
export const NsrdbSource = object({
  source: literal('nsrdb'),
  lat: optional(lat),
  lon: optional(lon),
  /** 'tmy' when omitted. */
  year: optional(coerce(nsrdbYear, any(), (value) => (typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : value))),
});

// Without a known `source`, only that field is judged.
const sourceField = looseObject({
  source: refine(string(), 'source', (value) => (weatherSources as readonly string[]).includes(value) || energyMessages.source),
});
const sourceStructs = { upload: UploadSource, pvgis: PvgisSource, monthly: MonthlySource, nsrdb: NsrdbSource } as const;

type AnySource = Infer<typeof UploadSource> | Infer<typeof PvgisSource> | Infer<typeof MonthlySource> | Infer<typeof NsrdbSource>;

/** One of the sources, chosen by `source`; each is checked with its own fields. */
export const WeatherSource = dynamic<AnySource>((value) => {
  const source = typeof value === 'object' && value !== null ? (value as { source?: unknown }).source : undefined;
  const chosen = typeof source === 'string' && Object.hasOwn(sourceStructs, source) ? sourceStructs[source as keyof typeof sourceStructs] : sourceField;
  return chosen as unknown as Struct<AnySource, null>;
});

// ---------------------------------------------------------------------------------------------
// System: the preset's names where they overlap, so a preset's values can be sent back as they are

const preset = SystemAssumptions.schema;

export const SystemInput = object({
  /** Array DC rating, kW; 1,000 kW (a reference size) when omitted. */
  dc_kw: optional(numeric(required, notLessThanOne, within(1, 1e7, energyMessages.dcKw))),
  mount: optional(preset.mount),
  /** Module tilt for fixed racking; the axis tilt for a tracker. */
  tilt_deg: optional(preset.tilt_deg),
  /** Direction the modules face for fixed racking; the axis direction for a tracker (180 = north-south axis). */
  azimuth_deg: optional(preset.azimuth_deg),
  gcr: optional(preset.gcr),
  max_angle_deg: optional(preset.max_angle_deg),
  backtrack: optional(boolean()),
  losses_pct: optional(preset.losses_pct),
  dc_ac_ratio: optional(preset.dc_ac_ratio),
  inverter_efficiency_pct: optional(preset.inverter_efficiency_pct),
  gamma_pct_per_c: optional(numeric(required, within(-5, 5, energyMessages.gamma, { lowOpen: true, highOpen: true }))),
  albedo: optional(numeric(required, within(0, 1, energyMessages.albedo))),
  temperature_model: optional(enums(temperatureModels)),
  /** pvlib (the default unless the preset says otherwise) or pvwatts_v8; array_type and the fields after it choose pvwatts_v8. */
  model: optional(pvwattsV8Fields.model),
  /** Instead of mount and backtrack; read by both models. For 1-axis trackers tilt and azimuth are the axis's. */
  array_type: optional(pvwattsV8Fields.array_type),
  // PVWatts v8 only. gcr is also fixed open racks' row spacing there (self-shading).
  module_type: optional(pvwattsV8Fields.module_type),
  bifaciality: optional(pvwattsV8Fields.bifaciality),
  snow_model: optional(pvwattsV8Fields.snow_model),
  soiling_monthly_pct: optional(pvwattsV8Fields.soiling_monthly_pct),
  albedo_monthly: optional(twelve(within(0, 1, energyMessages.albedo))),
  /** Use the weather file's albedo where it has a valid one (0 < albedo < 1), as PVWatts v8 does by default. */
  albedo_from_weather: optional(boolean()),
});

export const EnergyBody = object({
  /** One of the caller's projects: its preset is the default, and its location the default site. */
  project_id: optional(idText),
  weather: WeatherSource,
  system: optional(SystemInput),
});

// ---------------------------------------------------------------------------------------------
// Finance: the preset's sections and names, with upper bounds so that every figure stays finite

const costs = CostAssumptions.schema;
const tariff = TariffAssumptions.schema;

export const EnergyFigures = object({
  annual_ac_kwh: optional(numeric(required, within(0, 1e12, energyMessages.annualEnergy))),
  monthly_ac_kwh: optional(twelve(within(0, 1e11, energyMessages.monthlyEnergy))),
  dc_kw: numeric(required, notLessThanOne, within(1, 1e7, energyMessages.dcKw)),
  /** Inverter AC rating; dc_kw over the preset's DC/AC ratio when omitted. */
  ac_kw: optional(numeric(required, within(0, 1e7, energyMessages.acKw, { lowOpen: true }))),
  /** Behind the meter: the generation itself, 8,760 hourly or 35,040 quarter-hourly kWh (annual_ac_kwh is its sum). */
  hourly_ac_kwh: optional(GenerationSeries),
});

/** The flat price of the other structures, or (behind the meter) a URDB rate with its escalation. */
const TariffInput = withUrdbRate(partial(object(tariff)), partial(looseObject(tariff)));

export const FinanceBody = object({
  project_id: optional(idText),
  /** Energy already known... */
  energy: optional(EnergyFigures),
  /** ...or computed from a weather source and a system, as get_annual_energy_production does. */
  weather: optional(WeatherSource),
  system: optional(SystemInput),
  costs: optional(
    partial(
      object({
        ...costs,
        // A quote's four decimals (the preset's bounds, src/contract/settings.ts, are every other field's).
        capex_per_wdc: quotePerWdc,
      }),
    ),
  ),
  tariff: optional(TariffInput),
  finance: optional(partial(object({ ...FinanceAssumptions.schema, ...CreditDates }))),
  /** Behind the meter: the site's consumption, and what happens to the energy it does not use. */
  load: optional(LoadInput),
  export: optional(ExportInput),
  incentives: optional(
    partial(IncentiveAssumptions),
  ),
  debt: optional(partial(DebtAssumptions)),
  reserves: optional(partial(ReserveAssumptions)),
});

// ---------------------------------------------------------------------------------------------
// Weather files

/** Twelve numbers typed in one form field, separated by commas, semicolons, tabs or spaces. */
export const twelveNumbers = (textValue: string) => textValue.trim().split(/[\s,;]+/).filter((part) => part !== '').map(Number);
const monthlyTemperatureText: Rule = (value) => {
  if (value === undefined || value === '') return undefined;
  const values = typeof value === 'string' ? twelveNumbers(value) : [];
  return values.length === 12 && values.every((v) => Number.isFinite(v) && v >= -90 && v <= 65) ? undefined : energyMessages.uploadTemperatures;
};

export const WeatherUploadFields = object({
  name: optional(text(notBlank, maxLength(100))),
  /** For a file without an air temperature column (NSRDB's GHI-only polar TMY): the site's monthly means, °C. */
  temp_air_c: optional(text(maxLength(400), monthlyTemperatureText)),
});
export const WeatherIdQuery = object({ id: idText });

export const WeatherFile = object({
  id: string(),
  name: string(),
  file_name: string(),
  source: literal('upload'),
  format: enums(weatherFormats),
  site_name: string(),
  lat: number(),
  lon: number(),
  elevation_m: number(),
  utc_offset_hours: number(),
  annual_ghi_kwh_m2: number(),
  /** 'erbs' when DNI and DHI were split from GHI. */
  components: enums(['source', 'erbs']),
  notes: array(string()),
  attribution: nullable(string()),
  byte_size: number(),
  created_at: string(),
});

export const WeatherFileList = object({ count: number(), results: array(WeatherFile) });

// ---------------------------------------------------------------------------------------------
// Answers

export const WeatherUsed = object({
  source: enums(weatherSources),
  weather_id: nullable(string()),
  name: string(),
  lat: number(),
  lon: number(),
  elevation_m: number(),
  utc_offset_hours: number(),
  format: enums(weatherFormats),
  /** 'low' for a year synthesised from monthly means, or for weather farther than 50 km from the project. */
  confidence: enums(['standard', 'low']),
  /** How far the weather's place is from the project, km; absent when there is no project location (or saved before). */
  distance_km: optional(number()),
  components: enums(['source', 'erbs']),
  annual_ghi_kwh_m2: number(),
  notes: array(string()),
  attribution: nullable(string()),
  /** When this request took PVGIS's or NSRDB's data (fetched, or the server's kept copy); null for other sources. */
  retrieved_at: nullable(string()),
  /** NSRDB only: the year asked for, 'tmy' for the typical year. */
  year: optional(union([literal('tmy'), number()])),
});

export const SystemUsed = object({
  dc_kw: number(),
  ac_kw: number(),
  mount: enums(mounts),
  tilt_deg: number(),
  azimuth_deg: number(),
  /** Trackers' rows, and PVWatts v8's fixed open racks (self-shading); null otherwise. */
  gcr: nullable(number()),
  max_angle_deg: nullable(number()),
  backtrack: nullable(boolean()),
  losses_pct: number(),
  dc_ac_ratio: number(),
  inverter_efficiency_pct: number(),
  gamma_pct_per_c: number(),
  albedo: number(),
  /** PVWatts v8 uses the NOCT cell temperature model of SAM (49 °C NOCT on a roof, 45 °C otherwise). */
  temperature_model: enums(temperatureModels),
  // Absent on studies saved before PVWatts v8 arrived: they ran the pvlib model.
  model: optional(enums(energyModels)),
  array_type: optional(enums(arrayTypes)),
  // PVWatts v8 only: absent for pvlib, so that an answer's system can be sent back as it is.
  module_type: optional(enums(moduleTypes)),
  bifaciality: optional(number()),
  snow_model: optional(boolean()),
  soiling_monthly_pct: optional(array(number())),
  albedo_monthly: optional(array(number())),
  albedo_from_weather: optional(boolean()),
});

export const PresetUsed = object({ id: string(), name: string() });

export const LossStep = object({ key: string(), kwh: number(), pct_of_nominal: number() });

export const EnergyResult = object({
  model_version: string(),
  preset: PresetUsed,
  weather: WeatherUsed,
  system: SystemUsed,
  annual_ghi_kwh_m2: number(),
  annual_poa_kwh_m2: number(),
  annual_poa_effective_kwh_m2: number(),
  annual_dc_kwh: number(),
  annual_ac_kwh: number(),
  monthly_ac_kwh: array(number()),
  specific_yield_kwh_per_kwp: number(),
  capacity_factor_dc: number(),
  capacity_factor_ac: number(),
  performance_ratio: number(),
  clipped_hours: number(),
  /** Cell temperature weighted by POA irradiance, °C; null when the plane gets no light. */
  poa_weighted_cell_temp_c: nullable(number()),
  loss_waterfall: object({ nominal_kwh: number(), steps: array(LossStep), final_kwh: number() }),
  /** Defaults the answer assumed, in words. */
  notes: array(string()),
});

/** The after-tax lines of a single-owner year (absent for the pre-tax model). Taxes paid are positive. */
const afterTaxLines = {
  salvage: optional(number()),
  insurance: optional(number()),
  property_tax: optional(number()),
  cfads: optional(number()),
  interest: optional(number()),
  principal: optional(number()),
  /** CFADS over debt service; null in a year without debt service. */
  dscr: optional(nullable(number())),
  depreciation: optional(number()),
  taxable_income: optional(number()),
  state_tax: optional(number()),
  federal_tax: optional(number()),
  itc: optional(number()),
  ptc: optional(number()),
  reserve_funding: optional(number()),
  reserve_release: optional(number()),
  reserve_interest: optional(number()),
  equity_cash_flow: optional(number()),
};

export const CashFlowYear = object({
  year: number(),
  energy_kwh: number(),
  revenue: number(),
  om: number(),
  capex: number(),
  net_cash_flow: number(),
  discounted_cash_flow: number(),
  cumulative_cash_flow: number(),
  cumulative_discounted_cash_flow: number(),
  ...afterTaxLines,
});

// The sections a result was computed with. Studies saved before the after-tax model lack its fields: optional here.
const optionalNumbers = <K extends string>(...keys: K[]) => Object.fromEntries(keys.map((key) => [key, optional(number())])) as Record<K, Struct<number | undefined, null>>;
export const CostAssumptionsUsed = object({
  capex_per_wdc: number(),
  fixed_costs: number(),
  om_per_kw_yr: number(),
  om_basis: enums(['dc', 'ac']),
  om_escalation_pct: number(),
  ...optionalNumbers('insurance_pct', 'property_tax_pct', 'property_assessed_pct', 'property_assessed_decline_pct', 'om_fixed_per_year', 'om_per_mwh', 'construction_financing', 'salvage_pct'),
});
export const TariffAssumptionsUsed = object({ price_per_kwh: number(), escalation_pct: number(), ...urdbFieldsUsed });
export const FinanceTermsUsed = object({
  discount_rate_pct: number(),
  degradation_pct: number(),
  analysis_years: number(),
  currency: enums(currencies),
  structure: optional(enums(financeStructures)),
  ...optionalNumbers('federal_tax_rate_pct', 'state_tax_rate_pct', 'equity_discount_rate_pct', 'inflation_pct', 'target_irr_pct'),
  target_irr_year: optional(nullable(number())),
  // Absent on studies saved before the credits followed the law: their ITC and PTC are booked as entered.
  owner: optional(enums(creditOwners)),
  country: optional(string()),
  begin_construction_date: optional(string()),
  placed_in_service_date: optional(string()),
});

/** A US federal tax credit and why it applies or not (src/solar/tax-credits.ts). */
export const FederalCreditView = object({ section: string(), technology: enums(['pv', 'storage']), applies: boolean(), rate_pct: number(), reason: string() });

export const FinanceResult = object({
  model_version: string(),
  preset: PresetUsed,
  currency: enums(currencies),
  energy: object({ source: enums(['given', 'computed']), annual_ac_kwh: number(), dc_kw: number(), ac_kw: number() }),
  /** The full energy answer when it was computed from a weather source; null when figures were given. */
  energy_production: nullable(EnergyResult),
  assumptions: object({
    costs: CostAssumptionsUsed,
    tariff: TariffAssumptionsUsed,
    finance: FinanceTermsUsed,
    incentives: optional(IncentiveAssumptions),
    debt: optional(DebtAssumptions),
    reserves: optional(ReserveAssumptions),
    load: optional(LoadUsed),
    export: optional(ExportUsed),
  }),
  /** pre_tax: the project's pre-tax cash flows; single_owner: the owner's after-tax, levered ones (NPV, IRR, LCOE and paybacks too). */
  structure: enums(financeStructures),
  capex: number(),
  npv: number(),
  /** The internal rate of return, percent a year; null when there is none or more than one (see irr_note). */
  irr_pct: nullable(number()),
  /** Every rate at which NPV is zero, percent a year. */
  irr_rates_pct: array(number()),
  irr_note: nullable(string()),
  /** Discounted LCOE, currency/kWh; null when no energy is produced. */
  lcoe_per_kwh: nullable(number()),
  simple_payback_years: nullable(number()),
  discounted_payback_years: nullable(number()),
  lifetime_energy_kwh: number(),
  years: array(CashFlowYear),
  /** After-tax equity IRR over the analysis period, percent; null for pre_tax or when not unique. */
  equity_irr_pct: nullable(number()),
  /** After-tax equity IRR at finance.target_irr_year. */
  irr_at_target_year_pct: nullable(number()),
  /** The owner's after-tax IRR without debt. */
  project_irr_after_tax_pct: nullable(number()),
  /** NPV of the equity cash flows at finance.equity_discount_rate_pct. */
  after_tax_npv: nullable(number()),
  /** SAM's levelised cost: the present value of costs net of incentives over that of energy, real and nominal. */
  lcoe_real_per_kwh: nullable(number()),
  lcoe_nominal_per_kwh: nullable(number()),
  min_dscr: nullable(number()),
  avg_dscr: nullable(number()),
  debt_amount: number(),
  /** Capex with financing costs and initial reserves, less capital subsidies (SAM's total installed cost). */
  total_installed_cost: number(),
  /** The year-1 PPA price meeting the target (pre_tax: NPV = 0; single_owner: target IRR at the target year). */
  breakeven_ppa_per_kwh: nullable(number()),
  breakeven_ppa_note: nullable(string()),
  /** The highest installed cost per Wdc meeting the same target. */
  max_capex_per_wdc: nullable(number()),
  max_capex_note: nullable(string()),
  /** The US federal credits and why each applies or not; empty outside the US and for the pre-tax model. */
  credits: optional(array(FederalCreditView)),
  ...BillFigures,
  notes: array(string()),
});

export type WeatherSource = Infer<typeof WeatherSource>;
export type NsrdbSource = Infer<typeof NsrdbSource>;
export type SystemInput = Infer<typeof SystemInput>;
export type EnergyBody = Infer<typeof EnergyBody>;
export type EnergyFigures = Infer<typeof EnergyFigures>;
export type FinanceBody = Infer<typeof FinanceBody>;
export type WeatherFile = Infer<typeof WeatherFile>;
export type WeatherFileList = Infer<typeof WeatherFileList>;
export type WeatherUsed = Infer<typeof WeatherUsed>;
export type SystemUsed = Infer<typeof SystemUsed>;
export type EnergyResult = Infer<typeof EnergyResult>;
export type FinanceResult = Infer<typeof FinanceResult>;
