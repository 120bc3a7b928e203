/**
 * Issue 36: no number reaches the engine unbounded. Every number of the requests a planner sends (a study's system and
 * every assumption section, a preset, screening criteria, a project's place) is set, one at a time, to ±1e308 and to
 * 1e20, past any sane range: each answers 400 naming that field (docs/api.md lists the ranges), and nothing is
 * stored. The numbers are found by walking full, valid bodies, so a field added to a preset is swept without listing it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Errors = { errors?: Record<string, string[]> };

/** Every numeric leaf of `value`, as a dotted path (array items by index). */
function numberPaths(value: Json, at: string[] = []): string[][] {
  if (typeof value === 'number') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => numberPaths(item, [...at, String(i)]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => numberPaths(item, [...at, key]));
  return [];
}

function withValue(body: Json, path: string[], value: number): Json {
  const copy = structuredClone(body) as Record<string, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, Json>;
  node[path.at(-1)!] = value;
  return copy;
}

/** Whether the answer's errors name the field: the path itself, or the list or object it belongs to. */
const names = (errors: Record<string, string[]>, field: string) => Object.keys(errors).some((key) => key === field || field.startsWith(`${key}.`));

const usUtility = builtinPresets.find((p) => p.id === 'builtin:us-utility')!;
const { system, ...money } = usUtility.assumptions as unknown as { system: Record<string, Json> } & Record<string, Json>;
// The preset's module figures size a study from its land; an estimate is given its DC size.
const { module_power_w: _power, module_efficiency_pct: _efficiency, ...estimateSystem } = system;

describeApi('every number a planner sends has a range, and past it the answer names the field', () => {
  let app: TestApp;
  let asha: HttpClient;
  let projectId: string;
  beforeAll(async () => {
    // Three requests a number: the energy limit (60 a minute) is raised for the sweep, as a script's own would be.
    app = await startTestApp({ deps: { seedDemoData: false, limits: { energyPerUser: { limit: 100_000, seconds: 60 } } } });
    [asha] = await signedInPair(app);
    projectId = (await asha.post<{ id: string }>('/api/project/create/', { name: 'Bounds', location: { lat: 36.1, lng: -79.95 } })).body.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function sweep(method: 'POST' | 'PUT', path: string, body: Json, skip: (field: string) => boolean = () => false) {
    const valid = await asha.request<Errors>(method, path, body as Record<string, unknown>);
    expect(valid.status, `${path} valid body: ${JSON.stringify(valid.body).slice(0, 300)}`).toBeLessThan(300);
    const fields = numberPaths(body).filter((p) => !skip(p.join('.')));
    expect(fields.length).toBeGreaterThan(0);
    const unnamed: string[] = [];
    for (const field of fields) {
      for (const value of [1e308, -1e308, 1e20]) {
        const answer = await asha.request<Errors>(method, path, withValue(body, field, value) as Record<string, unknown>);
        const name = field.join('.');
        if (answer.status !== 400 || !names(answer.body.errors ?? {}, name)) unnamed.push(`${name} = ${value}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
    }
    expect(unnamed).toEqual([]);
    return fields.length;
  }

  it('a finance estimate: every cost, tariff, finance, incentive, debt and reserve number of a full preset', async () => {
    const body = { energy: { annual_ac_kwh: 9_000_000, dc_kw: 5000 }, ...money } as Json;
    expect(await sweep('POST', '/api/gis/get_estimated_financial_data/', body)).toBeGreaterThan(40);
  }, 300_000);

  it('an energy estimate: every number of the system, with PVWatts v8’s', async () => {
    const ghi = [2.6, 3.5, 4.6, 5.7, 6.3, 6.8, 6.6, 6, 5, 4, 2.9, 2.4];
    const temp = [3, 5, 9, 15, 20, 24, 26, 25, 21, 15, 9, 4];
    const body = {
      weather: { source: 'monthly', lat: 36.1, lon: -79.95, ghi_kwh_m2_per_day: ghi, temp_air_c: temp },
      system: { ...estimateSystem, dc_kw: 1000, model: 'pvwatts_v8', array_type: '1-axis-backtrack', module_type: 'standard', bifaciality: 0, albedo: 0.2, soiling_monthly_pct: Array.from({ length: 12 }, () => 1) },
    } as Json;
    await sweep('POST', '/api/gis/get_annual_energy_production/', body);
  }, 300_000);

  it('a preset: every number of every section', async () => {
    const body = { name: 'Swept', assumptions: usUtility.assumptions } as unknown as Json;
    await sweep('POST', '/api/settings/update/v2/', body);
    // Only the valid body made a preset: none of the refused ones was stored.
    const presets = (await asha.get<{ results: { name: string; builtin: boolean }[] }>('/api/settings/list/')).body.results;
    expect(presets.filter((p) => !p.builtin).map((p) => p.name)).toEqual(['Swept']);
  }, 300_000);

  it('screening criteria and a project’s place', async () => {
    const criteria = { min_area_acres: 5, max_area_acres: 5000, max_flood_overlap_pct: 0, max_wetland_overlap_pct: 10, max_protected_overlap_pct: 0, max_grid_distance_km: 5, max_slope_pct: 10, max_steep_share_pct: 5 };
    await sweep('PUT', '/api/project/screening_criteria/', { id: projectId, criteria });
    await sweep('POST', '/api/project/create/', { name: 'Place', location: { lat: 36.1, lng: -79.95 } });
  }, 300_000);
});
