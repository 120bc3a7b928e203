/**
 * A tornado's rows for one headline figure, as the study page's chart and the PDF report both draw them: each driver's
 * figure at every step and each scenario's figure, widest swing from the study's own figure first, and what is not
 * drawn with the reason.
 */
import { driverWords, scenarioWords, type HeadlineFigures, type Tornado } from './sensitivity.ts';

export type TornadoMetric = 'irr' | 'npv';

export interface TornadoRow {
  label: string;
  /** The figure at each of SENSITIVITY_STEPS (a driver) or under the scenario (one step, change 0); null where the flows give no IRR. */
  steps: { change: number; value: number | null }[];
  scenario: boolean;
  /** The widest distance from the base to a figure of the row (a step without one counts as the base). */
  swing: number;
}

export interface TornadoRows {
  /** The study's own figure; null when its flows give no single IRR, and then no row is drawn. */
  base: number | null;
  /** Widest swing first; equal swings keep the drivers' order, then the scenarios'. */
  rows: TornadoRow[];
  /** Drivers and scenarios not drawn, with the reason (no debt, no ITC, no IRR...). */
  omitted: { label: string; reason: string }[];
}

const figureOf = (metric: TornadoMetric) => (figures: HeadlineFigures) => (metric === 'irr' ? figures.irrPct : figures.npv);

export function tornadoRows(tornado: Tornado, metric: TornadoMetric, afterTax: boolean): TornadoRows {
  const of = figureOf(metric);
  const base = of(tornado.base);
  if (base === null) return { base, rows: [], omitted: [{ label: 'Every input', reason: 'The base case has no single IRR to compare with.' }] };
  const omitted: TornadoRows['omitted'] = tornado.notApplicable.map(({ driver, reason }) => ({ label: driverWords(driver, afterTax), reason }));
  const rows: TornadoRow[] = [];
  for (const driver of tornado.drivers) {
    const steps = driver.steps.map((step) => ({ change: step.change, value: of(step.figures) }));
    const values = steps.flatMap((step) => (step.value === null ? [] : [step.value]));
    rows.push({ label: driverWords(driver.driver, afterTax), steps, scenario: false, swing: Math.max(base, ...values) - Math.min(base, ...values) });
  }
  for (const scenario of tornado.scenarios) {
    const label = scenarioWords[scenario.scenario];
    const value = scenario.applies ? of(scenario.figures) : null;
    if (!scenario.applies) omitted.push({ label, reason: scenario.reason });
    else if (value === null) omitted.push({ label, reason: 'The cash flows give no single IRR.' });
    else rows.push({ label, steps: [{ change: 0, value }], scenario: true, swing: Math.abs(value - base) });
  }
  rows.sort((a, b) => b.swing - a.swing);
  return { base, rows, omitted };
}
