import { any, array, enums, nullable, number, object, optional, string, type Infer } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { AreaGeometry, Location, numeric, ParcelSummary, within } from './gis.ts';
import { notBlank, notLessThanOne, pincode, required, type Rule } from './validation.ts';

export const projectStatuses = ['prospecting', 'development', 'permitting', 'construction', 'operating', 'on_hold', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const countryMessage = 'Use a two-letter country code, e.g. IN or US.';
export const postalCodeMessage = 'Invalid postal code.';

const countryCode: Rule = (value) => (value === undefined || value === '' || (typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)) ? undefined : countryMessage);

// Letters, digits, spaces and hyphens, 2-10 characters: US ZIP (+4), UK, Irish Eircode, Canadian and most others.
const genericPostalCode: Rule = (value) =>
  value === undefined || value === '' || (typeof value === 'string' && /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,8}[A-Za-z0-9])$/.test(value)) ? undefined : postalCodeMessage;

/** The message for a postal code in a country: the spec's pincode rule in India, a generic shape elsewhere. */
export function postalCodeError(country: string, code: string): string | undefined {
  return country.toUpperCase() === 'IN' ? pincode(code) : genericPostalCode(code);
}

const name = text(required, notBlank, maxLength(150));
const description = text(maxLength(5000));
const address = text(maxLength(500));
const postalCode = text(maxLength(20));
const country = text(countryCode);

const editable = {
  description: optional(description),
  status: optional(enums(projectStatuses)),
  address: optional(address),
  country: optional(country),
  /** Postal code; `pincode` is the same field under its Indian name (and sets the country to IN when none is given). */
  postal_code: optional(postalCode),
  pincode: optional(postalCode),
};

export const ProjectCreateBody = object({
  name,
  location: Location,
  boundary: optional(nullable(AreaGeometry)),
  ...editable,
});

export const ProjectEditBody = object({
  /** The project to edit; may be given as `?id=` instead. */
  id: optional(text(maxLength(64))),
  name: optional(name),
  location: optional(Location),
  boundary: optional(nullable(AreaGeometry)),
  ...editable,
});

export const IdQuery = object({ id: text(required, maxLength(64)) });

export const maxPageSize = 100;
/** Far past any real list, and small enough that (page - 1) * page_size is an offset the database takes. */
export const maxPage = 1_000_000;
export const ProjectListQuery = object({
  search: optional(text(maxLength(150))),
  page: optional(numeric(notLessThanOne, integerRule, within(1, maxPage, `Must be at most ${maxPage.toLocaleString('en-US')}.`))),
  page_size: optional(numeric(notLessThanOne, integerRule, within(1, maxPageSize, `Must be at most ${maxPageSize}.`))),
});

function integerRule(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? undefined : 'Must be a whole number.';
}

export const Area = object({ m2: number(), ha: number(), acres: number() });

export const Project = object({
  id: string(),
  name: string(),
  description: string(),
  status: enums(projectStatuses),
  location: nullable(object({ lat: number(), lng: number() })),
  boundary: nullable(any()),
  area: nullable(Area),
  address: string(),
  country: string(),
  postal_code: string(),
  pincode: string(),
  parcel_count: number(),
  created_at: string(),
  updated_at: string(),
});

export const ProjectDetail = object({ ...Project.schema, parcels: array(ParcelSummary) });

/** A project's primary feasibility study in brief: its DC size and P50 annual energy. */
export const PrimaryStudyFigures = object({ id: string(), name: string(), dc_kw: number(), p50_annual_kwh: number() });

export const ProjectListItem = object({ ...Project.schema, primary_study: nullable(PrimaryStudyFigures) });

export const ProjectList = object({ count: number(), page: number(), page_size: number(), results: array(ProjectListItem) });

/**
 * The caller's totals: projects, boundary area in ha (none counts 0), and over the projects with a primary study the
 * DC size in MW and the P50 annual energy in MWh/yr.
 */
export const Portfolio = object({ projects: number(), hectares: number(), mwdc: number(), primary_studies: number(), mwh_per_year: number() });

export type ProjectCreateBody = Infer<typeof ProjectCreateBody>;
export type ProjectEditBody = Infer<typeof ProjectEditBody>;
export type Project = Infer<typeof Project>;
export type ProjectDetail = Infer<typeof ProjectDetail>;
export type ProjectList = Infer<typeof ProjectList>;
export type ProjectListItem = Infer<typeof ProjectListItem>;
export type PrimaryStudyFigures = Infer<typeof PrimaryStudyFigures>;
export type Portfolio = Infer<typeof Portfolio>;
