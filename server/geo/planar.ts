/**
 * Plain-float planar geometry on a local equirectangular projection, for the screening hot loop. At parcel scale
 * (well under 50 km) the projection's scale error is far below the data's own accuracy, and it avoids the
 * arbitrary-precision clipping of turf/polyclip, which took ~3 s for the 1,258 DC parcels instead of milliseconds.
 */
import Flatbush from 'flatbush';
import type { Geometry, Position } from 'geojson';
import type { Bbox } from './geometry.ts';

export type Point = [x: number, y: number];
/** A closed ring (last point = first). */
export type Ring = Point[];
/** Polygons, each an outer ring (counter-clockwise) followed by its holes (clockwise). */
export type Polygons = Ring[][];

// WGS84 mean radius, as turf uses.
const earthRadiusM = 6_371_008.8;
const rad = Math.PI / 180;

export interface Projection {
  (p: Position): Point;
}

/** Metres east and north of the box's centre. */
export function localProjection([w, s, e, n]: Bbox): Projection {
  const lng0 = (w + e) / 2;
  const lat0 = (s + n) / 2;
  const kx = earthRadiusM * Math.cos(lat0 * rad) * rad;
  const ky = earthRadiusM * rad;
  return (p) => [(p[0]! - lng0) * kx, (p[1]! - lat0) * ky];
}

function signedArea2(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

const oriented = (ring: Ring, counterClockwise: boolean): Ring => (signedArea2(ring) > 0 === counterClockwise ? ring : ring.slice().reverse());

/** Rings of lon/lat positions as projected polygons with outer rings counter-clockwise and holes clockwise. */
export function projectRings(polygons: Position[][][], project: Projection): Polygons {
  return polygons.map((rings) => rings.map((ring, i) => oriented(ring.map(project), i === 0)));
}

export function area(polygons: Polygons): number {
  let sum = 0;
  for (const rings of polygons) for (const ring of rings) sum += signedArea2(ring);
  return sum / 2;
}

type Segment = [Point, Point];

/**
 * Polygons with their edges bucketed into horizontal bands, so point-in-polygon and crossing tests look only at the
 * edges near a point instead of all of them (large parcels and river-long flood zones have thousands).
 */
export interface Shape {
  polygons: Polygons;
  edges: Segment[];
  minY: number;
  bandHeight: number;
  bands: number[][];
  seen: Uint32Array;
  tick: number;
  found: number[];
}

export function shapeOf(polygons: Polygons): Shape {
  const edges: Segment[] = [];
  let minY = Infinity;
  let maxY = -Infinity;
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const p = ring[i]!;
        const q = ring[i + 1]!;
        edges.push([p, q]);
        if (p[1] < minY) minY = p[1];
        if (p[1] > maxY) maxY = p[1];
      }
    }
  }
  // Small shapes keep one band: bucketing costs more than it saves below a few dozen edges.
  const count = edges.length > 32 ? Math.ceil(Math.sqrt(edges.length)) : 1;
  const bandHeight = maxY > minY ? (maxY - minY) / count : 1;
  const bands: number[][] = [];
  for (let b = 0; b < count; b++) bands.push([]);
  if (count === 1) for (let i = 0; i < edges.length; i++) bands[0]!.push(i);
  else {
    const bandOf = (y: number) => Math.min(count - 1, Math.max(0, Math.floor((y - minY) / bandHeight)));
    edges.forEach(([p, q], i) => {
      const last = bandOf(Math.max(p[1], q[1]));
      for (let b = bandOf(Math.min(p[1], q[1])); b <= last; b++) bands[b]!.push(i);
    });
  }
  return { polygons, edges, minY, bandHeight, bands, seen: new Uint32Array(count === 1 ? 0 : edges.length), tick: 0, found: [] };
}

/** Indices of the edges whose bands meet [y0, y1], each once; the array is reused by the next call on this shape. */
function nearEdges(shape: Shape, y0: number, y1: number): number[] {
  const found = shape.found;
  found.length = 0;
  if (shape.bands.length === 1) return y1 < shape.minY ? found : shape.bands[0]!;
  const last = shape.bands.length - 1;
  const from = Math.max(0, Math.floor((y0 - shape.minY) / shape.bandHeight));
  const to = Math.min(last, Math.floor((y1 - shape.minY) / shape.bandHeight));
  if (from === to) return shape.bands[from] ?? found;
  const tick = ++shape.tick;
  for (let band = from; band <= to; band++) {
    for (const i of shape.bands[band]!) {
      if (shape.seen[i] === tick) continue;
      shape.seen[i] = tick;
      found.push(i);
    }
  }
  return found;
}

/** Even-odd rule over every ring, so holes are outside. */
export function contains(shape: Shape, point: Point): boolean {
  const x = point[0];
  const y = point[1];
  let inside = false;
  for (const i of nearEdges(shape, y, y)) {
    const [[xi, yi], [xj, yj]] = shape.edges[i]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Where segment p→q crosses segment r→s, as a fraction along p→q; undefined when they do not cross (or are parallel). */
function crossing(p: Point, q: Point, r: Point, s: Point): number | undefined {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const ex = s[0] - r[0];
  const ey = s[1] - r[1];
  const denominator = dx * ey - dy * ex;
  if (denominator === 0) return undefined;
  const t = ((r[0] - p[0]) * ey - (r[1] - p[1]) * ex) / denominator;
  const u = ((r[0] - p[0]) * dy - (r[1] - p[1]) * dx) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : undefined;
}

const boxesMeet = (p: Point, q: Point, [r, s]: Segment) =>
  Math.max(r[0], s[0]) >= Math.min(p[0], q[0]) && Math.min(r[0], s[0]) <= Math.max(p[0], q[0]);

/** Whether two segments are parallel and on one line (then crossing() has no single answer). */
function collinear(p: Point, q: Point, r: Point, s: Point): boolean {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const ex = s[0] - r[0];
  const ey = s[1] - r[1];
  const scale = Math.hypot(dx, dy) * Math.hypot(ex, ey);
  return Math.abs(dx * ey - dy * ex) <= 1e-12 * scale && Math.abs((r[0] - p[0]) * dy - (r[1] - p[1]) * dx) <= 1e-12 * scale + 1e-18;
}

/** Where r lies along p→q, as a fraction. */
const along = (p: Point, q: Point, r: Point) => {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  return ((r[0] - p[0]) * dx + (r[1] - p[1]) * dy) / (dx * dx + dy * dy);
};

/** Whether the boundaries of p→q and the shape meet at all: a crossing, a touch or a shared stretch. */
function crosses(shape: Shape, p: Point, q: Point): boolean {
  for (const i of nearEdges(shape, Math.min(p[1], q[1]), Math.max(p[1], q[1]))) {
    const edge = shape.edges[i]!;
    if (!boxesMeet(p, q, edge)) continue;
    if (crossing(p, q, edge[0], edge[1]) !== undefined || collinear(p, q, edge[0], edge[1])) return true;
  }
  return false;
}

/** The edge of `shape` that the point lies on, if any (within a micrometre; coordinates are metres). */
function edgeUnder(shape: Shape, m: Point): Segment | undefined {
  for (const i of nearEdges(shape, m[1] - 1e-6, m[1] + 1e-6)) {
    const edge = shape.edges[i]!;
    if (pointSegmentDistance(m, edge) <= 1e-6) return edge;
  }
  return undefined;
}

/**
 * ½∮(x dy − y dx) over the pieces of `edges` that lie inside `other`. A piece lying on `other`'s boundary belongs
 * to the intersection's boundary only when both run the same way (the shapes are on the same side of it); it is
 * counted in the first pass only, so it is not counted twice.
 */
function insideContribution(edges: Segment[], other: Shape, firstPass: boolean): number {
  let sum = 0;
  const cuts: number[] = [];
  for (const [p, q] of edges) {
    cuts.length = 0;
    cuts.push(0, 1);
    let sharesLine = false;
    for (const i of nearEdges(other, Math.min(p[1], q[1]), Math.max(p[1], q[1]))) {
      const edge = other.edges[i]!;
      if (!boxesMeet(p, q, edge)) continue;
      if (collinear(p, q, edge[0], edge[1])) {
        sharesLine = true;
        for (const end of edge) {
          const t = along(p, q, end);
          if (t > 0 && t < 1) cuts.push(t);
        }
        continue;
      }
      const t = crossing(p, q, edge[0], edge[1]);
      if (t !== undefined && t > 0 && t < 1) cuts.push(t);
    }
    if (cuts.length > 2) cuts.sort((a, b) => a - b);
    const dx = q[0] - p[0];
    const dy = q[1] - p[1];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const t0 = cuts[i]!;
      const t1 = cuts[i + 1]!;
      if (t1 - t0 < 1e-12) continue;
      const tm = (t0 + t1) / 2;
      const m: Point = [p[0] + dx * tm, p[1] + dy * tm];
      const shared = sharesLine ? edgeUnder(other, m) : undefined;
      if (shared) {
        const sameWay = dx * (shared[1][0] - shared[0][0]) + dy * (shared[1][1] - shared[0][1]) > 0;
        if (!firstPass || !sameWay) continue;
      } else if (!contains(other, m)) continue;
      const ax = p[0] + dx * t0;
      const ay = p[1] + dy * t0;
      const bx = p[0] + dx * t1;
      const by = p[1] + dy * t1;
      sum += ax * by - bx * ay;
    }
  }
  return sum / 2;
}

/**
 * Area of A ∩ B by Green's theorem: the boundary of the intersection is A's boundary inside B plus B's boundary
 * inside A. Works for concave polygons with holes; both must be oriented as `projectRings` leaves them.
 */
export function intersectionArea(a: Shape, b: Shape): number {
  if (!a.edges.some(([p, q]) => crosses(b, p, q))) {
    // No boundaries meet, so each ring lies wholly inside or outside the other shape: one point per ring decides.
    const ringsInside = (rings: Ring[], other: Shape) => rings.reduce((sum, ring) => (ring[0] && contains(other, ring[0]) ? sum + signedArea2(ring) / 2 : sum), 0);
    return Math.max(0, ringsInside(a.polygons.flat(), b) + ringsInside(b.polygons.flat(), a));
  }
  return Math.max(0, insideContribution(a.edges, b, true) + insideContribution(b.edges, a, false));
}

function pointSegmentDistance([x, y]: Point, [p, q]: [Point, Point]): number {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - p[0]) * dx + (y - p[1]) * dy) / length2));
  return Math.hypot(x - (p[0] + t * dx), y - (p[1] + t * dy));
}

/** Points, line segments and polygons of a projected feature. */
export function projectFeature(geometry: Geometry, project: Projection): { points: Point[]; segments: [Point, Point][]; polygons: Polygons } {
  const lines = (coords: Position[][]) => coords.flatMap((line) => line.slice(1).map((q, i): [Point, Point] => [project(line[i]!), project(q)]));
  switch (geometry.type) {
    case 'Point':
      return { points: [project(geometry.coordinates)], segments: [], polygons: [] };
    case 'MultiPoint':
      return { points: geometry.coordinates.map(project), segments: [], polygons: [] };
    case 'LineString':
      return { points: geometry.coordinates.map(project), segments: lines([geometry.coordinates]), polygons: [] };
    case 'MultiLineString':
      return { points: geometry.coordinates.flat().map(project), segments: lines(geometry.coordinates), polygons: [] };
    case 'Polygon':
    case 'MultiPolygon': {
      const polygons = projectRings(geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates, project);
      return { points: polygons.flat(2), segments: shapeOf(polygons).edges, polygons };
    }
    default:
      return { points: [], segments: [], polygons: [] };
  }
}

/** Shortest distance in metres between a parcel and a feature; 0 when they touch or one holds the other. */
export function distance(parcel: Shape, feature: ReturnType<typeof projectFeature>): number {
  if (feature.points.some((p) => contains(parcel, p))) return 0;
  const first = parcel.edges[0]?.[0];
  if (first && feature.polygons.length > 0 && contains(shapeOf(feature.polygons), first)) return 0;
  if (feature.segments.some(([p, q]) => crosses(parcel, p, q))) return 0;
  let best = Infinity;
  for (const p of feature.points) for (const edge of parcel.edges) best = Math.min(best, pointSegmentDistance(p, edge));
  for (const edge of feature.segments) for (const [p] of parcel.edges) best = Math.min(best, pointSegmentDistance(p, edge));
  return best;
}

interface Edge {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  bottom: number;
  top: number;
}

/** The polygons' edges that are not horizontal (a horizontal one never crosses a line y = c between vertices), bottom up. */
function edgesOf(polygons: Polygons): Edge[] {
  const edges: Edge[] = [];
  for (const rings of polygons) {
    for (const ring of rings) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const [x0, y0] = ring[i]!;
        const [x1, y1] = ring[i + 1]!;
        if (y0 !== y1) edges.push({ x0, y0, x1, y1, bottom: Math.min(y0, y1), top: Math.max(y0, y1) });
      }
    }
  }
  return edges.sort((a, b) => a.bottom - b.bottom);
}

/** The edges of one shape that a rising line y = c meets, kept up to date as c rises. */
function sweepLine(edges: Edge[]) {
  let next = 0;
  let active: Edge[] = [];
  /** Where the shape is inside along y (even-odd), as [from, to] pairs pushed onto `into`; y must not pass through a vertex. */
  return (y: number, into: number[][]) => {
    while (next < edges.length && edges[next]!.bottom < y) active.push(edges[next++]!);
    active = active.filter((edge) => edge.top > y);
    const xs = active.map(({ x0, y0, x1, y1 }) => x0 + ((y - y0) * (x1 - x0)) / (y1 - y0)).sort((a, b) => a - b);
    for (let i = 0; i + 1 < xs.length; i += 2) into.push([xs[i]!, xs[i + 1]!]);
  };
}

/** Every vertex's height and every height where edges of two different shapes cross: between them no edge crosses another. */
function slabLevels(groups: Edge[][], low: number, high: number): number[] {
  const levels: number[] = [low, high];
  const all = groups.flatMap((edges, group) => edges.map((edge) => ({ edge, group })));
  const index = new Flatbush(Math.max(1, all.length));
  for (const { edge } of all) index.add(Math.min(edge.x0, edge.x1), edge.bottom, Math.max(edge.x0, edge.x1), edge.top);
  if (all.length === 0) index.add(0, 0, 0, 0);
  index.finish();
  all.forEach(({ edge: e, group }, i) => {
    if (e.bottom > low && e.bottom < high) levels.push(e.bottom);
    if (e.top > low && e.top < high) levels.push(e.top);
    for (const j of index.search(Math.min(e.x0, e.x1), e.bottom, Math.max(e.x0, e.x1), e.top)) {
      const other = all[j]!;
      // Edges of one valid shape meet only at its vertices, which are levels already.
      if (j <= i || other.group === group) continue;
      const f = other.edge;
      const t = crossing([e.x0, e.y0], [e.x1, e.y1], [f.x0, f.y0], [f.x1, f.y1]);
      if (t === undefined) continue;
      const y = e.y0 + (e.y1 - e.y0) * t;
      if (y > low && y < high) levels.push(y);
    }
  });
  return levels.sort((a, b) => a - b);
}

/**
 * Area of A ∩ (B₁ ∪ B₂ ∪ …), where the Bs may overlap each other and are counted once where they do. The plane is cut
 * into horizontal slabs at every vertex and every crossing of two edges; inside a slab every edge is straight and
 * none crosses another, so the covered width is linear in y and width at mid-height × height is exact (trapezoids).
 */
export function coveredArea(a: Polygons, bs: Polygons[]): number {
  const aEdges = edgesOf(a);
  const bEdges = bs.map(edgesOf).filter((edges) => edges.length > 0);
  if (aEdges.length === 0 || bEdges.length === 0) return 0;
  // Only heights where A and some B both lie need slabs.
  const topOf = (edges: Edge[]) => edges.reduce((top, edge) => Math.max(top, edge.top), -Infinity);
  const low = Math.max(aEdges[0]!.bottom, bEdges.reduce((bottom, edges) => Math.min(bottom, edges[0]!.bottom), Infinity));
  const high = Math.min(topOf(aEdges), bEdges.reduce((top, edges) => Math.max(top, topOf(edges)), -Infinity));
  if (high <= low) return 0;
  const levels = slabLevels([aEdges, ...bEdges], low, high);
  const aLine = sweepLine(aEdges);
  const bLines = bEdges.map(sweepLine);
  let sum = 0;
  for (let i = 0; i + 1 < levels.length; i++) {
    const y0 = levels[i]!;
    const y1 = levels[i + 1]!;
    if (y1 - y0 < 1e-9) continue;
    const y = (y0 + y1) / 2;
    const inA: number[][] = [];
    aLine(y, inA);
    const inB: number[][] = [];
    for (const line of bLines) line(y, inB);
    if (inA.length === 0 || inB.length === 0) continue;
    inB.sort((p, q) => p[0]! - q[0]!);
    // Merge the Bs' spans into disjoint ones, then measure how much of A's spans they cover.
    const merged: number[][] = [];
    for (const span of inB) {
      const last = merged.at(-1);
      if (last && span[0]! <= last[1]!) last[1] = Math.max(last[1]!, span[1]!);
      else merged.push([span[0]!, span[1]!]);
    }
    let width = 0;
    for (let p = 0, q = 0; p < inA.length && q < merged.length; ) {
      const [a0, a1] = inA[p]!;
      const [b0, b1] = merged[q]!;
      width += Math.max(0, Math.min(a1!, b1!) - Math.max(a0!, b0!));
      if (a1! < b1!) p++;
      else q++;
    }
    sum += width * (y1 - y0);
  }
  return sum;
}
