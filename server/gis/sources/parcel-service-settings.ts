/**
 * PARCEL_SERVICES: the county parcel layers (ArcGIS REST) a planner may attach parcels from, named by the operator
 * alone: a user's request contributes an APN or the numbers of a point, never an address to fetch. `off` (the
 * default) or `[]` asks no service; anything else is a JSON array (docs/parcel-services.md).
 */
import { array, coerce, number, object, optional, refine, string, tuple, type Failure, type Infer } from 'superstruct';
import { between, describeListFailure, notJson, slugText, sourceUrl, text } from './settings.ts';

/** A field of the layer as ArcGIS names it: it is written into the where clause and outFields, so nothing else passes. */
export const fieldNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const fieldName = refine(string(), 'field name', (value) => fieldNamePattern.test(value) || 'must be a field name: letters, digits and _, starting with a letter or _');

const coverage = refine(tuple([number(), number(), number(), number()]), 'bbox', ([w, s, e, n]) =>
  (w >= -180 && e <= 180 && s >= -90 && n <= 90 && w < e && s < n) || 'must be [west, south, east, north] in degrees, west < east and south < north',
);

const ParcelService = object({
  /** Names the service in stored parcels' source and in the API's answers. */
  id: slugText,
  /** As messages name it: "Wake County parcels did not answer within 10 s". */
  name: text,
  /** The ArcGIS REST feature or map service, or the layer's own URL. */
  url: sourceUrl,
  layer: optional(refine(string(), 'layer', (value) => /^\d{1,6}$/.test(value) || 'must be a layer id (a whole number)')),
  apn_field: fieldName,
  owner_field: optional(fieldName),
  address_field: optional(fieldName),
  land_use_field: optional(fieldName),
  /** The area the county records (deeded acres, square feet): kept among the parcel's attributes, next to the measured one. */
  area_field: optional(fieldName),
  /** Stored with every parcel from this service, as imports store them: "Wake County", "NC". */
  county: optional(text),
  state: optional(text),
  licence: text,
  attribution: text,
  /** [west, south, east, north] the layer covers; without it the service is asked for any place. */
  bbox: optional(coverage),
  timeout_s: optional(between(1, 120)),
});
export type ParcelService = Infer<typeof ParcelService>;

export const parcelServicesSetting = coerce(
  refine(array(ParcelService), 'parcel services', (services) => {
    const ids = services.map((service) => service.id);
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    return twice ? `lists the parcel service id "${twice}" twice` : true;
  }),
  string(),
  (value): unknown => {
    const trimmed = value.trim();
    if (trimmed === 'off') return [];
    try {
      return JSON.parse(trimmed);
    } catch {
      return notJson;
    }
  },
);

/** The words for a PARCEL_SERVICES failure, or undefined when the failure is about another setting. */
export const describeParcelServicesFailure = (failure: Failure) =>
  describeListFailure(failure, { key: 'PARCEL_SERVICES', notList: 'must be off or a JSON array of parcel services', item: 'parcel service' });

export const defaultParcelTimeoutS = 10;
