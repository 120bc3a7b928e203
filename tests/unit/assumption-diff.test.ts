import { describe, expect, it } from 'vitest';
import { diffAssumptions, type AssumptionSet, type FieldLabel } from '../../src/features/feasibility/compare/assumption-diff.ts';

const labels = new Map<string, FieldLabel>([
  ['system.tilt_deg', { label: 'Tilt', unit: '°' }],
  ['system.mount', { label: 'Mounting', options: [{ value: 'fixed', label: 'Fixed tilt' }, { value: 'single_axis', label: 'Single-axis tracker' }] }],
  ['costs.capex_per_wdc', { label: 'Installed cost per Wdc', unit: 'currency' }],
  ['incentives.depreciation', { label: 'Tax depreciation' }],
]);
const order = ['system', 'costs', 'incentives'];

const study = (sections: AssumptionSet['sections'], currency = 'USD'): AssumptionSet => ({ sections, currency });

describe('diffAssumptions', () => {
  it('gives one labelled row a field with each study’s value, and marks the rows whose values differ', () => {
    const rows = diffAssumptions(
      [study({ system: { mount: 'fixed', tilt_deg: 25 }, costs: { capex_per_wdc: 1.08 } }), study({ system: { mount: 'fixed', tilt_deg: 30 }, costs: { capex_per_wdc: 0.95 } })],
      labels,
      order,
    );
    expect(rows).toEqual([
      { path: 'system.tilt_deg', section: 'system', label: 'Tilt', values: ['25 °', '30 °'], differs: true },
      { path: 'system.mount', section: 'system', label: 'Mounting', values: ['Fixed tilt', 'Fixed tilt'], differs: false },
      { path: 'costs.capex_per_wdc', section: 'costs', label: 'Installed cost per Wdc', values: ['1.08 USD', '0.95 USD'], differs: true },
    ]);
  });

  it('follows the section order, then the labels’ order, with unlabelled fields last in their section and read as words', () => {
    const rows = diffAssumptions([study({ costs: { om_fixed_per_year: 0, capex_per_wdc: 1 }, system: { gamma_pct_per_c: -0.37, tilt_deg: 20 } }), study({})], labels, order);
    expect(rows.map((row) => [row.path, row.label])).toEqual([
      ['system.tilt_deg', 'Tilt'],
      ['system.gamma_pct_per_c', 'Gamma pct per c'],
      ['costs.capex_per_wdc', 'Installed cost per Wdc'],
      ['costs.om_fixed_per_year', 'Om fixed per year'],
    ]);
  });

  it('compares three or more studies; a field only some have differs and reads "—" where missing', () => {
    const rows = diffAssumptions(
      [study({ system: { tilt_deg: 25 } }), study({ system: { tilt_deg: 25 } }), study({ system: { tilt_deg: 25, bifaciality: 0.7 } })],
      labels,
      order,
    );
    expect(rows).toEqual([
      { path: 'system.tilt_deg', section: 'system', label: 'Tilt', values: ['25 °', '25 °', '25 °'], differs: false },
      { path: 'system.bifaciality', section: 'system', label: 'Bifaciality', values: ['—', '—', '0.7'], differs: true },
    ]);
  });

  it('compares lists and allocations by content, whatever the order of their keys, and writes each money value in its study’s currency', () => {
    const rows = diffAssumptions(
      [
        study({ incentives: { depreciation: { macrs_5: 90, sl_15: 10 }, itc_classes: null }, costs: { capex_per_wdc: 1 } }, 'USD'),
        study({ incentives: { depreciation: { sl_15: 10, macrs_5: 90 }, itc_classes: null }, costs: { capex_per_wdc: 1 } }, 'EUR'),
      ],
      labels,
      order,
    );
    expect(rows.find((row) => row.path === 'incentives.depreciation')).toMatchObject({ values: ['macrs_5 90, sl_15 10', 'sl_15 10, macrs_5 90'], differs: false });
    expect(rows.find((row) => row.path === 'incentives.itc_classes')).toMatchObject({ values: ['not set', 'not set'], differs: false });
    // The same number in two currencies: the currency row says so; this one shows each.
    expect(rows.find((row) => row.path === 'costs.capex_per_wdc')).toMatchObject({ values: ['1 USD', '1 EUR'], differs: false });
  });

  it('writes booleans, monthly lists and reserve lists plainly', () => {
    const [snow, soiling, equipment] = diffAssumptions(
      [
        study({ system: { snow_model: true, soiling_monthly_pct: [2, 2, 1] }, reserves: { equipment: [{ cost_per_wdc: 0.1, every_years: 15 }] } }),
        study({ system: { snow_model: false, soiling_monthly_pct: [2, 2, 1] }, reserves: { equipment: [] } }),
      ],
      labels,
      order,
    );
    expect(snow).toMatchObject({ values: ['on', 'off'], differs: true });
    expect(soiling).toMatchObject({ values: ['2 / 2 / 1', '2 / 2 / 1'], differs: false });
    expect(equipment).toMatchObject({ values: ['cost_per_wdc 0.1, every_years 15', 'none'], differs: true });
  });
});
