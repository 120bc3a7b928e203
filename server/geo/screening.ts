/**
 * Parcel screening: every criterion gives one reason (rule, threshold, measured value, verdict, layer). A criterion
 * whose layer is missing, or whose layer does not cover the parcel (unless what the layer holds there decides anyway),
 * or whose online source failed, is `unknown`: never a silent pass. A kind may have several layers (shared, the user's own, fetched online), which count together. Pure
 * functions over GeoJSON and an elevation grid, with one flatbush index per layer; the database is not touched here.
 */
import Flatbush from 'flatbush';
import type { Feature, Geometry, Position } from 'geojson';
import { builtInKinds, criterionLabel, criterionLabels as contractLabels, type LayerRef, type Reason, type ScreeningCriteria, type Verdict } from '../../src/contract/gis.ts';
import { acresToM2, areaUnits, bboxContains, bboxesOverlap, bboxOf, round, widened, type AreaGeometry, type Bbox } from './geometry.ts';
import { area, contains, coveredArea, distance, intersectionArea, localProjection, projectFeature, projectRings, shapeOf, type Polygons, type Projection, type Shape } from './planar.ts';
import { rectangle, slopeCells, slopeShares, type ElevationRaster } from './slope.ts';

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

/** The layers by kind (flood, wetland, protected, grid or a custom kind's slug): one, or several that count together. */
export type LayerSet = Partial<Record<string, IndexedLayer | IndexedLayer[]>>;

/** A source that could not answer: its kind's criterion is `unknown` with this reason, unless the parcel fails anyway. */
export interface LayerFailure {
  kind: string;
  ref: LayerRef;
  reason: string;
}

/** What online sources add beside layers: the ground's elevation (for slope) and the sources that failed. */
export interface ScreeningExtras {
  elevation?: (ElevationRaster & { ref: LayerRef }) | null;
  failures?: LayerFailure[];
}

/** The kind of the failures that speak for slope: an elevation source's. */
export const slopeKind = 'slope';

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

const layersOf = (layers: LayerSet, kind: string): IndexedLayer[] => {
  const entry = layers[kind];
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
};

/**
 * Whether the layers together speak for all of `box`: one layer's coverage holds it, or their coverages do between
 * them (tiles of an online source), measured as the box's area the union of coverages leaves out.
 */
function covers(layers: IndexedLayer[], box: Bbox): boolean {
  if (layers.some((layer) => bboxContains(layer.coverage, box))) return true;
  if (layers.length < 2) return false;
  const boxArea = (box[2] - box[0]) * (box[3] - box[1]);
  return boxArea > 0 && coveredArea([rectangle(...box)], layers.map((layer) => [rectangle(...layer.coverage)])) >= boxArea * (1 - 1e-9);
}

/** What a reason says about a kind of several layers: each of them; one layer's reason reads as it always has. */
const allLayers = (layers: IndexedLayer[]) => (layers.length > 1 ? { layers: layers.map((layer) => layer.ref) } : {});

/** The failed sources of a kind as a reason's layer and note. */
const failed = (failures: LayerFailure[]) => ({ layer: failures[0]!.ref, note: failures.map((failure) => failure.reason).join('; ') });

/** A box as notes give it: "longitude -77.12 to -76.9, latitude 38.79 to 39". */
const boxText = ([w, s, e, n]: Bbox) => `longitude ${round(w, 5)} to ${round(e, 5)}, latitude ${round(s, 5)} to ${round(n, 5)}`;

/**
 * The area the layers are taken to cover, named in notes: a stored layer's declared coverage (the DC sample's, the
 * CLI's --coverage), an uploaded layer's extent of its features, an online source's tiles asked. Those that reach the
 * parcel are named, or all of them when none does.
 */
function coverageText(layers: IndexedLayer[], box: Bbox): string {
  const reaching = layers.filter((layer) => bboxesOverlap(layer.coverage, box));
  const named = reaching.length > 0 ? reaching : layers;
  if (named.length === 1) return `the area this layer is taken to cover (${boxText(named[0]!.coverage)})`;
  return `the areas these layers are taken to cover (${named.map((layer) => `${layer.ref.name}: ${boxText(layer.coverage)}`).join('; ')})`;
}

/** The share of the parcel, 0-1, that no layer's coverage holds (their union measured on the parcel's projection). */
function uncoveredShare(parcel: PreparedParcel, layers: IndexedLayer[]): number {
  if (parcel.planarArea <= 0) return 0;
  const [w, s, e, n] = parcel.box;
  const rectangles = layers.flatMap(({ coverage: [cw, cs, ce, cn] }) => {
    const cut: Bbox = [Math.max(cw, w - pad), Math.max(cs, s - pad), Math.min(ce, e + pad), Math.min(cn, n + pad)];
    if (cut[0] >= cut[2] || cut[1] >= cut[3]) return [];
    const [x0, y0] = parcel.project([cut[0], cut[1]]);
    const [x1, y1] = parcel.project([cut[2], cut[3]]);
    return [[rectangle(x0, y0, x1, y1)]];
  });
  return Math.max(0, 1 - coveredArea(parcel.polygons, rectangles) / parcel.planarArea);
}

const overlapLabels: Record<string, string> = { flood: 'a flood zone', wetland: 'wetlands', protected: 'protected land' };

/**
 * The reason for one excluded kind, and the pieces of its layers over the parcel when together they speak for all of
 * it. Ground the layers' shapes share with the parcel is there whatever area the layers are taken to cover: past the
 * limit it fails. Part of the parcel outside that area leaves the verdict unknown only when it could change it (as
 * ground of unknown slope does): a pass when the limit holds even with all of that part counted in. A failed source
 * of the kind leaves it `unknown` unless the layers that answered already put the parcel over the limit.
 */
function overlapReason(kind: string, thresholdPct: number, parcel: PreparedParcel, layers: IndexedLayer[], failures: LayerFailure[]): { reason: Reason; pieces?: Piece[] } {
  const label = overlapLabels[kind] ?? `"${criterionLabel(kind)}"`;
  const rule = `Share of the parcel in ${label} at most ${thresholdPct}%`;
  const base = { criterion: kind, rule, threshold: thresholdPct, unit: '%' };
  if (layers.length === 0 && failures.length === 0) return { reason: { ...base, measured: null, verdict: 'unknown', layer: null, note: `No ${kind} layer is loaded.` } };
  const covered = covers(layers, parcel.box);
  const byLayer = layers.map((layer) => ({ layer, pieces: layerPieces(parcel, layer) }));
  const pieces = byLayer.flatMap((entry) => entry.pieces);
  const pct = round(coveredShare(parcel, pieces) * 100, 2);
  const shared = (entry: (typeof byLayer)[number]) => entry.pieces.reduce((sum, piece) => sum + piece.shared, 0);
  const decider = byLayer.reduce<(typeof byLayer)[number] | undefined>((best, entry) => (shared(entry) > (best ? shared(best) : 0) ? entry : best), undefined)?.layer;
  const named = decider ?? layers.find((layer) => bboxContains(layer.coverage, parcel.box)) ?? layers[0];
  const several = allLayers(layers);
  const outsidePct = covered ? 0 : round(uncoveredShare(parcel, layers) * 100, 2);
  // A sliver outside that rounds to nothing is no reason to doubt the measure.
  const whole = outsidePct === 0;
  const outside = `${outsidePct}% of the parcel lies outside ${coverageText(layers, parcel.box)}`;
  if (pct > thresholdPct) {
    const partly = whole ? {} : { note: `${outside}: at least ${pct}% of the parcel lies in ${label}.` };
    return { reason: { ...base, measured: pct, verdict: 'fail', layer: named!.ref, ...several, ...partly }, ...(whole && failures.length === 0 ? { pieces } : {}) };
  }
  if (failures.length > 0) return { reason: { ...base, measured: null, verdict: 'unknown', ...failed(failures), ...several } };
  if (whole) return { reason: { ...base, measured: pct, verdict: 'pass', layer: named!.ref, ...several }, pieces };
  if (pct === 0 && outsidePct >= 100) return { reason: { ...base, measured: null, verdict: 'unknown', layer: named!.ref, note: `The parcel lies outside ${coverageText(layers, parcel.box)}.`, ...several } };
  if (round(pct + outsidePct, 2) <= thresholdPct) {
    return { reason: { ...base, measured: pct, verdict: 'pass', layer: named!.ref, note: `${outside}: even with all of that part in ${label}, the share stays within ${thresholdPct}%.`, ...several } };
  }
  return {
    reason: { ...base, measured: pct, verdict: 'unknown', layer: named!.ref, note: `${outside}, where it is not known whether it is in ${label}; ${pct}% of the parcel lies in ${label} inside that area.`, ...several },
  };
}

/** The parcel's area outside every excluded layer checked, or nulls when none is checked or one cannot tell. */
function buildableArea(parcel: ScreenedParcel, prepared: PreparedParcel, checked: { pieces?: Piece[] }[]): Pick<ScreeningResult, 'buildable_area_m2' | 'buildable_area_acres' | 'buildable_area_ha' | 'buildable_pct'> {
  if (checked.length === 0 || checked.some((overlap) => !overlap.pieces)) return { buildable_area_m2: null, buildable_area_acres: null, buildable_area_ha: null, buildable_pct: null };
  const share = 1 - coveredShare(prepared, checked.flatMap((overlap) => overlap.pieces!));
  const { m2, acres, ha } = areaUnits(parcel.areaM2 * share);
  return { buildable_area_m2: m2, buildable_area_acres: acres, buildable_area_ha: ha, buildable_pct: round(share * 100, 2) };
}

/**
 * The distance to the nearest feature of any grid layer: a feature within the limit is a pass whatever else failed;
 * none is a fail where the layers speak for the parcel (as they always have: the parcel inside their coverage; online
 * sources are asked for the ground within the limit around the parcels too, up to 10 km).
 */
function gridReason(maxKm: number, parcel: PreparedParcel, layers: IndexedLayer[], failures: LayerFailure[]): Reason {
  const base = { criterion: 'grid_distance' as const, rule: `Distance to the grid at most ${maxKm} km`, threshold: maxKm, unit: 'km' };
  if (layers.length === 0 && failures.length === 0) return { ...base, measured: null, verdict: 'unknown', layer: null, note: 'No grid layer is loaded.' };
  const reach = widened(parcel.box, maxKm);
  const covered = failures.length === 0 && covers(layers, parcel.box);
  let bestM = Infinity;
  let nearest = layers.find((layer) => bboxContains(layer.coverage, parcel.box)) ?? layers[0];
  for (const layer of layers) {
    for (const i of layer.index.search(...reach)) {
      const metres = distance(parcel.shape, projectFeature(layer.features[i]!.geometry, parcel.project));
      if (metres < bestM) {
        bestM = metres;
        nearest = layer;
      }
    }
  }
  const outside = (found: string) => (failures.length > 0 ? failed(failures) : { layer: nearest!.ref, note: `The parcel is not wholly inside ${coverageText(layers, parcel.box)}: ${found}` });
  if (bestM === Infinity) {
    return covered
      ? { ...base, measured: null, verdict: 'fail', layer: nearest!.ref, note: `No grid feature within ${maxKm} km.`, ...allLayers(layers) }
      : { ...base, measured: null, verdict: 'unknown', ...outside(`no grid feature within ${maxKm} km is known.`), ...allLayers(layers) };
  }
  const km = round(bestM / 1000, 3);
  if (bestM <= maxKm * 1000) return { ...base, measured: km, verdict: 'pass', layer: nearest!.ref, ...allLayers(layers) };
  return covered ? { ...base, measured: km, verdict: 'fail', layer: nearest!.ref, ...allLayers(layers) } : { ...base, measured: km, verdict: 'unknown', ...outside(`a grid feature nearer than ${km} km may lie beyond it.`), ...allLayers(layers) };
}

/**
 * The share of the parcel steeper than the limit, from the elevation grid, failing above the allowed share; the steep
 * ground as a piece to take out of the buildable area when the slope of all of the parcel is known. Ground of unknown
 * slope (noData, past the grid) leaves the verdict unknown unless it cannot change it: a fail is certain when the steep
 * share alone is over the allowance, a pass when it stays within it even with all the unknown ground counted steep.
 */
function slopeReason(limitPct: number, allowedPct: number, parcel: PreparedParcel, extras: ScreeningExtras): { reason: Reason; pieces?: Piece[] } {
  const base = { criterion: 'slope' as const, rule: `Share of the parcel steeper than ${limitPct}% at most ${allowedPct}%`, threshold: allowedPct, unit: '%' };
  const failures = (extras.failures ?? []).filter((failure) => failure.kind === slopeKind);
  const grid = extras.elevation;
  if (!grid) return { reason: failures.length > 0 ? { ...base, measured: null, verdict: 'unknown', ...failed(failures) } : { ...base, measured: null, verdict: 'unknown', layer: null, note: 'No elevation layer is loaded.' } };
  const [w, s, e, n] = grid.bbox;
  const [pw, ps, pe, pn] = parcel.box;
  if (pe <= w || pw >= e || pn <= s || ps >= n) return { reason: { ...base, measured: null, verdict: 'unknown', layer: grid.ref, note: 'The parcel lies outside the area this layer covers.' } };
  const cells = slopeCells(grid, limitPct, parcel.box, parcel.project);
  const shares = slopeShares(parcel.polygons, parcel.planarArea, cells);
  const steepPct = round(shares.steep * 100, 2);
  const unknownPct = round(shares.unknown * 100, 2);
  if (unknownPct === 0 && cells.unknown.length === 0) {
    const piece = { polygons: cells.steep, shared: shares.steep * parcel.planarArea };
    return { reason: { ...base, measured: steepPct, verdict: steepPct > allowedPct ? 'fail' : 'pass', layer: grid.ref }, pieces: cells.steep.length > 0 ? [piece] : [] };
  }
  const verdict: Verdict = steepPct > allowedPct ? 'fail' : steepPct + unknownPct <= allowedPct ? 'pass' : 'unknown';
  return { reason: { ...base, measured: steepPct, verdict, layer: grid.ref, note: `${unknownPct} % of the parcel has no elevation data.` } };
}

/** The custom kinds the criteria name (`max_<kind>_overlap_pct`), in the order given, with their thresholds. */
function customOverlaps(criteria: ScreeningCriteria): [kind: string, thresholdPct: number][] {
  const found: [string, number][] = [];
  for (const [key, value] of Object.entries(criteria)) {
    const kind = /^max_(.+)_overlap_pct$/.exec(key)?.[1];
    if (kind !== undefined && typeof value === 'number' && !(builtInKinds as readonly string[]).includes(kind)) found.push([kind, value]);
  }
  return found;
}

/** Screens one parcel against the criteria given (absent criteria are not checked). */
export function screenParcel(parcel: ScreenedParcel, criteria: ScreeningCriteria, layers: LayerSet, extras: ScreeningExtras = {}): ScreeningResult {
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
  const failuresOf = (kind: string) => (extras.failures ?? []).filter((failure) => failure.kind === kind);
  const exclusions = (
    [
      ['flood', criteria.max_flood_overlap_pct],
      ['wetland', criteria.max_wetland_overlap_pct],
      ['protected', criteria.max_protected_overlap_pct],
      ...customOverlaps(criteria),
    ] as const
  ).flatMap(([kind, threshold]) => (threshold === undefined ? [] : [overlapReason(kind, threshold, prepared, layersOf(layers, kind), failuresOf(kind))]));
  for (const { reason } of exclusions) reasons.push(reason);
  if (criteria.max_grid_distance_km !== undefined) reasons.push(gridReason(criteria.max_grid_distance_km, prepared, layersOf(layers, 'grid'), failuresOf('grid')));
  if (criteria.max_slope_pct !== undefined) {
    const slope = slopeReason(criteria.max_slope_pct, criteria.max_steep_share_pct ?? 0, prepared, extras);
    reasons.push(slope.reason);
    exclusions.push(slope);
  }

  const verdict: Verdict = reasons.some((r) => r.verdict === 'fail') ? 'fail' : reasons.some((r) => r.verdict === 'unknown') ? 'unknown' : 'pass';
  return { suitable: verdict === 'pass', verdict, reasons, ...buildableArea(parcel, prepared, exclusions) };
}

/** The criteria a request names, or the default flood-and-wetland check when it names none. */
export function criteriaOrDefault(criteria: ScreeningCriteria | undefined): ScreeningCriteria {
  const given = Object.fromEntries(Object.entries(criteria ?? {}).filter(([, value]) => value !== undefined));
  return Object.keys(given).length > 0 ? (given as ScreeningCriteria) : defaultCriteria;
}

/** How the report names each built-in criterion. */
export const criterionLabels: Record<string, string> = { ...contractLabels, flood: 'Flood zones' };

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
