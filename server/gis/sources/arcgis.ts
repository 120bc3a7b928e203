/**
 * ArcGIS REST feature and map service layers (FEMA NFHL, USFWS NWI, PAD-US, HIFLD): the layer's description once a
 * day (`{layer}?f=json`: maxRecordCount, supportedQueryFormats, editingInfo), then `{layer}/query` by envelope, paged
 * with resultOffset while the answer says exceededTransferLimit. GeoJSON when the layer offers it (ArcGIS Server
 * 10.4+), else Esri JSON converted with @terraformer/arcgis.
 * https://developers.arcgis.com/rest/services-reference/enterprise/query-feature-service-layer/
 */
import { arcgisToGeoJSON } from '@terraformer/arcgis';
import { SourceError } from './http.ts';
import type { Bbox } from '../../geo/geometry.ts';
import { bboxText, isoDate, pages, type ReadContext, type VectorReader, type VectorTile } from './reader.ts';

interface LayerInfo {
  pageSize: number;
  geojson: boolean;
  dataDate: string | null;
}

const infoLifetimeMs = 24 * 3600 * 1000;
/** Pages no larger than this even where a service allows more (some allow 32,000 records and time out on them). */
const maxPageSize = 2000;

type ArcgisError = { error?: { code?: unknown; message?: unknown; details?: unknown } };

/** ArcGIS reports most failures as HTTP 200 with {"error": {code, message}}. */
function refusal(answer: unknown): SourceError | undefined {
  const error = (answer as ArcgisError | null)?.error;
  if (!error || typeof error !== 'object') return undefined;
  const details = Array.isArray(error.details) ? error.details.filter((d): d is string => typeof d === 'string' && d !== '') : [];
  const words = [typeof error.message === 'string' ? error.message : 'an error', ...details].join(' ').slice(0, 300);
  return new SourceError(`answered with an error${typeof error.code === 'number' ? ` ${error.code}` : ''}: ${words}`);
}

/** A layer: a service URL and the layer id appended to it, or the layer's own URL. */
export interface ArcgisLayer {
  url: string;
  layer?: string;
}

/** Where features are looked for: an envelope (screening's tiles), a point (a parcel clicked on the map), or anywhere. */
export type ArcgisGeometry = { envelope: Bbox } | { point: [lng: number, lat: number] } | null;

export interface ArcgisQuery {
  where: string;
  outFields: string;
  geometry: ArcgisGeometry;
}

export const layerUrl = (layer: ArcgisLayer) => new URL(`${layer.url.replace(/\/+$/, '')}${layer.layer === undefined ? '' : `/${layer.layer}`}`);

const geometryParams = (geometry: ArcgisGeometry): Record<string, string> => {
  if (!geometry) return {};
  const [text, type] = 'envelope' in geometry ? [bboxText(geometry.envelope), 'esriGeometryEnvelope'] : [geometry.point.map((n) => Number(n.toFixed(7))).join(','), 'esriGeometryPoint'];
  return { geometry: text, geometryType: type, inSR: '4326', spatialRel: 'esriSpatialRelIntersects' };
};

/** Queries of ArcGIS layers, each layer's description kept for a day; screening sources and parcel services share it. */
export function arcgisClient() {
  const infos = new Map<string, { at: number; info: Promise<LayerInfo> }>();

  function layerInfo(layer: ArcgisLayer, context: ReadContext): Promise<LayerInfo> {
    const url = layerUrl(layer);
    const known = infos.get(url.href);
    if (known && Date.now() - known.at < infoLifetimeMs) return known.info;
    const info = (async () => {
      url.searchParams.set('f', 'json');
      const answer = await context.http.json(url, { maxBytes: 4 * 1024 * 1024 });
      const error = refusal(answer);
      if (error) throw error;
      const layer = answer as { maxRecordCount?: unknown; supportedQueryFormats?: unknown; editingInfo?: { dataLastEditDate?: unknown; lastEditDate?: unknown }; type?: unknown };
      if (typeof layer !== 'object' || layer === null || !/layer/i.test(String(layer.type))) {
        throw new SourceError('is not an ArcGIS feature layer (its description names no layer: give the layer id)');
      }
      const maxRecordCount = typeof layer.maxRecordCount === 'number' && layer.maxRecordCount > 0 ? layer.maxRecordCount : 1000;
      return {
        pageSize: Math.min(maxRecordCount, maxPageSize),
        geojson: typeof layer.supportedQueryFormats === 'string' && /geojson/i.test(layer.supportedQueryFormats),
        dataDate: isoDate(layer.editingInfo?.dataLastEditDate ?? layer.editingInfo?.lastEditDate),
      };
    })();
    info.catch(() => infos.delete(url.href));
    infos.set(url.href, { at: Date.now(), info });
    return info;
  }

  /** Every feature matching the query, paged with resultOffset while the service says there are more (up to the limits). */
  async function query(layer: ArcgisLayer, { where, outFields, geometry }: ArcgisQuery, context: ReadContext): Promise<VectorTile> {
    const info = await layerInfo(layer, context);
    const collected = pages(context.limits);
    for (let offset = 0; ; ) {
      const url = layerUrl(layer);
      url.pathname += '/query';
      const params = {
        where,
        ...geometryParams(geometry),
        outFields,
        returnGeometry: 'true',
        outSR: '4326',
        resultOffset: String(offset),
        resultRecordCount: String(info.pageSize),
        f: info.geojson ? 'geojson' : 'json',
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      const answer = await context.http.request(url, { accept: 'application/geo+json, application/json', maxBytes: context.limits.bytesPerAnswer });
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body.toString('utf8'));
      } catch {
        throw new SourceError(`answered with something that is not JSON (${answer.contentType || 'no content type'})`);
      }
      const error = refusal(parsed);
      if (error) throw error;
      const page = info.geojson ? geojsonPage(parsed) : esriPage(parsed);
      if (!collected.add(page.features, answer.body.length) || !page.more || page.features.length === 0) break;
      offset += page.features.length;
    }
    return { features: collected.features, sourceDate: info.dataDate, cut: collected.cut };
  }

  return { query };
}

export function arcgisReader(): VectorReader {
  const client = arcgisClient();
  return (source, bbox, context) => client.query(source, { where: source.where ?? '1=1', outFields: source.fields ?? '*', geometry: { envelope: bbox } }, context);
}

function geojsonPage(answer: unknown): { features: unknown[]; more: boolean } {
  const collection = answer as { type?: unknown; features?: unknown; properties?: { exceededTransferLimit?: unknown }; exceededTransferLimit?: unknown };
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) throw new SourceError('answered with JSON that is not a GeoJSON FeatureCollection');
  return { features: collection.features, more: collection.properties?.exceededTransferLimit === true || collection.exceededTransferLimit === true };
}

/** Esri JSON: {objectIdFieldName, features: [{attributes, geometry: {rings | paths | x, y}}], exceededTransferLimit}. */
function esriPage(answer: unknown): { features: unknown[]; more: boolean } {
  const set = answer as { features?: unknown; objectIdFieldName?: unknown; exceededTransferLimit?: unknown };
  if (typeof set !== 'object' || set === null || !Array.isArray(set.features)) throw new SourceError('answered with JSON that is not an ArcGIS feature set');
  const idField = typeof set.objectIdFieldName === 'string' ? set.objectIdFieldName : 'OBJECTID';
  const features = set.features.map((feature: { attributes?: Record<string, unknown>; geometry?: unknown }) => {
    let geometry: unknown;
    try {
      // Rings are sorted into polygons and holes by their winding, as ArcGIS draws them.
      geometry = feature?.geometry ? arcgisToGeoJSON(feature.geometry) : null;
    } catch {
      geometry = null;
    }
    const attributes = feature?.attributes ?? {};
    return { type: 'Feature', id: attributes[idField], properties: attributes, geometry };
  });
  return { features, more: set.exceededTransferLimit === true };
}
