/**
 * The tornado chart's rows (src/solar/tornado-rows.ts) for nivo: each driver's ±10 % and ±20 % as differences from
 * the base, split so that nivo's diverging stack draws the ±10 % part next to the axis and the rest of the ±20 % beyond
 * it; the whole scenarios as one bar each. Rows come narrowest first: nivo draws a horizontal chart's first row at the
 * bottom, so the widest swing is on top.
 */
import type { Tornado } from '../../solar/sensitivity.ts';
import { tornadoRows, type TornadoMetric, type TornadoRows } from '../../solar/tornado-rows.ts';

export type TornadoKey = 'down10' | 'down20' | 'up10' | 'up20' | 'scenario';

/** One row's bars, as differences from the base; the ±20 % bar holds only what lies beyond the ±10 % one. */
export interface TornadoDatum {
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
  rows: TornadoDatum[];
  /** The figure at each bar, by row label and key; null when the flows give no IRR, undefined for no such bar. */
  valueAt: (label: string, key: TornadoKey) => number | null | undefined;
  omitted: TornadoRows['omitted'];
}

const stepKeys = new Map<number, TornadoKey>([
  [-0.2, 'down20'],
  [-0.1, 'down10'],
  [0.1, 'up10'],
  [0.2, 'up20'],
]);

export function tornadoView(tornado: Tornado, metric: TornadoMetric, afterTax: boolean): TornadoView {
  const { base, rows, omitted } = tornadoRows(tornado, metric, afterTax);
  if (base === null) return { base, rows: [], valueAt: () => undefined, omitted };
  const values = new Map<string, Partial<Record<TornadoKey, number | null>>>();
  const delta = (value: number | null | undefined) => (value == null ? 0 : value - base);
  const data = [...rows]
    .sort((a, b) => a.swing - b.swing)
    .map((row): TornadoDatum => {
      const at: Partial<Record<TornadoKey, number | null>> = {};
      for (const step of row.steps) at[row.scenario ? 'scenario' : stepKeys.get(step.change)!] = step.value;
      values.set(row.label, at);
      const [d20, d10, u10, u20] = [delta(at.down20), delta(at.down10), delta(at.up10), delta(at.up20)];
      return { label: row.label, down10: d10, down20: d20 - d10, up10: u10, up20: u20 - u10, scenario: delta(at.scenario) };
    });
  return { base, rows: data, valueAt: (label, key) => values.get(label)?.[key], omitted };
}
