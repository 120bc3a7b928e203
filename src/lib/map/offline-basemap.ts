/**
 * The offline basemap's data: land, coasts and country borders from Natural Earth (world-atlas), US states and
 * counties from the US Census Bureau (us-atlas), both public domain. Each TopoJSON file is a chunk of its own
 * (Vite splits dynamic JSON imports), loaded the first time a map's zoom wants it and then kept for every map.
 */
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export interface BasemapSource {
  id: 'world-110m' | 'world-50m' | 'states' | 'counties';
  /** Drawn at zooms from `fromZoom` up to, not including, `belowZoom`. */
  fromZoom: number;
  belowZoom: number;
  /** The TopoJSON object filled as land; the other sources draw lines only. */
  land?: string;
  load: () => Promise<{ default: Topology }>;
}

/**
 * In drawing order. The world at 1:110m (38 kB gzip) serves the zooms that show continents; from zoom 4 the 1:50m
 * file (230 kB) keeps coasts within a few pixels, and no finer world file is worth its size (1:10m is 1.1 MB). States
 * (36 kB) from zoom 3, where the US is wide enough to hold them; counties (250 kB) from zoom 6, where most are
 * bigger than a thumbnail, and above the counties the states' thicker lines.
 */
export const basemapSources: readonly BasemapSource[] = [
  { id: 'world-110m', fromZoom: 0, belowZoom: 4, land: 'land', load: () => import('world-atlas/countries-110m.json') },
  { id: 'world-50m', fromZoom: 4, belowZoom: Infinity, land: 'land', load: () => import('world-atlas/countries-50m.json') },
  { id: 'counties', fromZoom: 6, belowZoom: Infinity, load: () => import('us-atlas/counties-10m.json') },
  { id: 'states', fromZoom: 3, belowZoom: Infinity, load: () => import('us-atlas/states-10m.json') },
];

export const basemapSourcesAt = (zoom: number) => basemapSources.filter((source) => zoom >= source.fromZoom && zoom < source.belowZoom);

/**
 * The atlases keep longitudes within ±180, so a line crossing the antimeridian (Chukotka, Fiji) jumps across the
 * world, and Leaflet would draw that jump. Shifting by 360° where it jumps keeps the line continuous past 180°.
 */
function unwrapped(line: Position[]): Position[] {
  let shift = 0;
  return line.map(([lng, lat], i) => {
    const previous = line[i - 1];
    if (previous) {
      const step = lng! - previous[0]!;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return [lng! + shift, lat!];
  });
}

/** The features of one object of a topology (countries, states, counties, land) as GeoJSON, ready for Leaflet. */
export function areasOf(topology: Topology, object: string): FeatureCollection<Polygon | MultiPolygon> {
  const areas = feature(topology, topology.objects[object] as GeometryCollection) as FeatureCollection<Polygon | MultiPolygon>;
  const features = areas.features.map(
    (area): Feature<Polygon | MultiPolygon> => ({
      ...area,
      geometry:
        area.geometry.type === 'Polygon'
          ? { type: 'Polygon', coordinates: area.geometry.coordinates.map(unwrapped) }
          : { type: 'MultiPolygon', coordinates: area.geometry.coordinates.map((polygon) => polygon.map(unwrapped)) },
    }),
  );
  return { type: 'FeatureCollection', features };
}

/** Antarctica's rings close along the South Pole: a line there is an artefact of the data, not a coast. */
const alongThePole = (line: Position[]) => line.every(([, lat]) => lat! <= -89.99);

/**
 * Every arc of a topology once, as lines: borders and coasts without drawing a shared border twice. The arcs are
 * taken as they are, not stitched into long lines (topojson's `mesh` spends ~0.3 s stitching the counties).
 */
export function linesOf(topology: Topology): MultiLineString {
  const all = feature(topology, { type: 'MultiLineString', arcs: topology.arcs.map((_, i) => [i]) });
  return { type: 'MultiLineString', coordinates: all.geometry.coordinates.filter((line) => !alongThePole(line)).map(unwrapped) };
}

/** West, south, east, north in degrees (longitudes as the unwrapped data has them, so possibly past ±180). */
export type BasemapBox = [number, number, number, number];

/** A land polygon (its rings) or one line, with the box around it: what lies away from the map's view is skipped by box. */
export interface BasemapPiece {
  coordinates: Position[][];
  box: BasemapBox;
}

/** A source's shapes as pieces: land polygons (world sources only) and lines. */
export interface BasemapShapes {
  land: BasemapPiece[];
  lines: BasemapPiece[];
}

function boxOf(lines: Position[][]): BasemapBox {
  const box: BasemapBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const line of lines) {
    for (const [lng, lat] of line) {
      if (lng! < box[0]) box[0] = lng!;
      if (lat! < box[1]) box[1] = lat!;
      if (lng! > box[2]) box[2] = lng!;
      if (lat! > box[3]) box[3] = lat!;
    }
  }
  return box;
}

/** Land areas and lines cut into pieces: each land polygon, and each arc, with its box. */
export function piecesOf(land: FeatureCollection<Polygon | MultiPolygon> | null, lines: MultiLineString): BasemapShapes {
  const polygons = (land?.features ?? []).flatMap((area) => (area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates));
  return {
    land: polygons.map((rings) => ({ coordinates: rings, box: boxOf(rings) })),
    lines: lines.coordinates.map((line) => ({ coordinates: [line], box: boxOf([line]) })),
  };
}

const overlaps = (a: BasemapBox, b: BasemapBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
const inside = (a: BasemapBox, b: BasemapBox) => a[0] >= b[0] && a[2] <= b[2] && a[1] >= b[1] && a[3] <= b[3];

/**
 * A ring cut to a box (Sutherland–Hodgman, one side at a time). The box's sides are straight on the Web Mercator map
 * too (meridians and parallels), so the cut ring fills exactly the part of the land inside the box.
 */
function ringWithin(ring: Position[], [west, south, east, north]: BasemapBox): Position[] {
  const sides: [(p: Position) => boolean, (a: Position, b: Position) => Position][] = [
    [(p) => p[0]! >= west, (a, b) => [west, a[1]! + ((b[1]! - a[1]!) * (west - a[0]!)) / (b[0]! - a[0]!)]],
    [(p) => p[0]! <= east, (a, b) => [east, a[1]! + ((b[1]! - a[1]!) * (east - a[0]!)) / (b[0]! - a[0]!)]],
    [(p) => p[1]! >= south, (a, b) => [a[0]! + ((b[0]! - a[0]!) * (south - a[1]!)) / (b[1]! - a[1]!), south]],
    [(p) => p[1]! <= north, (a, b) => [a[0]! + ((b[0]! - a[0]!) * (north - a[1]!)) / (b[1]! - a[1]!), north]],
  ];
  let points = ring;
  for (const [keeps, crossing] of sides) {
    if (points.length === 0) break;
    const kept: Position[] = [];
    let previous = points[points.length - 1]!;
    for (const point of points) {
      if (keeps(point)) {
        if (!keeps(previous)) kept.push(crossing(previous, point));
        kept.push(point);
      } else if (keeps(previous)) kept.push(crossing(previous, point));
      previous = point;
    }
    points = kept;
  }
  return points;
}

/** The runs of a line whose segments may cross the box (each run keeps the points either side, to be drawn up to the edge). */
function linesWithin(line: Position[], [west, south, east, north]: BasemapBox): Position[][] {
  const runs: Position[][] = [];
  let run: Position[] | null = null;
  for (let i = 1; i < line.length; i++) {
    const [x1, y1] = line[i - 1]!;
    const [x2, y2] = line[i]!;
    const near = Math.max(x1!, x2!) >= west && Math.min(x1!, x2!) <= east && Math.max(y1!, y2!) >= south && Math.min(y1!, y2!) <= north;
    if (!near) {
      run = null;
      continue;
    }
    if (!run) {
      run = [line[i - 1]!];
      runs.push(run);
    }
    run.push(line[i]!);
  }
  return runs;
}

/**
 * What of a source lies in `box`: land polygons cut to it and the runs of lines that cross it. The map hands Leaflet
 * only this (around its view), since Leaflet projects every point of a path at each zoom and clips them all at each
 * move: all of it, the world at 1:50m and every US county, is ~200,000 points.
 */
export function shapesWithin(shapes: BasemapShapes, box: BasemapBox): { land: Position[][][]; lines: Position[][] } {
  const land: Position[][][] = [];
  for (const piece of shapes.land) {
    if (!overlaps(piece.box, box)) continue;
    if (inside(piece.box, box)) land.push(piece.coordinates);
    else {
      const rings = piece.coordinates.map((ring) => ringWithin(ring, box)).filter((ring) => ring.length >= 3);
      if (rings.length > 0) land.push(rings);
    }
  }
  const lines: Position[][] = [];
  for (const piece of shapes.lines) {
    if (!overlaps(piece.box, box)) continue;
    if (inside(piece.box, box)) lines.push(piece.coordinates[0]!);
    else lines.push(...linesWithin(piece.coordinates[0]!, box));
  }
  return { land, lines };
}

const loaded = new Map<BasemapSource['id'], Promise<BasemapShapes>>();

/** A source's shapes, loaded and converted once for all maps; a failed load (a lost connection) is tried again next time. */
export function loadBasemap(source: BasemapSource): Promise<BasemapShapes> {
  let shapes = loaded.get(source.id);
  if (!shapes) {
    shapes = source.load().then(({ default: topology }) => piecesOf(source.land ? areasOf(topology, source.land) : null, linesOf(topology)));
    shapes.catch(() => loaded.delete(source.id));
    loaded.set(source.id, shapes);
  }
  return shapes;
}
