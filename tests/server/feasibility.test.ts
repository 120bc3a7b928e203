import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnergyResult, FinanceResult, WeatherFile } from '../../src/contract/energy.ts';
import { FeasibilityStudy, StudyEnergy, StudyFinance, StudyList, StudyWeather, feasibilityMessages, maxPlotMapBytes, type StudyLimit } from '../../src/contract/feasibility.ts';
import type { Project } from '../../src/contract/projects.ts';
import type { Preset } from '../../src/contract/settings.ts';
import { messages } from '../../src/contract/validation.ts';
import { feasibilityRepository } from '../../server/feasibility/repository.ts';
import { signedInPair } from '../support/accounts.ts';
import { pageText } from '../support/pdf-text.ts';
import { describeApi } from '../support/describe-api.ts';
import { expectClose } from '../support/energy-checks.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { readShared, WEATHER_FILES } from '../solar/fixtures.ts';
import { greensboro, greensboroBoundary } from '../support/sites.ts';

const api = '/api/project/feasibility';
type Errors = { errors: Record<string, string[]> };
type Detail = { detail: string };
const limit = 4;

function fileForm(content: string | Uint8Array<ArrayBuffer>, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content], { type: 'application/octet-stream' }), filename);
  return form;
}

const boundary = greensboroBoundary;

describeApi('feasibility studies', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let site: Project;
  let tmy3: WeatherFile;
  const tmy3Text = readShared(WEATHER_FILES.tmy3);

  beforeAll(async () => {
    app = await startTestApp({ env: { FREE_STUDIES_PER_PROJECT: String(limit) }, deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
    const created = await asha.post<Project>('/api/project/create/', { name: 'Greensboro farm', location: greensboro, boundary });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    site = created.body;
    const upload = await asha.post<WeatherFile>('/api/gis/weather/upload/', fileForm(tmy3Text, '723170TYA.CSV'));
    expect(upload.status).toBe(201);
    tmy3 = upload.body;
  });
  afterAll(async () => {
    await app?.close();
  });

  const studyCount = async (projectId: string) =>
    (await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from feasibility_studies where project_id = ${projectId}`))[0]!.n;

  describe('one project, from first study to the last', () => {
    let first: FeasibilityStudy;
    let second: FeasibilityStudy;

    it('runs the first study on an uploaded TMY3 file, sized from the boundary, and makes it primary', async () => {
      const answer = await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: site.id, weather: { source: 'upload', weather_id: tmy3.id } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      assert(answer.body, FeasibilityStudy);
      first = answer.body;
      expect(first).toMatchObject({ project_id: site.id, name: 'Study 1', is_primary: true, model_version: 'sunplot-solar/1', plot_map: null });
      expect(first.preset.id).toBe('builtin:us-utility');
      expect(first.weather).toMatchObject({ source: 'upload', weather_id: tmy3.id, format: 'tmy3', confidence: 'standard' });
      expect(first.weather_hash).toBe(createHash('sha256').update(tmy3Text).digest('hex'));

      // Boundary area × 85 % usable × the tracker's GCR × the preset's module efficiency × 10 W/m².
      const preset = (await asha.get<Preset>(`/api/settings/last/get/?project_id=${site.id}`)).body;
      const sizing = first.sizing!;
      expect(Math.abs(sizing.area_m2 - site.area!.m2)).toBeLessThan(0.1); // the project view rounds to 0.1 m²
      expect(sizing).toMatchObject({ usable_pct: 85, gcr: preset.assumptions.system.gcr, module_w_per_m2: preset.assumptions.system.module_efficiency_pct * 10 });
      expectClose(sizing.dc_kw, Math.round(((sizing.area_m2 * 0.85 * sizing.gcr * sizing.module_w_per_m2) / 1000) * 10) / 10);
      expect(first.system.dc_kw).toBe(sizing.dc_kw);
      expect(first.system.gcr).toBe(sizing.gcr);

      // The same figures the estimate endpoints give for the same weather and system.
      const system = { ...first.system, ac_kw: undefined };
      const energy = await asha.post<EnergyResult>('/api/gis/get_annual_energy_production/', { project_id: site.id, weather: { source: 'upload', weather_id: tmy3.id }, system });
      expect(energy.status).toBe(200);
      expect(first.headline.annual_ac_kwh).toBe(energy.body.annual_ac_kwh);
      expect(first.headline.monthly_ac_kwh).toEqual(energy.body.monthly_ac_kwh);
      expect(first.headline.performance_ratio).toBe(energy.body.performance_ratio);
      const finance = await asha.post<FinanceResult>('/api/gis/get_estimated_financial_data/', { project_id: site.id, weather: { source: 'upload', weather_id: tmy3.id }, system });
      expect(first.headline.npv).toBe(finance.body.npv);
      expect(first.headline.lcoe_per_kwh).toBe(finance.body.lcoe_per_kwh);
      expect(first.assumptions).toEqual(finance.body.assumptions);

      // P50 is the simulated year; P90 from σ = √(4² + 5²) % as independent normals.
      const sigma = Math.sqrt(4 ** 2 + 5 ** 2);
      expect(first.uncertainty.terms.map((t) => [t.key, t.sigma_pct])).toEqual([
        ['interannual', 4],
        ['model', 5],
      ]);
      for (const term of first.uncertainty.terms) expect(term.source).toMatch(/\d{4}/);
      expectClose(first.uncertainty.combined_sigma_pct, sigma);
      expect(first.uncertainty.p50_annual_kwh).toBe(first.headline.annual_ac_kwh);
      expectClose(first.uncertainty.p90_annual_kwh, first.headline.annual_ac_kwh * (1 - (1.2816 * sigma) / 100));
    });

    it('serves the full energy and finance answers and the weather the study ran on', async () => {
      const energy = await asha.get<StudyEnergy>(`${api}/energy_production/get/?id=${first.id}`);
      expect(energy.status).toBe(200);
      assert(energy.body, StudyEnergy);
      expect(energy.body.energy.annual_ac_kwh).toBe(first.headline.annual_ac_kwh);
      expect(energy.body.energy.loss_waterfall.steps.length).toBeGreaterThan(3);
      expect(energy.body.energy.notes.some((note) => note.startsWith('Sized from the boundary'))).toBe(true);
      const finance = await asha.get<StudyFinance>(`${api}/financial_estimation/get/?id=${first.id}`);
      assert(finance.body, StudyFinance);
      expect(finance.body.finance.years).toHaveLength(first.assumptions.finance.analysis_years + 1);
      const weather = await asha.get<StudyWeather>(`${api}/weather/get/?id=${first.id}`);
      assert(weather.body, StudyWeather);
      expect(weather.body).toMatchObject({ kind: 'file', weather_hash: first.weather_hash });
      expect(weather.body.content).toBe(tmy3Text);
    });

    it('gives identical numbers when re-run, even after the upload is deleted', async () => {
      const again = await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: site.id, name: '  Tracker, same site  ', weather: { source: 'upload', weather_id: tmy3.id } });
      expect(again.status).toBe(201);
      second = again.body;
      expect(second).toMatchObject({ name: 'Tracker, same site', is_primary: false, weather_hash: first.weather_hash });
      expect(second.headline).toEqual(first.headline);
      const list = await asha.get<StudyList>(`${api}/list/?project_id=${site.id}`);
      assert(list.body, StudyList);
      expect(list.body.results.map((s) => [s.id, s.is_primary])).toEqual([
        [second.id, false],
        [first.id, true],
      ]);
      // One stored copy of the weather for both studies.
      expect(await queryRows(app.database, sql`select hash from study_weather`)).toHaveLength(1);
    });

    it('makes another study primary and clears the first in the same step', async () => {
      const made = await asha.patch<FeasibilityStudy>(`${api}/set_primary/`, { id: second.id });
      expect(made.status).toBe(200);
      expect(made.body.is_primary).toBe(true);
      const list = (await asha.get<StudyList>(`${api}/list/?project_id=${site.id}`)).body.results;
      expect(list.filter((s) => s.is_primary).map((s) => s.id)).toEqual([second.id]);
      // Again: nothing changes.
      expect((await asha.patch(`${api}/set_primary/`, { id: second.id })).status).toBe(200);
      expect((await asha.get<StudyList>(`${api}/list/?project_id=${site.id}`)).body.results.filter((s) => s.is_primary)).toHaveLength(1);
    });

    it('renames a study and refuses an empty or blank name without changing it', async () => {
      const renamed = await asha.patch<FeasibilityStudy>(`${api}/rename/`, { id: first.id, name: 'Fixed-tilt baseline' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Fixed-tilt baseline');
      const blank = await asha.patch<Errors>(`${api}/rename/`, { id: first.id, name: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.errors.name).toEqual([messages.notBlank]);
      const empty = await asha.patch<Errors>(`${api}/rename/`, { id: first.id, name: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors.name).toEqual([messages.required]);
      expect((await asha.get<FeasibilityStudy>(`${api}/get/?id=${first.id}`)).body.name).toBe('Fixed-tilt baseline');
    });

    it('deletes the primary study and makes the newest remaining one primary', async () => {
      const third = (await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: site.id, weather: { source: 'upload', weather_id: tmy3.id }, system: { tilt_deg: 20 } })).body;
      expect(third.name).toBe('Study 3');
      expect((await asha.delete(`${api}/delete/?id=${second.id}`)).status).toBe(204);
      const list = (await asha.get<StudyList>(`${api}/list/?project_id=${site.id}`)).body.results;
      expect(list.map((s) => [s.id, s.is_primary])).toEqual([
        [third.id, true],
        [first.id, false],
      ]);
      expect((await asha.patch<Detail>(`${api}/set_primary/`, { id: second.id })).status).toBe(404);
      expect((await asha.patch(`${api}/rename/`, { id: second.id, name: 'Gone' })).status).toBe(404);
      expect((await asha.delete(`${api}/delete/?id=${second.id}`)).status).toBe(404);
    });

    it('puts the primary study in the project report: figures, monthly energy, cash flows and assumptions', async () => {
      const primary = (await asha.get<StudyList>(`${api}/list/?project_id=${site.id}`)).body.results.find((s) => s.is_primary)!;
      const response = await fetch(`${app.baseUrl}/api/project/report/?id=${site.id}`, { headers: { authorization: `Bearer ${asha.access}` } });
      expect(response.status).toBe(200);
      const text = pageText(Buffer.from(await response.arrayBuffer()));
      expect(text).toContain(`Primary feasibility study: ${primary.name}`);
      expect(text).toContain(`${(primary.headline.annual_ac_kwh / 1000).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MWh`);
      expect(text).toContain('Monthly AC energy (MWh)');
      expect(text).toContain('Yearly equity cash flow after tax (USD)');
      expect(text).toContain(`Equity IRR (after tax): \n${primary.headline.equity_irr_pct!.toFixed(2)} %`);
      expect(text).toContain(`Breakeven PPA price: \nUSD ${primary.headline.breakeven_ppa_per_kwh!.toFixed(4)} per kWh (equity IRR of 11 %)`);
      expect(text).toContain('Debt: sized at DSCR 1.3');
      expect(text).toContain('After-tax cash flows (USD)');
      for (const column of ['CFADS', 'Interest', 'Principal', 'DSCR', 'Depreciation', 'State tax', 'Federal tax', 'ITC', 'PTC', 'Cumulative']) expect(text).toContain(`\n${column}\n`);
      expect(text).toMatch(/\nTaxable \nincome\n[\s\S]*\nEquity cash \nflow\n/);
      // The tornado of the study page, from the same engine: its base is the study's own equity IRR and NPV.
      expect(text).toContain('What moves the answer');
      expect(text).toContain(`Equity IRR after tax\nstudy: ${primary.headline.equity_irr_pct!.toFixed(2)} %\n`);
      expect(text).toContain(`After-tax NPV (USD)\nstudy: USD ${(primary.headline.npv / 1e6).toFixed(2)}M\n`);
      for (const bar of ['Capex', 'Energy', 'PPA price', 'O&M', 'Interest rate', 'Tax rate', 'P90 energy', 'ITC off', 'No debt']) expect(text).toContain(`\n${bar}\n`);
      // Named for the project, the study and the day: readable in a download folder, ASCII for old clients.
      const day = /filename="[^"]*-(\d{4}-\d\d-\d\d)\.pdf"/.exec(response.headers.get('content-disposition')!)![1]!;
      expect(Math.abs(Date.parse(day) - Date.now())).toBeLessThan(2 * 86_400_000);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Greensboro-farm-${primary.name.replace(/ /g, '-')}-report-${day}.pdf"; filename*=UTF-8''${encodeURIComponent(`Greensboro farm - ${primary.name} - report ${day}.pdf`)}`,
      );
      expect(text).not.toContain('[object Object]');
      expect(text).toContain('Depreciation: macrs 5 90, macrs 15 1.5, sl 15 2.5, sl 20 3 - ');
      expect(text).toContain('O&M fixed per year: 0 - ');
      expect(text).toContain('Study assumptions');
      expect(text).toContain('Uncertainty - Interannual variability');
      expect(primary.id).not.toBe(first.id);
      expect(text).not.toContain(`Primary feasibility study: ${first.name}`);
    });

    it("keeps a study's weather after its upload is deleted, so it can still be shown and re-run", async () => {
      const other = await asha.post<WeatherFile>('/api/gis/weather/upload/', fileForm(tmy3Text, 'copy.csv', { name: 'Copy' }));
      const study = (await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: site.id, weather: { source: 'upload', weather_id: other.body.id } })).body;
      expect((await asha.delete(`/api/gis/weather/delete/?id=${other.body.id}`)).status).toBe(204);
      const weather = await asha.get<StudyWeather>(`${api}/weather/get/?id=${study.id}`);
      expect(weather.body.content).toBe(tmy3Text);
      expect((await asha.delete(`${api}/delete/?id=${study.id}`)).status).toBe(204);
    });
  });

  it('runs a study on typed monthly means at the project location, with lower confidence and a wider P90', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Jodhpur', location: { lat: 26.3, lng: 73.0 } })).body;
    const means = meansAt(26.3, 73.0, 0.6, 27);
    const answer = await asha.post<FeasibilityStudy>(`${api}/create/`, {
      project_id: project.id,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 5000, mount: 'fixed', tilt_deg: 25 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.sizing).toBeNull();
    // No country given: the location puts Jodhpur in India, so India's defaults (in rupees, after tax) apply.
    expect(answer.body.preset.id).toBe('builtin:india-utility');
    expect(answer.body.headline).toMatchObject({ currency: 'INR', structure: 'single_owner' });
    expect(answer.body.weather).toMatchObject({ source: 'monthly', confidence: 'low', lat: 26.3, lon: 73.0 });
    expect(answer.body.uncertainty.terms.map((t) => t.key)).toEqual(['interannual', 'model', 'resource']);
    expectClose(answer.body.uncertainty.combined_sigma_pct, Math.sqrt(4 ** 2 + 5 ** 2 + 8 ** 2));
    const weather = (await asha.get<StudyWeather>(`${api}/weather/get/?id=${answer.body.id}`)).body;
    expect(weather.kind).toBe('monthly');
    expect(JSON.parse(weather.content)).toMatchObject({ source: 'monthly', lat: 26.3, lon: 73.0, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay });
  });

  it("starts from the named preset and marks it used, so the next study's default is that preset", async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Preset farm', location: greensboro })).body;
    const own = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Cheap steel', based_on: 'builtin:us-utility', assumptions: { costs: { capex_per_wdc: 0.9 } } });
    expect(own.status).toBe(201);
    // Another preset written later is the newest until a study uses the first.
    await asha.post('/api/settings/update/v2/', { name: 'Later', based_on: 'builtin:commercial-rooftop' });
    const study = await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: project.id, preset_id: own.body.id, weather: { source: 'upload', weather_id: tmy3.id }, system: { dc_kw: 1000 } });
    expect(study.status).toBe(201);
    expect(study.body.preset).toEqual({ id: own.body.id, name: 'Cheap steel' });
    expect(study.body.assumptions.costs.capex_per_wdc).toBe(0.9);
    expect((await asha.get<Preset>(`/api/settings/last/get/?project_id=${project.id}`)).body.id).toBe(own.body.id);
    const unknown = await asha.post<Errors>(`${api}/create/`, { project_id: project.id, preset_id: '00000000-0000-4000-8000-000000000000', weather: { source: 'upload', weather_id: tmy3.id } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.preset_id).toEqual(['No such preset.']);
  });

  it('refuses assumptions out of range with the field and its message, and saves nothing', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Bad input', location: greensboro })).body;
    const weather = { source: 'upload', weather_id: tmy3.id };
    const cases: [Record<string, unknown>, string][] = [
      [{ system: { tilt_deg: 91 } }, 'system.tilt_deg'],
      [{ system: { dc_ac_ratio: 0 } }, 'system.dc_ac_ratio'],
      [{ costs: { capex_per_wdc: -1 } }, 'costs.capex_per_wdc'],
      [{ finance: { discount_rate_pct: 200 } }, 'finance.discount_rate_pct'],
      [{ sizing: { gcr: 1.5 } }, 'sizing.gcr'],
      [{ name: '   ' }, 'name'],
      [{ weather: { source: 'sun' } }, 'weather.source'],
    ];
    for (const [change, field] of cases) {
      const answer = await asha.post<Errors>(`${api}/create/`, { project_id: project.id, weather, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(answer.body.errors), JSON.stringify(change)).toContain(field);
    }
    expect(await studyCount(project.id)).toBe(0);
  });

  it("answers 404 for another user's studies, projects and weather, and changes nothing", async () => {
    const study = (await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: (await asha.post<Project>('/api/project/create/', { name: 'Mine', location: greensboro })).body.id, weather: { source: 'upload', weather_id: tmy3.id }, system: { dc_kw: 100 } })).body;
    const ravisProject = (await ravi.post<Project>('/api/project/create/', { name: 'Ravi', location: greensboro })).body;
    const refusals = [
      ravi.get(`${api}/get/?id=${study.id}`),
      ravi.get(`${api}/list/?project_id=${study.project_id}`),
      ravi.get(`${api}/check_limit/?project_id=${study.project_id}`),
      ravi.get(`${api}/energy_production/get/?id=${study.id}`),
      ravi.get(`${api}/financial_estimation/get/?id=${study.id}`),
      ravi.get(`${api}/weather/get/?id=${study.id}`),
      ravi.get(`${api}/plot_map/get/?id=${study.id}`),
      ravi.patch(`${api}/set_primary/`, { id: study.id }),
      ravi.patch(`${api}/rename/`, { id: study.id, name: 'Taken' }),
      ravi.delete(`${api}/delete/?id=${study.id}`),
      ravi.patch(`${api}/plot_map/upload/`, fileForm(new Uint8Array(await pngBytes()), 'map.png', { id: study.id })),
      ravi.post(`${api}/create/`, { project_id: study.project_id, weather: { source: 'upload', weather_id: tmy3.id } }),
      // His own project with her weather file.
      ravi.post(`${api}/create/`, { project_id: ravisProject.id, weather: { source: 'upload', weather_id: tmy3.id } }),
      ravi.get(`${api}/get/?id=not-a-uuid`),
    ];
    for (const answer of await Promise.all(refusals)) expect(answer.status).toBe(404);
    const after = (await asha.get<FeasibilityStudy>(`${api}/get/?id=${study.id}`)).body;
    expect(after).toEqual(study);
    expect(await studyCount(ravisProject.id)).toBe(0);
    expect((await ravi.get(`${api}/list/?project_id=${ravisProject.id}`)).body).toEqual({ count: 0, results: [] });
  });

  it('stops at the free limit with a 403 naming it, also when creates race for the last place', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Limits', location: greensboro })).body;
    const create = () => asha.post<FeasibilityStudy & Detail>(`${api}/create/`, { project_id: project.id, weather: { source: 'upload', weather_id: tmy3.id }, system: { dc_kw: 100 } });
    // The first studies of a project, created at once, still leave exactly one primary.
    const firsts = await Promise.all([create(), create(), create()]);
    expect(firsts.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(firsts.filter((a) => a.body.is_primary)).toHaveLength(1);
    expect((await asha.get<StudyLimit>(`${api}/check_limit/?project_id=${project.id}`)).body).toEqual({ allowed: true, used: 3, limit, detail: null });
    const race = await Promise.all([create(), create(), create()]);
    expect(race.map((a) => a.status).sort()).toEqual([201, 403, 403]);
    for (const refused of race.filter((a) => a.status === 403)) expect(refused.body.detail).toBe(feasibilityMessages.limit(limit));
    expect(feasibilityMessages.limit(limit)).toContain(`${limit} feasibility studies`);
    expect((await asha.get<StudyLimit>(`${api}/check_limit/?project_id=${project.id}`)).body).toEqual({ allowed: false, used: limit, limit, detail: feasibilityMessages.limit(limit) });
    expect((await create()).status).toBe(403);
    expect(await studyCount(project.id)).toBe(limit);
  });

  it('prunes stored weather an hour after its last study is gone, and keeps weather still in use', async () => {
    const project = (await asha.post<Project>('/api/project/create/', { name: 'Prune', location: { lat: 20, lng: 78 } })).body;
    const means = meansAt(20, 78, 0.55, 26);
    const study = (
      await asha.post<FeasibilityStudy>(`${api}/create/`, {
        project_id: project.id,
        weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
        system: { dc_kw: 100 },
      })
    ).body;
    expect((await asha.delete(`${api}/delete/?id=${study.id}`)).status).toBe(204);
    const studies = feasibilityRepository(app.database.db);
    expect(await studies.pruneWeather()).toBe(0);
    await app.database.db.execute(sql`update study_weather set last_used_at = now() - interval '2 hours'`);
    expect(await studies.pruneWeather()).toBe(1);
    const left = await queryRows<{ hash: string }>(app.database, sql`select hash from study_weather`);
    expect(left.map((row) => row.hash)).not.toContain(study.weather_hash);
    expect(left.length).toBeGreaterThan(0);
  });

  describe('plot maps', () => {
    let study: FeasibilityStudy;
    beforeAll(async () => {
      const project = (await asha.post<Project>('/api/project/create/', { name: 'Plot maps', location: greensboro })).body;
      study = (await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: project.id, weather: { source: 'upload', weather_id: tmy3.id }, system: { dc_kw: 100 } })).body;
    });

    it('stores a PNG, JPEG, WebP or PDF judged by content and serves it back as it was', async () => {
      const png = await pngBytes();
      const uploaded = await asha.patch<FeasibilityStudy>(`${api}/plot_map/upload/`, fileForm(new Uint8Array(png), 'layout.bin', { id: study.id }));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      expect(uploaded.body.plot_map).toMatchObject({ file_name: 'layout.bin', content_type: 'image/png', byte_size: png.length });
      const served = await fetch(`${app.baseUrl}${api}/plot_map/get/?id=${study.id}`, { headers: { authorization: `Bearer ${asha.access}` } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('content-disposition')).toBe(`inline; filename="layout.bin"; filename*=UTF-8''layout.bin`);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).webp().toBuffer();
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
      for (const [bytes, type] of [[jpeg, 'image/jpeg'], [webp, 'image/webp'], [pdf, 'application/pdf']] as const) {
        const answer = await asha.patch<FeasibilityStudy>(`${api}/plot_map/upload/`, fileForm(new Uint8Array(bytes), 'plot', { id: study.id }));
        expect(answer.status).toBe(200);
        expect(answer.body.plot_map?.content_type).toBe(type);
      }
    });

    it('refuses SVG, HTML renamed .png, a truncated image, an empty file and one over 10 MB, keeping the map it had', async () => {
      const before = (await asha.get<FeasibilityStudy>(`${api}/get/?id=${study.id}`)).body.plot_map;
      const png = await pngBytes();
      const cases: [Uint8Array<ArrayBuffer>, number][] = [
        [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415],
        [new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>'), 415],
        [new Uint8Array(png.subarray(0, 24)), 415],
        [new TextEncoder().encode('%PDF-1.4 no end'), 415],
        [new Uint8Array(0), 400],
        [new Uint8Array(maxPlotMapBytes + 1), 413],
      ];
      for (const [bytes, status] of cases) {
        const answer = await asha.patch<Detail>(`${api}/plot_map/upload/`, fileForm(bytes, 'map.png', { id: study.id }));
        expect(answer.status, new TextDecoder().decode(bytes.subarray(0, 20))).toBe(status);
      }
      expect((await asha.patch(`${api}/plot_map/upload/`, { id: study.id })).status).toBe(415);
      expect((await asha.get<FeasibilityStudy>(`${api}/get/?id=${study.id}`)).body.plot_map).toEqual(before);
    });

    it('says when a study has no plot map', async () => {
      const project = (await asha.post<Project>('/api/project/create/', { name: 'No map', location: greensboro })).body;
      const bare = (await asha.post<FeasibilityStudy>(`${api}/create/`, { project_id: project.id, weather: { source: 'upload', weather_id: tmy3.id }, system: { dc_kw: 100 } })).body;
      const answer = await asha.get<Detail>(`${api}/plot_map/get/?id=${bare.id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe(feasibilityMessages.noPlotMap);
    });
  });
});

function pngBytes() {
  return sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 250, g: 180, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
}
