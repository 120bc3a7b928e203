// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../src/app/provider.tsx';
import type { StudyWeather } from '../../src/contract/feasibility.ts';
import { useWhatIf } from '../../src/features/feasibility/what-if/use-what-if.ts';
import { WhatIfPanel, type SavedFigures } from '../../src/features/feasibility/what-if/what-if-panel.tsx';
import {
  createWhatIfHandler,
  inProcessTransport,
  type WhatIfAnswer,
  type WhatIfRequest,
  type WhatIfTransport,
} from '../../src/features/feasibility/what-if/what-if-protocol.ts';
import { noAfterTaxFigures } from '../../src/solar/answers.ts';
import type { WhatIfFigures, WhatIfInputs } from '../../src/solar/what-if.ts';
import { polyfillBrowser } from './render-app.tsx';

// Chakra renders slowly in jsdom on a busy 2-core machine; the answers themselves come after one timer tick.
configure({ asyncUtilTimeout: 20_000 });

const weather: StudyWeather = { id: 'study-1', weather_hash: 'abc', kind: 'file', content: 'a weather file' };

const study: WhatIfInputs = {
  system: {
    dc_kw: 5000,
    ac_kw: 4000,
    mount: 'fixed',
    tilt_deg: 25,
    azimuth_deg: 180,
    gcr: null,
    max_angle_deg: null,
    backtrack: null,
    losses_pct: 14,
    dc_ac_ratio: 1.25,
    inverter_efficiency_pct: 96,
    gamma_pct_per_c: -0.47,
    albedo: 0.2,
    temperature_model: 'sapm',
  },
  assumptions: {
    costs: { capex_per_wdc: 1, fixed_costs: 0, om_per_kw_yr: 20, om_basis: 'dc', om_escalation_pct: 2 },
    tariff: { price_per_kwh: 0.05, escalation_pct: 0 },
    finance: { discount_rate_pct: 8, degradation_pct: 0.5, analysis_years: 25, currency: 'USD' },
  },
};

/** Figures that follow the inputs plainly, so the screen's numbers can be checked by eye. */
function figuresOf(inputs: WhatIfInputs): WhatIfFigures {
  const annual = 7_000_000 + 100_000 * (inputs.system.tilt_deg - 25);
  const capex = inputs.assumptions.costs.capex_per_wdc * inputs.system.dc_kw * 1000;
  return {
    dc_kw: inputs.system.dc_kw,
    ac_kw: inputs.system.ac_kw,
    annual_ac_kwh: annual,
    monthly_ac_kwh: Array.from({ length: 12 }, () => annual / 12),
    specific_yield_kwh_per_kwp: annual / inputs.system.dc_kw,
    capacity_factor_ac: annual / (inputs.system.ac_kw * 8760),
    performance_ratio: 0.8,
    loss_waterfall: { nominal_kwh: annual * 1.2, steps: [], final_kwh: annual },
    currency: 'USD',
    capex,
    npv: annual * inputs.assumptions.tariff.price_per_kwh * 10 - capex,
    irr_pct: inputs.assumptions.finance.discount_rate_pct + 1,
    irr_rates_pct: [inputs.assumptions.finance.discount_rate_pct + 1],
    lcoe_per_kwh: 0.04,
    simple_payback_years: 12,
    discounted_payback_years: null,
    lifetime_energy_kwh: annual * 25,
    years: [],
    structure: 'pre_tax',
    ...noAfterTaxFigures,
    debt_amount: 0,
    total_installed_cost: capex,
    breakeven_ppa_per_kwh: 0.031,
    breakeven_ppa_note: null,
    max_capex_per_wdc: 0.9,
    max_capex_note: null,
  };
}

const savedFigures: SavedFigures = figuresOf(study);

function fakeEngine() {
  const recompute = vi.fn((_prepared: string, inputs: WhatIfInputs) => figuresOf(inputs));
  const prepare = vi.fn((w: StudyWeather) => {
    if (w.content === 'broken') throw new Error('unrecognised weather file');
    return w.content;
  });
  return { recompute, prepare, transport: () => inProcessTransport(createWhatIfHandler({ prepare, recompute })) };
}

const rowOf = (label: string) => within(screen.getByRole('table', { name: 'What-if figures' })).getByText(label).closest('tr')!;
const cellsOf = (label: string) => Array.from(rowOf(label).querySelectorAll('td')).map((cell) => cell.textContent);

describe('what-if panel', () => {
  beforeAll(() => polyfillBrowser());
  afterEach(() => cleanup());

  it('recomputes at each slider change from the keyboard, shows the change against the saved study, and saves the values as a new study', async () => {
    const engine = fakeEngine();
    const onSaveAsNew = vi.fn();
    render(
      <AppProvider>
        <WhatIfPanel weather={weather} study={study} saved={savedFigures} onSaveAsNew={onSaveAsNew} transport={engine.transport} />
      </AppProvider>,
    );

    await waitFor(() => expect(cellsOf('Annual energy')).toEqual(['Annual energy', '7,000.0 MWh', '7,000.0 MWh', 'no change']));
    expect(engine.prepare).toHaveBeenCalledWith(weather);
    expect(screen.getByText(/Recomputed in your browser in/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save as new study' })).toHaveProperty('disabled', true);

    const tilt = screen.getByRole('slider', { name: 'Tilt' });
    expect(tilt.getAttribute('aria-valuenow')).toBe('25');
    expect(tilt.getAttribute('aria-valuetext')).toBe('25°');
    expect(screen.getByRole('slider', { name: 'Installed cost' }).getAttribute('aria-valuetext')).toBe('1.00 USD/Wdc');
    expect(screen.getByRole('slider', { name: 'Discount rate' }).getAttribute('aria-valuemax')).toBe('30');

    act(() => tilt.focus());
    fireEvent.keyDown(tilt, { key: 'ArrowRight' });
    await waitFor(() => expect(tilt.getAttribute('aria-valuenow')).toBe('26'));
    fireEvent.keyDown(tilt, { key: 'ArrowRight' });
    await waitFor(() => expect(cellsOf('Annual energy')).toEqual(['Annual energy', '7,000.0 MWh', '7,200.0 MWh', '+200.0 MWh (+2.9%)']));
    expect(tilt.getAttribute('aria-valuenow')).toBe('27');
    const [prepared, sent] = engine.recompute.mock.lastCall!;
    expect(prepared).toBe('a weather file');
    expect(sent.system).toMatchObject({ tilt_deg: 27, azimuth_deg: 180 });
    expect(cellsOf('Specific yield')).toEqual(['Specific yield', '1,400 kWh/kWp', '1,440 kWh/kWp', '+40 kWh/kWp']);
    expect(cellsOf('Discounted payback')).toEqual(['Discounted payback', 'Not within the term', 'Not within the term', '']);

    const discount = screen.getByRole('slider', { name: 'Discount rate' });
    act(() => discount.focus());
    fireEvent.keyDown(discount, { key: 'ArrowLeft' });
    await waitFor(() => expect(cellsOf('IRR')).toEqual(['IRR', '9.00%', '8.75%', '−0.25%']));
    expect(screen.getByText('7.75%')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save as new study' }));
    expect(onSaveAsNew).toHaveBeenCalledWith({ tilt_deg: 27, azimuth_deg: 180, dc_ac_ratio: 1.25, losses_pct: 14, capex_per_wdc: 1, price_per_kwh: 0.05, discount_rate_pct: 7.75 });

    fireEvent.click(screen.getByRole('button', { name: 'Back to the saved values' }));
    await waitFor(() => expect(cellsOf('Annual energy')[3]).toBe('no change'));
    expect(tilt.getAttribute('aria-valuenow')).toBe('25');
  });

  it('labels the tracker sliders as the axis and says why the weather cannot be used', async () => {
    const engine = fakeEngine();
    const trackerStudy = { ...study, system: { ...study.system, mount: 'single_axis' as const, tilt_deg: 0, gcr: 0.4, max_angle_deg: 45, backtrack: true } };
    render(
      <AppProvider>
        <WhatIfPanel weather={{ ...weather, content: 'broken' }} study={trackerStudy} saved={savedFigures} onSaveAsNew={vi.fn()} transport={engine.transport} />
      </AppProvider>,
    );
    expect(screen.getByText('Preparing the weather year…')).toBeTruthy();
    expect(await screen.findByText(/cannot run on this study’s weather: unrecognised weather file/)).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Axis tilt' }).getAttribute('aria-valuemax')).toBe('89');
    expect(screen.getByRole('slider', { name: 'Axis azimuth' })).toBeTruthy();
    expect(engine.recompute).not.toHaveBeenCalled();
  });
});

/** A transport the test answers by hand, keeping every request it was sent. */
function manualTransport() {
  const sent: WhatIfRequest[] = [];
  let transport: WhatIfTransport | undefined;
  return {
    sent,
    create: () => (transport = { send: (request: WhatIfRequest) => sent.push(request), onAnswer: null, close: vi.fn() }),
    answer: (answer: WhatIfAnswer) => act(() => transport!.onAnswer?.(answer)),
  };
}

const withTilt = (tilt_deg: number): WhatIfInputs => ({ ...study, system: { ...study.system, tilt_deg } });
const result = (id: number, tilt: number): WhatIfAnswer => ({ type: 'result', id, result: figuresOf(withTilt(tilt)), ms: 1 });

describe('useWhatIf', () => {
  it('prepares once, sends only the newest values while one is being computed, and drops answers to older requests', () => {
    const manual = manualTransport();
    const hook = renderHook(({ inputs }) => useWhatIf(weather, inputs, { transport: manual.create }), { initialProps: { inputs: withTilt(25) } });
    expect(hook.result.current.status).toBe('preparing');
    expect(manual.sent).toEqual([{ type: 'prepare', weather }]);

    manual.answer({ type: 'prepared', ms: 30 });
    expect(hook.result.current.status).toBe('ready');
    expect(manual.sent[1]).toEqual({ type: 'recompute', id: 1, inputs: withTilt(25) });

    // Three changes while the first is computed: only the last is sent, once the first is answered.
    hook.rerender({ inputs: withTilt(26) });
    hook.rerender({ inputs: withTilt(27) });
    hook.rerender({ inputs: withTilt(28) });
    expect(manual.sent).toHaveLength(2);
    manual.answer(result(1, 25));
    expect(hook.result.current.result?.annual_ac_kwh).toBe(7_000_000);
    expect(manual.sent[2]).toEqual({ type: 'recompute', id: 2, inputs: withTilt(28) });

    // An answer to an older request (a late duplicate) changes nothing.
    manual.answer(result(1, 25));
    manual.answer(result(2, 28));
    manual.answer({ type: 'result', id: 1, result: figuresOf(withTilt(30)), ms: 99 });
    expect(hook.result.current).toMatchObject({ status: 'ready', ms: 1, error: null });
    expect(hook.result.current.result?.annual_ac_kwh).toBe(7_300_000);

    // The same values again are nothing new to compute.
    hook.rerender({ inputs: withTilt(28) });
    expect(manual.sent).toHaveLength(3);

    // Values the engine refuses keep the last figures and say why.
    hook.rerender({ inputs: withTilt(95) });
    manual.answer({ type: 'refused', id: 3, message: 'tilt must be between 0 and 90 degrees' });
    expect(hook.result.current).toMatchObject({ status: 'ready', error: 'tilt must be between 0 and 90 degrees' });
    expect(hook.result.current.result?.annual_ac_kwh).toBe(7_300_000);
  });

  it('closes its transport on unmount and reports a crashed worker as failed', () => {
    const manual = manualTransport();
    const hook = renderHook(() => useWhatIf(weather, study, { transport: manual.create }));
    manual.answer({ type: 'failed', message: 'The what-if worker stopped.' });
    expect(hook.result.current).toEqual({ status: 'failed', result: null, ms: null, error: 'The what-if worker stopped.' });
    hook.unmount();
  });
});
