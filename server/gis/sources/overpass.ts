/**
 * OpenStreetMap's grid through an Overpass API endpoint: power=line, minor_line and cable ways as lines, power=substation
 * ways as polygons (open ones as lines) and nodes as points, with `out geom` so every way carries its coordinates
 * (https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL#Print_(out)). The data's date is the answer's
 * osm3s.timestamp_osm_base. Substations mapped as multipolygon relations are not read.
 */
import type { Geometry, Position } from 'geojson';
import { SourceError } from './http.ts';
import { isoDate, pages, type VectorReader } from './reader.ts';

interface Element {
  type?: unknown;
  id?: unknown;
  lat?: unknown;
  lon?: unknown;
  geometry?: unknown;
  tags?: Record<string, unknown>;
}

const kept = ['power', 'voltage', 'name', 'operator', 'cables', 'line'];

function geometryOf(element: Element): Geometry | null {
  if (element.type === 'node') return { type: 'Point', coordinates: [element.lon as number, element.lat as number] };
  if (element.type !== 'way' || !Array.isArray(element.geometry)) return null;
  const line: Position[] = element.geometry.map((p: { lat?: unknown; lon?: unknown } | null) => [p?.lon as number, p?.lat as number]);
  const [first, last] = [line[0], line.at(-1)];
  const closed = line.length >= 4 && first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
  return element.tags?.power === 'substation' && closed ? { type: 'Polygon', coordinates: [line] } : { type: 'LineString', coordinates: line };
}

export const overpassReader: VectorReader = async (source, bbox, context) => {
  const [west, south, east, north] = bbox;
  const seconds = Math.ceil(source.timeout_s ?? 25);
  // Overpass's bbox is south, west, north, east.
  const query =
    `[out:json][timeout:${seconds}][bbox:${south},${west},${north},${east}];` +
    '(way["power"~"^(line|minor_line|cable)$"];way["power"="substation"];node["power"="substation"];);out geom qt;';
  const answer = (await context.http.json(new URL(source.url), { method: 'POST', form: new URLSearchParams({ data: query }), maxBytes: context.limits.bytesPerAnswer })) as {
    elements?: unknown;
    remark?: unknown;
    osm3s?: { timestamp_osm_base?: unknown };
  };
  // Overpass answers 200 with a remark when the query ran out of time or memory: what came back is incomplete.
  if (typeof answer?.remark === 'string' && /error/i.test(answer.remark)) throw new SourceError(`answered with an error: ${answer.remark.slice(0, 300)}`);
  if (!Array.isArray(answer?.elements)) throw new SourceError('answered with JSON that is not an Overpass result');
  const features = (answer.elements as Element[]).map((element) => ({
    type: 'Feature',
    id: `${String(element?.type)}/${String(element?.id)}`,
    properties: Object.fromEntries(kept.filter((key) => element?.tags?.[key] !== undefined).map((key) => [key, element.tags![key]])),
    geometry: element ? geometryOf(element) : null,
  }));
  const collected = pages(context.limits);
  collected.add(features, 0);
  return { features: collected.features, sourceDate: isoDate(answer.osm3s?.timestamp_osm_base), cut: collected.cut };
};
