/**
 * One loopback server standing in for the online screening sources (server/gis/sources), so tests never touch the
 * internet. Its answers follow the services' documented shapes:
 * - ArcGIS REST layers (`{layer}?f=json`, `{layer}/query`: envelope, where, resultOffset/resultRecordCount,
 *   exceededTransferLimit, f=geojson or Esri JSON, errors as HTTP 200 `{"error": {code, message, details}}`) for FEMA
 *   NFHL layer 28 (FLD_ZONE, ZONE_SUBTY, SFHA_TF), USFWS NWI (ATTRIBUTE, WETLAND_TYPE), PAD-US 4.0 Fee (Unit_Nm,
 *   Mang_Name, GAP_Sts; an older server that speaks only Esri JSON) and HIFLD transmission lines (VOLTAGE, OWNER;
 *   2 records a page) and substations;
 * - an ArcGIS ImageServer's exportImage as a Float32 GeoTIFF, and a GeoTIFF file served with range requests;
 * - OGC API Features items with `next` links, WFS 2.0 GetFeature as GeoServer's GeoJSON, a plain GeoJSON file;
 * - Overpass API `[out:json]` with `out geom` (elements, osm3s.timestamp_osm_base);
 * - county parcel layers for PARCEL_SERVICES: Guilford County's (GeoJSON, one record a page, so a parcel held in two
 *   features pages) and Durham County's (an older server: Esri JSON only), queried by a where clause on the APN field
 *   or by a point (`geometryType=esriGeometryPoint`, `geometry=x,y`).
 * All around Greensboro, North Carolina (36.10-36.15 N, 79.95-79.90 W: one 0.05° tile). Each service can be made
 * slow, fail, answer garbage or cut the connection after some requests, and every request is counted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Geometry, Position } from 'geojson';
import { writeArrayBuffer } from 'geotiff';
import type { ParcelService } from '../../server/gis/sources/parcel-service-settings.ts';
import type { ScreeningSource } from '../../server/gis/sources/settings.ts';
import { box } from './geojson-shapes.ts';

export type StandInService = 'nfhl' | 'nwi' | 'padus' | 'lines' | 'substations' | 'guilford' | 'durham' | 'image' | 'tiff' | 'ogc' | 'wfs' | 'geojson' | 'overpass' | 'redirect';

export type Behaviour =
  | { mode: 'ok' }
  | { mode: 'slow'; ms: number }
  | { mode: 'fail'; status: number }
  | { mode: 'garbage' }
  /** Answers `requests` requests, then cuts the connection of every later one. */
  | { mode: 'die'; after: number };

const line = (...points: Position[]): Geometry => ({ type: 'LineString', coordinates: points });
const feature = (id: number, geometry: Geometry | null, properties: Record<string, unknown>) => ({ type: 'Feature' as const, id, geometry, properties: { OBJECTID: id, ...properties } });

/** Two Greensboro parcels inside the stand-ins' tile: the west one half in flood zone AE, the east one with a wetland corner. */
export const greensboroParcels = {
  west: box(-79.935, 36.12, -79.93, 36.124),
  east: box(-79.925, 36.12, -79.92, 36.124),
};
/** The county parcel layers' parcels: Guilford's west and east are greensboroParcels; 7865012222 lies in two features. */
export const countyParcels = {
  west: { PIN: '7864551234', OWNER_NAME: 'HOLT FAMILY FARMS LLC', SITE_ADDRESS: '5200 HORSEPEN CREEK RD', LAND_USE: 'AGRICULTURAL', DEED_ACRES: 49.1 },
  east: { PIN: '7864559876', OWNER_NAME: 'PIEDMONT LAND HOLDINGS LLC', SITE_ADDRESS: '5300 HORSEPEN CREEK RD', LAND_USE: 'VACANT', DEED_ACRES: 50 },
  split: { PIN: '7865012222', OWNER_NAME: 'CITY OF GREENSBORO', SITE_ADDRESS: '', LAND_USE: 'EXEMPT', DEED_ACRES: 13.2 },
  durham: { PARCEL_ID: '0821-45-6789', OWNER: 'BULL CITY SOLAR LLC', ADDRESS: '1400 ELLIS RD' },
};
/** A point inside the west parcel, one inside Durham's, and one in Guilford's coverage where no parcel lies. */
export const parcelPoints = { west: { lng: -79.9325, lat: 36.122 }, durham: { lng: -78.9025, lat: 35.992 }, empty: { lng: -79.6, lat: 36.0 } };

/** The parcels' extent, as screening would ask the sources. */
export const greensboroBbox: [number, number, number, number] = [-79.935, 36.12, -79.92, 36.124];

/** The ground rises northwards at 5 % (5 m in 100 m), from 200 m at 36.1 N. */
export const elevationAt = (_lon: number, lat: number) => 200 + 0.05 * 111_320 * (lat - 36.1);

const layers = {
  nfhl: {
    path: '/arcgis/rest/services/public/NFHL/MapServer/28',
    description: { id: 28, name: 'Flood Hazard Zones', geometryType: 'esriGeometryPolygon', dataLastEditDate: Date.UTC(2025, 8, 30), maxRecordCount: 2000, geojson: true },
    features: [
      feature(1, box(-79.936, 36.119, -79.9325, 36.125), { DFIRM_ID: '37081C', FLD_ZONE: 'AE', ZONE_SUBTY: null, SFHA_TF: 'T' }),
      feature(2, box(-79.95, 36.1, -79.9, 36.15), { DFIRM_ID: '37081C', FLD_ZONE: 'X', ZONE_SUBTY: 'AREA OF MINIMAL FLOOD HAZARD', SFHA_TF: 'F' }),
    ],
  },
  nwi: {
    path: '/wetlandsmapservice/rest/services/Wetlands/MapServer/0',
    description: { id: 0, name: 'Wetlands', geometryType: 'esriGeometryPolygon', dataLastEditDate: Date.UTC(2025, 4, 1), maxRecordCount: 1000, geojson: true },
    features: [
      feature(11, box(-79.922, 36.12, -79.92, 36.1215), { ATTRIBUTE: 'PFO1A', WETLAND_TYPE: 'Freshwater Forested/Shrub Wetland', ACRES: 8.4 }),
      feature(12, box(-79.934, 36.121, -79.931, 36.123), { ATTRIBUTE: 'U', WETLAND_TYPE: 'Upland', ACRES: 20.1 }),
      // Bad geometry, as services do answer now and then: a ring that does not close, and none at all.
      feature(13, { type: 'Polygon', coordinates: [[[-79.93, 36.13], [-79.92, 36.13], [-79.92, 36.14]]] }, { ATTRIBUTE: 'PEM1C', WETLAND_TYPE: 'Freshwater Emergent Wetland', ACRES: 1 }),
      feature(14, null, { ATTRIBUTE: 'PUBH', WETLAND_TYPE: 'Freshwater Pond', ACRES: 0.5 }),
    ],
  },
  padus: {
    path: '/arcgis/rest/services/PADUS4_0Fee/FeatureServer/0',
    // An older server: Esri JSON only.
    description: { id: 0, name: 'PADUS4_0Fee', geometryType: 'esriGeometryPolygon', dataLastEditDate: Date.UTC(2024, 5, 12), maxRecordCount: 2000, geojson: false },
    features: [
      feature(21, box(-79.94, 36.14, -79.93, 36.145), { Unit_Nm: 'Bur-Mil Park Natural Area', Mang_Name: 'CITY', Des_Tp: 'LP', GAP_Sts: '2' }),
      feature(22, box(-79.926, 36.118, -79.918, 36.126), { Unit_Nm: 'Guilford County Farm', Mang_Name: 'CNTY', Des_Tp: 'LOTH', GAP_Sts: '4' }),
    ],
  },
  lines: {
    path: '/arcgis/rest/services/US_Electric_Power_Transmission_Lines/FeatureServer/0',
    description: { id: 0, name: 'Transmission_Lines', geometryType: 'esriGeometryPolyline', dataLastEditDate: Date.UTC(2025, 7, 1), maxRecordCount: 2, geojson: true },
    features: [0, 1, 2, 3, 4].map((i) =>
      feature(31 + i, line([-79.95, 36.126 + i * 0.002], [-79.9, 36.126 + i * 0.002]), { ID: `1400${i}`, TYPE: 'AC; OVERHEAD', STATUS: 'IN SERVICE', OWNER: 'DUKE ENERGY CAROLINAS, LLC', VOLTAGE: 230, VOLT_CLASS: '220-287' }),
    ),
  },
  substations: {
    path: '/arcgis/rest/services/Electric_Substations/FeatureServer/0',
    description: { id: 0, name: 'Electric_Substations', geometryType: 'esriGeometryPoint', dataLastEditDate: Date.UTC(2021, 1, 10), maxRecordCount: 2000, geojson: true },
    features: [feature(41, { type: 'Point', coordinates: [-79.91, 36.128] }, { ID: '310057', NAME: 'PLEASANT GARDEN', TYPE: 'SUBSTATION', STATUS: 'IN SERVICE', MAX_VOLT: 230, MIN_VOLT: 100 })],
  },
};

const parcelLayers = {
  guilford: {
    path: '/arcgis/rest/services/Guilford/Parcels/FeatureServer/0',
    description: { id: 0, name: 'Parcels', geometryType: 'esriGeometryPolygon', dataLastEditDate: Date.UTC(2026, 9, 14), maxRecordCount: 1, geojson: true },
    features: [
      feature(101, greensboroParcels.west, countyParcels.west),
      feature(102, greensboroParcels.east, countyParcels.east),
      feature(103, box(-79.915, 36.13, -79.912, 36.132), countyParcels.split),
      feature(104, box(-79.911, 36.13, -79.908, 36.132), countyParcels.split),
    ],
  },
  durham: {
    path: '/arcgis/rest/services/Durham/Parcels/MapServer/0',
    description: { id: 0, name: 'Parcels', geometryType: 'esriGeometryPolygon', dataLastEditDate: Date.UTC(2026, 6, 1), maxRecordCount: 1000, geojson: false },
    features: [feature(201, box(-78.905, 35.99, -78.9, 35.994), countyParcels.durham)],
  },
};

const ogcFeatures = [0, 1, 2].map((i) => feature(51 + i, box(-79.934 + i * 0.004, 36.13, -79.932 + i * 0.004, 36.132), { SiteName: `Historic site ${i + 1}`, SHPO: `GF${100 + i}` }));
const wfsFeatures = [feature(61, box(-79.945, 36.105, -79.94, 36.11), { MA_NAME: 'Piedmont Land Conservancy easement', OWNER_TYPE: 'Private' })];
const fileFeatures = [feature(71, box(-79.9235, 36.1225, -79.9215, 36.124), { WELL_ID: 'NC0241010', SYSTEM: 'Greensboro' }), feature(72, box(-78.7, 35.7, -78.6, 35.8), { WELL_ID: 'NC0392010', SYSTEM: 'Raleigh' })];
const osm = {
  version: 0.6,
  generator: 'Overpass API 0.7.62.1 084b4234',
  osm3s: { timestamp_osm_base: '2026-11-20T08:15:02Z', copyright: 'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.' },
  elements: [
    { type: 'node', id: 2_001, lat: 36.1281, lon: -79.9102, tags: { power: 'substation', name: 'Pleasant Garden' } },
    {
      type: 'way',
      id: 3_001,
      bounds: { minlat: 36.1265, minlon: -79.95, maxlat: 36.1265, maxlon: -79.9 },
      nodes: [1, 2, 3],
      geometry: [
        { lat: 36.1265, lon: -79.95 },
        { lat: 36.1265, lon: -79.925 },
        { lat: 36.1265, lon: -79.9 },
      ],
      tags: { power: 'line', voltage: '230000', operator: 'Duke Energy' },
    },
    {
      type: 'way',
      id: 3_002,
      bounds: { minlat: 36.127, minlon: -79.9105, maxlat: 36.1285, maxlon: -79.909 },
      nodes: [4, 5, 6, 7, 4],
      geometry: [
        { lat: 36.127, lon: -79.9105 },
        { lat: 36.127, lon: -79.909 },
        { lat: 36.1285, lon: -79.909 },
        { lat: 36.1285, lon: -79.9105 },
        { lat: 36.127, lon: -79.9105 },
      ],
      tags: { power: 'substation', substation: 'transmission', voltage: '230000;100000' },
    },
  ],
};

function bboxOfGeometry(geometry: Geometry): [number, number, number, number] {
  const points: Position[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value) && typeof value[0] === 'number') points.push(value as Position);
    else if (Array.isArray(value)) value.forEach(walk);
  };
  walk((geometry as { coordinates: unknown }).coordinates);
  return [Math.min(...points.map((p) => p[0]!)), Math.min(...points.map((p) => p[1]!)), Math.max(...points.map((p) => p[0]!)), Math.max(...points.map((p) => p[1]!))];
}

type StandInFeature = { id: number; geometry: Geometry | null; properties: Record<string, unknown> };
const overlaps = (f: StandInFeature, [w, s, e, n]: number[]) => {
  if (!f.geometry) return true;
  const [fw, fs, fe, fn] = bboxOfGeometry(f.geometry);
  return fw <= e! && w! <= fe && fs <= n! && s! <= fn;
};

/** The where clauses ArcGIS layers are given here: 1=1, F = 'v', F IN ('a','b'), F NOT LIKE 'p%'. */
function whereFilter(where: string): ((f: StandInFeature) => boolean) | undefined {
  if (where.trim() === '1=1') return () => true;
  let m = /^(\w+)\s*=\s*'([^']*)'$/.exec(where.trim());
  if (m) return (f) => f.properties[m![1]!] === m![2];
  m = /^(\w+)\s+IN\s*\(([^)]*)\)$/i.exec(where.trim());
  if (m) {
    const values = m[2]!.split(',').map((v) => v.trim().replace(/^'|'$/g, ''));
    return (f) => values.includes(String(f.properties[m![1]!]));
  }
  m = /^(\w+)\s+NOT\s+LIKE\s+'([^'%]*)%'$/i.exec(where.trim());
  if (m) {
    const [, field, prefix] = m as unknown as [string, string, string];
    return (f) => !String(f.properties[field]).startsWith(prefix);
  }
  return undefined;
}

/** GeoJSON → Esri JSON geometry: outer rings clockwise, as ArcGIS writes them. */
function esriGeometry(geometry: Geometry | null): unknown {
  if (!geometry) return undefined;
  const spatialReference = { wkid: 4326 };
  if (geometry.type === 'Point') return { x: geometry.coordinates[0], y: geometry.coordinates[1], spatialReference };
  if (geometry.type === 'LineString') return { paths: [geometry.coordinates], spatialReference };
  if (geometry.type === 'Polygon') return { rings: geometry.coordinates.map((ring, i) => (i === 0 ? [...ring].reverse() : ring)), spatialReference };
  return undefined;
}

function geotiff(bbox: number[], width: number, height: number): ArrayBuffer {
  const [w, s, e, n] = bbox as [number, number, number, number];
  const values = new Float32Array(width * height);
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) values[r * width + c] = elevationAt(w + ((c + 0.5) * (e - w)) / width, n - ((r + 0.5) * (n - s)) / height);
  return writeArrayBuffer(values, {
    width,
    height,
    ModelPixelScale: [(e - w) / width, (n - s) / height, 0],
    ModelTiepoint: [0, 0, 0, w, n, 0],
    GTModelTypeGeoKey: 2,
    GeographicTypeGeoKey: 4326,
    GDAL_NODATA: '-3.4028234663852886e+38',
    SampleFormat: [3],
    BitsPerSample: [32],
  });
}

export interface GisStandIn {
  baseUrl: string;
  /** Every request, with the service it went to. */
  requests: { service: StandInService; url: URL }[];
  count(service?: StandInService): number;
  set(service: StandInService, behaviour: Behaviour): void;
  /** Sources of every type pointed at this stand-in, as SCREENING_SOURCES would list them. */
  sources(): ScreeningSource[];
  /** The county parcel layers, as PARCEL_SERVICES would list them. */
  parcelServices(): ParcelService[];
  close(): Promise<void>;
}

export async function startGisStandIn(): Promise<GisStandIn> {
  const requests: GisStandIn['requests'] = [];
  const behaviours = new Map<StandInService, Behaviour>();
  const timers = new Set<NodeJS.Timeout>();
  // The DEM file: 0.2° square at 0.001° cells around the tile.
  const demFile = Buffer.from(geotiff([-80.0, 36.0, -79.8, 36.2], 200, 200));

  const json = (response: ServerResponse, body: unknown, status = 200, type = 'application/json; charset=utf-8') => response.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
  const arcgisError = (response: ServerResponse, code: number, message: string, details: string[] = []) => json(response, { error: { code, message, details } });

  function serviceOf(url: URL): StandInService | undefined {
    for (const [name, layer] of Object.entries({ ...layers, ...parcelLayers })) if (url.pathname === layer.path || url.pathname === `${layer.path}/query`) return name as StandInService;
    if (url.pathname.startsWith('/arcgis/rest/services/3DEPElevation/ImageServer')) return 'image';
    if (url.pathname === '/files/dem.tif') return 'tiff';
    if (url.pathname.startsWith('/ogc/')) return 'ogc';
    if (url.pathname === '/geoserver/wfs') return 'wfs';
    if (url.pathname === '/files/wellheads.geojson') return 'geojson';
    if (url.pathname === '/api/interpreter') return 'overpass';
    if (url.pathname === '/redirect') return 'redirect';
    return undefined;
  }

  function arcgisLayer(url: URL, response: ServerResponse, layer: (typeof layers)[keyof typeof layers] | (typeof parcelLayers)[keyof typeof parcelLayers]) {
    const q = url.searchParams;
    const d = layer.description;
    if (!url.pathname.endsWith('/query')) {
      return json(response, {
        currentVersion: 11.3,
        id: d.id,
        name: d.name,
        type: 'Feature Layer',
        geometryType: d.geometryType,
        objectIdField: 'OBJECTID',
        maxRecordCount: d.maxRecordCount,
        supportedQueryFormats: d.geojson ? 'JSON, geoJSON, PBF' : 'JSON, AMF',
        advancedQueryCapabilities: { supportsPagination: true },
        editingInfo: { lastEditDate: d.dataLastEditDate + 86_400_000, schemaLastEditDate: d.dataLastEditDate, dataLastEditDate: d.dataLastEditDate },
        fields: Object.keys(layer.features[0]!.properties).map((name) => ({ name, type: name === 'OBJECTID' ? 'esriFieldTypeOID' : 'esriFieldTypeString', alias: name })),
      });
    }
    const format = q.get('f');
    if (format === 'geojson' && !d.geojson) return arcgisError(response, 400, 'Invalid or missing input parameters.', ["'f' parameter is invalid"]);
    // An envelope (x1,y1,x2,y2), a point (x,y), or no geometry at all (a where clause alone).
    const coordinates = q.has('geometry') ? (q.get('geometry') ?? '').split(',').map(Number) : null;
    const types: Record<number, string> = { 2: 'esriGeometryPoint', 4: 'esriGeometryEnvelope' };
    const where = whereFilter(q.get('where') ?? '1=1');
    const geometryOk = !coordinates || (coordinates.every(Number.isFinite) && types[coordinates.length] === q.get('geometryType') && q.get('inSR') === '4326');
    if (!geometryOk || !where) {
      return arcgisError(response, 400, 'Unable to complete operation.', ['Unable to perform query operation.', 'Invalid query parameters.']);
    }
    const area = coordinates?.length === 2 ? [...coordinates, ...coordinates] : coordinates;
    const matching = (layer.features as StandInFeature[]).filter((f) => (!area || overlaps(f, area)) && where(f));
    const offset = Number(q.get('resultOffset') ?? 0);
    const count = Math.min(Number(q.get('resultRecordCount') ?? d.maxRecordCount), d.maxRecordCount);
    const page = matching.slice(offset, offset + count);
    const exceeded = offset + count < matching.length;
    if (format === 'geojson') {
      return json(response, { type: 'FeatureCollection', features: page, ...(exceeded ? { properties: { exceededTransferLimit: true } } : {}) }, 200, 'application/geo+json; charset=utf-8');
    }
    json(response, {
      objectIdFieldName: 'OBJECTID',
      globalIdFieldName: '',
      geometryType: d.geometryType,
      spatialReference: { wkid: 4326, latestWkid: 4326 },
      fields: Object.keys(layer.features[0]!.properties).map((name) => ({ name, type: 'esriFieldTypeString', alias: name })),
      features: page.map((f) => ({ attributes: f.properties, geometry: esriGeometry(f.geometry) })),
      ...(exceeded ? { exceededTransferLimit: true } : {}),
    });
  }

  function answer(service: StandInService, url: URL, request: IncomingMessage, response: ServerResponse, body: string) {
    const q = url.searchParams;
    if (service in layers) return arcgisLayer(url, response, layers[service as keyof typeof layers]);
    if (service in parcelLayers) return arcgisLayer(url, response, parcelLayers[service as keyof typeof parcelLayers]);
    if (service === 'image') {
      if (!url.pathname.endsWith('/exportImage')) return json(response, { name: '3DEPElevation', serviceDataType: 'esriImageServiceDataTypeElevation', pixelType: 'F32' });
      const bbox = (q.get('bbox') ?? '').split(',').map(Number);
      const [width, height] = (q.get('size') ?? '').split(',').map(Number);
      if (bbox.length !== 4 || !width || !height || q.get('format') !== 'tiff' || q.get('bboxSR') !== '4326') return arcgisError(response, 400, 'Unable to complete operation.', ['Invalid export parameters.']);
      return response.writeHead(200, { 'content-type': 'image/tiff' }).end(Buffer.from(geotiff(bbox, width, height)));
    }
    if (service === 'tiff') {
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(request.headers.range ?? ''));
      if (!range) return response.writeHead(200, { 'content-type': 'image/tiff', 'accept-ranges': 'bytes' }).end(demFile);
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), demFile.length - 1);
      return response.writeHead(206, { 'content-type': 'image/tiff', 'content-range': `bytes ${start}-${end}/${demFile.length}` }).end(demFile.subarray(start, end + 1));
    }
    if (service === 'ogc') {
      const match = /^\/ogc\/collections\/historic_sites\/items$/.exec(url.pathname);
      if (!match) return json(response, { code: 'NotFound', description: 'Collection not found' }, 404);
      const bbox = (q.get('bbox') ?? '').split(',').map(Number);
      const offset = Number(q.get('offset') ?? 0);
      // This server hands out at most 2 features a page, whatever limit is asked.
      const matching = ogcFeatures.filter((f) => overlaps(f, bbox));
      const page = matching.slice(offset, offset + 2);
      const links = [{ href: url.href, rel: 'self', type: 'application/geo+json' }];
      if (offset + 2 < matching.length) {
        const next = new URL(url.href);
        next.searchParams.set('offset', String(offset + 2));
        links.push({ href: next.href, rel: 'next', type: 'application/geo+json' });
      }
      return json(response, { type: 'FeatureCollection', features: page, links, numberMatched: matching.length, numberReturned: page.length, timeStamp: '2026-11-26T10:00:00Z' }, 200, 'application/geo+json');
    }
    if (service === 'wfs') {
      const bbox = (q.get('bbox') ?? '').split(',');
      if (q.get('request') !== 'GetFeature' || q.get('typeNames') !== 'nheo:managed_areas' || bbox.length !== 5 || !/CRS84$/.test(bbox[4]!)) {
        return response.writeHead(400, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><ows:ExceptionReport version="2.0.0"><ows:Exception exceptionCode="InvalidParameterValue"/></ows:ExceptionReport>');
      }
      const matching = wfsFeatures.filter((f) => overlaps(f, bbox.slice(0, 4).map(Number)));
      const start = Number(q.get('startIndex') ?? 0);
      const page = matching.slice(start, start + Number(q.get('count') ?? 1000));
      return json(response, {
        type: 'FeatureCollection',
        features: page.map((f) => ({ ...f, id: `managed_areas.${f.id}`, geometry_name: 'the_geom' })),
        totalFeatures: matching.length,
        numberMatched: matching.length,
        numberReturned: page.length,
        timeStamp: '2026-11-26T10:00:00.000Z',
        crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
      });
    }
    if (service === 'geojson') {
      return response.writeHead(200, { 'content-type': 'application/geo+json', 'last-modified': 'Tue, 04 Mar 2025 12:00:00 GMT' }).end(JSON.stringify({ type: 'FeatureCollection', features: fileFeatures }));
    }
    if (service === 'overpass') {
      const data = new URLSearchParams(body).get('data') ?? '';
      const bbox = /\[bbox:([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)\]/.exec(data);
      if (request.method !== 'POST' || !bbox || !data.includes('[out:json]')) return response.writeHead(400, { 'content-type': 'text/html' }).end('<p><strong style="color:#FF0000">Error</strong>: line 1: parse error</p>');
      const [south, west, north, east] = bbox.slice(1).map(Number) as [number, number, number, number];
      const inside = osm.elements.filter((element) => {
        const b = element.type === 'node' ? { minlat: element.lat!, maxlat: element.lat!, minlon: element.lon!, maxlon: element.lon! } : element.bounds!;
        return b.minlon <= east && west <= b.maxlon && b.minlat <= north && south <= b.maxlat;
      });
      return json(response, { ...osm, elements: inside });
    }
    if (service === 'redirect') {
      const { port } = server.address() as AddressInfo;
      return response.writeHead(302, { location: `http://localhost:${port}/files/wellheads.geojson` }).end();
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    const service = serviceOf(url);
    if (!service) return json(response, { error: { code: 404, message: 'Not found' } }, 404);
    requests.push({ service, url });
    const behaviour = behaviours.get(service) ?? { mode: 'ok' };
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (behaviour.mode === 'fail') return response.writeHead(behaviour.status, { 'content-type': 'text/html' }).end(`<html><body><h1>${behaviour.status} Service Unavailable</h1></body></html>`);
      if (behaviour.mode === 'garbage') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Scheduled maintenance: back soon</body></html>');
      if (behaviour.mode === 'die' && requests.filter((r) => r.service === service).length > behaviour.after) return request.socket.destroy();
      if (behaviour.mode === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) answer(service, url, request, response, body);
        }, behaviour.ms);
        timers.add(timer);
        return;
      }
      answer(service, url, request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const common = { licence: 'Public domain (US federal government)' };

  return {
    baseUrl,
    requests,
    count: (service) => requests.filter((r) => !service || r.service === service).length,
    set: (service, behaviour) => void behaviours.set(service, behaviour),
    sources: () => [
      { ...common, id: 'fema-nfhl', kind: 'flood', type: 'arcgis', url: `${baseUrl}/arcgis/rest/services/public/NFHL/MapServer`, layer: '28', where: "SFHA_TF = 'T'", name: 'FEMA NFHL', attribution: 'FEMA National Flood Hazard Layer' },
      { ...common, id: 'usfws-nwi', kind: 'wetland', type: 'arcgis', url: `${baseUrl}/wetlandsmapservice/rest/services/Wetlands/MapServer`, layer: '0', where: "ATTRIBUTE NOT LIKE 'U%'", name: 'USFWS NWI', attribution: 'USFWS National Wetlands Inventory' },
      { ...common, id: 'usgs-padus', kind: 'protected', type: 'arcgis', url: `${baseUrl}/arcgis/rest/services/PADUS4_0Fee/FeatureServer`, layer: '0', where: "GAP_Sts IN ('1','2')", name: 'USGS PAD-US', attribution: 'USGS PAD-US 4.0' },
      { ...common, id: 'hifld-lines', kind: 'grid', type: 'arcgis', url: `${baseUrl}/arcgis/rest/services/US_Electric_Power_Transmission_Lines/FeatureServer/0`, name: 'HIFLD transmission lines', attribution: 'HIFLD' },
      { ...common, id: 'hifld-substations', kind: 'grid', type: 'arcgis', url: `${baseUrl}/arcgis/rest/services/Electric_Substations/FeatureServer`, layer: '0', name: 'HIFLD substations', attribution: 'HIFLD' },
      { id: 'osm-power', kind: 'grid', type: 'overpass', url: `${baseUrl}/api/interpreter`, name: 'OpenStreetMap power lines', licence: 'ODbL 1.0', attribution: '© OpenStreetMap contributors' },
      { id: 'nc-historic', kind: 'historic', type: 'ogc-features', url: `${baseUrl}/ogc/collections/historic_sites`, name: 'NC HPO historic sites', licence: 'Public domain (State of North Carolina)', attribution: 'NC State Historic Preservation Office' },
      { id: 'nc-managed-areas', kind: 'protected', type: 'wfs', url: `${baseUrl}/geoserver/wfs`, layer: 'nheo:managed_areas', name: 'NCNHP managed areas', licence: 'Public domain (State of North Carolina)', attribution: 'NC Natural Heritage Program' },
      { id: 'wellheads', kind: 'wellhead', type: 'geojson', url: `${baseUrl}/files/wellheads.geojson`, name: 'NC wellhead protection areas', licence: 'Public domain (State of North Carolina)', attribution: 'NC DEQ Public Water Supply' },
      { ...common, id: 'usgs-3dep', kind: 'slope', type: 'arcgis-image', url: `${baseUrl}/arcgis/rest/services/3DEPElevation/ImageServer`, name: 'USGS 3DEP', attribution: 'USGS 3D Elevation Program', resolution_m: 30 },
    ],
    parcelServices: () => [
      {
        id: 'guilford',
        name: 'Guilford County parcels',
        url: `${baseUrl}/arcgis/rest/services/Guilford/Parcels/FeatureServer`,
        layer: '0',
        apn_field: 'PIN',
        owner_field: 'OWNER_NAME',
        address_field: 'SITE_ADDRESS',
        land_use_field: 'LAND_USE',
        area_field: 'DEED_ACRES',
        county: 'Guilford County',
        state: 'NC',
        licence: 'Public record, free to use with attribution',
        attribution: 'Guilford County GIS',
        bbox: [-80.05, 35.9, -79.53, 36.26],
      },
      {
        id: 'durham',
        name: 'Durham County parcels',
        url: `${baseUrl}/arcgis/rest/services/Durham/Parcels/MapServer/0`,
        apn_field: 'PARCEL_ID',
        owner_field: 'OWNER',
        address_field: 'ADDRESS',
        county: 'Durham County',
        state: 'NC',
        licence: 'Public record',
        attribution: 'Durham County GIS',
        bbox: [-79.02, 35.86, -78.7, 36.24],
      },
    ],
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
