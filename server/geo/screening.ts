/**
 * Parcel screening: every criterion gives one reason (rule, threshold, measured value, verdict, layer). A criterion
 * whose layer is missing, or whose layer does not cover the parcel, is `unknown`: never a silent pass. Pure functions
 * over GeoJSON, with one flatbush index per layer; the database is not touched here.
 */
import Flatbush from 'flatbush';
import type { Feature, Geometry, Position } from 'geojson';
import type { CriterionName, LayerRef, Reason, ScreeningCriteria, Verdict } from '../../src/contract/gis.ts';
import { acresToM2, areaUnits, bboxContains, bboxOf, round, type AreaGeometry, type Bbox } from './geometry.ts';
import { area, contains, coveredArea, distance, intersectionArea, localProjection, projectFeature, projectRings, shapeOf, type Polygons, type Projection, type Shape } from './planar.ts';

export type LayerKind = 'flood' | 'wetland' | 'protected' | 'grid';

export interface ScreeningLayer {
  ref: LayerRef;
  /** The area the layer speaks for: outside it, "no feature here" means "not known". */
  coverage: Bbox;
  features: Feature<Geometry>[];
}

export interface IndexedLayer extends ScreeningLayer {
  index: Flatbush;
  boxes: Bbox[];
}

export interface ScreenedParcel {
  id: string;
  geometry: AreaGeometry;
  areaM2: number;
  landUse: string;
}

export interface ScreeningResult {
  suitable: boolean;
  verdict: Verdict;
  reasons: Reason[];
  /**
   * The parcel's area outside the excluded layers the criteria check (flood zones, wetlands, protected land), their
   * overlaps counted once; null when no such layer is checked or one of them cannot speak for the parcel.
   */
  buildable_area_m2: number | null;
  buildable_area_acres: number | null;
  buildable_area_ha: number | null;
  /** The buildable share of the parcel, 0-100. */
  buildable_pct: number | null;
}

export type LayerSet = Partial<Record<LayerKind, IndexedLayer>>;

/** Without criteria, parcels are checked for flood zones and wetlands, allowing no overlap. */
export const defaultCriteria: ScreeningCriteria = { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0 };

export function indexLayer(layer: ScreeningLayer): IndexedLayer {
  const boxes = layer.features.map((feature) => bboxOf(feature.geometry));
  const index = new Flatbush(Math.max(boxes.length, 1));
  for (const [w, s, e, n] of boxes) index.add(w, s, e, n);
  // An empty layer still needs one item for flatbush; it lies outside every valid bbox.
  if (boxes.length === 0) index.add(-1000, -1000, -1000, -1000);
  index.finish();
  return { ...layer, index, boxes };
}

const polygonsOf = (geometry: Geometry): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];

/** Keeps the part of a ring on one side of an axis-parallel line (one Sutherland-Hodgman pass). */
function clipSide(input: Position[], axis: 0 | 1, bound: number, keepAbove: boolean): Position[] {
  const output: Position[] = [];
  const other = axis === 0 ? 1 : 0;
  const inside = (p: Position) => (keepAbove ? p[axis]! >= bound : p[axis]! <= bound);
  for (let i = 0; i < input.length; i++) {
    const current = input[i]!;
    const previous = input[(i + input.length - 1) % input.length]!;
    const currentIn = inside(current);
    if (currentIn !== inside(previous)) {
      const t = (bound - previous[axis]!) / (current[axis]! - previous[axis]!);
      const cut: Position = [0, 0];
      cut[axis] = bound;
      cut[other] = previous[other]! + (current[other]! - previous[other]!) * t;
      output.push(cut);
    }
    if (currentIn) output.push(current);
  }
  return output;
}

/**
 * Cuts a ring to a rectangle (Sutherland-Hodgman). Overlap is measured on layer polygons cut to the parcel's box first,
 * so the exact intersection only ever sees the few vertices of a river-long flood zone that are near the parcel.
 */
function clipRing(ring: Position[], [w, s, e, n]: Bbox): Position[] {
  let output = ring.slice(0, -1);
  output = clipSide(output, 0, w, true);
  if (output.length > 0) output = clipSide(output, 0, e, false);
  if (output.length > 0) output = clipSide(output, 1, s, true);
  if (output.length > 0) output = clipSide(output, 1, n, false);
  return output.length >= 3 ? [...output, output[0]!] : [];
}

function clipPolygons(geometry: Geometry, box: Bbox): Position[][][] | undefined {
  const parts: Position[][][] = [];
  for (const rings of polygonsOf(geometry)) {
    const outer = clipRing(rings[0] ?? [], box);
    if (outer.length === 0) continue;
    parts.push([outer, ...rings.slice(1).map((ring) => clipRing(ring, box)).filter((ring) => ring.length > 0)]);
  }
  return parts.length > 0 ? parts : undefined;
}

/** A parcel prepared once for every layer: its box, projection and projected rings. */
interface PreparedParcel {
  box: Bbox;
  project: Projection;
  polygons: Polygons;
  shape: Shape;
  planarArea: number;
}

function prepare(parcel: ScreenedParcel): PreparedParcel {
  const box = bboxOf(parcel.geometry);
  const project = localProjection(box);
  const polygons = projectRings(polygonsOf(parcel.geometry), project);
  return { box, project, polygons, shape: shapeOf(polygons), planarArea: area(polygons) };
}

// Layer polygons are cut to the parcel's box widened by ~1 cm, so the cut edges never run along the parcel's own edges.
const pad = 1e-7;

/** A piece of a layer over the parcel, projected as the parcel is, and the area they share (m², planar). */
interface Piece {
  polygons: Polygons;
  shared: number;
}

/** The layer's polygons that share ground with the parcel, cut to its box first. */
function layerPieces(parcel: PreparedParcel, layer: IndexedLayer): Piece[] {
  const [w, s, e, n] = parcel.box;
  const cutBox: Bbox = [w - pad, s - pad, e + pad, n + pad];
  const pieces: Piece[] = [];
  for (const i of layer.index.search(...cutBox)) {
    const clipped = clipPolygons(layer.features[i]!.geometry, cutBox);
    if (!clipped) continue;
    const polygons = projectRings(clipped, parcel.project);
    const shared = intersectionArea(parcel.shape, shapeOf(polygons));
    if (shared > 0) pieces.push({ polygons, shared });
  }
  return pieces;
}

/**
 * The share of the parcel inside any of the pieces, 0-1, counting once where pieces overlap each other. A single piece
 * has its exact intersection measured already; only several need the union (the slab sweep, slower).
 */
function coveredShare(parcel: PreparedParcel, pieces: Piece[]): number {
  if (pieces.length === 0 || parcel.planarArea <= 0) return 0;
  const covered = pieces.length === 1 ? pieces[0]!.shared : coveredArea(parcel.polygons, pieces.map((piece) => piece.polygons));
  return Math.min(1, covered / parcel.planarArea);
}

type ExclusionCriterion = 'flood' | 'wetland' | 'protected';

/** The reason for one excluded layer, and the layer's pieces over the parcel when the layer speaks for it. */
function overlapReason(criterion: ExclusionCriterion, thresholdPct: number, parcel: PreparedParcel, layer: IndexedLayer | undefined): { reason: Reason; pieces?: Piece[] } {
  const label = { flood: 'a flood zone', wetland: 'wetlands', protected: 'protected land' }[criterion];
  const rule = `Share of the parcel in ${label} at most ${thresholdPct} %`;
  const base = { criterion, rule, threshold: thresholdPct, unit: '%' };
  if (!layer) return { reason: { ...base, measured: null, verdict: 'unknown', layer: null, note: `No ${criterion} layer is loaded.` } };
  if (!bboxContains(layer.coverage, parcel.box)) return { reason: { ...base, measured: null, verdict: 'unknown', layer: layer.ref, note: 'The parcel lies outside the area this layer covers.' } };
  const pieces = layerPieces(parcel, layer);
  const pct = round(coveredShare(parcel, pieces) * 100, 2);
  return { reason: { ...base, measured: pct, verdict: pct > thresholdPct ? 'fail' : 'pass', layer: layer.ref }, pieces };
}

/** The parcel's area outside every excluded layer checked, or nulls when none is checked or one cannot tell. */
function buildableArea(parcel: ScreenedParcel, prepared: PreparedParcel, checked: { pieces?: Piece[] }[]): Pick<ScreeningResult, 'buildable_area_m2' | 'buildable_area_acres' | 'buildable_area_ha' | 'buildable_pct'> {
  if (checked.length === 0 || checked.some((overlap) => !overlap.pieces)) return { buildable_area_m2: null, buildable_area_acres: null, buildable_area_ha: null, buildable_pct: null };
  const share = 1 - coveredShare(prepared, checked.flatMap((overlap) => overlap.pieces!));
  const { m2, acres, ha } = areaUnits(parcel.areaM2 * share);
  return { buildable_area_m2: m2, buildable_area_acres: acres, buildable_area_ha: ha, buildable_pct: round(share * 100, 2) };
}

function gridReason(maxKm: number, parcel: PreparedParcel, layer: IndexedLayer | undefined): Reason {
  const base = { criterion: 'grid_distance' as const, rule: `Distance to the grid at most ${maxKm} km`, threshold: maxKm, unit: 'km' };
  if (!layer) return { ...base, measured: null, verdict: 'unknown', layer: null, note: 'No grid layer is loaded.' };
  const covered = bboxContains(layer.coverage, parcel.box);
  // Candidates: features whose box lies within the threshold of the parcel's box (1° of latitude ≈ 110.6 km).
  const [w, s, e, n] = parcel.box;
  const latPad = maxKm / 110.574;
  const lngPad = maxKm / (111.32 * Math.max(0.01, Math.cos((((s + n) / 2) * Math.PI) / 180)));
  let bestM = Infinity;
  for (const i of layer.index.search(w - lngPad, s - latPad, e + lngPad, n + latPad)) {
    bestM = Math.min(bestM, distance(parcel.shape, projectFeature(layer.features[i]!.geometry, parcel.project)));
  }
  if (bestM === Infinity) {
    return covered
      ? { ...base, measured: null, verdict: 'fail', layer: layer.ref, note: `No grid feature within ${maxKm} km.` }
      : { ...base, measured: null, verdict: 'unknown', layer: layer.ref, note: 'The parcel lies outside the area this layer covers.' };
  }
  const km = round(bestM / 1000, 3);
  return { ...base, measured: km, verdict: bestM <= maxKm * 1000 ? 'pass' : covered ? 'fail' : 'unknown', layer: layer.ref };
}

/** Screens one parcel against the criteria given (absent criteria are not checked). */
export function screenParcel(parcel: ScreenedParcel, criteria: ScreeningCriteria, layers: LayerSet): ScreeningResult {
  const reasons: Reason[] = [];
  const prepared = prepare(parcel);
  const acres = round(parcel.areaM2 / acresToM2(1), 3);
  if (criteria.min_area_acres !== undefined) {
    const t = criteria.min_area_acres;
    reasons.push({ criterion: 'min_area', rule: `Area at least ${t} acres`, threshold: t, measured: acres, unit: 'acres', verdict: parcel.areaM2 >= acresToM2(t) ? 'pass' : 'fail', layer: null });
  }
  if (criteria.max_area_acres !== undefined) {
    const t = criteria.max_area_acres;
    reasons.push({ criterion: 'max_area', rule: `Area at most ${t} acres`, threshold: t, measured: acres, unit: 'acres', verdict: parcel.areaM2 <= acresToM2(t) ? 'pass' : 'fail', layer: null });
  }
  if (criteria.land_use !== undefined) {
    const accepted = criteria.land_use.map((use) => use.trim().toLowerCase());
    const use = parcel.landUse.trim();
    const rule = `Land use is one of: ${criteria.land_use.join(', ')}`;
    reasons.push(
      use === ''
        ? { criterion: 'land_use', rule, threshold: criteria.land_use, measured: null, unit: '', verdict: 'unknown', layer: null, note: 'The parcel has no land use on record.' }
        : { criterion: 'land_use', rule, threshold: criteria.land_use, measured: use, unit: '', verdict: accepted.includes(use.toLowerCase()) ? 'pass' : 'fail', layer: null },
    );
  }
  const exclusions = (
    [
      ['flood', criteria.max_flood_overlap_pct],
      ['wetland', criteria.max_wetland_overlap_pct],
      ['protected', criteria.max_protected_overlap_pct],
    ] as const
  ).flatMap(([criterion, threshold]) => (threshold === undefined ? [] : [overlapReason(criterion, threshold, prepared, layers[criterion])]));
  for (const { reason } of exclusions) reasons.push(reason);
  if (criteria.max_grid_distance_km !== undefined) reasons.push(gridReason(criteria.max_grid_distance_km, prepared, layers.grid));

  const verdict: Verdict = reasons.some((r) => r.verdict === 'fail') ? 'fail' : reasons.some((r) => r.verdict === 'unknown') ? 'unknown' : 'pass';
  return { suitable: verdict === 'pass', verdict, reasons, ...buildableArea(parcel, prepared, exclusions) };
}

/** The criteria a request names, or the default flood-and-wetland check when it names none. */
export function criteriaOrDefault(criteria: ScreeningCriteria | undefined): ScreeningCriteria {
  const given = Object.fromEntries(Object.entries(criteria ?? {}).filter(([, value]) => value !== undefined));
  return Object.keys(given).length > 0 ? given : defaultCriteria;
}

export const criterionLabels: Record<CriterionName, string> = {
  min_area: 'Minimum area',
  max_area: 'Maximum area',
  land_use: 'Land use',
  flood: 'Flood zones',
  wetland: 'Wetlands',
  protected: 'Protected land',
  grid_distance: 'Distance to grid',
};

/**
 * Whether an area shares any ground with `area` (a shared edge alone does not count). `area` is projected and its
 * edges indexed once for every test, so a 50,000-vertex boundary costs its size once, not once per parcel: a parcel no
 * edge comes near lies wholly inside or wholly outside, which one point decides; only a parcel on the edge meets the
 * exact intersection, with `area` cut to the parcel's box first. One projection serves every parcel: it is affine,
 * and whether two shapes overlap does not change under an affine map.
 */
export function overlapsArea(area: AreaGeometry): (other: AreaGeometry) => boolean {
  const polygons = polygonsOf(area);
  const project = localProjection(bboxOf(area));
  const shape = shapeOf(projectRings(polygons, project));
  const rings = polygons.flat();
  const edgeCount = rings.reduce((sum, ring) => sum + Math.max(0, ring.length - 1), 0);
  const edges = new Flatbush(Math.max(1, edgeCount));
  for (const ring of rings) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [x0, y0] = ring[i]!;
      const [x1, y1] = ring[i + 1]!;
      edges.add(Math.min(x0!, x1!), Math.min(y0!, y1!), Math.max(x0!, x1!), Math.max(y0!, y1!));
    }
  }
  // As in indexLayer: flatbush needs one item, and this one lies outside every valid bbox.
  if (edgeCount === 0) edges.add(-1000, -1000, -1000, -1000);
  edges.finish();
  return (other) => {
    const [w, s, e, n] = bboxOf(other);
    const box: Bbox = [w - pad, s - pad, e + pad, n + pad];
    if (edges.search(...box).length === 0) {
      const first = polygonsOf(other)[0]?.[0]?.[0];
      return first !== undefined && contains(shape, project(first));
    }
    const clipped = clipPolygons(area, box);
    return clipped !== undefined && intersectionArea(shapeOf(projectRings(polygonsOf(other), project)), shapeOf(projectRings(clipped, project))) > 0;
  };
}
