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

export interface BasemapShapes {
  land: FeatureCollection<Polygon | MultiPolygon> | null;
  lines: MultiLineString;
}

const loaded = new Map<BasemapSource['id'], Promise<BasemapShapes>>();

/** A source's shapes, loaded and converted once for all maps; a failed load (a lost connection) is tried again next time. */
export function loadBasemap(source: BasemapSource): Promise<BasemapShapes> {
  let shapes = loaded.get(source.id);
  if (!shapes) {
    shapes = source.load().then(({ default: topology }) => ({ land: source.land ? areasOf(topology, source.land) : null, lines: linesOf(topology) }));
    shapes.catch(() => loaded.delete(source.id));
    loaded.set(source.id, shapes);
  }
  return shapes;
}
