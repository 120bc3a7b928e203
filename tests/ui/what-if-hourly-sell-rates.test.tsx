// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import type { StudyWeather } from '../../src/contract/feasibility.ts';
import { WhatIfPanel, type SavedFigures } from '../../src/features/feasibility/what-if/what-if-panel.tsx';
import type { WhatIfTransport } from '../../src/features/feasibility/what-if/what-if-protocol.ts';
import { sellRateSummary } from '../../src/solar/behind-the-meter.ts';
import type { WhatIfInputs } from '../../src/solar/what-if.ts';
import { polyfillBrowser } from './render-app.tsx';

const weather: StudyWeather = { id: 'study-1', weather_hash: 'abc', kind: 'file', content: 'a weather file' };
/** The sliders are drawn before any figure comes back: a worker that never answers is enough here. */
const silentWorker = (): WhatIfTransport => ({ send: () => undefined, onAnswer: null, close: () => undefined });

const hourlyRates = Array.from({ length: 8760 }, (_, i) => (i % 24 >= 17 && i % 24 < 21 ? 0.31 : 0.02));

/** A 150 kW office rooftop under net billing, its exports valued at `hourly` rates when given. */
const rooftop = (hourly?: number[]): WhatIfInputs =>
  ({
    system: { dc_kw: 150, ac_kw: 125, mount: 'fixed', tilt_deg: 10, azimuth_deg: 180, gcr: null, max_angle_deg: null, backtrack: null, losses_pct: 14, dc_ac_ratio: 1.2, inverter_efficiency_pct: 96, gamma_pct_per_c: -0.37, albedo: 0.2, temperature_model: 'sapm' },
    assumptions: {
      costs: { capex_per_wdc: 2, fixed_costs: 0, om_per_kw_yr: 20, om_basis: 'dc', om_escalation_pct: 2 },
      tariff: { price_per_kwh: 0.2, escalation_pct: 2 },
      finance: { structure: 'behind_the_meter', owner: 'commercial', discount_rate_pct: 6, equity_discount_rate_pct: 6, degradation_pct: 0.5, analysis_years: 25, currency: 'USD' },
      load: { source: 'shape', shape: 'office', upload_id: null, name: 'Office', annual_kwh: 400_000, steps_per_hour: 1, calendar_year: null, growth_pct: 0 },
      export: { rule: 'net_billing', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0, ...(hourly ? { hourly_sell_rate_per_kwh: hourly, hourly_sell_rates: sellRateSummary(hourly) } : {}) },
    },
  }) as unknown as WhatIfInputs;

describe("a rooftop what-if's export rate", () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  const renderPanel = (study: WhatIfInputs) =>
    render(
      <AppProvider>
        <WhatIfPanel weather={weather} study={study} saved={{} as SavedFigures} onSaveAsNew={() => undefined} transport={silentWorker} />
      </AppProvider>,
    );

  it('is a slider under a single sell rate', async () => {
    renderPanel(rooftop());
    expect(await screen.findByRole('slider', { name: 'System size' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Export rate' })).toBeTruthy();
  });

  it('is no slider when hourly sell rates value the exports: the single rate would change nothing', async () => {
    renderPanel(rooftop(hourlyRates));
    expect(await screen.findByRole('slider', { name: 'Tariff escalation' })).toBeTruthy();
    expect(screen.queryByRole('slider', { name: 'Export rate' })).toBeNull();
  });
});
