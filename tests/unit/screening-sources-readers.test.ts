import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arcgisReader } from '../../server/gis/sources/arcgis.ts';
import { geotiffReader, imageServerReader } from '../../server/gis/sources/elevation.ts';
import { geojsonFileReader } from '../../server/gis/sources/geojson-file.ts';
import { sourceHttp } from '../../server/gis/sources/http.ts';
import { ogcFeaturesReader, wfsReader } from '../../server/gis/sources/ogc.ts';
import { overpassReader } from '../../server/gis/sources/overpass.ts';
import { defaultLimits, type ReadContext } from '../../server/gis/sources/reader.ts';
import type { ScreeningSource } from '../../server/gis/sources/settings.ts';
import { elevationAt, startGisStandIn, type GisStandIn } from '../support/gis-stand-ins.ts';

const tile: [number, number, number, number] = [-79.95, 36.1, -79.9, 36.15];

describe('screening source readers against the stand-ins', () => {
  let standIn: GisStandIn;
  let sources: Map<string, ScreeningSource>;
  const context = (limits = defaultLimits): ReadContext => {
    const signal = AbortSignal.timeout(10_000);
    return { http: sourceHttp(standIn.baseUrl, signal, 'test'), limits, signal };
  };
  beforeAll(async () => {
    standIn = await startGisStandIn();
    sources = new Map(standIn.sources().map((source) => [source.id, source]));
  });
  afterAll(() => standIn?.close());

  it('ArcGIS: pages with resultOffset while exceededTransferLimit, dated by the layer\'s dataLastEditDate', async () => {
    const answer = await arcgisReader()(sources.get('hifld-lines')!, tile, context());
    expect(answer.features).toHaveLength(5);
    expect(answer.sourceDate).toBe('2025-08-01');
    expect(answer.cut).toBeUndefined();
    const queries = standIn.requests.filter((r) => r.service === 'lines' && r.url.pathname.endsWith('/query'));
    expect(queries.map((r) => [r.url.searchParams.get('f'), r.url.searchParams.get('resultRecordCount'), r.url.searchParams.get('geometry')])).toEqual([
      ['geojson', '2', '-79.95,36.1,-79.9,36.15'],
      ['geojson', '2', '-79.95,36.1,-79.9,36.15'],
      ['geojson', '2', '-79.95,36.1,-79.9,36.15'],
    ]);
  });

  it('ArcGIS: reads Esri JSON where the layer offers no GeoJSON', async () => {
    const answer = await arcgisReader()(sources.get('usgs-padus')!, tile, context());
    expect(answer.features.map((f) => [(f as { id: unknown }).id, (f as { geometry: { type: string } }).geometry.type])).toEqual([[21, 'Polygon']]);
    expect(standIn.requests.filter((r) => r.service === 'padus' && r.url.pathname.endsWith('/query')).map((r) => r.url.searchParams.get('f'))).toEqual(['json']);
  });

  it('ArcGIS: stops at the tile limit and says why', async () => {
    const answer = await arcgisReader()(sources.get('hifld-lines')!, tile, context({ ...defaultLimits, featuresPerTile: 3 }));
    expect(answer.features).toHaveLength(3);
    expect(answer.cut).toBe('holds more than 3 features in one 0.05° tile here, more than this server keeps for a tile');
  });

  it('OGC API Features follows next links; WFS asks in CRS84', async () => {
    expect((await ogcFeaturesReader(sources.get('nc-historic')!, tile, context())).features).toHaveLength(3);
    const wfs = await wfsReader(sources.get('nc-managed-areas')!, tile, context());
    expect(wfs.features).toEqual([expect.objectContaining({ id: 'managed_areas.61' })]);
    const asked = standIn.requests.filter((r) => r.service === 'wfs').at(-1)!.url.searchParams;
    expect(asked.get('bbox')).toBe('-79.95,36.1,-79.9,36.15,http://www.opengis.net/def/crs/OGC/1.3/CRS84');
  });

  it('a GeoJSON file is read whole; Overpass by its bbox', async () => {
    expect((await geojsonFileReader(sources.get('wellheads')!, tile, context())).features).toHaveLength(2);
    const osm = await overpassReader(sources.get('osm-power')!, tile, context());
    expect(osm.features).toHaveLength(3);
    expect(osm.sourceDate).toBe('2026-11-20');
    expect((await overpassReader(sources.get('osm-power')!, [0, 0, 0.05, 0.05], context())).features).toEqual([]);
  });

  it('elevation: an ImageServer export and a GeoTIFF window, both north row first', async () => {
    for (const [reader, source, tolerance] of [
      [imageServerReader, sources.get('usgs-3dep')!, 0.1],
      [geotiffReader, { ...sources.get('usgs-3dep')!, type: 'geotiff', url: `${standIn.baseUrl}/files/dem.tif` } as ScreeningSource, 2.8],
    ] as const) {
      const grid = await reader(source, tile, context());
      expect(grid.size).toBe(186);
      const cell = 0.05 / 186;
      expect(Math.abs(grid.values[0]! - elevationAt(-79.95, 36.15 - cell / 2))).toBeLessThan(tolerance);
      expect(Math.abs(grid.values[185 * 186]! - elevationAt(-79.95, 36.1 + cell / 2))).toBeLessThan(tolerance);
    }
  });
});
