/** What a planner keeps and sees on the screening map: a project's saved criteria, and constraint layers drawn in a box. */
import { any, array, boolean, coerce, literal, nullable, number, object, string, tuple, type Infer } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { Bbox, ScreeningCriteria } from './gis.ts';
import { required } from './validation.ts';

const idText = text(required, maxLength(64));

/** PUT /api/project/screening_criteria/: the criteria the map screen, the report and study sizing screen with. */
export const ProjectCriteriaBody = object({ id: idText, criteria: ScreeningCriteria });

/** A project's criteria: those saved, or the defaults (`saved` false) when none were. */
export const ProjectCriteria = object({ id: string(), criteria: ScreeningCriteria, saved: boolean() });

/** GET /api/gis/map_layers/?bbox=west,south,east,north: the constraint layers' features in the visible map area. */
export const MapLayersQuery = object({
  bbox: coerce(Bbox, string(), (text) => text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)))),
});

/** One layer as the map draws it: where it comes from, and its features in the box, cut to it. */
export const MapLayer = object({
  id: string(),
  /** flood, wetland, protected, grid, or a custom kind of the user's own. */
  kind: string(),
  /** The kind as people read it ("Flood zones", "Setback from homes"). */
  label: string(),
  name: string(),
  /** The user's own layer, or one every user shares. */
  own: boolean(),
  /** Whom the data comes from, with its licence where known. */
  attribution: string(),
  source_date: nullable(string()),
  /** Features of the layer in the box; `shown` of them are drawn, each cut to the box. */
  in_view: number(),
  shown: number(),
  /** Why fewer are drawn than lie in the box (too many, or a box too large to draw), else null. */
  cut: nullable(string()),
  features: object({ type: literal('FeatureCollection'), features: array(object({ type: literal('Feature'), geometry: any(), properties: any() })) }),
});

export const MapLayers = object({ bbox: tuple([number(), number(), number(), number()]), layers: array(MapLayer) });

export type ProjectCriteriaBody = Infer<typeof ProjectCriteriaBody>;
export type ProjectCriteria = Infer<typeof ProjectCriteria>;
export type MapLayer = Infer<typeof MapLayer>;
export type MapLayers = Infer<typeof MapLayers>;

/** How each criterion of the contract reads, on the map screen's form and in the report; `unit` follows the label. */
const knownCriteria: Record<string, { label: string; unit?: string }> = {
  min_area_acres: { label: 'Minimum area', unit: 'acres' },
  max_area_acres: { label: 'Maximum area', unit: 'acres' },
  max_flood_overlap_pct: { label: 'Largest share in a flood zone', unit: '%' },
  max_wetland_overlap_pct: { label: 'Largest share in wetlands', unit: '%' },
  max_protected_overlap_pct: { label: 'Largest share in protected land', unit: '%' },
  max_grid_distance_km: { label: 'Farthest distance to the grid', unit: 'km' },
  max_slope_pct: { label: 'Steepest buildable slope', unit: '%' },
  max_steep_share_pct: { label: 'Largest share steeper than that', unit: '%' },
  land_use: { label: 'Accepted land uses' },
};

const units: Record<string, string> = { pct: '%', km: 'km', acres: 'acres', m: 'm', ha: 'ha' };

/**
 * A criterion's label and unit: the known ones as written above, any other from its key, so criteria the contract
 * gains later read sensibly everywhere ("max_setback_overlap_pct": "Largest share in setback", %).
 */
export function criterionField(key: string): { label: string; unit?: string } {
  const known = knownCriteria[key];
  if (known) return known;
  const parts = key.split('_');
  const unit = units[parts.at(-1) ?? ''];
  const words = (unit ? parts.slice(0, -1) : parts).filter((word) => word !== 'max' && word !== 'min');
  const overlap = words.at(-1) === 'overlap';
  const distance = words.at(-1) === 'distance';
  const subject = words.filter((word) => word !== 'overlap' && word !== 'distance').join(' ');
  const label = overlap ? `Largest share in ${subject}` : distance ? `Farthest distance to ${subject}` : `${parts[0] === 'min' ? 'Smallest' : 'Largest'} ${subject}`;
  return unit ? { label, unit } : { label };
}

const knownOrder = Object.keys(knownCriteria);
const rank = (key: string) => (knownOrder.includes(key) ? knownOrder.indexOf(key) : knownOrder.length);

/** The criteria in words, one per criterion given, the known ones in the form's order: "Largest share in a flood zone: 0 %". */
export function criteriaInWords(criteria: Record<string, unknown>): string[] {
  return Object.entries(criteria)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, value]) => {
      const { label, unit } = criterionField(key);
      const shown = Array.isArray(value) ? value.join(', ') : String(value);
      return `${label}: ${shown}${unit ? ` ${unit}` : ''}`;
    });
}
