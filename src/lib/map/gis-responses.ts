/**
 * Response shapes of the /api/gis/ endpoints that src/contract/gis.ts does not (yet) describe, built from its parts.
 * The server writes them in server/routes/gis.ts and server/services/project-views.ts.
 */
import { any, array, boolean, enums, literal, number, object, string, tuple, type Infer } from 'superstruct';
import { CoordinateCandidate, LayerRef, ParcelSummary, Reason, verdicts } from '../../contract/gis.ts';

export const CoordinatesAnswer = object({ query: string(), count: number(), results: array(CoordinateCandidate) });

/** A parcel as GeoJSON: its summary as properties. */
export const ParcelFeature = object({ type: literal('Feature'), id: string(), geometry: any(), properties: ParcelSummary });

export const NewApnAnswer = object({ project_id: string(), parcel: ParcelFeature });

export const ApnDetails = object({
  ...ParcelSummary.schema,
  geometry: any(),
  bbox: tuple([number(), number(), number(), number()]),
  center: object({ lat: number(), lng: number() }),
  attributes: any(),
  projects: array(object({ id: string(), name: string() })),
});

export const ScreenedParcelProperties = object({
  ...ParcelSummary.schema,
  suitable: boolean(),
  verdict: enums(verdicts),
  reasons: array(Reason),
});

export const ScreenedParcel = object({ type: literal('Feature'), id: string(), geometry: any(), properties: ScreenedParcelProperties });

/** get_reasoned_geo_json/: every parcel screened, with one reason per criterion. */
export const ReasonedParcels = object({
  type: literal('FeatureCollection'),
  features: array(ScreenedParcel),
  screened: number(),
  summary: object({ pass: number(), fail: number(), unknown: number() }),
  criteria: any(),
  layers: array(LayerRef),
});

export type CoordinatesAnswer = Infer<typeof CoordinatesAnswer>;
export type ParcelFeature = Infer<typeof ParcelFeature>;
export type ApnDetails = Infer<typeof ApnDetails>;
export type ScreenedParcel = Infer<typeof ScreenedParcel>;
export type ReasonedParcels = Infer<typeof ReasonedParcels>;
