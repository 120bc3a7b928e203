// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { latitudeMessage } from '../../src/contract/gis.ts';
import { settingsMessages } from '../../src/contract/settings.ts';
import { messages } from '../../src/contract/validation.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { polyfillBrowser, renderApp, fillIn, signInThroughApi, statusShown } from './render-app.tsx';

// The API process answers in milliseconds, but a busy 2-core machine can stretch a navigation past the default 1 s.

const snackbar = (text: RegExp) => statusShown(text);

// A 400 m square in Anacostia Park, Washington DC, around the demo parcel PAR 02420088.
const dcBoundary = { type: 'Polygon', coordinates: [[[-77.012, 38.844], [-77.007, 38.844], [-77.007, 38.848], [-77.012, 38.848], [-77.012, 38.844]]] };

/** Captures what saveFile offers for download (jsdom has no object URLs and does not navigate). */
function captureDownloads() {
  const files: { blob: Blob; name: string }[] = [];
  let last: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => ((last = blob), 'blob:test'));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ blob: last!, name: this.download });
  });
  return files;
}

describe('project screens in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess({}, { buildSpa: false });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  afterAll(() => api?.stop());

  /** A signed-in user who already has a project, and an API client for them. */
  async function userWithProject(project: Record<string, unknown> = { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 } }) {
    const { client, storage } = await signInThroughApi(api, { hasProject: true });
    const created = await client.post<{ id: string; name: string }>('/api/project/create/', project);
    expect(created.status).toBe(201);
    return { client, storage, project: created.body };
  }

  it('creates a project from a found place and a map click, attaches the parcels it can, and opens it', async () => {
    const { storage } = await userWithProject();
    renderApp('/project/add', api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Create a project' });
    expect(screen.queryByText(/your first project/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findAllByText(messages.required)).toHaveLength(3);
    await fillIn(/^latitude/i, '91');
    expect(await screen.findByText(latitudeMessage)).toBeTruthy();

    // A place found by the offline geocoder fills the coordinates.
    await fillIn('Search a place', '38.8455, -77.0098');
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const places = await screen.findByRole('list', { name: 'Places found' });
    fireEvent.click(within(places).getAllByRole('button')[0]!);
    expect(screen.getByLabelText<HTMLInputElement>(/^latitude/i).value).toBe('38.8455');
    expect(screen.getByLabelText<HTMLInputElement>(/^longitude/i).value).toBe('-77.0098');

    // So does a click on the map.
    await fillIn(/^latitude/i, '');
    fireEvent.click(screen.getByRole('region', { name: 'Project site map' }), { clientX: 5, clientY: 5 });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^latitude/i).value).toMatch(/^-?\d+(\.\d+)?$/));
    await fillIn(/^latitude/i, '38.8455');
    await fillIn(/^longitude/i, '-77.0098');
    expect(screen.getByText('No boundary drawn (optional).')).toBeTruthy();

    await fillIn(/^project name/i, 'Anacostia river parcels');
    await fillIn(/^pincode/i, '012345');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText(messages.pincode)).toBeTruthy();
    await fillIn(/^country/i, 'US');
    await fillIn(/^postal code/i, '20003');
    await fillIn(/^parcel numbers/i, 'PAR 02420088\nNOPE 404');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));

    await screen.findByRole('heading', { name: 'Anacostia river parcels' });
    expect(window.location.pathname).toMatch(/^\/project\/[\w-]+\/anacostia-river-parcels$/);
    await snackbar(/Not attached: NOPE 404/);
    const parcels = await screen.findByRole('table', { name: 'Parcels' });
    expect(within(parcels).getByText('PAR 02420088')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Anacostia river parcels | Sunplot'));
  });

  it('fills address, country and postal code from a picked place, keeps what the user typed, and names the code by the country', async () => {
    const { storage } = await userWithProject();
    renderApp('/project/add', api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Create a project' });
    const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label).value;
    const pickFirst = async (query: string) => {
      await fillIn('Search a place', query);
      fireEvent.click(screen.getByRole('button', { name: 'Find' }));
      fireEvent.click(within(await screen.findByRole('list', { name: 'Places found' })).getAllByRole('button')[0]!);
    };

    await pickFirst('411001');
    expect([field(/^latitude/i), field(/^longitude/i)]).toEqual(['18.5372', '73.8551']);
    expect([field(/^address/i), field(/^country/i), field(/^pincode/i)]).toEqual(['Pune, Maharashtra', 'IN', '411001']);

    // Typed after the pick: the next pick leaves it, and replaces what the first pick filled.
    await fillIn(/^address/i, 'Plot 7, Hinjewadi Phase 2');
    await pickFirst('Greensboro, NC 27401');
    expect(field(/^latitude/i)).toMatch(/^36\.07/);
    expect([field(/^address/i), field(/^country/i), field(/^postal code/i)]).toEqual(['Plot 7, Hinjewadi Phase 2', 'US', '27401']);
    expect(screen.queryByLabelText(/^pincode/i)).toBeNull();

    // A city: its address and country, and no postal code (a city has many), so the one the ZIP filled goes.
    await fillIn(/^address/i, '');
    await pickFirst('Washington DC');
    expect([field(/^address/i), field(/^country/i), field(/^postal code/i)]).toEqual(['Washington, District of Columbia', 'US', '']);

    await fillIn('Search a place', 'Greensboro, Narnia');
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(/^No place found/)).toBeTruthy();
  });

  it('edits a project with its values filled in, and deletes it after the delete question', async () => {
    const { storage, project, client } = await userWithProject({ name: 'Old name', location: { lat: 38.846, lng: -77.0098 }, boundary: dcBoundary, description: 'River bank' });
    renderApp(`/project/${project.id}/old-name`, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Old name' });
    expect(screen.getByText(/19\.\d\d ha \(47\.\d\d acres\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));

    await screen.findByRole('heading', { name: 'Edit Old name' });
    expect(screen.getByLabelText<HTMLInputElement>(/^project name/i).value).toBe('Old name');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^description/i).value).toBe('River bank');
    expect(screen.getByText(/^Boundary area: 19\.\d\d ha/)).toBeTruthy();
    expect(screen.queryByLabelText(/^parcel numbers/i)).toBeNull();
    await fillIn(/^project name/i, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.notBlank)).toBeTruthy();
    await fillIn(/^project name/i, 'New name');
    fireEvent.change(screen.getByLabelText(/^status/i), { target: { value: 'permitting' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear boundary' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByRole('heading', { name: 'New name' });
    expect(window.location.pathname).toBe(`/project/${project.id}/new-name`);
    expect(screen.getByText('Permitting')).toBeTruthy();
    expect(screen.getByText('Not drawn')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('New name | Sunplot'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete project?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('heading', { name: 'Projects' });
    expect(window.location.pathname).toBe('/project');
    expect((await client.get(`/api/project/get/?id=${project.id}`)).status).toBe(404);
  });

  it('downloads the project report as a PDF', async () => {
    const { storage, project } = await userWithProject({ name: 'Report site', location: { lat: 38.846, lng: -77.0098 }, boundary: dcBoundary });
    const files = captureDownloads();
    renderApp(`/project/${project.id}/report-site`, api.baseUrl, storage);
    fireEvent.click(await screen.findByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 60_000 });
    // The server's name for it (Content-Disposition): the project and the day.
    expect(files[0]!.name).toMatch(/^Report site - report \d{4}-\d\d-\d\d\.pdf$/);
    const head = new TextDecoder().decode((await files[0]!.blob.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });

  it('attaches a DC parcel by its SSL on the map screen, screens it with reasons, and exports them', async () => {
    const { storage, project } = await userWithProject();
    const files = captureDownloads();
    renderApp(`/project/map/${project.id}/anacostia`, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Anacostia: map and screening' });
    expect(await screen.findByText(/No parcels to show/)).toBeTruthy();
    // The filters sit left of the map on a wide screen: they come before it in the DOM, so Tab reaches them first.
    const map = await screen.findByRole('region', { name: 'Screening map' });
    expect(screen.getByRole('button', { name: 'Screen parcels' }).compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await fillIn('Parcel number (APN or SSL)', 'NOPE 404');
    fireEvent.click(screen.getByRole('button', { name: 'Find parcel' }));
    expect(await screen.findByText('No parcel with this number in the parcel store.')).toBeTruthy();
    await fillIn('Parcel number (APN or SSL)', 'par  02420088');
    fireEvent.click(screen.getByRole('button', { name: 'Find parcel' }));
    const found = await screen.findByRole('group', { name: 'Parcel PAR 02420088' });
    expect(within(found).getByText(/District of Columbia, DC/)).toBeTruthy();
    expect(within(found).getByText(/Open Data DC.*CC BY 4\.0/)).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: 'Attach to this project' }));
    await snackbar(/Parcel PAR 02420088 attached/);

    const table = await screen.findByRole('table', { name: 'Screening reasons' });
    const flood = within(table).getByText('Flood zone').closest('tr')!;
    expect(flood.textContent).toMatch(/PAR 02420088/);
    expect(flood.textContent).toMatch(/Share of the parcel in a flood zone at most 0%/);
    expect(flood.textContent).toMatch(/FEMA zone AE.*\(2016-08-16\)/);
    expect(within(table).getByText('Wetlands')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Data sources' })).toBeTruthy();
    expect(screen.getAllByText(/Open Data DC \(DC GIS\), CC BY 4\.0/).length).toBeGreaterThan(0);

    // Criteria are checked with the contract's messages before anything is sent.
    await fillIn(/^Largest share in a flood zone/, '101');
    fireEvent.click(screen.getByRole('button', { name: 'Screen parcels' }));
    expect(await screen.findByText('Must be a percentage from 0 to 100.')).toBeTruthy();
    await fillIn(/^Largest share in a flood zone/, '100');
    await fillIn(/^Minimum area/, '5');
    fireEvent.click(screen.getByRole('button', { name: 'Screen parcels' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Screening reasons' }).textContent).toMatch(/Area at least 5 acres/));
    expect(screen.getByLabelText('Screening summary').textContent).toMatch(/^1 parcel screened \(attached or inside the boundary\):.*0 pass.*1 fail/);

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export GeoJSON' }));
    expect(files.map((file) => file.name)).toEqual(['anacostia-screening.csv', 'anacostia-screening.geojson']);
    const csv = await files[0]!.blob.text();
    expect(csv.split('\r\n')[0]).toBe(
      'apn,parcel_verdict,area_acres,area_ha,buildable_area_acres,buildable_area_ha,buildable_pct,criterion,rule,threshold,measured,unit,verdict,note,layer,layer_source,layer_date',
    );
    // PAR 02420088 touches no flood zone or wetland: all of its 1.8243 ha (4.5079 acres) is buildable.
    expect(csv).toContain('PAR 02420088,fail,4.5079,1.8243,4.5079,1.8243,100,min_area,Area at least 5 acres,5,4.508,acres,fail');
    const geojson = JSON.parse(await files[1]!.blob.text()) as { type: string; features: { properties: Record<string, unknown> }[] };
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features[0]!.properties).toMatchObject({ apn: 'PAR 02420088', verdict: 'fail', buildable_area_acres: 4.5079, buildable_area_ha: 1.8243, buildable_pct: 100 });
  });

  // The form holds some fifty fields (the after-tax ones too): testing-library's label queries over it take most of this
  // test's time, so it gets more than the default 30 s on a loaded machine.
  it('edits the assumptions with the spec messages on every field, showing each default with its source and year', async () => {
    const { storage, project, client } = await userWithProject();
    renderApp(`/project/settings/${project.id}/anacostia`, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Assumptions for Anacostia' });
    expect(screen.getByLabelText<HTMLSelectElement>('Preset').value).toBe('builtin:us-utility');
    expect(screen.getByText(/Built-in presets are read-only/)).toBeTruthy();
    expect(screen.getByText('Default ground coverage ratio; trackers run 0.30-0.40 — NREL PVWatts v8 default, 2022.')).toBeTruthy();
    expect(screen.getByText(/Jordan & Kurtz, 2012/)).toBeTruthy();

    await fillIn(/^Tilt/, '95');
    await fillIn(/^Module efficiency/, '100');
    await fillIn(/^Module power/, '1000');
    await fillIn(/^Price per kWh/, '');
    await fillIn(/^Installed cost per Wdc/, '1.234');
    await fillIn(/^Analysis period/, '0');
    await fillIn(/^Ground coverage ratio/, '');
    await fillIn(/^Preset name/, '  ');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new preset' }));
    expect(await screen.findByText(settingsMessages.tilt)).toBeTruthy();
    expect(screen.getByText(messages.twoDigitValue)).toBeTruthy();
    expect(screen.getByText(messages.threeDigitValue)).toBeTruthy();
    expect(screen.getByText(messages.priceNotEmpty)).toBeTruthy();
    expect(screen.getByText(messages.priceTwoDecimals)).toBeTruthy();
    expect(screen.getByText(messages.notLessThanOne)).toBeTruthy();
    expect(screen.getByText(messages.required)).toBeTruthy();
    expect(screen.getByText(messages.notBlank)).toBeTruthy();

    await fillIn(/^Tilt/, '25');
    await fillIn(/^Module efficiency/, '22');
    await fillIn(/^Module power/, '600');
    await fillIn(/^Price per kWh/, '0.041');
    await fillIn(/^Installed cost per Wdc/, '1.05');
    await fillIn(/^Analysis period/, '30');
    await fillIn(/^Ground coverage ratio/, '0.35');
    await fillIn(/^Preset name/, 'Anacostia trackers');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new preset' }));
    await snackbar(/Preset "Anacostia trackers" saved/);

    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Preset').selectedOptions[0]!.textContent).toBe('Anacostia trackers (current)'));
    expect(screen.getByText('This project only')).toBeTruthy();
    // A changed value is the user's; the built-in default stays shown with its source.
    expect(screen.getByText(/^Your value\. Built-in default 0\.4: Default ground coverage ratio; trackers run 0\.30-0\.40 — NREL PVWatts v8 default, 2022\.$/)).toBeTruthy();
    const last = await client.get<{ name: string; assumptions: { system: { tilt_deg: number; gcr: number }; tariff: { price_per_kwh: number } } }>(`/api/settings/last/get/?project_id=${project.id}`);
    expect(last.body).toMatchObject({ name: 'Anacostia trackers', assumptions: { system: { tilt_deg: 25, gcr: 0.35 }, tariff: { price_per_kwh: 0.041 } } });

    // Own presets save in place.
    await fillIn(/^Degradation/, '0.7');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await snackbar(/^Preset saved\.$/);
    const edited = await client.get<{ assumptions: { finance: { degradation_pct: number } } }>(`/api/settings/last/get/?project_id=${project.id}`);
    expect(edited.body.assumptions.finance.degradation_pct).toBe(0.7);
  }, 240_000);
});
