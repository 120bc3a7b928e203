import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Project } from '../../src/contract/projects.ts';
import { builtinPresetIds, settingsMessages, type Preset, type PresetList } from '../../src/contract/settings.ts';
import { messages } from '../../src/contract/validation.ts';
import { signedInPair } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describeApi('settings presets API', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  let indianProject: Project;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
    indianProject = (await asha.post<Project>('/api/project/create/', { name: 'Bhadla', location: { lat: 27.53, lng: 71.91 }, pincode: '342307' })).body;
  });
  afterAll(() => app?.close());

  it('gives a new user the built-in defaults, each value with its source and year', async () => {
    const last = await asha.get<Preset>('/api/settings/last/get/');
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ id: 'builtin:us-utility', builtin: true, read_only: true });
    expect(last.body.assumptions.finance).toMatchObject({ currency: 'USD', degradation_pct: 0.5, analysis_years: 25 });
    expect(last.body.sources['system.dc_ac_ratio']).toMatchObject({ year: 2020 });
    expect(last.body.sources['system.dc_ac_ratio']!.source).toContain('ATB');
    expect(last.body.sources['costs.capex_per_wdc']!.source).toContain('LBNL');
    const india = await asha.get<Preset>(`/api/settings/last/get/?project_id=${indianProject.id}`);
    expect(india.body).toMatchObject({ id: 'builtin:india-utility', assumptions: { finance: { currency: 'INR' } } });
    const list = await asha.get<PresetList>('/api/settings/list/');
    expect(list.body.results.map((p) => p.id)).toEqual([...builtinPresetIds]);
    expect(builtinPresetIds).toEqual(['builtin:us-utility', 'builtin:india-utility', 'builtin:commercial-rooftop', 'builtin:eu-utility', 'builtin:us-residential']);
    for (const preset of list.body.results) {
      const paths = Object.entries(preset.assumptions).flatMap(([section, values]) => Object.keys(values).map((field) => `${section}.${field}`));
      expect(Object.keys(preset.sources).sort()).toEqual(paths.sort());
    }
  });

  it('creates a preset from a built-in, edits it partially, and last/get follows the newest', async () => {
    const created = await asha.post<Preset>('/api/settings/update/v2/', {
      name: 'Bhadla bid case',
      based_on: 'builtin:india-utility',
      assumptions: { tariff: { price_per_kwh: 2.45 }, system: { mount: 'single_axis', gcr: '0.35' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ builtin: false, read_only: false, based_on: 'builtin:india-utility', project_id: null });
    expect(created.body.assumptions).toMatchObject({ tariff: { price_per_kwh: 2.45, escalation_pct: 0 }, system: { mount: 'single_axis', gcr: 0.35, dc_ac_ratio: 1.4 } });
    expect(created.body.sources['tariff.price_per_kwh']).toMatchObject({ source: 'Entered by user', year: null });
    expect(created.body.sources['finance.degradation_pct']!.year).toBe(2016);
    expect((await asha.get<Preset>('/api/settings/last/get/')).body.id).toBe(created.body.id);

    const second = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Rooftop', based_on: 'builtin:commercial-rooftop' });
    expect((await asha.get<Preset>('/api/settings/last/get/')).body.id).toBe(second.body.id);
    const edited = await asha.patch<Preset>('/api/settings/update/v2/', { id: created.body.id, assumptions: { finance: { discount_rate_pct: 11 } } });
    expect(edited.status).toBe(200);
    expect(edited.body.assumptions).toMatchObject({ finance: { discount_rate_pct: 11, currency: 'INR' }, tariff: { price_per_kwh: 2.45 } });
    expect((await asha.get<Preset>('/api/settings/last/get/')).body.id).toBe(created.body.id);
    const renamed = await asha.post<Preset>('/api/settings/update/v2/', { id: created.body.id, name: 'Bhadla v2' });
    expect(renamed.body.name).toBe('Bhadla v2');

    const copy = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Copy', based_on: created.body.id });
    expect(copy.body).toMatchObject({ based_on: 'builtin:india-utility', assumptions: { finance: { discount_rate_pct: 11 } } });
    const list = await asha.get<PresetList>('/api/settings/list/');
    expect(list.body.count).toBe(builtinPresetIds.length + 3);
    expect(list.body.results.slice(builtinPresetIds.length).map((p) => p.name)).toEqual(['Copy', 'Bhadla v2', 'Rooftop']);
  });

  it('takes a PVWatts v8 choice away when an edit sends it as null, and refuses null for the other assumptions', async () => {
    const created = await asha.post<Preset>('/api/settings/update/v2/', {
      name: 'Bifacial trial',
      assumptions: { system: { model: 'pvwatts_v8', module_type: 'premium', bifaciality: 0.7, soiling_monthly_pct: [2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2] } },
    });
    expect(created.status).toBe(201);
    expect(created.body.sources['system.bifaciality']).toMatchObject({ source: 'Entered by user' });
    const cleared = await asha.patch<Preset>('/api/settings/update/v2/', { id: created.body.id, assumptions: { system: { bifaciality: null, soiling_monthly_pct: null } } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.assumptions.system).toMatchObject({ model: 'pvwatts_v8', module_type: 'premium' });
    expect(cleared.body.assumptions.system).not.toHaveProperty('bifaciality');
    expect(cleared.body.assumptions.system).not.toHaveProperty('soiling_monthly_pct');
    expect(cleared.body.sources).not.toHaveProperty('system.bifaciality');
    const stored = await asha.get<PresetList>('/api/settings/list/');
    expect(stored.body.results.find((p) => p.id === created.body.id)!.assumptions.system).not.toHaveProperty('bifaciality');

    const refused = await asha.patch<{ errors: Record<string, string[]> }>('/api/settings/update/v2/', { id: created.body.id, assumptions: { system: { gcr: null, model: null } } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['assumptions.system.gcr']);
    expect((await asha.get<PresetList>('/api/settings/list/')).body.results.find((p) => p.id === created.body.id)!.assumptions.system).toMatchObject({ model: 'pvwatts_v8', gcr: created.body.assumptions.system.gcr });
  });

  it('scopes presets to a project', async () => {
    const scoped = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Only Bhadla', project_id: indianProject.id });
    expect(scoped.body.project_id).toBe(indianProject.id);
    const global = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Everywhere' });
    // The project's own preset wins for that project even when a global one is newer.
    expect((await asha.get<Preset>(`/api/settings/last/get/?project_id=${indianProject.id}`)).body.id).toBe(scoped.body.id);
    expect((await asha.get<Preset>('/api/settings/last/get/')).body.id).toBe(global.body.id);
    const other = (await asha.post<Project>('/api/project/create/', { name: 'Other', location: { lat: 38.9, lng: -77 } })).body;
    const forOther = await asha.get<PresetList>(`/api/settings/list/?project_id=${other.id}`);
    expect(forOther.body.results.map((p) => p.name)).not.toContain('Only Bhadla');
    expect(forOther.body.results.map((p) => p.name)).toContain('Everywhere');
    const unscoped = await asha.patch<Preset>('/api/settings/update/v2/', { id: scoped.body.id, project_id: null });
    expect(unscoped.body.project_id).toBeNull();
  });

  it("validates with the spec's messages", async () => {
    const bad = await asha.post('/api/settings/update/v2/', {
      name: 'Bad',
      assumptions: {
        system: { module_efficiency_pct: 100, module_power_w: 1500, losses_pct: 0, tilt_deg: 95, gcr: 1, mount: 'dual_axis' },
        costs: { capex_per_wdc: '', om_per_kw_yr: -3, fixed_costs: 1.234 },
        tariff: { price_per_kwh: null },
        finance: { analysis_years: 0, discount_rate_pct: 'ten', currency: 'GBP', degradation_pct: -1 },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      errors: {
        'assumptions.system.module_efficiency_pct': [messages.twoDigitValue],
        'assumptions.system.module_power_w': [messages.threeDigitValue],
        'assumptions.system.losses_pct': [messages.twoDigitValue],
        'assumptions.system.tilt_deg': [settingsMessages.tilt],
        'assumptions.system.gcr': [settingsMessages.gcr],
        'assumptions.system.mount': ['Invalid value.'],
        'assumptions.costs.capex_per_wdc': [messages.priceNotEmpty],
        'assumptions.costs.om_per_kw_yr': [messages.priceTwoDecimals],
        'assumptions.costs.fixed_costs': [messages.priceTwoDecimals],
        'assumptions.tariff.price_per_kwh': [messages.priceNotEmpty],
        'assumptions.finance.analysis_years': [messages.notLessThanOne],
        'assumptions.finance.discount_rate_pct': [messages.twoDigitValue],
        'assumptions.finance.currency': ['Invalid value.'],
        'assumptions.finance.degradation_pct': [settingsMessages.degradation],
      },
    });
    expect(await asha.post('/api/settings/update/v2/', {})).toMatchObject({ status: 400, body: { errors: { name: [messages.required] } } });
    expect(await asha.post('/api/settings/update/v2/', { name: ' ' })).toMatchObject({ status: 400, body: { errors: { name: [messages.notBlank] } } });
    expect(await asha.post('/api/settings/update/v2/', { name: 'x', colour: 'red' })).toMatchObject({ status: 400, body: { errors: { colour: ['Unknown field.'] } } });
    expect(await asha.post('/api/settings/update/v2/', { name: 'x', assumptions: { finance: { analysis_years: 25.5 } } })).toMatchObject({
      status: 400,
      body: { errors: { 'assumptions.finance.analysis_years': [settingsMessages.years] } },
    });
    expect(await asha.post('/api/settings/update/v2/', { name: 'x', based_on: 'builtin:mars' })).toMatchObject({ status: 400, body: { errors: { based_on: ['No such preset.'] } } });
    expect(await asha.post('/api/settings/update/v2/', { id: 'builtin:us-utility', name: 'Mine now' })).toMatchObject({ status: 400, body: { errors: { id: [settingsMessages.readOnly] } } });
    // Zero escalation and zero fixed costs are real values, not missing ones.
    const zero = await asha.post<Preset>('/api/settings/update/v2/', { name: 'Zeros', assumptions: { costs: { fixed_costs: 0, om_escalation_pct: 0 }, tariff: { price_per_kwh: 0.0425 } } });
    expect(zero.status).toBe(201);
  });

  it("answers 404 for another user's presets and projects", async () => {
    const mine = (await asha.get<PresetList>('/api/settings/list/')).body.results.find((p) => !p.builtin)!;
    expect((await ravi.patch('/api/settings/update/v2/', { id: mine.id, name: 'Stolen' })).status).toBe(404);
    expect((await ravi.post('/api/settings/update/v2/', { name: 'Copy', based_on: mine.id })).status).toBe(400);
    expect((await ravi.get(`/api/settings/last/get/?project_id=${indianProject.id}`)).status).toBe(404);
    expect((await ravi.get(`/api/settings/list/?project_id=${indianProject.id}`)).status).toBe(404);
    expect((await ravi.post('/api/settings/update/v2/', { name: 'x', project_id: indianProject.id })).status).toBe(404);
    expect((await ravi.patch('/api/settings/update/v2/', { id: 'not-a-uuid', name: 'x' })).status).toBe(404);
    expect((await ravi.get('/api/settings/last/get/?project_id=nope')).status).toBe(404);
    expect((await ravi.get<PresetList>('/api/settings/list/')).body.count).toBe(builtinPresetIds.length);
    expect((await ravi.get('/api/settings/list/', { access: null })).status).toBe(401);
  });
});
