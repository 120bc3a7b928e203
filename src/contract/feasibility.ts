import { array, boolean, enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { EnergyResult, FinanceBody, FinanceResult, PresetUsed, SystemInput, SystemUsed, WeatherSource, WeatherUsed } from './energy.ts';
import { maxLength, text } from './fields.ts';
import { numeric, within } from './gis.ts';
import { financeStructures } from './settings.ts';
import { notBlank, required } from './validation.ts';

/** Largest plot map accepted (PNG, JPEG, WebP or PDF). */
export const maxPlotMapBytes = 10 * 1024 * 1024;
export const plotMapTypes = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

export const feasibilityMessages = {
  gcr: 'Ground coverage ratio must be above 0 and below 1.',
  moduleDensity: 'Module power density must be above 0 and at most 400 W/m2.',
  areaFraction: 'Usable share of the area must be above 0 and at most 100 %.',
  plotMapRequired: 'Attach the plot map in the field "file".',
  plotMapType: 'Upload the plot map as a PNG, JPEG or WebP image or a PDF.',
  noPlotMap: 'This study has no plot map yet.',
  alreadyPrimary: 'This study is already the primary one.',
  exportFormat: 'Choose the format "xlsx" (a workbook with live formulas) or "csv" (the yearly cash flows).',
  limit: (limit: number) =>
    `Your plan allows ${limit} feasibility ${limit === 1 ? 'study' : 'studies'} per project. Delete one before creating another.`,
} as const;

const idText = text(required, maxLength(64));
export const studyName = text(required, notBlank, maxLength(100));

export const sizingAreaSources = ['parcels', 'boundary'] as const;

/**
 * How a boundary's area becomes a DC size: area × usable share × ground coverage ratio × module power per m² of
 * module. Shown and editable on the new-study form; the server applies it when the request gives no dc_kw.
 */
export const SizingInput = object({
  /** Share of the boundary left for rows after setbacks and roads, percent. */
  usable_pct: optional(numeric(required, within(0, 100, feasibilityMessages.areaFraction, { lowOpen: true }))),
  gcr: optional(numeric(required, within(0, 1, feasibilityMessages.gcr, { lowOpen: true, highOpen: true }))),
  /** Module nameplate power per m² of module area (≈ 10 × efficiency %). */
  module_w_per_m2: optional(numeric(required, within(0, 400, feasibilityMessages.moduleDensity, { lowOpen: true }))),
  /** The land sized on: the buildable area of the parcels passing the project's screening (the default when any passes), or the boundary. */
  area: optional(enums(sizingAreaSources)),
});

const financeOverrides = FinanceBody.schema;

export const StudyCreateBody = object({
  project_id: idText,
  /** "Study N" when omitted. */
  name: optional(studyName),
  weather: WeatherSource,
  /** One of the caller's presets or a built-in; the project's last preset when omitted. */
  preset_id: optional(idText),
  /** Changes to the preset's system; without dc_kw the size comes from the project's boundary (see sizing). */
  system: optional(SystemInput),
  sizing: optional(SizingInput),
  costs: financeOverrides.costs,
  tariff: financeOverrides.tariff,
  finance: financeOverrides.finance,
  incentives: financeOverrides.incentives,
  debt: financeOverrides.debt,
  reserves: financeOverrides.reserves,
  load: financeOverrides.load,
  export: financeOverrides.export,
});

export const StudyIdQuery = object({ id: idText });
export const StudyProjectQuery = object({ project_id: idText });
export const StudyIdBody = object({ id: idText });
export const StudyRenameBody = object({ id: idText, name: studyName });
export const PlotMapFields = object({ id: idText });

/** The formats a study's finance can be exported in: a workbook with live formulas, or the yearly cash flows. */
export const studyExportFormats = ['xlsx', 'csv'] as const;
export type StudyExportFormat = (typeof studyExportFormats)[number];
const exportFormat = text(required, (value) => ((studyExportFormats as readonly unknown[]).includes(value) ? undefined : feasibilityMessages.exportFormat));
export const StudyExportQuery = object({ id: idText, format: exportFormat });

export const SizingUsed = object({
  /** Where the area came from; absent on studies saved before parcels could size them (the boundary). */
  area_source: optional(enums(sizingAreaSources)),
  /** How many passing parcels' buildable land the area is (area_source parcels). */
  parcels: optional(number()),
  area_m2: number(),
  usable_pct: number(),
  gcr: number(),
  module_w_per_m2: number(),
  dc_kw: number(),
});

/** One term of the annual-energy uncertainty, a standard deviation in percent of P50, with its source. */
export const UncertaintyTerm = object({ key: string(), label: string(), sigma_pct: number(), source: string() });

/** P50 is the simulated year; P90 assumes the terms are independent normals (σ = √Σσᵢ²), one year ahead. */
export const EnergyUncertainty = object({
  p50_annual_kwh: number(),
  p90_annual_kwh: number(),
  combined_sigma_pct: number(),
  terms: array(UncertaintyTerm),
});

export const PlotMapInfo = object({ file_name: string(), content_type: enums(plotMapTypes), byte_size: number(), uploaded_at: string() });

/** The figures a study list and the report show; the full answers come from energy_production/get and financial_estimation/get. */
export const StudyHeadline = object({
  dc_kw: number(),
  ac_kw: number(),
  annual_ac_kwh: number(),
  specific_yield_kwh_per_kwp: number(),
  capacity_factor_ac: number(),
  performance_ratio: number(),
  p50_annual_kwh: number(),
  p90_annual_kwh: number(),
  currency: string(),
  capex: number(),
  npv: number(),
  irr_pct: nullable(number()),
  lcoe_per_kwh: nullable(number()),
  simple_payback_years: nullable(number()),
  discounted_payback_years: nullable(number()),
  monthly_ac_kwh: array(number()),
  /** Absent on studies saved before the after-tax model (pre_tax). */
  structure: optional(enums(financeStructures)),
  equity_irr_pct: optional(nullable(number())),
  breakeven_ppa_per_kwh: optional(nullable(number())),
  min_dscr: optional(nullable(number())),
  /** Behind the meter (absent on other studies and on those saved before the headline carried bills): year 1's bills. */
  bill_without_solar_year1: optional(number()),
  bill_with_solar_year1: optional(number()),
  savings_year1: optional(number()),
});

export const FeasibilityStudy = object({
  id: string(),
  project_id: string(),
  name: string(),
  is_primary: boolean(),
  model_version: string(),
  preset: PresetUsed,
  weather: WeatherUsed,
  /** SHA-256 of the weather the engine read (the file, PVGIS's answer, or the monthly means as JSON). */
  weather_hash: string(),
  system: SystemUsed,
  sizing: nullable(SizingUsed),
  assumptions: FinanceResult.schema.assumptions,
  headline: StudyHeadline,
  uncertainty: EnergyUncertainty,
  plot_map: nullable(PlotMapInfo),
  created_at: string(),
  updated_at: string(),
});

export const StudyList = object({ count: number(), results: array(FeasibilityStudy) });

export const StudyEnergy = object({ id: string(), energy: EnergyResult, uncertainty: EnergyUncertainty });
export const StudyFinance = object({ id: string(), finance: FinanceResult });

/** `limit` is null when the plan has none. */
export const StudyLimit = object({ allowed: boolean(), used: number(), limit: nullable(number()), detail: nullable(string()) });

/**
 * The weather a study ran on, for the browser's what-if worker: the text the engine parsed (an uploaded file or
 * PVGIS's answer), or the monthly means it synthesised the year from (JSON of MonthlySource with lat/lon filled).
 */
export const StudyWeather = object({ id: string(), weather_hash: string(), kind: enums(['file', 'monthly']), content: string() });

export type StudyCreateBody = Infer<typeof StudyCreateBody>;
export type SizingInput = Infer<typeof SizingInput>;
export type SizingUsed = Infer<typeof SizingUsed>;

/** GET /api/project/sizing_area/: the land a new study of the project is sized on by default, and the boundary beside it. */
export const ProjectSizingArea = object({
  id: string(),
  source: nullable(enums(sizingAreaSources)),
  area_m2: nullable(number()),
  /** Passing parcels whose buildable land makes the area (0 when it is the boundary). */
  parcels: number(),
  screened: number(),
  boundary_area_m2: nullable(number()),
  criteria_saved: boolean(),
});
export type ProjectSizingArea = Infer<typeof ProjectSizingArea>;
export type EnergyUncertainty = Infer<typeof EnergyUncertainty>;
export type StudyHeadline = Infer<typeof StudyHeadline>;
export type FeasibilityStudy = Infer<typeof FeasibilityStudy>;
export type StudyList = Infer<typeof StudyList>;
export type StudyEnergy = Infer<typeof StudyEnergy>;
export type StudyFinance = Infer<typeof StudyFinance>;
export type StudyLimit = Infer<typeof StudyLimit>;
export type StudyWeather = Infer<typeof StudyWeather>;
export type PlotMapInfo = Infer<typeof PlotMapInfo>;
