// @vitest-environment jsdom
/**
 * The study page in jsdom against the real API, its what-if running the real engine in this thread (jsdom has no
 * Worker): a slider moves the headline cards, the breakeven and the tornado; reset brings the saved study back.
 */
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { studyPath } from '../../src/lib/project-path.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { polyfillBrowser, renderApp, signInThroughApi, installInThreadWorker } from './render-app.tsx';

configure({ asyncUtilTimeout: 30_000 });


const card = (label: string) => within(screen.getByTestId('study-figures')).getByText(label).closest('dl')!;
const breakeven = () => screen.getByTestId('breakeven').textContent;
const tornadoBase = () => screen.getByTestId('tornado-base').textContent;

describe('exploring a study’s finance, in jsdom against the real API', () => {
  let api: AppProcess;

  beforeAll(async () => {
    polyfillBrowser();
    installInThreadWorker();
    api = await startAppProcess({ PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' }, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  it('moves the cards, the breakeven and the tornado with the ITC slider, and resets to the saved study', async () => {
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    const project = (await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Greensboro Solar', location: { lat: 36.1, lng: -79.95 } })).body;
    // Typed monthly means at Greensboro (jsdom's FormData cannot carry an upload to the real server).
    const means = meansAt(36.1, -79.95, 0.5, 15);
    const weather = { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC };
    const created = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', { project_id: project.id, name: 'Greensboro base', weather, system: { dc_kw: 5000 } });
    expect(created.status).toBe(201);
    const study = created.body;
    renderApp(studyPath(project, study.id), api.baseUrl, storage);

    // The saved study: its target (US utility-scale: 11 % at the analysis period) and the solvers' answers.
    await waitFor(() => expect(breakeven()).toMatch(/^PPA needed for 11% equity IRR: \$[\d.]+\/MWh/));
    const saved = { irr: card('Equity IRR').textContent, breakeven: breakeven() };
    expect(saved.irr).toBe(`Equity IRR${study.headline.irr_pct! < 0 ? '−' : ''}${Math.abs(study.headline.irr_pct!).toFixed(2)}%after tax`);
    expect(saved.breakeven).toContain(`$${(study.headline.breakeven_ppa_per_kwh! * 1000).toFixed(1)}/MWh`);
    await waitFor(() => expect(tornadoBase()).toBe(`Base case: equity IRR ${study.headline.irr_pct! < 0 ? '−' : ''}${Math.abs(study.headline.irr_pct!).toFixed(2)}%`));
    const savedTornado = tornadoBase();

    // Five points less ITC, a key press at a time: a lower equity IRR, a higher PPA price needed, the tornado around the new base.
    const itc = screen.getByRole('slider', { name: 'ITC' });
    expect(itc.getAttribute('aria-valuenow')).toBe('30');
    act(() => itc.focus());
    for (let k = 1; k <= 5; k++) {
      fireEvent.keyDown(itc, { key: 'ArrowLeft' });
      await waitFor(() => expect(itc.getAttribute('aria-valuenow')).toBe(String(30 - k)));
    }
    // The card and the tornado's base come from the same answer of the engine.
    const irrOnCard = () => Number(/Equity IRR(−?[\d.]+)%/.exec(card('Equity IRR').textContent)![1]!.replace('−', '-'));
    const signed = (pct: number) => `${pct < 0 ? '−' : ''}${Math.abs(pct).toFixed(2)}%`;
    await waitFor(() => {
      expect(card('Equity IRR').textContent).toContain('what-if; saved');
      expect(tornadoBase()).toBe(`Base case: equity IRR ${signed(irrOnCard())}`);
    });
    expect(irrOnCard()).toBeLessThan(study.headline.irr_pct!);
    expect(tornadoBase()).not.toBe(savedTornado);
    const ppaOf = (text: string | null) => Number(/PPA needed for 11% equity IRR: \$([\d.]+)\/MWh/.exec(text ?? '')![1]);
    expect(ppaOf(breakeven())).toBeGreaterThan(ppaOf(saved.breakeven));
    expect(breakeven()).toContain('what-if');
    // The tornado's numbers table: "ITC off" is the same whatever the ITC was, and still there.
    expect(within(screen.getByTestId('tornado')).getByText('ITC off')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the saved values' }));
    await waitFor(() => expect(card('Equity IRR').textContent).toBe(saved.irr));
    expect(breakeven()).toBe(saved.breakeven);
    await waitFor(() => expect(tornadoBase()).toBe(savedTornado));
    expect(screen.getByLabelText('Name of the new study')).toHaveProperty('value', 'Greensboro base (what-if)');

    // The PPA it assumed is on a card, per MWh as the breakeven; its slider moves in steps of $0.50/MWh.
    expect(card('PPA price').textContent).toBe('PPA price$35.0/MWhflat, all years');
    const ppa = screen.getByRole('slider', { name: 'PPA price' });
    expect(ppa.getAttribute('aria-valuetext')).toBe('35.00 USD/MWh');
    act(() => ppa.focus());
    fireEvent.keyDown(ppa, { key: 'ArrowRight' });
    await waitFor(() => expect(ppa.getAttribute('aria-valuetext')).toBe('35.50 USD/MWh'));
    await waitFor(() => expect(card('PPA price').textContent).toBe('PPA price$35.5/MWhwhat-if; saved $35.0/MWh'));
    // The whole study page renders in jsdom at each answer: slow on a busy machine, hence the test's own time limit.
  }, 180_000);
});
