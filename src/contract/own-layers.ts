/**
 * A planner's own constraint layers (issue 24 item 2): uploaded as GeoJSON, a zipped shapefile or KML, of a built-in
 * kind or of a custom kind named by a label ("Setback from homes" → setback_from_homes), kept per user.
 */
import { any, array, enums, literal, nullable, number, object, optional, string, tuple, type Infer } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { builtInKinds, maxCustomKindLength, reservedKinds } from './gis.ts';
import { required } from './validation.ts';

/** The kinds the shared layers (CLI, demo seed) have, and what screening checks of each. */
export const builtInLayerKinds = builtInKinds;
export type BuiltInLayerKind = (typeof builtInLayerKinds)[number];

export const builtInKindLabels: Record<BuiltInLayerKind, string> = {
  flood: 'Flood zone',
  wetland: 'Wetlands',
  protected: 'Protected land',
  grid: 'Grid lines and substations',
};

export const isBuiltInKind = (kind: string): kind is BuiltInLayerKind => (builtInLayerKinds as readonly string[]).includes(kind);

/** How a layer's kind reads: the label it was given, a built-in kind's name, else the kind's slug. */
export const kindLabelOf = (layer: { kind: string; label?: string | null }) => layer.label || (isBuiltInKind(layer.kind) ? builtInKindLabels[layer.kind] : layer.kind);

/**
 * Overlap kinds are polygons a parcel may only partly lie in (`max_<kind>_overlap_pct`); distance kinds are lines and
 * points a parcel must be near (grid). Every custom kind is an overlap kind.
 */
export const layerMeasureOf = (kind: string): 'overlap' | 'distance' => (kind === 'grid' ? 'distance' : 'overlap');

/** The screening criterion of a custom kind: the largest share of a parcel that may lie in the kind's polygons, percent. */
export const overlapCriterionOf = (kind: string) => `max_${kind}_overlap_pct`;

/** A custom kind's slug is at most this long, so its criterion name stays readable. */
export const maxKindSlugLength = maxCustomKindLength;
export const maxOwnLayersPerUser = 50;

export const ownLayerMessages = {
  fileRequired: 'Attach the layer file in the field "file".',
  emptyFile: 'The file is empty.',
  notLayerFile: 'This is not a layer file: send GeoJSON, a zipped shapefile (.zip with .shp, .dbf and .prj) or KML.',
  kindOrLabel: 'Pick a kind, or name a new kind in label.',
  notBoth: 'Give either a kind or a label for a new kind, not both.',
  unknownKind: 'No such kind: pick flood, wetland, protected, grid or one of your own kinds, or name a new kind in label.',
  labelNoLetters: 'The label needs at least one letter or digit from A to Z or 0 to 9.',
  labelIsBuiltIn: (kind: BuiltInLayerKind) => `${builtInKindLabels[kind]} is a built-in kind: pick it from the kinds instead.`,
  labelReserved: (slug: string) => `"${slug}" names a screening criterion of its own: choose another label.`,
  noFeatures: 'The file holds no features.',
  tooMany: `You already keep ${maxOwnLayersPerUser} layers: delete one before uploading another.`,
} as const;

/** A slug no custom kind may take (a built-in kind, or another criterion's name). */
export const isReservedKind = (slug: string) => reservedKinds.includes(slug);

/**
 * The kind a label names: lower case, accents dropped, every run of other characters one underscore, at most
 * `maxKindSlugLength` characters; empty when nothing is left ("Setback from homes" → setback_from_homes).
 */
export function kindSlug(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, maxKindSlugLength)
    .replace(/_+$/, '');
}

const idText = text(required, maxLength(64));

/** The text fields sent with POST /api/gis/own_layers/upload/ (multipart; the file goes in `file`). */
export const OwnLayerUploadFields = object({
  /** A built-in kind, or the slug of one of the caller's own kinds. */
  kind: optional(text(maxLength(maxKindSlugLength + 1))),
  /** A new kind's name, as people read it; its slug becomes the kind. */
  label: optional(text(maxLength(60))),
  /** The layer's name in lists; the file's name when not given. */
  name: optional(text(maxLength(100))),
});

export const OwnLayerIdQuery = object({ id: idText });

export const OwnLayer = object({
  id: string(),
  kind: string(),
  /** The kind as people read it: the built-in kind's label, or the label typed for a custom kind. */
  label: string(),
  name: string(),
  file_name: string(),
  measure: enums(['overlap', 'distance']),
  feature_count: number(),
  /** [west, south, east, north] of the features. */
  bbox: tuple([number(), number(), number(), number()]),
  created_at: string(),
});

export const OwnLayerList = object({ count: number(), results: array(OwnLayer) });

/** upload/: the layer kept, how many features the file held, and each feature left out with its reason. */
export const OwnLayerUploadAnswer = object({
  layer: OwnLayer,
  total: number(),
  refused: array(object({ index: number(), reason: string() })),
});

/** features/: the layer's features as GeoJSON, for drawing. */
export const OwnLayerFeatures = object({
  type: literal('FeatureCollection'),
  id: string(),
  kind: string(),
  label: string(),
  name: string(),
  bbox: tuple([number(), number(), number(), number()]),
  features: array(object({ type: literal('Feature'), geometry: any(), properties: optional(nullable(any())) })),
});

export type OwnLayerUploadFields = Infer<typeof OwnLayerUploadFields>;
export type OwnLayer = Infer<typeof OwnLayer>;
export type OwnLayerList = Infer<typeof OwnLayerList>;
export type OwnLayerUploadAnswer = Infer<typeof OwnLayerUploadAnswer>;
export type OwnLayerFeatures = Infer<typeof OwnLayerFeatures>;
