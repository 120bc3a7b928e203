// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { billRows, StudyAssumptions } from '../../src/features/feasibility/study-assumptions.tsx';
import { TARIFF_PRESETS } from '../../src/solar/tariff-presets.ts';
import { builtinPresets } from '../../server/settings/preset-defaults.ts';
import { polyfillBrowser } from './render-app.tsx';

const commercial = builtinPresets.find((p) => p.id === 'builtin:commercial-rooftop')!;
const pge = TARIFF_PRESETS.find((t) => t.id === 'us-commercial-tou-demand')!;

/** A saved rooftop study as the API answers it, on PG&E's tariff item with its labels, net billing and an office load. */
const rooftop = (tariff: Record<string, unknown>) =>
  ({
    id: 'study-1',
    preset: { id: commercial.id, name: commercial.name },
    system: { dc_kw: 150, ac_kw: 125, mount: 'fixed', tilt_deg: 10, azimuth_deg: 180, gcr: null, max_angle_deg: null, backtrack: null, losses_pct: 14, dc_ac_ratio: 1.2, inverter_efficiency_pct: 96, gamma_pct_per_c: -0.37, albedo: 0.2, temperature_model: 'sapm' },
    sizing: null,
    assumptions: {
      ...commercial.assumptions,
      tariff: { price_per_kwh: 0.13, escalation_pct: pge.escalation_pct, ...tariff },
      finance: { ...commercial.assumptions.finance, structure: 'behind_the_meter', owner: 'commercial' },
      export: { rule: 'net_billing', sell_rate_per_kwh: 0.04, true_up_month: 12, year_end_rate_per_kwh: 0 },
      load: { source: 'shape', shape: 'office', upload_id: null, name: 'Office (NREL)', annual_kwh: 400_000, steps_per_hour: 1, calendar_year: null, growth_pct: 0 },
    },
  }) as unknown as FeasibilityStudy;

describe('a rooftop study page names what its bills ran on', () => {
  beforeAll(polyfillBrowser);
  afterEach(cleanup);

  it('the tariff by utility, name, sector and edition, the export rule and the rates it reads, the load; no unused price', () => {
    const labelled = rooftop({ ...pge.rate, utility: 'Pacific Gas & Electric Co', name: 'E-19 Medium General Demand TOU (Secondary)', sector: 'Commercial', startdate: 1556690400 });
    expect(billRows(labelled.assumptions).map(([label, value]) => `${label}: ${value}`)).toEqual([
      'Owner: A business',
      'Tariff: Pacific Gas & Electric Co: E-19 Medium General Demand TOU (Secondary)',
      'Sector and edition: Commercial, from 2019-05-01',
      'Export rule: Net billing',
      'Sell rate: 0.04 USD/kWh',
      'Load: Office (NREL): 400,000 kWh a year',
    ]);
    render(
      <AppProvider>
        <StudyAssumptions study={labelled} preset={null} />
      </AppProvider>,
    );
    const money = screen.getByRole('table', { name: 'Costs, tariff and finance' });
    expect(money.textContent).not.toMatch(/PPA price|Electricity price/);
    expect(money.textContent).toContain('Tariff escalation');
    expect(within(screen.getByRole('table', { name: 'Tariff, export and load' })).getByText('Net billing')).toBeTruthy();
  });

  it('a flat price is named as the tariff, and a net-metering study its true-up month in words', () => {
    const flat = rooftop({});
    flat.assumptions.export = { rule: 'net_metering', sell_rate_per_kwh: 0, true_up_month: 3, year_end_rate_per_kwh: 0.03 };
    expect(billRows(flat.assumptions).map(([label, value]) => `${label}: ${value}`)).toEqual([
      'Owner: A business',
      'Tariff: A flat 0.13 USD/kWh',
      'Export rule: Net metering (kWh credits)',
      'True-up month: March',
      'Year-end rate: 0.03 USD/kWh',
      'Load: Office (NREL): 400,000 kWh a year',
    ]);
  });

  it('hourly sell rates by their figures in place of the single rate they replace, never their 8,760 values', () => {
    const hourly = rooftop({});
    const values = Array.from({ length: 8760 }, (_, i) => (i % 24 === 12 ? 0.31 : i % 24 === 0 ? 0.02 : 0.08));
    hourly.assumptions.export = { rule: 'net_billing', sell_rate_per_kwh: 0, true_up_month: 12, year_end_rate_per_kwh: 0, hourly_sell_rate_per_kwh: values, hourly_sell_rates: { count: 8760, steps_per_hour: 1, min: 0.02, mean: 0.0825, max: 0.31 } };
    const rows = billRows(hourly.assumptions).map(([label, value]) => `${label}: ${value}`);
    expect(rows).toContain('Sell rates: 8,760 hourly sell rates from 0.02 to 0.31 (mean 0.0825) USD/kWh');
    expect(rows.some((row) => row.startsWith('Sell rate:'))).toBe(false);
  });
});
