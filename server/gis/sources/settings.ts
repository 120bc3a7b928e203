/**
 * SCREENING_SOURCES: the online layers screening may fetch, named by the operator alone (a user's request contributes
 * only the numbers of a bbox). `off` (the default) or `[]` fetches nothing; `public` is the documented US set
 * (docs/screening-sources.md); anything else is a JSON array of sources.
 */
import { array, coerce, enums, integer, number, object, optional, refine, string, type Failure, type Infer } from 'superstruct';
import { publicSources } from './public-sources.ts';

export const builtInSourceKinds = ['flood', 'wetland', 'protected', 'grid', 'slope'] as const;
export const vectorSourceTypes = ['arcgis', 'ogc-features', 'wfs', 'geojson', 'overpass'] as const;
export const elevationSourceTypes = ['arcgis-image', 'geotiff'] as const;

const slug = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const slugText = refine(string(), 'slug', (value) => slug.test(value) || 'must be 1-64 lower-case letters, digits, - or _');
export const text = refine(string(), 'text', (value) => (value.trim().length > 0 && value.length <= 500) || 'must be 1-500 characters');

/** http(s) only, with no user name or password in it (they would show in logs and messages). */
export const sourceUrl = refine(string(), 'source URL', (value) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http:// or https:// URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  return true;
});

export const between = (min: number, max: number, whole = false) =>
  refine(whole ? integer() : number(), 'range', (value) => (value >= min && value <= max) || `must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`);

const Source = object({
  /** Names the source in the cache; change it (or its url, type, layer, where, fields) and the cache starts afresh. */
  id: slugText,
  /** flood | wetland | protected | grid | slope, or a custom kind's slug. */
  kind: slugText,
  type: enums([...vectorSourceTypes, ...elevationSourceTypes]),
  url: sourceUrl,
  /** As reasons name it: "FEMA NFHL". */
  name: text,
  licence: text,
  attribution: text,
  /** arcgis: the layer id appended to a service URL; wfs: the feature type (typeNames). */
  layer: optional(refine(string(), 'layer', (value) => /^[A-Za-z0-9_.:-]{1,200}$/.test(value) || 'must be a layer id or feature type name')),
  /** arcgis: the where clause of every query, e.g. SFHA_TF = 'T'. */
  where: optional(text),
  /** arcgis: outFields (default *). */
  fields: optional(text),
  timeout_s: optional(between(1, 120)),
  ttl_days: optional(between(1, 3650, true)),
  /** Requests to this source at once, per server. */
  concurrency: optional(between(1, 8, true)),
  /** Fetch this much around the area screening asks for (which already reaches as far as the grid distance criterion). */
  margin_km: optional(between(0, 50)),
  /** Elevation: the cell size asked for (default 10 m, about 3DEP's 1/3 arc-second). */
  resolution_m: optional(between(1, 100)),
});
export type ScreeningSource = Infer<typeof Source>;

/** What a list setting that is not JSON becomes, so the failure says so. */
export const notJson = Symbol('not JSON');
const isElevation = (type: ScreeningSource['type']) => (elevationSourceTypes as readonly string[]).includes(type);

/** The setting: off | public | a JSON array of sources; checked as a whole so every message names the source. */
export const screeningSourcesSetting = coerce(
  refine(array(Source), 'sources', (sources) => {
    const ids = sources.map((source) => source.id);
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    if (twice) return `lists the source id "${twice}" twice`;
    for (const source of sources) {
      if (source.kind === 'slope' && !isElevation(source.type)) return `source "${source.id}": kind slope needs type arcgis-image or geotiff (an elevation service)`;
      if (source.kind !== 'slope' && isElevation(source.type)) return `source "${source.id}": type ${source.type} is an elevation service, so its kind must be slope`;
      if (source.type === 'wfs' && !source.layer) return `source "${source.id}": type wfs needs layer (the feature type to get)`;
    }
    return true;
  }),
  string(),
  (value): unknown => {
    const trimmed = value.trim();
    if (trimmed === 'off') return [];
    if (trimmed === 'public') return publicSources;
    try {
      return JSON.parse(trimmed);
    } catch {
      return notJson;
    }
  },
);

/** The words for a SCREENING_SOURCES failure, or undefined when the failure is about another setting. */
export const describeSourcesFailure = (failure: Failure) =>
  describeListFailure(failure, { key: 'SCREENING_SOURCES', notList: 'must be off, public or a JSON array of sources', item: 'source', enums: [...vectorSourceTypes, ...elevationSourceTypes] });

/** The words for a failure of a setting that is a JSON list of objects (sources, parcel services), never echoing the value. */
export function describeListFailure(failure: Failure, words: { key: string; notList: string; item: string; enums?: readonly string[] }): string | undefined {
  if (failure.path[0] !== words.key) return undefined;
  if (failure.refinement) return failure.message;
  if (failure.value === notJson || failure.path.length === 1) return words.notList;
  if (failure.value === undefined) return 'is missing';
  switch (failure.type) {
    case 'enums':
      return words.enums ? `must be one of ${words.enums.join(', ')}` : 'has an invalid value';
    case 'never':
      return `is not a ${words.item} field`;
    case 'object':
      return 'must be an object';
    case 'string':
      return 'must be text';
    default:
      return 'has an invalid value';
  }
}

/** What decides a source's answers: a cached tile fetched under another definition is fetched again. */
export const sourceKey = (source: ScreeningSource) =>
  JSON.stringify([source.type, source.url, source.layer ?? null, source.where ?? null, source.fields ?? null, source.resolution_m ?? null]);

export const defaults = { timeoutS: 10, ttlDays: 30, concurrency: 2, resolutionM: 10 };
