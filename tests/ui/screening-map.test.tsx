// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectCriteria } from '../../src/contract/screening-map.ts';
import type { HttpClient } from '../support/http-client.ts';
import { apiProcessFor, fillIn, renderApp, signInThroughApi, stubWorker } from './render-app.tsx';

describe('the screening map keeps what a planner sets, in jsdom against the real API', () => {
  const api = apiProcessFor();

  /** A project holding PAR 01890022: 60.3 % in flood zone AE, so it fails the default criteria. */
  async function projectWithFloodedParcel() {
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const project = (await client.post<{ id: string }>('/api/project/create/', { name: 'Benning', location: { lat: 38.8911, lng: -76.9123 } })).body;
    expect((await client.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 01890022' })).status).toBe(201);
    return { client, storage, project };
  }
  const savedCriteria = async (client: HttpClient, id: string) => (await client.get<ProjectCriteria>(`/api/project/screening_criteria/?id=${id}`)).body;
  const summary = () => screen.getByLabelText('Screening summary').textContent ?? '';

  it('saves the criteria as they change, and screens with them when the map opens again', async () => {
    const { client, storage, project } = await projectWithFloodedParcel();
    renderApp(`/project/map/${project.id}/benning`, api().baseUrl, storage);
    await screen.findByRole('heading', { name: 'Benning: map and screening' });
    expect((await screen.findByTestId('criteria-saved')).textContent).toMatch(/^The default criteria/);
    await waitFor(() => expect(summary()).toMatch(/0 pass.*1 fail/));

    // A value the contract refuses is shown, never saved.
    await fillIn(/^Largest share in a flood zone/, '101');
    fireEvent.click(screen.getByRole('button', { name: 'Screen parcels' }));
    expect(await screen.findByText('Must be a percentage from 0 to 100.')).toBeTruthy();
    await fillIn(/^Largest share in a flood zone/, '70');
    await waitFor(() => expect(screen.getByTestId('criteria-saved').textContent).toMatch(/^Criteria saved for the project/));
    expect(await savedCriteria(client, project.id)).toEqual({ id: project.id, criteria: { max_flood_overlap_pct: 70, max_wetland_overlap_pct: 0 }, saved: true });

    // Leaving right after a change still keeps it.
    await fillIn(/^Minimum area/, '2');
    cleanup();
    await waitFor(async () => expect((await savedCriteria(client, project.id)).criteria).toEqual({ max_flood_overlap_pct: 70, max_wetland_overlap_pct: 0, min_area_acres: 2 }));

    renderApp(`/project/map/${project.id}/benning`, api().baseUrl, storage);
    expect((await screen.findByLabelText<HTMLInputElement>(/^Largest share in a flood zone/)).value).toBe('70');
    expect(screen.getByLabelText<HTMLInputElement>(/^Minimum area/).value).toBe('2');
    expect(screen.getByTestId('criteria-saved').textContent).toMatch(/^The project's saved criteria/);
    await waitFor(() => expect(summary()).toMatch(/1 pass.*0 fail/));
  });

  it('draws the flood zones and wetlands over the parcels, each kind switched on and off from the legend, with their sources', async () => {
    const { storage, project } = await projectWithFloodedParcel();
    renderApp(`/project/map/${project.id}/benning`, api().baseUrl, storage);
    const toggles = await screen.findByRole('group', { name: 'Constraint layers' });
    const flood = within(toggles).getByRole<HTMLInputElement>('checkbox', { name: 'Flood zone' });
    expect(flood.checked).toBe(true);
    expect(within(toggles).getByRole<HTMLInputElement>('checkbox', { name: 'Wetlands' }).checked).toBe(true);
    expect(screen.getByLabelText('Layers on the map').textContent).toMatch(/Flood zone \(DC special flood hazard areas.*\): FEMA NFHL via Open Data DC.*2016-08-16/);
    const floodPaths = () => document.querySelectorAll('path[stroke="#1c7ed6"]').length;
    await waitFor(() => expect(floodPaths()).toBeGreaterThan(0));
    // Drawn without taking clicks: the parcels beneath keep their tooltips and panels.
    expect([...document.querySelectorAll('path[stroke="#1c7ed6"]')].some((path) => path.classList.contains('leaflet-interactive'))).toBe(false);
    fireEvent.click(flood);
    await waitFor(() => expect(floodPaths()).toBe(0));
    expect(document.querySelectorAll('path[stroke="#2f855a"], path[stroke="#c53030"]').length).toBeGreaterThan(0);
    fireEvent.click(flood);
    await waitFor(() => expect(floodPaths()).toBeGreaterThan(0));
  });

  it('outlines the parcels in view on the edit map while the boundary is drawn, without taking the clicks', async () => {
    const { storage, project } = await projectWithFloodedParcel();
    renderApp(`/project/edit/${project.id}/benning`, api().baseUrl, storage);
    await screen.findByRole('heading', { name: 'Edit Benning' });
    await waitFor(() => expect(screen.getByTestId('parcels-in-view').textContent).toMatch(/^\d+ parcels? of the parcel store in view, outlined in grey\.$/));
    const outlines = () => [...document.querySelectorAll('path[stroke="#718096"]')];
    expect(outlines().length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Draw boundary' }));
    expect(outlines().length).toBeGreaterThan(0);
    expect(outlines().some((path) => path.classList.contains('leaflet-interactive'))).toBe(false);
  });

  it('sizes a new study on the buildable land of the passing parcels and says so, with the boundary to choose instead', async () => {
    stubWorker();
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const boundary = { type: 'Polygon', coordinates: [[[-76.918, 38.887], [-76.906, 38.887], [-76.906, 38.897], [-76.918, 38.897], [-76.918, 38.887]]] };
    const project = (await client.post<{ id: string }>('/api/project/create/', { name: 'Benning', location: { lat: 38.892, lng: -76.912 }, boundary, country: 'US' })).body;
    expect((await client.post('/api/gis/new_apn/', { project_id: project.id, apn: 'PAR 02420088' })).status).toBe(201);
    renderApp(`/project/${project.id}/benning`, api().baseUrl, storage);
    const newStudy = await screen.findByRole('button', { name: 'New study' });
    await waitFor(() => expect(newStudy).toHaveProperty('disabled', false));
    fireEvent.click(newStudy);
    const form = await screen.findByRole('dialog', { name: 'New feasibility study' });
    const area = await within(form).findByTestId('sizing-area');
    expect(area.textContent).toMatch(/^Buildable land of the \d+ parcels? passing the project's screening \d+\.\d\d ha × usable share/);
    expect(within(form).getByText(/MWdc from the passing parcels; type a size to override it\./)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Size from'), { target: { value: 'boundary' } });
    await waitFor(() => expect(within(form).getByTestId('sizing-area').textContent).toMatch(/^Boundary 1\d\d\.\d\d ha × usable share/));
    expect(within(form).getByText(/MWdc from the boundary; type a size to override it\./)).toBeTruthy();
  });
});
