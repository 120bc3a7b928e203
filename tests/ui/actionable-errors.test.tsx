// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { messages } from '../../src/contract/validation.ts';
import { studyPath } from '../../src/lib/project-path.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { apiProcessFor, fillIn, renderApp, signInThroughApi, stubWorker } from './render-app.tsx';

/** The field's messages and help, by the label of its control. */
function fieldOf(label: RegExp) {
  const control = screen.getByLabelText<HTMLInputElement>(label);
  const root = control.closest<HTMLElement>('[data-scope="field"][data-part="root"]')!;
  const texts = (part: string) => [...root.querySelectorAll(`[data-part="${part}"] span`)].map((span) => span.textContent);
  return { control, errors: texts('error-text'), help: texts('helper-text') };
}

describe('errors a person can act on (issue 43 item 5), in jsdom against the real API', () => {
  // One study fills a project: the limit applies on a server without billing too.
  const api = apiProcessFor({ FREE_STUDIES_PER_PROJECT: '1', PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' });

  async function signedInWithProject(name: string) {
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const project = (await client.post<{ id: string; name: string }>('/api/project/create/', { name, location: { lat: 36.1, lng: -79.95 } })).body;
    return { client, storage, project };
  }

  async function withOneStudy(name: string) {
    const signedIn = await signedInWithProject(name);
    const means = meansAt(36.1, -79.95, 0.5, 15);
    const weather = { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC };
    const created = await signedIn.client.post<FeasibilityStudy>('/api/project/feasibility/create/', { project_id: signedIn.project.id, name: 'Base', weather, system: { dc_kw: 5000 } });
    expect(created.status).toBe(201);
    return { ...signedIn, study: created.body };
  }

  it('says each price rule in plain words, names a decimal comma after the seed message, and focuses the first wrong field', async () => {
    const { storage, project } = await signedInWithProject('Comma');
    renderApp(`/project/settings/${project.id}/comma`, api().baseUrl, storage);
    await screen.findByRole('heading', { name: 'Assumptions for Comma' });

    expect(fieldOf(/^Installed cost per Wdc/).help[0]).toBe('0 or more, at most two decimals');
    expect(fieldOf(/^Price per kWh/).help[0]).toBe('0 or more, at most four decimals');
    expect(fieldOf(/^Module power/).help).toHaveLength(1); // not a price: its source alone

    await fillIn(/^Price per kWh/, 'abc');
    await fillIn(/^Installed cost per Wdc/, '0,13');
    await fillIn(/^Fixed costs/, '1,250,000');
    const focusedBefore = document.activeElement;
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new preset' }));

    await waitFor(() => expect(fieldOf(/^Installed cost per Wdc/).errors).toEqual([messages.priceTwoDecimals, 'Use a point for decimals: 0.13']));
    expect(fieldOf(/^Fixed costs/).errors).toEqual([messages.priceTwoDecimals, 'Leave out the thousands separators: 1250000']);
    expect(fieldOf(/^Price per kWh/).errors).toEqual([messages.priceTwoDecimals]);
    // The rule stays in plain words beside the error, which does not say it.
    expect(fieldOf(/^Installed cost per Wdc/).help[0]).toBe('0 or more, at most two decimals');
    // Costs come before the tariff: the first wrong field gets the cursor.
    await waitFor(() => expect(document.activeElement).toBe(fieldOf(/^Installed cost per Wdc/).control));
    expect(focusedBefore).not.toBe(document.activeElement);
  }, 120_000);

  it('puts the cursor in the first wrong field of the login form', async () => {
    renderApp('/auth/login', api().baseUrl);
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await screen.findAllByText(messages.required);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
  });

  it('turns Save as new study off at the plan’s study limit and says which limit and where the plans are', async () => {
    stubWorker();
    const { storage, project, study } = await withOneStudy('Full');
    renderApp(studyPath(project, study.id), api().baseUrl, storage);

    const note = await screen.findByTestId('study-limit-note');
    expect(within(note).getByText('This project is at your plan’s study limit.')).toBeTruthy();
    expect(within(note).getByText('Your plan allows 1 feasibility study per project. Delete one before creating another.')).toBeTruthy();
    expect(within(note).getByRole('link', { name: 'See the plans and their study limits' }).getAttribute('href')).toBe('/subscription');
    const save = screen.getByRole('button', { name: 'Save as new study' });
    expect(save).toHaveProperty('disabled', true);
    expect(save.getAttribute('aria-describedby')).toBe('what-if-limit');
  }, 120_000);

  it('says on the plan page which limit applies and what lifts it when billing is off, not that there is nothing to buy', async () => {
    const { storage, project } = await withOneStudy('Brimming');
    renderApp('/subscription', api().baseUrl, storage);

    const limit = await screen.findByTestId('limit-without-billing');
    expect(limit.textContent).toContain('up to 1 feasibility study per project, and no limit on projects');
    expect(within(limit).getByRole('status').textContent).toBe(`At the limit: ${project.name}. Your plan allows 1 feasibility study per project. Delete one before creating another.`);
    expect(limit.textContent).toContain('delete a study in the project');
    expect(screen.queryByText(/nothing to buy/)).toBeNull();
  }, 120_000);
});
