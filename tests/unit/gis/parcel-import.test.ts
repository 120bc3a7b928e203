import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import shpwrite from '@mapbox/shp-write';
import type { FeatureCollection, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { formatReport, importFile, parseOptions, UsageError } from '../../../server/cli/import-parcels.ts';
import { GeoFileError, layerFeaturesFrom, parcelRowsFrom, parseGeoBytes } from '../../../server/geo/parcel-import.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const square = (x: number, y: number, d = 0.001): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
});

const sample: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { APN: 'R101 22', USE: 'Agricultural', OWNER: 'A. Farmer' }, geometry: square(-100, 35) },
    { type: 'Feature', properties: { APN: '101-22-4' }, geometry: square(-100.01, 35) },
    { type: 'Feature', properties: { APN: 'r101  22' }, geometry: square(-100.02, 35) },
    { type: 'Feature', properties: { USE: 'Road' }, geometry: square(-100.03, 35) },
    { type: 'Feature', properties: { APN: 'P-1' }, geometry: { type: 'Point', coordinates: [-100, 35] } },
    { type: 'Feature', properties: { APN: 'OPEN' }, geometry: { type: 'Polygon', coordinates: [[[-100, 35], [-99.9, 35], [-99.9, 35.1]]] } },
    { type: 'Feature', properties: { APN: 'NONE' }, geometry: null as unknown as Polygon },
  ],
};

describe('parcelRowsFrom', () => {
  it('keeps good parcels and refuses the rest with a reason each', () => {
    const { rows, refused } = parcelRowsFrom(sample, { apnField: 'APN', source: 'County GIS (test)', landUseField: 'USE', ownerNameField: 'OWNER', county: 'Test', state: 'OK' });
    expect(rows.map((r) => r.apn)).toEqual(['R101 22', '101-22-4']);
    expect(rows[0]).toMatchObject({ landUse: 'Agricultural', ownerName: 'A. Farmer', county: 'Test', state: 'OK', ownerId: null, source: 'County GIS (test)' });
    expect(rows[0]!.areaM2).toBeGreaterThan(9000);
    expect(refused.map((r) => [r.index, r.apn, r.reason.split(' (')[0]])).toEqual([
      [2, 'r101  22', 'The parcel number appears earlier in the file.'],
      [3, null, 'No parcel number in property "APN".'],
      [4, 'P-1', 'Must be a GeoJSON Polygon or MultiPolygon.'],
      [5, 'OPEN', 'Every ring must have at least 4 positions and end where it starts.'],
      [6, 'NONE', 'The feature has no geometry.'],
    ]);
  });

  it('keeps points and lines in a layer, and what the filter drops is counted apart', () => {
    const layer = layerFeaturesFrom(sample, (f) => f.properties?.USE !== 'Road');
    expect(layer.features).toHaveLength(4);
    expect(layer.dropped).toBe(1);
    expect(layer.refused.map((r) => r.index)).toEqual([5, 6]);
    expect(layer.extent![0]).toBeCloseTo(-100.02, 6);
  });
});

describe('reading files', () => {
  it('reads a zipped shapefile', async () => {
    const zip = await shpwrite.zip<'nodebuffer'>({ type: 'FeatureCollection', features: sample.features.slice(0, 2) }, { outputType: 'nodebuffer', compression: 'DEFLATE' });
    const collection = await parseGeoBytes(new Uint8Array(zip), '.zip');
    const { rows, refused } = parcelRowsFrom(collection, { apnField: 'APN', source: 'shp' });
    expect(refused).toEqual([]);
    expect(rows.map((r) => r.apn).sort()).toEqual(['101-22-4', 'R101 22']);
  });

  it('reads KML placemarks with their names', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>Survey 12/3</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
    73,26,0 73.01,26,0 73.01,26.01,0 73,26.01,0 73,26,0
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>Well</name><Point><coordinates>73.005,26.005,0</coordinates></Point></Placemark>
</Document></kml>`;
    const collection = await parseGeoBytes(new TextEncoder().encode(kml), '.kml');
    const { rows, refused } = parcelRowsFrom(collection, { apnField: 'name', source: 'kml' });
    expect(rows.map((r) => r.apn)).toEqual(['Survey 12/3']);
    expect(refused).toHaveLength(1);
  });

  it('says why a file cannot be read', async () => {
    await expect(parseGeoBytes(new TextEncoder().encode('{"type":'), '.geojson')).rejects.toThrow(GeoFileError);
    await expect(parseGeoBytes(new TextEncoder().encode('{"type":"Point","coordinates":[0,0]}'), '.json')).rejects.toThrow('Expected a GeoJSON FeatureCollection');
    await expect(parseGeoBytes(new Uint8Array([1, 2, 3]), '.zip')).rejects.toThrow(GeoFileError);
    await expect(parseGeoBytes(new TextEncoder().encode('<html/>'), '.kml')).rejects.toThrow('Not a KML document.');
    await expect(parseGeoBytes(new Uint8Array(), '.dwg')).rejects.toThrow('Unsupported file type');
  });
});

describe('import-parcels CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sunplot-import-'));
  const file = join(dir, 'parcels.geojson');
  writeFileSync(file, JSON.stringify(sample));

  it('checks its flags', () => {
    expect(() => parseOptions([file])).toThrow(UsageError);
    expect(() => parseOptions([file, '--source', 'x'])).toThrow('--apn-field is required');
    expect(() => parseOptions([file, '--source', 'x', '--layer', 'roads'])).toThrow('--layer must be one of');
    expect(() => parseOptions([file, '--source', 'x', '--layer', 'grid', '--coverage', '1,2,3'])).toThrow('--coverage');
    expect(() => parseOptions([file, '--source', 'x', '--apn-field', 'APN', '--source-date', '2024'])).toThrow('YYYY-MM-DD');
    expect(parseOptions([file, '--source', 'x', '--layer', 'grid', '--coverage=-78,38,-76,40'])).toMatchObject({ layer: 'grid', coverage: [-78, 38, -76, 40] });
    expect(parseOptions(['--help'])).toBe('help');
  });

  it('reports a dry run without a database', async () => {
    const report = await importFile({ file, source: 'test', apnField: 'APN', dryRun: true });
    expect(report).toMatchObject({ kind: 'parcels', features: 7, added: 0, dryRun: true });
    expect(report.refused).toHaveLength(5);
    const text = formatReport(report);
    expect(text).toContain('refused 5');
    expect(text).toContain('feature #4 (P-1)');
  });

  it('runs as a command and exits 2 on a bad file', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/import-parcels.ts', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });
    const ok = run(file, '--source', 'test', '--apn-field', 'APN', '--dry-run', '--json');
    expect(ok.status, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ features: 7, added: 0, dryRun: true });
    const missing = run(join(dir, 'nope.geojson'), '--source', 'test', '--apn-field', 'APN', '--dry-run');
    expect(missing.status).toBe(2);
    expect(run(file).status).toBe(2);
  });
});
