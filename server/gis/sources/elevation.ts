/**
 * Elevation for slope, one square grid per tile: an ArcGIS ImageServer's exportImage of the tile as a 32-bit GeoTIFF
 * in EPSG:4326 (USGS 3DEP, https://developers.arcgis.com/rest/services-reference/enterprise/export-image/), or the
 * tile's window of a GeoTIFF file in longitude/latitude, read with range requests (geotiff.js fromCustomClient).
 */
import { BaseClient, BaseResponse, fromArrayBuffer, fromCustomClient, type GeoTIFFImage } from 'geotiff';
import type { Bbox } from '../../geo/geometry.ts';
import { SourceError, type SourceAnswer } from './http.ts';
import { bboxText, type ReadContext } from './reader.ts';
import { defaults, type ScreeningSource } from './settings.ts';
import { tileDegrees } from './tiles.ts';

export interface ElevationTile {
  size: number;
  values: Float32Array;
  noData: number | null;
  sourceDate: string | null;
}

export type ElevationReader = (source: ScreeningSource, bbox: Bbox, context: ReadContext) => Promise<ElevationTile>;

const metresPerDegree = 111_320;

/** Cells along a tile's side for the source's resolution: 557 at 10 m. */
export const cellsPerTile = (source: ScreeningSource) => Math.min(1024, Math.max(16, Math.round((tileDegrees * metresPerDegree) / (source.resolution_m ?? defaults.resolutionM))));

async function firstBand(image: GeoTIFFImage, size: number, options: { window?: number[]; fillValue?: number; signal: AbortSignal }): Promise<Float32Array> {
  const raster = await image.readRasters({ samples: [0], interleave: true, width: size, height: size, resampleMethod: 'bilinear', ...options });
  return Float32Array.from(raster as ArrayLike<number>);
}

export const imageServerReader: ElevationReader = async (source, bbox, context) => {
  const size = cellsPerTile(source);
  const url = new URL(`${source.url.replace(/\/+$/, '')}/exportImage`);
  const query = {
    bbox: bboxText(bbox),
    bboxSR: '4326',
    imageSR: '4326',
    size: `${size},${size}`,
    format: 'tiff',
    pixelType: 'F32',
    noDataInterpretation: 'esriNoDataMatchAny',
    interpolation: 'RSP_BilinearInterpolation',
    f: 'image',
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const answer = await context.http.request(url, { accept: 'image/tiff', maxBytes: context.limits.bytesPerAnswer });
  const image = await tiffImage(answer);
  const values = await firstBand(image, size, { signal: context.signal });
  return { size, values, noData: image.getGDALNoData(), sourceDate: answer.lastModified };
};

async function tiffImage(answer: SourceAnswer): Promise<GeoTIFFImage> {
  if (/json|text/i.test(answer.contentType) || answer.body.subarray(0, 1).toString() === '{') {
    let message = '';
    try {
      const error = (JSON.parse(answer.body.toString('utf8')) as { error?: { message?: unknown } }).error;
      message = typeof error?.message === 'string' ? `: ${error.message.slice(0, 300)}` : '';
    } catch {
      // Not JSON either: said below without its words.
    }
    throw new SourceError(`answered with an error instead of an elevation image${message}`);
  }
  try {
    const body = answer.body;
    return await (await fromArrayBuffer(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer)).getImage();
  } catch {
    throw new SourceError('answered with something that is not a GeoTIFF');
  }
}

/** geotiff.js asks through this client, so range requests keep to the configured host, the deadline and the size limit. */
class SourceClient extends BaseClient {
  constructor(
    url: string,
    private readonly context: ReadContext,
  ) {
    super(url);
  }

  override async request(options: RequestInit = {}): Promise<BaseResponse> {
    const answer = await this.context.http.request(new URL(this.url), {
      accept: 'image/tiff, */*',
      headers: options.headers as Record<string, string>,
      maxBytes: this.context.limits.bytesPerAnswer,
      ok: (status) => status === 200 || status === 206,
    });
    return new (class extends BaseResponse {
      override get status() {
        return answer.status;
      }
      override getHeader(name: string) {
        return answer.headers.get(name) ?? undefined;
      }
      override async getData() {
        return answer.body.buffer.slice(answer.body.byteOffset, answer.body.byteOffset + answer.body.byteLength) as ArrayBuffer;
      }
    })();
  }
}

export const geotiffReader: ElevationReader = async (source, bbox, context) => {
  const size = cellsPerTile(source);
  let image: GeoTIFFImage;
  try {
    image = await (await fromCustomClient(new SourceClient(source.url, context), { allowFullFile: true }, context.signal)).getImage();
  } catch (error) {
    if (error instanceof SourceError || context.signal.aborted) throw error;
    throw new SourceError('answered with something that is not a GeoTIFF');
  }
  const geoKeys = (image.getGeoKeys() ?? {}) as { GTModelTypeGeoKey?: number; GeographicTypeGeoKey?: number; ProjectedCSTypeGeoKey?: number };
  if (geoKeys.GTModelTypeGeoKey !== 2 || (geoKeys.GeographicTypeGeoKey !== undefined && geoKeys.GeographicTypeGeoKey !== 4326 && geoKeys.GeographicTypeGeoKey !== 4269)) {
    throw new SourceError('is a GeoTIFF not in longitude/latitude (EPSG:4326 or 4269), which this server cannot read');
  }
  const [originX, originY] = image.getOrigin();
  const [resX, resY] = image.getResolution();
  const [west, south, east, north] = bbox;
  // Pixel edges that fall on the tile's edges up to rounding stay there, rather than taking one more pixel.
  const pixel = (value: number, round: (n: number) => number) => round(Math.abs(value - Math.round(value)) < 1e-6 ? Math.round(value) : value);
  const window = [
    pixel((west - originX!) / resX!, Math.floor),
    pixel((north - originY!) / resY!, Math.floor),
    pixel((east - originX!) / resX!, Math.ceil),
    pixel((south - originY!) / resY!, Math.ceil),
  ];
  const noData = image.getGDALNoData();
  const fill = noData ?? -32768;
  const values = await firstBand(image, size, { window, fillValue: fill, signal: context.signal });
  return { size, values, noData: fill, sourceDate: null };
};
