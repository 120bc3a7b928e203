// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppActors } from '../../src/app/actors.ts';
import { AppProvider } from '../../src/app/provider.tsx';
import { QuestionDialog } from '../../src/components/ui/question-dialog.tsx';
import type { OwnLayerFeatures } from '../../src/contract/own-layers.ts';
import { OwnKindCriteria } from '../../src/features/map/own-layers-criteria.tsx';
import { OwnLayersPanel } from '../../src/features/map/own-layers-panel.tsx';
import { ActorsProvider } from '../../src/lib/actors-context.tsx';
import { createSessionStore } from '../../src/lib/session-storage.ts';
import { useForm } from '../../src/lib/use-form.ts';
import { createCookieJar } from '../lib/support/fake-api.ts';
import { uploadsThrough } from './uploads-through.ts';
import { apiProcessFor, signInThroughApi } from './render-app.tsx';

// jsdom gives modules an http: URL: the fixtures are found from the project's folder.
const fixture = (name: string) => readFileSync(join(process.cwd(), 'tests/fixtures/own-layers', name), 'utf8');


/** The panel beside the screening form's inputs for own kinds, as the map screen places them, with the app's question dialog. */
function MapSide({ onShownChange }: { onShownChange: (shown: OwnLayerFeatures[]) => void }) {
  const form = useForm<string>({}, {});
  return (
    <>
      <OwnLayersPanel onShownChange={onShownChange} />
      <OwnKindCriteria form={form} />
      <QuestionDialog />
    </>
  );
}

describe('own constraint layers on the map screen, in jsdom against the real API', () => {
  const api = apiProcessFor();
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a layer of a new kind, shows it on the map, offers its criterion, refuses a file without polygons, and deletes it', async () => {
    const { storage } = await signInThroughApi(api(), { hasProject: true });
    const jar = createCookieJar();
    const actors = createAppActors({ store: createSessionStore(storage), http: { baseURL: api().baseUrl, fetch: jar.fetch, readCookie: jar.readCookie } });
    vi.stubGlobal('XMLHttpRequest', uploadsThrough(api().baseUrl, jar));
    const shown = vi.fn<(shown: OwnLayerFeatures[]) => void>();
    render(
      <AppProvider>
        <ActorsProvider actors={actors}>
          <MapSide onShownChange={shown} />
        </ActorsProvider>
      </AppProvider>,
    );
    expect(await screen.findByText('You have no layers yet.')).toBeTruthy();
    // The list's GET put the CSRF cookie into the jar; a browser would show it to the page's document.cookie.
    document.cookie = `csrftoken=${jar.readCookie('csrftoken')}`;
    expect(screen.queryByRole('group', { name: 'Your own kinds' })).toBeNull();

    // A new kind needs its name before anything is sent.
    fireEvent.change(screen.getByLabelText('Kind of layer'), { target: { value: '__new__' } });
    const setbacks = new File([fixture('setback-from-homes.geojson')], 'setback-from-homes.geojson');
    const input = screen.getByLabelText<HTMLInputElement>('Upload a layer');
    expect(input.accept).toBe('.geojson,.json,.zip,.kml');
    fireEvent.change(input, { target: { files: [setbacks] } });
    expect(await screen.findByText('Name the new kind first.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Name of the new kind/), { target: { value: 'Setback from homes' } });
    fireEvent.change(screen.getByLabelText(/Layer name/), { target: { value: 'Elm Road setbacks' } });
    fireEvent.change(screen.getByLabelText('Upload a layer'), { target: { files: [setbacks] } });
    const report = await screen.findByRole('group', { name: 'Upload report' });
    expect(report.textContent).toBe('Elm Road setbacks: 2 features of 2 kept as a Setback from homes layer.');
    const list = await screen.findByRole('list', { name: 'Your layers' });
    await waitFor(() => expect(list.textContent).toMatch(/^Elm Road setbacksSetback from homes · 2 features · \d{4}-\d\d-\d\d/));
    // The new kind is picked for the next file, and the screening form asks for its limit.
    expect(screen.getByLabelText<HTMLSelectElement>('Kind of layer').value).toBe('setback_from_homes');
    const criteria = await screen.findByRole('group', { name: 'Your own kinds' });
    const limit = within(criteria).getByLabelText<HTMLInputElement>(/Largest share in Setback from homes/);
    expect(limit.name).toBe('max_setback_from_homes_overlap_pct');
    fireEvent.change(limit, { target: { value: '120' } });
    expect(within(criteria).getByText('Must be a percentage from 0 to 100.')).toBeTruthy();

    // Shown on the map: the page gets the layer's GeoJSON.
    fireEvent.click(screen.getByLabelText('Show Elm Road setbacks on the map'));
    await waitFor(() => expect(shown.mock.lastCall?.[0].map((layer) => [layer.name, layer.features.length])).toEqual([['Elm Road setbacks', 2]]));

    // A wetland layer of points only is refused with the server's reason, and nothing is added.
    fireEvent.change(screen.getByLabelText('Kind of layer'), { target: { value: 'wetland' } });
    fireEvent.change(screen.getByLabelText('Upload a layer'), { target: { files: [new File([fixture('homes-points.kml')], 'homes.kml')] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No polygons in the file: a Wetlands layer takes polygons\./);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    // Deleted after the question: gone from the list, the map and the screening form.
    fireEvent.click(screen.getByRole('button', { name: 'Delete Elm Road setbacks' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete layer?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You have no layers yet.')).toBeTruthy();
    await waitFor(() => expect(shown.mock.lastCall?.[0]).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Your own kinds' })).toBeNull());
  });
});
