import type { MultiPolygon, Polygon } from 'geojson';
import { any, array, boolean, coerce, enums, literal, max, min, nullable, number, object, optional, refine, size, string, Struct, tuple, type Infer } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { firstError, messages, notBlank, required, type Rule } from './validation.ts';

// ---------------------------------------------------------------------------------------------
// Numbers (also used by the project and settings contracts)

const decimalText = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A number given as JSON number or as a plain decimal string (form fields), checked by the spec's rules in order.
 * An absent value gets the first rule's message (so a price says 'Price cannot be empty'), else 'This is Required.'.
 */
export function numeric(...rules: Rule[]): Struct<number, null> {
  const checked = refine(any(), 'numeric', (value: unknown) => {
    const message = firstError(value, ...rules);
    if (message !== undefined) return message;
    if (isAbsent(value)) return messages.required;
    return (typeof value === 'number' && Number.isFinite(value)) || 'Must be a number.';
  });
  // Coerced from any value, checked for a string inside: a `string()` condition is probed with is(), which builds (and
  // throws away) a StructError for every number given as a number, on every request.
  return coerce(checked, any(), (value) => (typeof value === 'string' && decimalText.test(value) ? Number(value) : value)) as unknown as Struct<number, null>;
}

/** A rule for a closed or half-open range with its own message; empty values pass (compose with `required`). */
export function within(low: number, high: number, message: string, options: { lowOpen?: boolean; highOpen?: boolean } = {}): Rule {
  return (value) => {
    if (isAbsent(value)) return undefined;
    const n = typeof value === 'number' ? value : typeof value === 'string' && decimalText.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(n)) return message;
    const aboveLow = options.lowOpen ? n > low : n >= low;
    const belowHigh = options.highOpen ? n < high : n <= high;
    return aboveLow && belowHigh ? undefined : message;
  };
}

export const latitudeMessage = 'Latitude must be between -90 and 90.';
export const longitudeMessage = 'Longitude must be between -180 and 180.';

export const Location = object({
  lat: numeric(required, within(-90, 90, latitudeMessage)),
  lng: numeric(required, within(-180, 180, longitudeMessage)),
});

// ---------------------------------------------------------------------------------------------
// Areas drawn or imported: GeoJSON Polygon / MultiPolygon (RFC 7946, longitude first)

/** A boundary or parcel may hold at most this many positions. */
export const maxGeometryVertices = 50_000;
export const geometryMessages = {
  shape: 'Must be a GeoJSON Polygon or MultiPolygon.',
  position: 'Every position must be [longitude, latitude] with longitude -180..180 and latitude -90..90.',
  ring: 'Every ring must have at least 4 positions and end where it starts.',
  tooBig: `The shape has more than ${maxGeometryVertices} positions.`,
} as const;

function positionOk(p: unknown): boolean {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every((n) => typeof n === 'number' && Number.isFinite(n))) return false;
  const [lng, lat] = p as number[];
  return lng! >= -180 && lng! <= 180 && lat! >= -90 && lat! <= 90;
}

function polygonError(rings: unknown, count: { n: number }): string | undefined {
  if (!Array.isArray(rings) || rings.length === 0) return geometryMessages.shape;
  for (const ring of rings) {
    if (!Array.isArray(ring)) return geometryMessages.shape;
    count.n += ring.length;
    if (count.n > maxGeometryVertices) return geometryMessages.tooBig;
    if (!ring.every(positionOk)) return geometryMessages.position;
    const first = ring[0] as number[] | undefined;
    const last = ring.at(-1) as number[] | undefined;
    if (ring.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1]) return geometryMessages.ring;
  }
  return undefined;
}

/** The message for anything that is not a valid Polygon or MultiPolygon, else undefined. */
export function areaGeometryError(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return geometryMessages.shape;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  const count = { n: 0 };
  if (type === 'Polygon') return polygonError(coordinates, count);
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0) return geometryMessages.shape;
    for (const polygon of coordinates) {
      const error = polygonError(polygon, count);
      if (error) return error;
    }
    return undefined;
  }
  return geometryMessages.shape;
}

const isFeature = (value: unknown): value is { type: 'Feature'; geometry: unknown } =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Feature';

/** A Polygon or MultiPolygon; a GeoJSON Feature holding one (as drawing tools give) is taken as its geometry. */
export const AreaGeometry = coerce(
  refine(any(), 'geometry', (value: unknown) => areaGeometryError(value) ?? true),
  any(),
  (value: unknown) => (isFeature(value) ? value.geometry : value),
) as unknown as Struct<Polygon | MultiPolygon, null>;

// ---------------------------------------------------------------------------------------------
// Parcels and screening

export const apnText = text(required, notBlank, maxLength(100));

const idText = text(required, maxLength(64));

export const NewApnBody = object({
  project_id: idText,
  /** The parcel number: one from the store, or the id the user gives a drawn polygon. */
  apn: apnText,
  /** A polygon the user drew; without it the APN is looked up in the store. */
  geometry: optional(AreaGeometry),
  land_use: optional(text(maxLength(100))),
  owner_name: optional(text(maxLength(200))),
});

/** `project_id`: where the caller works; a parcel not in the store is then looked for in the parcel services covering it. */
export const ApnQuery = object({ apn: apnText, project_id: optional(idText) });

/** GET parcel_at/: the parcel under a point clicked on the map, from the store or the parcel services covering it. */
export const ParcelAtQuery = object({
  lng: numeric(required, within(-180, 180, longitudeMessage)),
  lat: numeric(required, within(-90, 90, latitudeMessage)),
});

export const bboxMessage = 'Must be [west, south, east, north] in degrees, west < east and south < north.';
export const Bbox = refine(tuple([number(), number(), number(), number()]), 'bbox', ([w, s, e, n]) =>
  (w >= -180 && e <= 180 && s >= -90 && n <= 90 && w < e && s < n) || bboxMessage,
);

const acres = (label: string) => optional(numeric(within(0, 1e7, `${label} must be from 0 to 10,000,000 acres.`)));

/** Built-in layer kinds: overlap kinds (a parcel may lie only partly in them) and the grid, screened by distance. */
export const overlapKinds = ['flood', 'wetland', 'protected'] as const;
export const builtInKinds = [...overlapKinds, 'grid'] as const;

/** A custom layer kind: the slug of a label ("Setback from homes" → setback_from_homes), at most 40 characters. */
export const customKindPattern = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;
export const maxCustomKindLength = 40;
/** Custom criteria one screening may name. */
export const maxCustomCriteria = 20;
/** Slugs no custom kind may take: a built-in kind, or the name of another criterion, which its reasons would be confused with. */
export const reservedKinds: readonly string[] = [...builtInKinds, 'slope', 'min_area', 'max_area', 'land_use', 'grid_distance'];

export const isCustomKind = (kind: string) => kind.length <= maxCustomKindLength && customKindPattern.test(kind) && !reservedKinds.includes(kind);

/** `max_<kind>_overlap_pct` for a custom kind; the built-in ones are fields of their own. */
const overlapKey = /^max_(.+)_overlap_pct$/;

export const criteriaMessages = {
  percentage: 'Must be a percentage from 0 to 100.',
  slope: 'Must be a slope from 0 to 1000 %.',
  kind: `A layer kind is lower-case letters and digits joined by single underscores, at most ${maxCustomKindLength} characters.`,
  gridOverlap: 'The grid is screened by distance: use max_grid_distance_km.',
  slopeOverlap: 'Slope is screened by max_slope_pct.',
  notAKind: (kind: string) => `${kind} is a criterion, not a layer kind.`,
  tooManyCustom: `At most ${maxCustomCriteria} custom layer criteria.`,
  steepShareAlone: 'Give the slope limit max_slope_pct with it.',
} as const;

const percentage = () => optional(numeric(within(0, 100, criteriaMessages.percentage)));

const fixedCriteria = object({
  min_area_acres: acres('Minimum area'),
  max_area_acres: acres('Maximum area'),
  /** Accepted land uses (case-insensitive); a parcel without a land use gets `unknown`. */
  land_use: optional(size(array(text(required, maxLength(100))), 1, 50)),
  /** Largest share of the parcel that may lie in a flood zone, percent (0 = must not touch one). */
  max_flood_overlap_pct: percentage(),
  max_wetland_overlap_pct: percentage(),
  max_protected_overlap_pct: percentage(),
  /** Largest distance from the parcel to the nearest grid point or line, km. */
  max_grid_distance_km: optional(numeric(within(0, 1000, 'Must be a distance from 0 to 1000 km.'))),
  /** Ground steeper than this (percent rise, Horn's method on the elevation grid) is steep: out of the buildable area. */
  max_slope_pct: optional(numeric(within(0, 1000, criteriaMessages.slope))),
  /** Largest share of the parcel that may be steep, percent; 0 when not given (as the overlaps: none at all). */
  max_steep_share_pct: percentage(),
});

/** Why a key that is not a field of its own is refused, or undefined for a custom kind's overlap criterion. */
function customKeyError(key: string): string | undefined {
  const kind = overlapKey.exec(key)?.[1];
  if (kind === undefined) return undefined;
  if (kind === 'grid') return criteriaMessages.gridOverlap;
  if (kind === 'slope') return criteriaMessages.slopeOverlap;
  if (reservedKinds.includes(kind)) return criteriaMessages.notAKind(kind);
  return isCustomKind(kind) ? undefined : criteriaMessages.kind;
}

const refused = (message: string) => refine(any(), 'criterion', () => message);

/**
 * The screening criteria: the fields above, and `max_<kind>_overlap_pct` for each custom kind (its layers' polygons, as
 * the flood one). Any other key is refused: "Unknown field.", or what is wrong with a custom kind's key.
 */
export const ScreeningCriteria = refine(
  new Struct<Infer<typeof fixedCriteria> & { [key: `max_${string}_overlap_pct`]: number | undefined }, typeof fixedCriteria.schema>({
    ...fixedCriteria,
    *entries(value, context) {
      let custom = 0;
      for (const entry of fixedCriteria.entries(value, context)) {
        const [key, given, struct] = entry;
        if (struct.type !== 'never') {
          yield entry;
          continue;
        }
        const isOverlap = typeof key === 'string' && overlapKey.test(key);
        const error = isOverlap ? (customKeyError(key) ?? (++custom > maxCustomCriteria ? criteriaMessages.tooManyCustom : undefined)) : undefined;
        yield [key, given, !isOverlap ? struct : error ? refused(error) : percentage()];
      }
    },
  }),
  'steep share',
  (value, context) =>
    value.max_steep_share_pct === undefined || value.max_slope_pct !== undefined || { path: [...(context.path as (string | number)[]), 'max_steep_share_pct'], message: criteriaMessages.steepShareAlone },
);

export const ScreeningBody = object({
  bbox: optional(Bbox),
  project_id: optional(idText),
  /** Without criteria, parcels are screened for flood zones and wetlands (no overlap allowed). */
  filters: optional(ScreeningCriteria),
});

export const CoordinatesBody = object({
  query: text(required, notBlank, maxLength(200)),
  /** Two-letter country code to prefer, e.g. IN or US. */
  country: optional(text(maxLength(2))),
  limit: optional(numeric(within(1, 50, 'Must be from 1 to 50.'))),
});

/** An uploaded parcel file (GeoJSON, zipped shapefile or KML) may be at most this large. */
export const maxParcelFileBytes = 20 * 1024 * 1024;
export const parcelFileExtensions = ['.geojson', '.json', '.zip', '.kml'] as const;

export const parcelImportMessages = {
  fileRequired: 'Attach the parcel file in the field "file".',
  emptyFile: 'The file is empty.',
  notParcelFile: 'This is not a parcel file: send GeoJSON, a zipped shapefile (.zip with .shp, .dbf and .prj) or KML.',
  noApnField: 'No parcel number found: name the property that holds it in apn_field.',
  noLandUseField: (field: string) => `No parcel in the file has the property "${field}": name the property that holds the land use.`,
  alreadyYours: 'You already have a parcel with this number: the stored one is kept.',
} as const;

/** The text fields sent with POST /api/gis/parcels/import/ (multipart; the file goes in `file`). */
export const ParcelImportFields = object({
  /** Attach every imported parcel to this project of the caller's. */
  project_id: optional(idText),
  /** The property holding the parcel number; without it, common names (APN, SSL, PARCEL_ID, PIN, name) are tried. */
  apn_field: optional(text(notBlank, maxLength(100))),
  /** The property holding the land use, which the `land_use` criterion reads (case-insensitive name); none when not given. */
  land_use_field: optional(text(notBlank, maxLength(100))),
});

export const verdicts = ['pass', 'fail', 'unknown'] as const;
export const criterionNames = ['min_area', 'max_area', 'land_use', 'flood', 'wetland', 'protected', 'grid_distance', 'slope'] as const;

/** How each built-in criterion reads, on the map screen, in reasons turned into tasks and on a task's page. */
export const criterionLabels: Record<(typeof criterionNames)[number], string> = {
  min_area: 'Minimum area',
  max_area: 'Maximum area',
  land_use: 'Land use',
  flood: 'Flood zone',
  wetland: 'Wetlands',
  protected: 'Protected land',
  grid_distance: 'Distance to grid',
  slope: 'Slope',
};

const isCriterionName = (criterion: string): criterion is CriterionName => (criterionNames as readonly string[]).includes(criterion);

/** A criterion's label: a built-in one's, else its custom kind in words ("setback_from_homes" → "Setback from homes"). */
export function criterionLabel(criterion: string): string {
  if (isCriterionName(criterion)) return criterionLabels[criterion];
  const words = criterion.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const LayerRef = object({ id: string(), kind: string(), name: string(), source: string(), source_date: nullable(string()) });

export const Reason = object({
  /** A built-in criterion (`criterionNames`) or a custom kind's slug, for `max_<kind>_overlap_pct`. */
  criterion: refine(string(), 'criterion', (criterion) => isCriterionName(criterion) || isCustomKind(criterion)),
  rule: string(),
  threshold: nullable(any()),
  measured: nullable(any()),
  unit: string(),
  verdict: enums(verdicts),
  /** The layer that decided, or spoke for the parcel; for a source that failed, that source. */
  layer: nullable(LayerRef),
  /** Every layer of the kind that took part, when there were several (own layers, shared ones, online sources). */
  layers: optional(array(LayerRef)),
  note: optional(string()),
});

export const ParcelSummary = object({
  id: string(),
  apn: string(),
  area_m2: number(),
  area_acres: number(),
  area_ha: number(),
  land_use: string(),
  county: string(),
  state: string(),
  owner_name: string(),
  source: string(),
  source_date: nullable(string()),
  drawn: boolean(),
});

export const CoordinateCandidate = object({
  lat: min(max(number(), 90), -90),
  lng: min(max(number(), 180), -180),
  label: string(),
  kind: enums(['coordinates', 'pincode', 'zip', 'apn', 'city', 'place']),
  score: number(),
  approximate: boolean(),
  source: string(),
  // What the project form fills when the place is picked, where the source knows it.
  /** One line for the form's address: the place and its region ("Greensboro, North Carolina"), or a street address. */
  address: optional(string()),
  locality: optional(string()),
  state: optional(string()),
  /** ISO 3166-1 alpha-2, as the project's country field takes it. */
  country: optional(string()),
  postal_code: optional(string()),
});

export type NewApnBody = Infer<typeof NewApnBody>;
export type ScreeningCriteria = Infer<typeof ScreeningCriteria>;
export type ScreeningBody = Infer<typeof ScreeningBody>;
export type Reason = Infer<typeof Reason>;
export type Verdict = (typeof verdicts)[number];
export type CriterionName = (typeof criterionNames)[number];
export type LayerRef = Infer<typeof LayerRef>;
export type ParcelSummary = Infer<typeof ParcelSummary>;
export type CoordinateCandidate = Infer<typeof CoordinateCandidate>;

// Answers of the /api/gis/ endpoints (server/gis/routes.ts, server/projects/views.ts).

export const CoordinatesAnswer = object({ query: string(), count: number(), results: array(CoordinateCandidate) });

/** A parcel as GeoJSON: its summary as properties. */
export const ParcelFeature = object({ type: literal('Feature'), id: string(), geometry: any(), properties: ParcelSummary });

export const NewApnAnswer = object({ project_id: string(), parcel: ParcelFeature });

/** An online parcel service (PARCEL_SERVICES) by which a parcel was found. */
export const ParcelServiceRef = object({ id: string(), name: string(), attribution: string(), licence: string() });

export const ApnDetails = object({
  ...ParcelSummary.schema,
  geometry: any(),
  bbox: tuple([number(), number(), number(), number()]),
  center: object({ lat: number(), lng: number() }),
  attributes: any(),
  projects: array(object({ id: string(), name: string() })),
  /** The site address, where the source gives one. */
  address: string(),
  /** Present when an online parcel service answered just now (the parcel is stored once attached). */
  service: optional(ParcelServiceRef),
});

/** parcel_services/: the county parcel layers this server asks (PARCEL_SERVICES), with the terms their data comes under. */
export const ParcelServiceList = object({
  services: array(object({ ...ParcelServiceRef.schema, county: string(), state: string(), bbox: nullable(tuple([number(), number(), number(), number()])) })),
});

export const ScreenedParcelProperties = object({
  ...ParcelSummary.schema,
  suitable: boolean(),
  verdict: enums(verdicts),
  reasons: array(Reason),
  /** The area outside the excluded layers the criteria check (overlaps counted once); null when none is checked or one cannot tell. */
  buildable_area_m2: nullable(number()),
  buildable_area_acres: nullable(number()),
  buildable_area_ha: nullable(number()),
  /** The buildable share of the parcel, 0-100. */
  buildable_pct: nullable(number()),
});

export const ScreenedParcel = object({ type: literal('Feature'), id: string(), geometry: any(), properties: ScreenedParcelProperties });

/**
 * What data there is for the place a screening looked at, so the map can say what is missing there: no parcels in the
 * store, no parcel service, no layer of a kind the criteria check.
 */
export const ScreeningCoverage = object({
  /**
   * The place: the bbox asked for, else the project's boundary's extent, else its parcels' extent, else the ground
   * within 2 km of its location; null for a project with none of these.
   */
  bbox: nullable(tuple([number(), number(), number(), number()])),
  /** Whether the parcel store holds parcels the caller can see there (the shared store, their own). */
  parcels: boolean(),
  /** The parcel services (PARCEL_SERVICES) covering the place, by name: a parcel there can be looked up in them. */
  parcel_services: array(string()),
  /** The stored layers screening applies for the caller (shared and their own) whose area reaches the place. */
  layers: array(LayerRef),
  /** The online sources (SCREENING_SOURCES; elevation ones of kind `slope`), asked for whatever place is screened. */
  sources: array(LayerRef),
});

/** get_reasoned_geo_json/: every parcel screened, with one reason per criterion. */
export const ReasonedParcels = object({
  type: literal('FeatureCollection'),
  features: array(ScreenedParcel),
  screened: number(),
  summary: object({ pass: number(), fail: number(), unknown: number() }),
  criteria: any(),
  layers: array(LayerRef),
  /** Always in get_reasoned_geo_json/'s answer; a screening job's export has none. */
  coverage: optional(ScreeningCoverage),
});

/** parcels/import/: what was stored, what was attached to the project, and each feature refused with its reason. */
export const ParcelImportAnswer = object({
  imported: number(),
  attached: number(),
  refused: array(object({ index: number(), apn: optional(string()), reason: string() })),
  total: number(),
});

export type ParcelImportFields = Infer<typeof ParcelImportFields>;
export type ParcelImportAnswer = Infer<typeof ParcelImportAnswer>;
export type CoordinatesAnswer = Infer<typeof CoordinatesAnswer>;
export type ParcelFeature = Infer<typeof ParcelFeature>;
export type ApnDetails = Infer<typeof ApnDetails>;
export type ParcelServiceList = Infer<typeof ParcelServiceList>;
export type ParcelAtQuery = Infer<typeof ParcelAtQuery>;
export type ScreenedParcel = Infer<typeof ScreenedParcel>;
export type ReasonedParcels = Infer<typeof ReasonedParcels>;
export type ScreeningCoverage = Infer<typeof ScreeningCoverage>;
