// @vitest-environment jsdom
/**
 * A behind-the-meter study's page in jsdom against the real API, its what-if on the real engine in this thread: the
 * bills with and without solar, the energy flow, the load and the size sweep; the size slider moves the bills.
 */
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { studyPath } from '../../src/lib/project-path.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { pune, puneRooftopStudy } from '../support/pune.ts';
import { polyfillBrowser, renderApp, signInThroughApi, installInThreadWorker } from './render-app.tsx';

configure({ asyncUtilTimeout: 30_000 });


const bills = () => screen.getByRole('heading', { name: 'Bills' }).closest('section')!;
const figure = (label: string) => within(bills()).getByText(label).parentElement!.textContent;

describe('a behind-the-meter study page, in jsdom against the real API', () => {
  let api: AppProcess;

  beforeAll(async () => {
    polyfillBrowser();
    installInThreadWorker();
    api = await startAppProcess({ PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' }, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  it('shows the bills, the energy flow, the load and the size sweep, and the size slider moves the bills', async () => {
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    const project = (await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Pune home', location: pune })).body;
    const created = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', puneRooftopStudy(project.id));
    expect(created.status, JSON.stringify(created.body).slice(0, 400)).toBe(201);
    const study = created.body;
    renderApp(studyPath(project, study.id), api.baseUrl, storage);

    await waitFor(() => expect(within(bills()).getByText('Bill without solar, year 1')).toBeTruthy());
    const money = (await client.get<{ finance: { bill_without_solar_year1: number; savings_year1: number } }>(`/api/project/feasibility/financial_estimation/get/?id=${study.id}`)).body.finance;
    expect(figure('Bill without solar, year 1')).toContain(`₹${Math.round(money.bill_without_solar_year1).toLocaleString('en-US')}`);
    expect(figure('Savings, year 1')).toContain(`₹${Math.round(money.savings_year1).toLocaleString('en-US')}`);
    for (const chart of ['Monthly electricity bill in INR, without and with solar', 'Year-1 savings in INR by system size in kWdc']) {
      await waitFor(() => expect(within(bills()).getByRole('img', { name: chart })).toBeTruthy());
    }
    expect(within(bills()).getByRole('img', { name: /above the axis the load/ })).toBeTruthy();
    expect(within(bills()).getByRole('img', { name: 'Monthly load in kWh' })).toBeTruthy();
    fireEvent.change(within(bills()).getByLabelText('Month of the average day'), { target: { value: '0' } });
    expect(within(bills()).getByRole('img', { name: 'Average load of each hour in Jan, kWh' })).toBeTruthy();

    // A bigger array saves more: the what-if's size slider moves the bills.
    const savedSavings = figure('Savings, year 1');
    const size = screen.getByRole('slider', { name: 'System size' });
    expect(size.getAttribute('aria-valuenow')).toBe('5');
    act(() => size.focus());
    fireEvent.keyDown(size, { key: 'End' });
    await waitFor(() => expect(size.getAttribute('aria-valuenow')).toBe('15'));
    await waitFor(() => expect(figure('Savings, year 1')).not.toBe(savedSavings));
  });
});
