import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { sourceCacheRepository, type SourceCacheRepository } from '../../server/gis/sources/cache-repository.ts';
import { createFetchSources } from '../../server/gis/sources/index.ts';
import type { ScreeningSource } from '../../server/gis/sources/settings.ts';
import type { FetchedSources } from '../../server/gis/sources/types.ts';
import { screeningSourceCache } from '../../server/db/schema.ts';
import { describeApi } from '../support/describe-api.ts';
import { elevationAt, greensboroBbox, startGisStandIn, type GisStandIn } from '../support/gis-stand-ins.ts';
import { openTestDatabase } from '../support/test-db.ts';
import type { Reason } from '../../src/contract/gis.ts';
import type { Project } from '../../src/contract/projects.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { greensboroParcels } from '../support/gis-stand-ins.ts';

const layerOf = (answer: FetchedSources, id: string) => answer.layers.find((layer) => layer.ref.id === `source:${id}`);
const idsOf = (answer: FetchedSources, id: string) => layerOf(answer, id)?.features.map((f) => f.id);
const only = (sources: ScreeningSource[], ...ids: string[]) => sources.filter((source) => ids.includes(source.id));

describeApi('online screening sources through the shared cache', () => {
  let standIn: GisStandIn;
  let database: Database;
  let cache: SourceCacheRepository;
  beforeAll(async () => {
    standIn = await startGisStandIn();
    database = await openTestDatabase();
    cache = sourceCacheRepository(database.db);
  });
  afterAll(async () => {
    await standIn?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(screeningSourceCache);
    for (const service of ['nfhl', 'nwi', 'padus', 'lines', 'substations', 'image', 'tiff', 'ogc', 'wfs', 'geojson', 'overpass'] as const) standIn.set(service, { mode: 'ok' });
  });

  it('fetches a Greensboro project area through every source type, and a second screening (on another instance) asks nothing', async () => {
    const fetchSources = createFetchSources(standIn.sources(), cache);
    const before = standIn.count();
    const first = await fetchSources(greensboroBbox);
    expect(first.failures).toEqual([]);

    // ArcGIS, f=geojson, the where clause applied by the service: the AE zone only (zone X is SFHA_TF F).
    const flood = layerOf(first, 'fema-nfhl')!;
    expect(flood).toMatchObject({ kind: 'flood', coverage: [-79.95, 36.1, -79.9, 36.15] });
    expect(flood.ref).toEqual({ id: 'source:fema-nfhl', kind: 'flood', name: 'FEMA NFHL', source: 'FEMA National Flood Hazard Layer (Public domain (US federal government))', source_date: '2025-09-30' });
    expect(flood.features).toHaveLength(1);
    expect(flood.features[0]!.properties).toMatchObject({ FLD_ZONE: 'AE', SFHA_TF: 'T' });
    // Bad geometry (a ring that does not close, no geometry) is skipped; the upland U polygon is filtered by where.
    expect(idsOf(first, 'usfws-nwi')).toEqual([11]);
    // An Esri-JSON-only server: rings converted to a GeoJSON polygon, counter-clockwise.
    const padus = layerOf(first, 'usgs-padus')!;
    expect(padus.features.map((f) => f.properties)).toEqual([expect.objectContaining({ Unit_Nm: 'Bur-Mil Park Natural Area', GAP_Sts: '2' })]);
    expect(padus.features[0]!.geometry).toEqual({ type: 'Polygon', coordinates: [[[-79.94, 36.14], [-79.93, 36.14], [-79.93, 36.145], [-79.94, 36.145], [-79.94, 36.14]]] });
    // Five lines at two a page: three pages.
    expect(idsOf(first, 'hifld-lines')).toEqual([31, 32, 33, 34, 35]);
    expect(standIn.requests.filter((r) => r.service === 'lines' && r.url.pathname.endsWith('/query')).map((r) => r.url.searchParams.get('resultOffset'))).toEqual(['0', '2', '4']);
    expect(idsOf(first, 'hifld-substations')).toEqual([41]);
    // Overpass: the line as a LineString, the closed substation way as a Polygon, the node as a Point; dated by OSM's snapshot.
    const osm = layerOf(first, 'osm-power')!;
    expect(osm.ref.source_date).toBe('2026-11-20');
    expect(osm.features.map((f) => [f.id, f.geometry.type])).toEqual([
      ['node/2001', 'Point'],
      ['way/3001', 'LineString'],
      ['way/3002', 'Polygon'],
    ]);
    // OGC API Features: two pages through the next link; a custom kind.
    expect(layerOf(first, 'nc-historic')).toMatchObject({ kind: 'historic' });
    expect(idsOf(first, 'nc-historic')).toEqual([51, 52, 53]);
    expect(standIn.count('ogc')).toBe(2);
    expect(idsOf(first, 'nc-managed-areas')).toEqual(['managed_areas.61']);
    // A GeoJSON file: the features near the area, speaking for the file's extent, dated by Last-Modified.
    const wellheads = layerOf(first, 'wellheads')!;
    expect(wellheads.features.map((f) => f.id)).toEqual([71]);
    expect(wellheads.coverage).toEqual([-79.9235, 35.7, -78.6, 36.124]);
    expect(wellheads.ref.source_date).toBe('2025-03-04');

    // Elevation: one tile at 30 m (186 cells a side), north row first, rising 5 % northwards.
    const grid = first.elevation!;
    expect(grid).toMatchObject({ bbox: [-79.95, 36.1, -79.9, 36.15], width: 186, height: 186 });
    expect(grid.ref).toMatchObject({ id: 'source:usgs-3dep', kind: 'slope', name: 'USGS 3DEP' });
    const cell = (row: number, col: number) => grid.values[row * grid.width + col]!;
    const cellDeg = 0.05 / 186;
    expect(cell(0, 0)).toBeCloseTo(elevationAt(-79.95, 36.15 - cellDeg / 2), 1);
    expect(cell(185, 100)).toBeCloseTo(elevationAt(-79.93, 36.1 + cellDeg / 2), 1);
    const rise = cell(0, 50) - cell(185, 50);
    expect((rise / (185 * cellDeg * 111_320)) * 100).toBeCloseTo(5, 1);

    const asked = standIn.count() - before;
    expect(asked).toBeGreaterThan(10);
    // Another server on the same database: no request at all, the same answer.
    const otherInstance = createFetchSources(standIn.sources(), sourceCacheRepository(database.db));
    const second = await otherInstance(greensboroBbox);
    expect(standIn.count() - before).toBe(asked);
    expect(second.failures).toEqual([]);
    expect(second.layers.map((layer) => [layer.ref, layer.features.length])).toEqual(first.layers.map((layer) => [layer.ref, layer.features.length]));
    expect(Array.from(second.elevation!.values)).toEqual(Array.from(grid.values));
  });

  it('reads an elevation GeoTIFF file with range requests', async () => {
    const source: ScreeningSource = { id: 'dem-file', kind: 'slope', type: 'geotiff', url: `${standIn.baseUrl}/files/dem.tif`, name: 'County DEM', licence: 'Public domain', attribution: 'Guilford County', resolution_m: 100 };
    const answer = await createFetchSources([source], cache)(greensboroBbox);
    expect(answer.failures).toEqual([]);
    const grid = answer.elevation!;
    expect(grid).toMatchObject({ width: 56, height: 56, bbox: [-79.95, 36.1, -79.9, 36.15] });
    // The file's 0.001° cells resampled to the tile's 56: within half a file cell's rise (2.8 m) of the true ground.
    const centre = 36.15 - (28.5 * 0.05) / 56;
    expect(Math.abs(grid.values[28 * 56 + 28]! - elevationAt(-79.925, centre))).toBeLessThan(2.8);
    const ranges = standIn.requests.filter((r) => r.service === 'tiff');
    expect(ranges.length).toBeGreaterThan(0);
  });

  it('says which source did not answer within its timeout, within that time, while the others answer', async () => {
    standIn.set('nfhl', { mode: 'slow', ms: 4000 });
    const sources = only(standIn.sources(), 'fema-nfhl', 'usfws-nwi').map((source) => (source.id === 'fema-nfhl' ? { ...source, timeout_s: 1 } : source));
    const started = performance.now();
    const answer = await createFetchSources(sources, cache)(greensboroBbox);
    const took = performance.now() - started;
    expect(answer.failures.map((f) => [f.kind, f.ref.id, f.reason])).toEqual([['flood', 'source:fema-nfhl', 'FEMA NFHL did not answer within 1 s']]);
    expect(took).toBeLessThan(3500);
    expect(idsOf(answer, 'usfws-nwi')).toEqual([11]);
  });

  it('turns an error status, garbage and a connection cut mid-paging into reasons naming the source, and caches none of them', async () => {
    standIn.set('nwi', { mode: 'fail', status: 503 });
    standIn.set('padus', { mode: 'garbage' });
    // The layer description and the first page, then the connection is cut.
    standIn.set('lines', { mode: 'die', after: standIn.count('lines') + 2 });
    const sources = only(standIn.sources(), 'usfws-nwi', 'usgs-padus', 'hifld-lines', 'hifld-substations');
    const fetchSources = createFetchSources(sources, cache);
    const answer = await fetchSources(greensboroBbox);
    expect(answer.failures.map((f) => f.reason).sort()).toEqual([
      'HIFLD transmission lines cannot be reached: the connection was cut off',
      'USFWS NWI answered 503',
      'USGS PAD-US answered with something that is not JSON (text/html)',
    ]);
    expect(answer.layers.map((layer) => layer.ref.id)).toEqual(['source:hifld-substations']);

    standIn.set('nwi', { mode: 'ok' });
    standIn.set('padus', { mode: 'ok' });
    standIn.set('lines', { mode: 'ok' });
    const again = await fetchSources(greensboroBbox);
    expect(again.failures).toEqual([]);
    expect(idsOf(again, 'hifld-lines')).toEqual([31, 32, 33, 34, 35]);
  });

  it('answers an ArcGIS error in its own words, and refuses a redirect to another host', async () => {
    const sources: ScreeningSource[] = [
      { ...only(standIn.sources(), 'fema-nfhl')[0]!, where: 'FLD_ZONE LIKE something' },
      { id: 'moved', kind: 'wellhead', type: 'geojson', url: `${standIn.baseUrl}/redirect`, name: 'Moved file', licence: 'x', attribution: 'x' },
    ];
    const files = standIn.count('geojson');
    const answer = await createFetchSources(sources, cache)(greensboroBbox);
    expect(answer.failures.map((f) => f.reason)).toEqual([
      'FEMA NFHL answered with an error 400: Unable to complete operation. Unable to perform query operation. Invalid query parameters.',
      expect.stringMatching(/^Moved file sent this server to another host \(localhost:\d+\), which it does not follow$/),
    ]);
    expect(standIn.count('geojson')).toBe(files);
  });

  it('cuts a tile that holds more features than allowed, and says so as the reason', async () => {
    const answer = await createFetchSources(only(standIn.sources(), 'hifld-lines'), cache, { limits: { featuresPerTile: 3 } })(greensboroBbox);
    expect(answer.layers).toEqual([]);
    expect(answer.failures[0]!.reason).toBe('HIFLD transmission lines holds more than 3 features in one 0.05° tile here, more than this server keeps for a tile: not screened against it');
  });

  it('fetches again once a tile is older than the source ttl, and shares one request among screenings at the same time', async () => {
    let now = new Date('2026-11-27T12:00:00Z');
    const sources = only(standIn.sources(), 'hifld-substations').map((source) => ({ ...source, ttl_days: 7 }));
    const fetchSources = createFetchSources(sources, cache, { now: () => now });
    const asked = () => standIn.requests.filter((r) => r.service === 'substations' && r.url.pathname.endsWith('/query')).length;
    const before = asked();
    await Promise.all([fetchSources(greensboroBbox), fetchSources(greensboroBbox), fetchSources(greensboroBbox)]);
    expect(asked() - before).toBe(1);
    now = new Date('2026-12-03T12:00:00Z');
    await fetchSources(greensboroBbox);
    expect(asked() - before).toBe(1);
    now = new Date('2026-12-05T12:00:00Z');
    await fetchSources(greensboroBbox);
    expect(asked() - before).toBe(2);
  });

  it('refuses an area larger than a source may be asked for at once', async () => {
    const answer = await createFetchSources(only(standIn.sources(), 'hifld-substations'), cache)([-81, 35, -79, 37]);
    expect(answer.failures[0]!.reason).toBe('HIFLD substations is asked for at most 400 tiles of 0.05° at once, and this area needs 1600');
  });
});

interface Screened {
  features: { properties: { apn: string; verdict: string; reasons: Reason[] } }[];
}

describeApi('a North Carolina project screened against online sources (SCREENING_SOURCES at the stand-ins)', () => {
  let standIn: GisStandIn;
  let online: TestApp;
  let offline: TestApp;
  beforeAll(async () => {
    standIn = await startGisStandIn();
    online = await startTestApp({ env: { SCREENING_SOURCES: JSON.stringify(standIn.sources()) }, deps: { seedDemoData: false } });
    offline = await startTestApp({ env: { SCREENING_SOURCES: 'off' }, deps: { seedDemoData: false } });
  });
  afterAll(async () => {
    await online?.close();
    await offline?.close();
    await standIn?.close();
  });

  async function screenGreensboro(app: TestApp) {
    const client = app.client();
    await signUpAndLogIn(app, client);
    const project = (await client.post<Project>('/api/project/create/', { name: 'Greensboro parcels', location: { lat: 36.122, lng: -79.927 } })).body;
    for (const [apn, geometry] of Object.entries({ 'NC-WEST': greensboroParcels.west, 'NC-EAST': greensboroParcels.east })) {
      expect((await client.post('/api/gis/new_apn/', { project_id: project.id, apn, geometry })).status).toBe(201);
    }
    const filters = { max_flood_overlap_pct: 0, max_wetland_overlap_pct: 0, max_protected_overlap_pct: 0, max_grid_distance_km: 2, max_slope_pct: 15 };
    const screen = async () => {
      const answer = await client.post<Screened>('/api/gis/get_reasoned_geo_json/', { project_id: project.id, filters });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
      return Object.fromEntries(answer.body.features.map((f) => [f.properties.apn, Object.fromEntries(f.properties.reasons.map((r) => [r.criterion, r]))]));
    };
    return { screen };
  }

  it('screens flood, wetland, protected land, grid distance and slope, each reason naming its source and date; again without a request', async () => {
    const { screen } = await screenGreensboro(online);
    const before = standIn.count();
    const reasons = await screen();
    const west = reasons['NC-WEST']!;
    const east = reasons['NC-EAST']!;
    expect(west.flood).toMatchObject({ verdict: 'fail', layer: { id: 'source:fema-nfhl', name: 'FEMA NFHL', source_date: '2025-09-30' } });
    expect(east.flood).toMatchObject({ verdict: 'pass', layer: { id: 'source:fema-nfhl' } });
    expect(east.wetland).toMatchObject({ verdict: 'fail', layer: { id: 'source:usfws-nwi', source_date: '2025-05-01' } });
    expect(west.wetland!.verdict).toBe('pass');
    expect(west.protected!.verdict).toBe('pass');
    expect(west.grid_distance!.verdict).toBe('pass');
    expect(west.grid_distance!.layer?.name).toMatch(/HIFLD|OpenStreetMap/);
    expect(west.slope).toMatchObject({ verdict: 'pass', layer: { id: 'source:usgs-3dep', name: 'USGS 3DEP' } });
    expect(standIn.count()).toBeGreaterThan(before);

    const asked = standIn.count();
    const again = await screen();
    expect(standIn.count()).toBe(asked);
    expect(again).toEqual(reasons);
  });

  it('answers unknown with the reason when a source is down, and the other criteria still answer', async () => {
    await online.database.db.delete(screeningSourceCache);
    standIn.set('nwi', { mode: 'fail', status: 503 });
    try {
      const { screen } = await screenGreensboro(online);
      const east = (await screen())['NC-EAST']!;
      expect(east.wetland).toMatchObject({ verdict: 'unknown', note: 'USFWS NWI answered 503' });
      expect(east.flood!.verdict).toBe('pass');
    } finally {
      standIn.set('nwi', { mode: 'ok' });
    }
  });

  it('with SCREENING_SOURCES off, answers unknown as before and asks nothing', async () => {
    const { screen } = await screenGreensboro(offline);
    const before = standIn.count();
    const west = (await screen())['NC-WEST']!;
    for (const criterion of ['flood', 'wetland', 'protected', 'grid_distance', 'slope']) expect(west[criterion]!.verdict).toBe('unknown');
    expect(standIn.count()).toBe(before);
  });
});
