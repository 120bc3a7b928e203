/**
 * Behind the meter, the browser's what-if gives the server's figures too: the study is estimated by the server's own
 * services (its load resolved as the API resolves it), then recomputed in the what-if with the stored load; the size
 * sweep's point at the study's own size is the study.
 */
import { describe, expect, it } from 'vitest';
import type { FinanceBody } from '../../src/contract/energy.ts';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { prepareWhatIf, recompute, sliderValuesOf, sweepOf, withWhatIf, type WhatIfInputs } from '../../src/solar/what-if.ts';
import { estimateEnergy, estimateFinance, type PresetUsed } from '../../server/energy/estimates.ts';
import { resolveLoad } from '../../server/energy/loads.ts';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';
import { createWeatherSources } from '../../server/energy/weather-sources.ts';
import type { WeatherFileSummary } from '../../server/energy/weather-repository.ts';
import { readShared, WEATHER_FILES } from './fixtures.ts';

const rooftop = builtinPresets.find((p) => p.id === 'builtin:commercial-rooftop')!;
const preset: PresetUsed = { id: rooftop.id, name: rooftop.name, assumptions: rooftop.assumptions };
const pge = TARIFF_PRESETS.find((t) => t.id === 'us-commercial-tou-demand')!;

async function serverStudy(body: Pick<FinanceBody, 'system' | 'tariff' | 'finance' | 'load' | 'export'>) {
  const text = readShared(WEATHER_FILES.tmy3);
  const summary = { id: 'weather-1', name: 'Greensboro', attribution: null } as unknown as WeatherFileSummary;
  const sources = createWeatherSources({ files: { summary: async () => summary, content: async () => text } as never, pvgisCache: {} as never, pvgis: {} as never });
  const chosen = await sources.choose('user-1', { source: 'upload', weather_id: 'weather-1' });
  const { result, answer } = estimateEnergy(chosen, body.system, preset);
  const load = await resolveLoad({ loadFiles: {} as never }, 'user-1', body.load!, chosen.used.lat);
  const money = estimateFinance({ annualAcKwh: result.annualAcKwh, dcKw: result.dcKw, acKw: result.acKw, source: 'computed' }, body, preset, answer, [], { site: { load, generationKwh: result.hourlyAcKwh } });
  return { text, load, money, inputs: { system: answer.system, assumptions: money.assumptions } satisfies WhatIfInputs };
}

const body = {
  system: { dc_kw: 150 },
  finance: { structure: 'behind_the_meter' as const },
  tariff: { ...pge.rate, escalation_pct: 2 },
  load: { shape: 'office' as const, annual_kwh: 400_000 },
  export: { rule: 'net_billing' as const, sell_rate_per_kwh: 0.05 },
};

describe('behind-the-meter what-if', () => {
  it('recomputes the saved study to the same bills and cash flows, and follows the size, escalation and export-rate sliders as the server would', async () => {
    const saved = await serverStudy(body);
    const prepared = prepareWhatIf({ kind: 'file', content: saved.text, load: { kwh: Array.from(saved.load.kwh) } });
    const again = recompute(prepared, saved.inputs);
    expect(again.bills).toEqual(saved.money.bills);
    expect(again.savings_year1).toBe(saved.money.savings_year1);
    expect(again.years).toEqual(saved.money.years);

    const values = { ...sliderValuesOf(saved.inputs), dc_kw: 220, tariff_escalation_pct: 3.5, sell_rate_per_kwh: 0.02 };
    const moved = recompute(prepared, withWhatIf(saved.inputs, values));
    const server = await serverStudy({ ...body, system: { dc_kw: 220 }, tariff: { ...body.tariff, escalation_pct: 3.5 }, export: { rule: 'net_billing', sell_rate_per_kwh: 0.02 } });
    expect(moved.savings_year1).toBeCloseTo(server.money.savings_year1!, 6);
    expect(moved.npv).toBeCloseTo(server.money.npv, 4);
    expect(moved.dc_kw).toBe(220);
  });

  it('sweeps sizes: the point at the study’s size is the study, savings grow with size and self-consumption falls', async () => {
    const saved = await serverStudy(body);
    const prepared = prepareWhatIf({ kind: 'file', content: saved.text, load: { kwh: Array.from(saved.load.kwh) } });
    const points = sweepOf(prepared, saved.inputs);
    expect(points.length).toBeGreaterThanOrEqual(7);
    expect(points.map((p) => p.dcKw)).toEqual([...points.map((p) => p.dcKw)].sort((a, b) => a - b));
    const own = points.find((p) => p.dcKw === 150)!;
    expect(own.savingsYear1).toBeCloseTo(saved.money.savings_year1!, 6);
    expect(own.npv).toBeCloseTo(saved.money.npv, 4);
    expect(own.selfConsumptionPct).toBeCloseTo(saved.money.self_consumption_pct!, 9);
    for (let k = 1; k < points.length; k++) {
      expect(points[k]!.savingsYear1).toBeGreaterThan(points[k - 1]!.savingsYear1);
      expect(points[k]!.selfConsumptionPct).toBeLessThanOrEqual(points[k - 1]!.selfConsumptionPct + 1e-9);
    }
    // A study that is not behind the meter has no sweep.
    expect(sweepOf(prepareWhatIf({ kind: 'file', content: saved.text }), saved.inputs)).toEqual([]);
  });
});
