// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppActors } from '../../src/app/actors.ts';
import { AppProvider } from '../../src/app/provider.tsx';
import '../../src/components/ui/screen-recipes.ts';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { CompareStudiesPage } from '../../src/features/feasibility/compare/compare-page.tsx';
import { formatMoney, formatMwh } from '../../src/features/feasibility/study-format.ts';
import { ActorsProvider } from '../../src/lib/actors-context.tsx';
import { createSessionStore, type KeyValueStorage } from '../../src/lib/session-storage.ts';
import { createCookieJar } from '../lib/support/fake-api.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { polyfillBrowser, renderApp, signInThroughApi, stubWorker } from './render-app.tsx';


/** The compare screen alone at `path` (the app registers its route), its API calls going to the real server. */
function renderComparePage(path: string, projectId: string, baseURL: string, storage: KeyValueStorage) {
  window.history.replaceState(null, '', path);
  const jar = createCookieJar();
  const actors = createAppActors({ store: createSessionStore(storage), http: { baseURL, fetch: jar.fetch, readCookie: jar.readCookie } });
  return render(
    <AppProvider>
      <ActorsProvider actors={actors}>
        <CompareStudiesPage projectId={projectId} projectName="greensboro" />
      </ActorsProvider>
    </AppProvider>,
  );
}

/** A figure as shown, without the words for screen readers that mark the best one. */
const shown = (cell: HTMLElement) => cell.textContent.replace('(best)', '');

/** The cells of the row whose header reads `label`, in the studies' order. */
function cellsOf(table: HTMLElement, label: string) {
  const row = within(table).getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr')!;
  return [...row.querySelectorAll('td')];
}

interface Fixture {
  storage: KeyValueStorage;
  project: { id: string; name: string };
  dear: FeasibilityStudy;
  cheap: FeasibilityStudy;
}

describe('compare studies, in jsdom against the real API', () => {
  let api: AppProcess;
  let fixture: Promise<Fixture> | undefined;

  /** One user with a project and two studies that differ in capex and tilt, made by the first test that asks (sign-in polls, which only a test may). */
  async function makeFixture(): Promise<Fixture> {
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    const project = (await client.post<{ id: string; name: string }>('/api/project/create/', { name: 'Greensboro', location: { lat: 36.07, lng: -79.79 } })).body;
    const means = meansAt(36.07, -79.79, 0.5, 15);
    const create = async (name: string, tilt: number, capex: number) => {
      const answer = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', {
        project_id: project.id,
        name,
        weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
        system: { dc_kw: 2500, tilt_deg: tilt },
        costs: { capex_per_wdc: capex },
      });
      expect(answer.status).toBe(201);
      return answer.body;
    };
    const dear = await create('Base case', 0, 1.08);
    const cheap = await create('Cheaper, tilted', 10, 0.9);
    return { storage, project, dear, cheap };
  }
  const studies = () => (fixture ??= makeFixture());

  beforeAll(async () => {
    polyfillBrowser();
    stubWorker();
    api = await startAppProcess({ PVGIS_BASE_URL: 'http://127.0.0.1:9/api', PVGIS_TIMEOUT_MS: '500' }, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  it('shows the picked studies’ headline figures in columns, the best marked, and the assumptions that differ', async () => {
    const { storage, project, dear, cheap } = await studies();
    renderComparePage(`/project/${project.id}/greensboro/compare?studies=${dear.id},${cheap.id}`, project.id, api.baseUrl, storage);

    const figures = await screen.findByRole('table', { name: 'Headline figures' });
    const heads = within(figures).getAllByRole('columnheader').map((head) => head.textContent);
    expect(heads).toEqual(['Figure', 'Base casePrimary', 'Cheaper, tilted']);
    expect(cellsOf(figures, 'Energy \\(P50\\)').map(shown)).toEqual([formatMwh(dear.headline.p50_annual_kwh), formatMwh(cheap.headline.p50_annual_kwh)]);
    expect(cellsOf(figures, 'Capex').map(shown)).toEqual([formatMoney(dear.headline.capex, 'USD'), formatMoney(cheap.headline.capex, 'USD')]);
    // The cheaper plant earns more: its NPV is the one marked; the size is a choice, never marked.
    expect(cheap.headline.npv).toBeGreaterThan(dear.headline.npv);
    expect(cellsOf(figures, 'NPV').map((cell) => cell.dataset.best === 'true')).toEqual([false, true]);
    expect(cellsOf(figures, 'NPV')[1]!.textContent).toContain('(best)');
    expect(cellsOf(figures, 'DC / AC size').some((cell) => cell.dataset.best)).toBe(false);

    // Both studies ticked in the picker.
    expect(screen.getByRole('checkbox', { name: /Base case/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Cheaper, tilted/ })).toHaveProperty('checked', true);

    // Only the differences at first: capex and tilt, highlighted; the shared discount rate is not listed.
    const assumptions = screen.getByRole('table', { name: 'Assumptions' });
    const differing = within(assumptions)
      .getAllByRole('row')
      .filter((row) => row.dataset.differs === 'true')
      .map((row) => row.querySelector('th')!.textContent);
    expect(differing).toEqual(expect.arrayContaining(['Tilt (axis tilt for trackers) (differs)', 'Installed cost per Wdc (differs)']));
    expect(cellsOf(assumptions, 'Installed cost per Wdc').map((cell) => cell.textContent)).toEqual(['1.08 USD', '0.9 USD']);
    expect(cellsOf(assumptions, 'Tilt').map((cell) => cell.textContent)).toEqual(['0 °', '10 °']);
    expect(within(assumptions).queryByRole('rowheader', { name: 'Discount rate' })).toBeNull();

    const toggle = screen.getByRole('checkbox', { name: 'Show only differences' });
    expect(toggle).toHaveProperty('checked', true);
    fireEvent.click(toggle);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Assumptions' })).getByRole('rowheader', { name: 'Discount rate' })).toBeTruthy());
    const all = screen.getByRole('table', { name: 'Assumptions' });
    expect(within(all).getByRole('rowheader', { name: 'Discount rate' }).closest('tr')!.dataset.differs).toBeUndefined();
    expect(within(all).getByRole('rowheader', { name: /^Installed cost per Wdc/ }).closest('tr')!.dataset.differs).toBe('true');

    // The cash flows of both, year 0 whole, in the numbers under the chart.
    const flows = await screen.findByRole('region', { name: 'Yearly cash flows of the compared studies' });
    const yearZero = within(flows).getAllByRole('row').find((row) => row.querySelector('td')?.textContent === '0')!;
    expect([...yearZero.querySelectorAll('td')].slice(1).every((cell) => cell.textContent.startsWith('−$'))).toBe(true);
  });

  it('keeps the pick in the address and asks for a second study when one is unticked', async () => {
    const { storage, project, dear, cheap } = await studies();
    renderComparePage(`/project/${project.id}/greensboro/compare?studies=${dear.id},${cheap.id}`, project.id, api.baseUrl, storage);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Cheaper, tilted/ }));
    await waitFor(() => expect(window.location.search).toBe(`?studies=${dear.id}`));
    expect(await screen.findByText('Pick at least 2 studies')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Headline figures' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /Cheaper, tilted/ }));
    await waitFor(() => expect(window.location.search).toBe(`?studies=${dear.id},${cheap.id}`));
    expect(await screen.findByRole('table', { name: 'Headline figures' })).toBeTruthy();
  });

  it('says why the studies could not be read, with a retry, and what is missing when there is nothing to compare', async () => {
    const { storage } = await studies();
    renderComparePage('/project/no-such-project/gone/compare', 'no-such-project', api.baseUrl, storage);
    await screen.findByText('Not found.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    cleanup();

    const { client, storage: own } = await signInThroughApi(api, { hasProject: true });
    const created = await client.post<{ id: string }>('/api/project/create/', { name: 'Empty field', location: { lat: 36.1, lng: -79.8 } });
    expect(created.status).toBe(201);
    const empty = created.body;
    renderComparePage(`/project/${empty.id}/empty-field/compare`, empty.id, api.baseUrl, own);
    expect(await screen.findByText('Two studies are needed to compare')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the project' }).getAttribute('href')).toBe(`/project/${empty.id}/empty-field`);
  });

  it('offers the comparison from the project’s studies, the primary first', async () => {
    const { storage, project, dear, cheap } = await studies();
    renderApp(`/project/${project.id}/greensboro`, api.baseUrl, storage);
    const link = await screen.findByRole('link', { name: 'Compare studies' });
    expect(link.getAttribute('href')).toBe(`/project/${project.id}/greensboro/compare?studies=${dear.id},${cheap.id}`);
  });
});
