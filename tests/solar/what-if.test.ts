/**
 * The browser's what-if gives exactly the server's figures: the study is estimated by the server's own services on the
 * same real weather, then the sliders' values are sent to the server as request overrides and applied by `withWhatIf`.
 */
import { describe, expect, it } from 'vitest';
import type { FinanceBody, FinanceResult, WeatherSource } from '../../src/contract/energy.ts';
import type { FinanceFigures } from '../../src/solar/answers.ts';
import type { StudyWeather } from '../../src/contract/feasibility.ts';
import { prepareWhatIf, recompute, sliderValuesOf, tornadoOf, withWhatIf, type WhatIfFigures, type WhatIfInputs, type WhatIfValues } from '../../src/solar/what-if.ts';
import { createWhatIfHandler, solarEngine } from '../../src/features/feasibility/what-if/what-if-protocol.ts';
import { estimateEnergy, estimateFinance, type PresetUsed } from '../../server/energy/estimates.ts';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';
import { createWeatherSources, type ChosenWeather } from '../../server/energy/weather-sources.ts';
import type { WeatherFileSummary } from '../../server/energy/weather-repository.ts';
import { meansAt } from './monthly-means.ts';
import { readShared, WEATHER_FILES } from './fixtures.ts';

const presetOf = (id: string): PresetUsed => {
  const preset = builtinPresets.find((p) => p.id === id)!;
  return { id: preset.id, name: preset.name, assumptions: preset.assumptions };
};
const fixedRack = presetOf('builtin:india-utility');
const tracker = presetOf('builtin:us-utility');

const userId = 'user-1';

/** The server's weather sources over one stored upload; monthly means need no repository at all. */
function serverWeather(text: string) {
  const summary = { id: 'weather-1', name: 'Test year', attribution: null } as unknown as WeatherFileSummary;
  return createWeatherSources({
    files: { summary: async () => summary, content: async () => text } as never,
    pvgisCache: {} as never,
    pvgis: {} as never,
  });
}

type Overrides = Pick<FinanceBody, 'system' | 'costs' | 'tariff' | 'finance' | 'incentives' | 'debt' | 'reserves'>;

/** The finance answer's figures, without the echo of its inputs and its notes. */
function financeFigures(money: FinanceResult): FinanceFigures {
  const { model_version: _version, preset: _preset, energy: _energy, energy_production: _production, assumptions: _assumptions, irr_note: _irrNote, notes: _notes, ...figures } = money;
  return figures;
}

/** What create/ stores for a study: the energy answer and the finance answer, from the server's services. */
function serverStudy(chosen: ChosenWeather, preset: PresetUsed, body: Overrides) {
  const { result, answer } = estimateEnergy(chosen, body.system, preset);
  const money = estimateFinance({ annualAcKwh: result.annualAcKwh, dcKw: result.dcKw, acKw: result.acKw, source: 'computed' }, body, preset, answer, []);
  const inputs: WhatIfInputs = { system: answer.system, assumptions: money.assumptions };
  const figures: WhatIfFigures = {
    dc_kw: answer.system.dc_kw,
    ac_kw: answer.system.ac_kw,
    annual_ac_kwh: answer.annual_ac_kwh,
    monthly_ac_kwh: answer.monthly_ac_kwh,
    specific_yield_kwh_per_kwp: answer.specific_yield_kwh_per_kwp,
    capacity_factor_ac: answer.capacity_factor_ac,
    performance_ratio: answer.performance_ratio,
    loss_waterfall: answer.loss_waterfall,
    ...financeFigures(money),
  };
  return { inputs, figures };
}

/** The same slider values as the overrides a create request would carry. */
function overridesOf(base: Overrides, values: WhatIfValues, preset: PresetUsed): Overrides {
  const { tilt_deg, azimuth_deg, dc_ac_ratio, losses_pct, capex_per_wdc, price_per_kwh, discount_rate_pct } = values;
  // An after-tax study discounts its equity flows at the equity rate: that is the rate the slider moves.
  const rate = preset.assumptions.finance.structure === 'single_owner' ? { equity_discount_rate_pct: discount_rate_pct } : { discount_rate_pct };
  return {
    system: { ...base.system, tilt_deg, azimuth_deg, dc_ac_ratio, losses_pct },
    costs: { ...base.costs, capex_per_wdc },
    tariff: { ...base.tariff, price_per_kwh },
    finance: { ...base.finance, ...rate },
  };
}

const study: Overrides = { system: { dc_kw: 4800 }, costs: { fixed_costs: 250_000 } };

const cases: { name: string; weather: StudyWeather; source: WeatherSource; preset: PresetUsed; values: WhatIfValues }[] = [
  {
    name: 'fixed rack on the Greensboro TMY3 year',
    weather: { id: 's1', weather_hash: 'h', kind: 'file', content: readShared(WEATHER_FILES.tmy3) },
    source: { source: 'upload', weather_id: 'weather-1' },
    preset: fixedRack,
    values: { tilt_deg: 31, azimuth_deg: 197, dc_ac_ratio: 1.45, losses_pct: 11.5, capex_per_wdc: 28, price_per_kwh: 3.9, discount_rate_pct: 8.25 },
  },
  {
    name: 'single-axis tracker on the PVGIS JSON year',
    weather: { id: 's2', weather_hash: 'h', kind: 'file', content: readShared(WEATHER_FILES.pvgisJson) },
    source: { source: 'upload', weather_id: 'weather-1' },
    preset: tracker,
    values: { tilt_deg: 4, azimuth_deg: 172, dc_ac_ratio: 1.6, losses_pct: 9, capex_per_wdc: 0.95, price_per_kwh: 0.052, discount_rate_pct: 6.5 },
  },
  {
    name: 'fixed rack on the TMY2 year',
    weather: { id: 's3', weather_hash: 'h', kind: 'file', content: readShared(WEATHER_FILES.tmy2) },
    source: { source: 'upload', weather_id: 'weather-1' },
    preset: fixedRack,
    values: { tilt_deg: 90, azimuth_deg: 0, dc_ac_ratio: 0.5, losses_pct: 50, capex_per_wdc: 60, price_per_kwh: 1, discount_rate_pct: 30 },
  },
];

describe('what-if in the browser gives the server’s figures', () => {
  for (const { name, weather, source, preset, values } of cases) {
    it(name, async () => {
      const chosen = await serverWeather(weather.content).choose(userId, source);
      const saved = serverStudy(chosen, preset, study);
      expect(chosen.content).toEqual({ kind: 'file', text: weather.content });
      const prepared = prepareWhatIf(weather);

      // Unchanged sliders give the saved study back.
      expect(recompute(prepared, saved.inputs)).toEqual(saved.figures);
      expect(withWhatIf(saved.inputs, sliderValuesOf(saved.inputs))).toEqual(saved.inputs);

      const server = serverStudy(chosen, preset, overridesOf(study, values, preset));
      const whatIf = withWhatIf(saved.inputs, values);
      expect(whatIf.assumptions).toEqual(server.inputs.assumptions);
      expect(whatIf.system).toEqual(server.inputs.system);
      const figures = recompute(prepared, whatIf);
      expect(figures).toEqual(server.figures);
      expect(figures.annual_ac_kwh).not.toEqual(saved.figures.annual_ac_kwh);
    });
  }

  it('a study on typed monthly means, with its location filled in', async () => {
    const means = meansAt(-23.5, 133.9, 0.62, 22);
    const monthly = { source: 'monthly' as const, name: '  Alice Springs means ', lat: means.latitude, lon: means.longitude, ghi_kwh_m2_per_day: [...means.ghiKwhM2PerDay], temp_air_c: [...means.tempAirC] };
    const chosen = await serverWeather('').choose(userId, monthly);
    const saved = serverStudy(chosen, fixedRack, study);
    // The means as weather/get/ serves them: the server's own text of them.
    expect(chosen.content.kind).toBe('monthly');
    const prepared = prepareWhatIf({ kind: chosen.content.kind, content: chosen.content.text });
    expect(prepared.weather.site.name).toBe(chosen.weather.site.name);
    expect(recompute(prepared, saved.inputs)).toEqual(saved.figures);

    const values = { ...sliderValuesOf(saved.inputs), tilt_deg: 40, azimuth_deg: 10, discount_rate_pct: 0 };
    expect(recompute(prepared, withWhatIf(saved.inputs, values))).toEqual(serverStudy(chosen, fixedRack, overridesOf(study, values, fixedRack)).figures);
  });

  it('refuses monthly means without a location and values the engine refuses', () => {
    const means = meansAt(40, -105, 0.5);
    expect(() => prepareWhatIf({ kind: 'monthly', content: JSON.stringify({ source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC }) })).toThrow(/location/);
    const prepared = prepareWhatIf({ kind: 'monthly', content: JSON.stringify({ source: 'monthly', lat: 40, lon: -105, ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC }) });
    const inputs = withWhatIf(
      { system: { dc_kw: 1000, ac_kw: 800, mount: 'single_axis', tilt_deg: 0, azimuth_deg: 180, gcr: 0.4, max_angle_deg: 45, backtrack: true, losses_pct: 14, dc_ac_ratio: 1.25, inverter_efficiency_pct: 96, gamma_pct_per_c: -0.47, albedo: 0.2, temperature_model: 'sapm' }, assumptions: tracker.assumptions },
      { tilt_deg: 90, azimuth_deg: 180, dc_ac_ratio: 1.25, losses_pct: 14, capex_per_wdc: 1, price_per_kwh: 0.05, discount_rate_pct: 8 },
    );
    expect(() => recompute(prepared, inputs)).toThrow(/axis tilt/);
  });
});

describe('a single owner’s credits, tax and debt in the what-if', () => {
  const weather: StudyWeather = { id: 's2', weather_hash: 'h', kind: 'file', content: readShared(WEATHER_FILES.pvgisJson) };
  const source: WeatherSource = { source: 'upload', weather_id: 'weather-1' };

  it('starts at the study’s terms and moves them as the server’s overrides do', async () => {
    const chosen = await serverWeather(weather.content).choose(userId, source);
    const saved = serverStudy(chosen, tracker, study);
    // The US utility-scale preset: 30 % ITC, no PTC, 21 % federal tax, debt sized at DSCR 1.3 at 7 %.
    expect(sliderValuesOf(saved.inputs)).toMatchObject({ itc_pct: 30, ptc_per_kwh: 0, federal_tax_rate_pct: 21, min_dscr: 1.3, debt_rate_pct: 7 });
    expect(sliderValuesOf(saved.inputs).debt_fraction_pct).toBeUndefined();

    const values: WhatIfValues = { ...sliderValuesOf(saved.inputs), itc_pct: 10, ptc_per_kwh: 0.0275, federal_tax_rate_pct: 25, min_dscr: 1.5, debt_rate_pct: 5.5 };
    const server = serverStudy(chosen, tracker, { ...study, incentives: { itc_pct: 10, ptc_per_kwh: 0.0275 }, finance: { federal_tax_rate_pct: 25 }, debt: { min_dscr: 1.5, rate_pct: 5.5 } });
    const whatIf = withWhatIf(saved.inputs, values);
    expect(whatIf.assumptions).toEqual(server.inputs.assumptions);
    const figures = recompute(prepareWhatIf(weather), whatIf);
    expect(figures).toEqual(server.figures);
    expect(figures.breakeven_ppa_per_kwh).not.toEqual(saved.figures.breakeven_ppa_per_kwh);
  });

  it('moves the share of debt of a study sized by share, and pays a PTC for ten years when the study had none', () => {
    const inputs: WhatIfInputs = {
      system: { dc_kw: 1000, ac_kw: 800, mount: 'fixed', tilt_deg: 25, azimuth_deg: 180, gcr: null, max_angle_deg: null, backtrack: null, losses_pct: 14, dc_ac_ratio: 1.25, inverter_efficiency_pct: 96, gamma_pct_per_c: -0.47, albedo: 0.2, temperature_model: 'sapm' },
      assumptions: { ...tracker.assumptions, incentives: { ...tracker.assumptions.incentives, ptc_years: 0 }, debt: { ...tracker.assumptions.debt, min_dscr: null, fraction_pct: 50 } },
    };
    const start = sliderValuesOf(inputs);
    expect(start).toMatchObject({ debt_fraction_pct: 50 });
    expect(start.min_dscr).toBeUndefined();
    const moved = withWhatIf(inputs, { ...start, debt_fraction_pct: 60, ptc_per_kwh: 0.01 }).assumptions;
    expect(moved.debt).toMatchObject({ fraction_pct: 60, min_dscr: null });
    expect(moved.incentives).toMatchObject({ ptc_per_kwh: 0.01, ptc_years: 10 });
    expect(withWhatIf(inputs, start)).toEqual(inputs);
  });

  it('answers with the tornado around the what-if when asked, in the worker’s handler', () => {
    const handle = createWhatIfHandler(solarEngine);
    const inputs = { system: { dc_kw: 5000, ac_kw: 4000, mount: 'single_axis' as const, tilt_deg: 0, azimuth_deg: 180, gcr: 0.4, max_angle_deg: 45, backtrack: true, losses_pct: 14, dc_ac_ratio: 1.25, inverter_efficiency_pct: 96, gamma_pct_per_c: -0.47, albedo: 0.2, temperature_model: 'sapm' as const }, assumptions: tracker.assumptions as WhatIfInputs['assumptions'] };
    expect(handle({ type: 'prepare', weather })).toMatchObject({ type: 'prepared' });
    const plain = handle({ type: 'recompute', id: 1, inputs });
    expect(plain.type === 'result' && plain.tornado).toBeUndefined();
    const answer = handle({ type: 'recompute', id: 2, inputs, sensitivity: { p90Ratio: 0.9 } });
    if (answer.type !== 'result') throw new Error(`no result: ${JSON.stringify(answer)}`);
    expect(answer.tornado).toEqual(tornadoOf(inputs, answer.result, 0.9));
    // The tornado's base is the what-if's own equity IRR and after-tax NPV.
    expect(answer.tornado!.base.npv).toBe(answer.result.npv);
    expect(answer.tornado!.base.irrPct).toBe(answer.result.irr_pct);
    const p90 = answer.tornado!.scenarios.find((scenario) => scenario.scenario === 'p90')!;
    expect(p90.applies && p90.figures.npv < answer.result.npv).toBe(true);
    expect(answer.tornadoMs).toBeGreaterThanOrEqual(0);
  });
});
