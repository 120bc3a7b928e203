/**
 * A rooftop valued at hourly sell rates keeps them through the browser's what-if: the saved study recomputes to the
 * server's bills, and a moved size or escalation gives what the server gives for that study with the same rates.
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

/** The study as the server's own services estimate it on the Greensboro TMY3 year. */
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

/** 0.31 in the evening peak (17:00–21:00), 0.02 otherwise: a net-billing export credit's shape. */
const hourlyRates = Array.from({ length: 8760 }, (_, i) => (i % 24 >= 17 && i % 24 < 21 ? 0.31 : 0.02));
const body = {
  system: { dc_kw: 150 },
  finance: { structure: 'behind_the_meter' as const },
  tariff: { ...pge.rate, escalation_pct: 2 },
  load: { shape: 'office' as const, annual_kwh: 100_000 },
  export: { rule: 'net_billing' as const, hourly_sell_rate_per_kwh: hourlyRates },
};

describe('a behind-the-meter what-if on hourly sell rates', () => {
  it('recomputes the saved study to its bills, and a moved size and escalation to the server’s bills on the same rates', async () => {
    const saved = await serverStudy(body);
    expect(saved.inputs.assumptions.export?.hourly_sell_rates).toMatchObject({ count: 8760, min: 0.02, max: 0.31 });
    const prepared = prepareWhatIf({ kind: 'file', content: saved.text, load: { kwh: Array.from(saved.load.kwh) } });
    expect(recompute(prepared, saved.inputs).bills).toEqual(saved.money.bills);

    const moved = withWhatIf(saved.inputs, { ...sliderValuesOf(saved.inputs), dc_kw: 220, tariff_escalation_pct: 3.5 });
    expect(moved.assumptions.export?.hourly_sell_rate_per_kwh).toBe(hourlyRates);
    const figures = recompute(prepared, moved);
    const server = await serverStudy({ ...body, system: { dc_kw: 220 }, tariff: { ...body.tariff, escalation_pct: 3.5 } });
    expect(figures.savings_year1).toBeCloseTo(server.money.savings_year1!, 6);
    expect(figures.npv).toBeCloseTo(server.money.npv, 4);
    // On a single rate of 0 (what the answer's sell_rate_per_kwh says), the exports would earn nothing.
    const flat = await serverStudy({ ...body, system: { dc_kw: 220 }, tariff: { ...body.tariff, escalation_pct: 3.5 }, export: { rule: 'net_billing' } });
    expect(figures.savings_year1!).toBeGreaterThan(flat.money.savings_year1! + 1);
    // The size sweep keeps them too: its point at the study's size is the study.
    const own = sweepOf(prepared, saved.inputs).find((point) => point.dcKw === 150)!;
    expect(own.savingsYear1).toBeCloseTo(saved.money.savings_year1!, 6);
  });
});
