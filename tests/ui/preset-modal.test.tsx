// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { polyfillBrowser, stubWorker, renderApp, signInThroughApi } from './render-app.tsx';


const usUtility = 'US utility-scale (single-axis tracker)';

/** One assumption row of the open preset modal, by its label: [value, source]. */
function row(dialog: HTMLElement, label: string) {
  const item = within(dialog).getByText(label, { selector: 'dt' }).closest('[data-path]')!;
  return [...item.querySelectorAll('dd')].map((dd) => dd.textContent);
}

/** Clicks a button the way a user does: it takes the focus first. */
function press(button: HTMLElement) {
  button.focus();
  fireEvent.click(button);
}

describe('the settings preset modal, in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    stubWorker();
    // The new-study form asks PVGIS about the project's location: a closed local port answers at once (no network here).
    api = await startAppProcess({ PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' }, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  async function projectWithStudy() {
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    const project = (await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } })).body;
    const means = meansAt(38.8, -77.0, 0.5, 15);
    const study = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', {
      project_id: project.id,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 2500 },
    });
    expect(study.status).toBe(201);
    return { client, storage, project, study: study.body };
  }

  it('opens from the study page with the preset read-only, each value with its source; Escape closes it and gives the focus back', async () => {
    const { storage, project, study } = await projectWithStudy();
    expect(study.preset.id).toBe('builtin:us-utility');
    const { actors } = renderApp(`/project/${project.id}/anacostia/feasibility/${study.id}`, api.baseUrl, storage);
    const open = await screen.findByRole('button', { name: 'View preset' });
    press(open);

    const dialog = await screen.findByRole('dialog', { name: usUtility });
    expect(actors.modal.getSnapshot().value).toBe('setting');
    expect(actors.modal.getSnapshot().context.settingId).toBe('builtin:us-utility');
    await within(dialog).findByText('Installed cost per Wdc');
    expect(within(dialog).getByText('Built-in, read-only')).toBeTruthy();
    expect(row(dialog, 'Installed cost per Wdc')).toEqual(['1.08 USD', 'Installed cost of plants completed in 2023, capacity-weighted: $1.43/WAC, about $1.08/WDC (2023 $) — LBNL Utility-Scale Solar, 2024 Edition, 2023.']);
    expect(row(dialog, 'Degradation')[1]).toBe('Median degradation measured in the field — Jordan & Kurtz, 2012.');
    expect(row(dialog, 'Mounting')[0]).toBe('Single-axis tracker');
    // Every section of the preset, by the settings form's titles.
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Modules and system',
      'Costs',
      'Tariff',
      'Finance',
      'Tax credits and depreciation',
      'Debt',
      'Reserves',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Edit in project settings' }).getAttribute('href')).toBe(`/project/settings/${project.id}/anacostia`);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(actors.modal.getSnapshot().value).toBe('idle'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: usUtility })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('opens from the new-study dialog for the chosen preset, over the dialog, and the close button closes only it', async () => {
    const { client, storage, project } = await projectWithStudy();
    // The user's own preset: a changed value cites the built-in default it replaced.
    const own = await client.post<{ id: string }>('/api/settings/update/v2/', { name: 'Anacostia low capex', project_id: project.id, based_on: 'builtin:us-utility', assumptions: { costs: { capex_per_wdc: 0.95 } } });
    expect(own.status).toBe(201);
    const { actors } = renderApp(`/project/${project.id}/anacostia`, api.baseUrl, storage);
    const newStudy = await screen.findByRole('button', { name: 'New study' });
    await waitFor(() => expect(newStudy).toHaveProperty('disabled', false));
    fireEvent.click(newStudy);
    const form = await screen.findByRole('dialog', { name: 'New feasibility study' });
    fireEvent.change(await within(form).findByLabelText('Assumptions preset'), { target: { value: own.body.id } });
    const open = within(form).getByRole('button', { name: 'View preset' });
    press(open);

    const dialog = await screen.findByRole('dialog', { name: 'Anacostia low capex' });
    expect(actors.modal.getSnapshot().context.settingId).toBe(own.body.id);
    await within(dialog).findByText('Installed cost per Wdc');
    expect(within(dialog).getByText('Your preset')).toBeTruthy();
    expect(within(dialog).getByText('This project only')).toBeTruthy();
    expect(row(dialog, 'Installed cost per Wdc')).toEqual([
      '0.95 USD',
      'Your value. Built-in default 1.08: Installed cost of plants completed in 2023, capacity-weighted: $1.43/WAC, about $1.08/WDC (2023 $) — LBNL Utility-Scale Solar, 2024 Edition, 2023.',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anacostia low capex' })).toBeNull());
    expect(actors.modal.getSnapshot().value).toBe('idle');
    expect(screen.getByRole('dialog', { name: 'New feasibility study' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('says so when the preset no longer exists', async () => {
    const { storage, project, study } = await projectWithStudy();
    const { actors } = renderApp(`/project/${project.id}/anacostia/feasibility/${study.id}`, api.baseUrl, storage);
    await screen.findByRole('button', { name: 'View preset' });
    act(() => actors.modal.send({ type: 'settingModal.open', id: 'deleted-preset' }));

    const dialog = await screen.findByRole('dialog', { name: 'Settings preset' });
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/^This preset no longer exists/);
    expect(within(dialog).queryByText('Installed cost per Wdc')).toBeNull();
  });

  it('reads a failed load as the load-failed alert, with a retry', async () => {
    const { storage } = await signInThroughApi(api, { hasProject: true });
    const { actors } = renderApp('/project/no-such-project/gone/feasibility/no-such-study', api.baseUrl, storage);
    await screen.findByText('This study does not exist, or it is not yours.');
    act(() => actors.modal.send({ type: 'settingModal.open', id: 'builtin:us-utility' }));

    const dialog = await screen.findByRole('dialog', { name: 'Settings preset' });
    // The server's word for it, and a retry.
    await within(dialog).findByText('Not found.');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(dialog).queryByText('Installed cost per Wdc')).toBeNull();
  });
});
