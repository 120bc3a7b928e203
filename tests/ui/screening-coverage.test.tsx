// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppActors } from '../../src/app/actors.ts';
import { App } from '../../src/app/app.tsx';
import { AppProvider } from '../../src/app/provider.tsx';
import type { ApnDetails } from '../../src/contract/gis.ts';
import { ActorsProvider } from '../../src/lib/actors-context.tsx';
import { createSessionStore } from '../../src/lib/session-storage.ts';
import { createCookieJar } from '../lib/support/fake-api.ts';
import { box } from '../support/geojson-shapes.ts';
import { apiProcessFor, fillIn, renderApp, signInThroughApi } from './render-app.tsx';
import { uploadsThrough } from './uploads-through.ts';

/**
 * Issue 43 item 4: the screening map says what data covers the place, from what is true there (a boundary or not,
 * parcels or not, layers or not), in jsdom against the real API with the DC sample and no online sources.
 */
describe('the screening map says where it has data', () => {
  const api = apiProcessFor({ SCREENING_SOURCES: 'off', PARCEL_SERVICES: 'off' });

  async function openMap(project: Record<string, unknown>, parcel?: { apn: string; geometry: unknown }) {
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const created = (await client.post<{ id: string }>('/api/project/create/', project)).body;
    if (parcel) expect((await client.post('/api/gis/new_apn/', { project_id: created.id, ...parcel })).status).toBe(201);
    renderApp(`/project/map/${created.id}/site`, api().baseUrl, storage);
    await screen.findByRole('heading', { name: /: map and screening$/ });
    await screen.findByRole('heading', { name: 'Screening results' });
  }
  const note = () => screen.findByRole('note', { name: 'What data covers this place' });

  it('tells a planner who drew a boundary outside the sample that no parcel data or layer covers it, and what to do', async () => {
    await openMap({ name: 'Jodhpur', location: { lat: 26.11, lng: 73.11 }, boundary: box(73.1, 26.1, 73.12, 26.12) });
    const text = (await note()).textContent ?? '';
    expect(text).toContain('No parcels to show: no parcel data covers the boundary. The parcel store holds no parcels there and no parcel service covers it');
    expect(text).toContain('import the parcels from a file (GeoJSON, zipped shapefile or KML) under “Import parcels”, or ask whoever runs this server to configure a county parcel service (PARCEL_SERVICES).');
    expect(text).toContain('No flood zone or wetlands layer covers the boundary, so those criteria answer Unknown there.');
    expect(text).toContain('Upload your own layers under “Your constraint layers” or ask whoever runs this server to turn on online layers (SCREENING_SOURCES).');
    expect(screen.queryByText(/draw a boundary/i)).toBeNull();
  });

  it('asks for a parcel or a boundary where the sample has parcels and layers', async () => {
    await openMap({ name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } });
    const text = (await note()).textContent ?? '';
    expect(text).toBe('No parcels to show: none is attached and no boundary is drawn. Attach a parcel, draw a boundary on the project’s page, or screen the visible map area.');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('takes the land-use property of imported parcels, and stops asking for parcel data once they are there', async () => {
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const project = (await client.post<{ id: string }>('/api/project/create/', { name: 'Mandore', location: { lat: 26.301, lng: 73.301 }, boundary: box(73.3, 26.3, 73.31, 26.31) })).body;
    window.history.replaceState(null, '', `/project/map/${project.id}/mandore`);
    const jar = createCookieJar();
    const actors = createAppActors({ store: createSessionStore(storage), http: { baseURL: api().baseUrl, fetch: jar.fetch, readCookie: jar.readCookie } });
    vi.stubGlobal('XMLHttpRequest', uploadsThrough(api().baseUrl, jar));
    render(
      <AppProvider>
        <ActorsProvider actors={actors}>
          <App />
        </ActorsProvider>
      </AppProvider>,
    );
    expect((await note()).textContent).toContain('No parcels to show: no parcel data covers the boundary.');

    await fillIn('Land-use property (optional)', 'LAND_USE');
    const parcels = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { APN: 'MND-9', LAND_USE: 'Agricultural' }, geometry: box(73.302, 26.302, 73.304, 26.304) }] };
    fireEvent.change(screen.getByLabelText('Import parcels'), { target: { files: [new File([JSON.stringify(parcels)], 'mandore.geojson')] } });
    expect((await screen.findByRole('group', { name: 'Import report' })).textContent).toMatch(/1 parcel imported, 1 attached to this project\./);
    await waitFor(() => expect(screen.getByLabelText('Screening summary').textContent).toMatch(/1 parcel screened/));
    await waitFor(() => expect(screen.getByRole('note', { name: 'What data covers this place' }).textContent).toMatch(/^No flood zone or wetlands layer covers the boundary/));
    expect((await client.get<ApnDetails>('/api/gis/get_search_apn_details/?apn=MND-9')).body.land_use).toBe('Agricultural');
  });

  it('screens the parcels it has and says which layers are missing', async () => {
    await openMap({ name: 'Jodhpur plot', location: { lat: 26.2005, lng: 73.2005 } }, { apn: 'JDH-7', geometry: box(73.2, 26.2, 73.201, 26.201) });
    await waitFor(() => expect(screen.getByLabelText('Screening summary').textContent).toMatch(/1 parcel screened.*0 pass.*0 fail.*1 unknown/));
    const text = (await note()).textContent ?? '';
    expect(text).toBe(
      "No flood zone or wetlands layer covers the project's parcels, so those criteria answer Unknown there. Upload your own layers under “Your constraint layers” or ask whoever runs this server to turn on online layers (SCREENING_SOURCES).",
    );
  });
});
