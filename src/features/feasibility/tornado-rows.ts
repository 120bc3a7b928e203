/**
 * The tornado chart's rows from the engine's sensitivity (src/solar/sensitivity.ts): for one headline figure, each
 * driver's ±10 % and ±20 % as differences from the base, split so that nivo's diverging stack draws the ±10 % part
 * next to the axis and the rest of the ±20 % beyond it; the whole scenarios as one bar each. Rows come narrowest
 * first: nivo draws a horizontal chart's first row at the bottom, so the widest swing is on top.
 */
import { driverWords, scenarioWords, type HeadlineFigures, type Tornado } from '../../solar/sensitivity.ts';

export type TornadoMetric = 'irr' | 'npv';
export type TornadoKey = 'down10' | 'down20' | 'up10' | 'up20' | 'scenario';

/** The figure of each bar: the headline figure with the driver at that step, or under the scenario (null: none). */
export interface TornadoRow {
  [key: string]: string | number;
  label: string;
  down10: number;
  down20: number;
  up10: number;
  up20: number;
  scenario: number;
}

export interface TornadoView {
  base: number | null;
  rows: TornadoRow[];
  /** The figure at each bar, by row label and key; null when the flows give no IRR, undefined for no such bar. */
  valueAt: (label: string, key: TornadoKey) => number | null | undefined;
  /** Drivers and scenarios not drawn, with the reason (no debt, no ITC, no IRR...). */
  omitted: { label: string; reason: string }[];
}

const pick = (metric: TornadoMetric) => (figures: HeadlineFigures) => (metric === 'irr' ? figures.irrPct : figures.npv);

export function tornadoView(tornado: Tornado, metric: TornadoMetric, afterTax: boolean): TornadoView {
  const of = pick(metric);
  const base = of(tornado.base);
  const values = new Map<string, Partial<Record<TornadoKey, number | null>>>();
  const omitted: TornadoView['omitted'] = tornado.notApplicable.map(({ driver, reason }) => ({ label: driverWords(driver, afterTax), reason }));
  const rows: (TornadoRow & { swing: number })[] = [];
  const delta = (value: number | null) => (value === null || base === null ? 0 : value - base);
  if (base === null) return { base, rows: [], valueAt: () => undefined, omitted: [{ label: 'Every input', reason: 'The base case has no single IRR to compare with.' }] };

  for (const driver of tornado.drivers) {
    const label = driverWords(driver.driver, afterTax);
    const at = (change: number) => of(driver.steps.find((step) => step.change === change)!.figures);
    const [d20, d10, u10, u20] = [at(-0.2), at(-0.1), at(0.1), at(0.2)];
    values.set(label, { down20: d20, down10: d10, up10: u10, up20: u20 });
    const deltas = [d20, d10, u10, u20].map(delta);
    rows.push({ label, down10: deltas[1]!, down20: deltas[0]! - deltas[1]!, up10: deltas[2]!, up20: deltas[3]! - deltas[2]!, scenario: 0, swing: Math.max(0, ...deltas) - Math.min(0, ...deltas) });
  }
  for (const scenario of tornado.scenarios) {
    const label = scenarioWords[scenario.scenario];
    if (!scenario.applies) {
      omitted.push({ label, reason: scenario.reason });
      continue;
    }
    const value = of(scenario.figures);
    if (value === null) {
      omitted.push({ label, reason: 'The cash flows give no single IRR.' });
      continue;
    }
    values.set(label, { scenario: value });
    rows.push({ label, down10: 0, down20: 0, up10: 0, up20: 0, scenario: delta(value), swing: Math.abs(delta(value)) });
  }
  rows.sort((a, b) => a.swing - b.swing);
  return {
    base,
    rows: rows.map(({ swing: _swing, ...row }) => row),
    valueAt: (label, key) => values.get(label)?.[key],
    omitted,
  };
}
