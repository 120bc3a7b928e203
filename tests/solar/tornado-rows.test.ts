/** The tornado's rows that the study page's chart and the PDF report both draw, on hand-made figures. */
import { describe, expect, it } from 'vitest';
import type { Tornado } from '../../src/solar/sensitivity.ts';
import { tornadoRows } from '../../src/solar/tornado-rows.ts';

const figures = (irrPct: number | null, npv: number) => ({ irrPct, npv });
const steps = (...values: [number | null, number][]) => [-0.2, -0.1, 0.1, 0.2].map((change, k) => ({ change, figures: figures(...values[k]!) }));

const tornado: Tornado = {
  base: figures(10, 1000),
  drivers: [
    { driver: 'om', npvSwing: 80, steps: steps([10.4, 1040], [10.2, 1020], [9.8, 980], [9.6, 960]) },
    // One step without a single IRR: it counts as the base, the other steps still give the swing.
    { driver: 'capex', npvSwing: 800, steps: steps([14, 1400], [12, 1200], [8, 800], [null, 600]) },
  ],
  notApplicable: [{ driver: 'interest_rate', reason: 'The study has no debt.' }],
  scenarios: [
    { scenario: 'p90', applies: true, figures: figures(9, 900) },
    { scenario: 'itc_off', applies: true, figures: figures(null, -500) },
    { scenario: 'no_debt', applies: false, reason: 'The study has no debt.' },
  ],
};

describe('tornado rows', () => {
  it('gives each driver’s figure at every step and each scenario’s, widest swing first, and what is not drawn with the reason', () => {
    const { base, rows, omitted } = tornadoRows(tornado, 'irr', true);
    expect(base).toBe(10);
    expect(rows.map((row) => row.label)).toEqual(['Capex', 'P90 energy', 'O&M']);
    // From the base either side to the furthest step: 14 % down to 8 %, 10.4 % down to 9.6 %.
    expect(rows[0]!.swing).toBe(6);
    expect(rows[2]!.swing).toBeCloseTo(0.8, 12);
    expect(rows[0]!.steps).toEqual([{ change: -0.2, value: 14 }, { change: -0.1, value: 12 }, { change: 0.1, value: 8 }, { change: 0.2, value: null }]);
    expect(rows[1]).toEqual({ label: 'P90 energy', steps: [{ change: 0, value: 9 }], scenario: true, swing: 1 });
    expect(omitted).toEqual([
      { label: 'Interest rate', reason: 'The study has no debt.' },
      { label: 'ITC off', reason: 'The cash flows give no single IRR.' },
      { label: 'No debt', reason: 'The study has no debt.' },
    ]);
  });

  it('draws the NPV of the same steps, names the price as the tariff pre-tax, and draws nothing when the base has no IRR', () => {
    const npv = tornadoRows({ ...tornado, drivers: [...tornado.drivers, { driver: 'ppa_price', npvSwing: 0, steps: steps([10, 1000], [10, 1000], [10, 1000], [10, 1000]) }] }, 'npv', false);
    expect(npv.rows.map((row) => row.label)).toEqual(['ITC off', 'Capex', 'P90 energy', 'O&M', 'Tariff']);
    expect(tornadoRows({ ...tornado, base: figures(null, 1000) }, 'irr', true)).toEqual({
      base: null,
      rows: [],
      omitted: [{ label: 'Every input', reason: 'The base case has no single IRR to compare with.' }],
    });
  });
});
