/**
 * OGC services: API Features (`{collection}/items?bbox=…`, following the `next` links the answer gives,
 * https://docs.ogc.org/is/17-069r4/17-069r4.html#_response_6) and WFS 2.0 GetFeature as GeoJSON, paged with
 * count/startIndex (https://docs.ogc.org/is/09-025r2/09-025r2.html). Both asked in CRS84, longitude first. A server
 * that answers in another CRS anyway says so in the GeoJSON's `crs` member: EPSG:4326 in its URN form (latitude first)
 * is turned round, Web Mercator (EPSG:3857 and its aliases) is unprojected, and any other CRS is refused by name rather
 * than read as degrees.
 */
import { SourceError } from './http.ts';
import { bboxText, pages, type ReadContext, type VectorReader } from './reader.ts';

const pageSize = 1000;
const crs84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

const lonLat = /^(urn:ogc:def:crs:OGC:(1\.3:)?CRS84|http:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84|EPSG:4326)$/i;
const latLon = /^(urn:ogc:def:crs:EPSG:[\d.]*:4326|http:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/4326)$/i;
const webMercator = /(^|[:/])(3857|900913|102100|3785)$/;
const earthRadius = 6_378_137;

type Turn = (position: number[]) => number[];
const turns: Record<'latLon' | 'webMercator', Turn> = {
  latLon: ([a, b, ...rest]) => [b!, a!, ...rest],
  webMercator: ([x, y, ...rest]) => [((x! / earthRadius) * 180) / Math.PI, ((2 * Math.atan(Math.exp(y! / earthRadius)) - Math.PI / 2) * 180) / Math.PI, ...rest],
};

const turnCoordinates = (coordinates: unknown, turn: Turn): unknown =>
  Array.isArray(coordinates) && typeof coordinates[0] === 'number' ? turn(coordinates as number[]) : Array.isArray(coordinates) ? coordinates.map((part) => turnCoordinates(part, turn)) : coordinates;

function turnGeometry(geometry: unknown, turn: Turn): unknown {
  const g = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown } | null;
  if (!g || typeof g !== 'object') return geometry;
  if (Array.isArray(g.geometries)) return { ...g, geometries: g.geometries.map((part) => turnGeometry(part, turn)) };
  return { ...g, coordinates: turnCoordinates(g.coordinates, turn) };
}

/** The features in longitude/latitude, whatever CRS the answer names; a CRS that cannot be read here is a SourceError. */
export function inLonLat(features: unknown[], crs: unknown): unknown[] {
  const name = (crs as { properties?: { name?: unknown } } | null)?.properties?.name;
  if (typeof name !== 'string' || lonLat.test(name)) return features;
  const turn = latLon.test(name) ? turns.latLon : webMercator.test(name) ? turns.webMercator : undefined;
  if (!turn) throw new SourceError(`answered in ${name}, a coordinate system this server does not read: it needs longitude and latitude (CRS84) or Web Mercator`);
  return features.map((feature) => (feature && typeof feature === 'object' ? { ...feature, geometry: turnGeometry((feature as { geometry?: unknown }).geometry, turn) } : feature));
}

async function collection(url: URL, context: ReadContext) {
  const answer = await context.http.request(url, { accept: 'application/geo+json, application/json', maxBytes: context.limits.bytesPerAnswer });
  let parsed: { type?: unknown; features?: unknown; links?: unknown; timeStamp?: unknown; crs?: unknown };
  try {
    parsed = JSON.parse(answer.body.toString('utf8')) as typeof parsed;
  } catch {
    throw new SourceError(`answered with something that is not GeoJSON (${answer.contentType || 'no content type'})`);
  }
  if (parsed?.type !== 'FeatureCollection' || !Array.isArray(parsed.features)) throw new SourceError('answered with JSON that is not a GeoJSON FeatureCollection');
  return { features: inLonLat(parsed.features as unknown[], parsed.crs), links: Array.isArray(parsed.links) ? (parsed.links as { rel?: unknown; href?: unknown }[]) : [], bytes: answer.body.length };
}

export const ogcFeaturesReader: VectorReader = async (source, bbox, context) => {
  const base = source.url.replace(/\/+$/, '');
  let url: URL | undefined = new URL(base.endsWith('/items') ? base : `${base}/items`);
  url.searchParams.set('bbox', bboxText(bbox));
  url.searchParams.set('limit', String(pageSize));
  const collected = pages(context.limits);
  const seen = new Set<string>();
  while (url) {
    seen.add(url.href);
    const page = await collection(url, context);
    if (!collected.add(page.features, page.bytes) || page.features.length === 0) break;
    const next = page.links.find((link) => link.rel === 'next' && typeof link.href === 'string');
    // A next link is followed only on the configured host (the http layer refuses others) and never twice.
    url = next ? new URL(next.href as string, url) : undefined;
    if (url && seen.has(url.href)) url = undefined;
  }
  return { features: collected.features, sourceDate: null, cut: collected.cut };
};

export const wfsReader: VectorReader = async (source, bbox, context) => {
  const collected = pages(context.limits);
  for (let startIndex = 0; ; ) {
    const url = new URL(source.url);
    const query = {
      service: 'WFS',
      version: '2.0.0',
      request: 'GetFeature',
      typeNames: source.layer ?? '',
      outputFormat: 'application/json',
      srsName: crs84,
      bbox: `${bboxText(bbox)},${crs84}`,
      count: String(pageSize),
      startIndex: String(startIndex),
    };
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const page = await collection(url, context);
    if (!collected.add(page.features, page.bytes) || page.features.length < pageSize) break;
    startIndex += page.features.length;
  }
  return { features: collected.features, sourceDate: null, cut: collected.cut };
};
