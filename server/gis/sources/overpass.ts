/**
 * OpenStreetMap's grid through an Overpass API endpoint: power=line, minor_line and cable ways as lines, power=substation
 * ways as polygons (open ones as lines) and nodes as points, with `out geom` so every way carries its coordinates
 * (https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL#Print_(out)). The data's date is the answer's
 * osm3s.timestamp_osm_base. A substation mapped as a multipolygon relation is read from its outer ways, joined end to
 * end into rings (a polygon, its inner rings left out: the grid criterion measures a distance to the outline), or as
 * lines where the ways do not close.
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
  members?: unknown;
}

interface Member {
  type?: unknown;
  role?: unknown;
  geometry?: unknown;
}

const kept = ['power', 'voltage', 'name', 'operator', 'cables', 'line'];

const lineOf = (geometry: unknown[]): Position[] => geometry.map((p) => [(p as { lon?: unknown } | null)?.lon as number, (p as { lat?: unknown } | null)?.lat as number]);
const samePosition = (a: Position | undefined, b: Position | undefined) => a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];
const isRing = (line: Position[]) => line.length >= 4 && samePosition(line[0], line.at(-1));

/** Ways joined end to end (turned round where needed) until each closes or nothing more joins it. */
export function joinWays(ways: Position[][]): Position[][] {
  const open = ways.filter((way) => way.length >= 2).map((way) => [...way]);
  const joined: Position[][] = [];
  while (open.length > 0) {
    const line = open.shift()!;
    for (let grown = true; grown && !isRing(line); ) {
      grown = false;
      for (let i = 0; i < open.length; i++) {
        const next = open[i]!;
        if (samePosition(line.at(-1), next[0])) line.push(...next.slice(1));
        else if (samePosition(line.at(-1), next.at(-1))) line.push(...next.reverse().slice(1));
        else if (samePosition(line[0], next.at(-1))) line.unshift(...next.slice(0, -1));
        else if (samePosition(line[0], next[0])) line.unshift(...next.reverse().slice(0, -1));
        else continue;
        open.splice(i, 1);
        grown = true;
        break;
      }
    }
    joined.push(line);
  }
  return joined;
}

function relationGeometry(members: unknown): Geometry | null {
  if (!Array.isArray(members)) return null;
  const outer = (members as (Member | null)[]).filter((m) => m?.type === 'way' && (m.role === 'outer' || m.role === '') && Array.isArray(m.geometry)).map((m) => lineOf(m!.geometry as unknown[]));
  const parts = joinWays(outer);
  if (parts.length === 0) return null;
  return parts.every(isRing) ? { type: 'MultiPolygon', coordinates: parts.map((ring) => [ring]) } : { type: 'MultiLineString', coordinates: parts };
}

function geometryOf(element: Element): Geometry | null {
  if (element.type === 'node') return { type: 'Point', coordinates: [element.lon as number, element.lat as number] };
  if (element.type === 'relation') return relationGeometry(element.members);
  if (element.type !== 'way' || !Array.isArray(element.geometry)) return null;
  const line = lineOf(element.geometry as unknown[]);
  return element.tags?.power === 'substation' && isRing(line) ? { type: 'Polygon', coordinates: [line] } : { type: 'LineString', coordinates: line };
}

export const overpassReader: VectorReader = async (source, bbox, context) => {
  const [west, south, east, north] = bbox;
  const seconds = Math.ceil(source.timeout_s ?? 25);
  // Overpass's bbox is south, west, north, east.
  const query =
    `[out:json][timeout:${seconds}][bbox:${south},${west},${north},${east}];` +
    '(way["power"~"^(line|minor_line|cable)$"];way["power"="substation"];node["power"="substation"];relation["power"="substation"];);out geom qt;';
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
