// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FeasibilityStudy } from '../../src/contract/feasibility.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { meansAt } from '../solar/monthly-means.ts';
import { fillIn, polyfillBrowser, renderApp, signInThroughApi } from './render-app.tsx';


// A 400 m square in Anacostia Park, Washington DC.
const dcBoundary = { type: 'Polygon', coordinates: [[[-77.012, 38.844], [-77.007, 38.844], [-77.007, 38.848], [-77.012, 38.848], [-77.012, 38.844]]] };

/** A portfolio figure on the dashboard, by its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
/** Markers and boundaries drawn on the dashboard map. */
const shapesOnMap = () => screen.getByRole('region', { name: 'Map of all projects' }).parentElement!.querySelectorAll('path.leaflet-interactive').length;

describe('the projects dashboard in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess({}, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  const signedIn = () => signInThroughApi(api, { hasProject: true });

  it('shows the portfolio totals, and the search filters the list and the map together', async () => {
    const { client, storage } = await signedIn();
    const park = (await client.post<{ id: string }>('/api/project/create/', { name: 'Anacostia Park', location: { lat: 38.846, lng: -77.0098 }, boundary: dcBoundary })).body;
    await client.post('/api/project/create/', { name: 'Rowan Solar', location: { lat: 36.1, lng: -79.95 } });
    const means = meansAt(38.8, -77.0, 0.5, 15);
    const study = await client.post<FeasibilityStudy>('/api/project/feasibility/create/', {
      project_id: park.id,
      weather: { source: 'monthly', ghi_kwh_m2_per_day: means.ghiKwhM2PerDay, temp_air_c: means.tempAirC },
      system: { dc_kw: 2500, mount: 'fixed', tilt_deg: 25 },
    });
    expect(study.status).toBe(201);
    const energy = `${Math.round(study.body.headline.p50_annual_kwh / 1000).toLocaleString('en-US')} MWh/yr`;

    renderApp('/project', api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Projects' });
    await waitFor(() => expect(figure('Projects')).toBe('2'));
    expect(figure('Hectares')).toMatch(/^\d+\.\d ha$/);
    expect(figure('DC capacity')).toBe('2.5 MWdc');
    expect(figure('Energy (P50)')).toBe(energy);
    expect(screen.getAllByText('From 1 primary study')).toHaveLength(2);

    // Both projects listed and on the map: two markers and the park's boundary.
    await screen.findByRole('link', { name: /Rowan Solar/ });
    expect(within(screen.getByRole('link', { name: /Anacostia Park/ })).getByText(`2.5 MWdc · ${energy}`)).toBeTruthy();
    await waitFor(() => expect(shapesOnMap()).toBe(3));

    await fillIn('Search projects', 'rowan');
    await waitFor(() => expect(screen.queryByRole('link', { name: /Anacostia Park/ })).toBeNull());
    expect(screen.getByRole('link', { name: /Rowan Solar/ })).toBeTruthy();
    await waitFor(() => expect(shapesOnMap()).toBe(1));

    await fillIn('Search projects', 'nothing like it');
    expect(await screen.findByText('No project matches this name.')).toBeTruthy();
    await waitFor(() => expect(shapesOnMap()).toBe(0));
  });

  it('says what to do next when there is no project, with no figure for energy yet', async () => {
    const { storage } = await signedIn();
    renderApp('/project', api.baseUrl, storage);
    expect(await screen.findByText('Create your first project')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a project' }).getAttribute('href')).toBe('/project/add');
    await waitFor(() => expect(figure('Projects')).toBe('0'));
    expect(figure('DC capacity')).toBe('—');
    expect(figure('Energy (P50)')).toBe('—');
    expect(screen.queryByRole('region', { name: 'Map of all projects' })).toBeNull();
  });
});
