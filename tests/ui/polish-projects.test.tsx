// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { pageText } from '../support/pdf-text.ts';
import { fillIn, polyfillBrowser, renderApp, signInThroughApi, statusShown } from './render-app.tsx';

configure({ asyncUtilTimeout: 20_000 });

// A 400 m square in Anacostia Park, Washington DC, around the demo parcel PAR 02420088 and some of its neighbours.
const dcBoundary = { type: 'Polygon', coordinates: [[[-77.012, 38.844], [-77.007, 38.844], [-77.007, 38.848], [-77.012, 38.848], [-77.012, 38.844]]] };

/** The value of a summary figure on the project page, by its label. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;

describe('project screens, polish of issue 13, in jsdom against the real API', () => {
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

  /** A signed-in user as the login screen leaves them (project flag from the login answer), with an API client. */
  const signedIn = () => signInThroughApi(api);

  async function createThroughForm(name: string) {
    await screen.findByRole('heading', { name: 'Create a project' });
    await fillIn(/^project name/i, name);
    await fillIn(/^latitude/i, '38.846');
    await fillIn(/^longitude/i, '-77.0098');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await statusShown(`Project "${name}" created.`);
  }

  it('shows only links that go somewhere while a first project is required, and all of them once it exists', async () => {
    const { storage } = await signedIn();
    expect(storage.getItem('project')).toBe('false');
    renderApp('/project/add', api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Create a project' });
    // Projects, Account and the brand would all bounce back to /project/add: none is a link, and the header says why.
    const header = screen.getByRole('banner');
    expect(within(header).queryAllByRole('link')).toEqual([]);
    expect(within(header).getByText('Projects and Account open once your first project is created.')).toBeTruthy();

    await createThroughForm('First site');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Create a project' })).toBeNull());
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Projects', 'Account']);
    expect(within(screen.getByRole('banner')).queryByText(/open once your first project/)).toBeNull();
  });

  it('opens the first project on its page, as it does every later one', async () => {
    const { storage } = await signedIn();
    renderApp('/project/add', api.baseUrl, storage);
    await createThroughForm('First site');
    await screen.findByRole('heading', { name: 'First site' });
    expect(window.location.pathname).toMatch(/^\/project\/[\w-]+\/first-site$/);
    expect(storage.getItem('project')).toBe('true');

    cleanup();
    renderApp('/project/add', api.baseUrl, storage);
    await createThroughForm('Second site');
    await screen.findByRole('heading', { name: 'Second site' });
    expect(window.location.pathname).toMatch(/^\/project\/[\w-]+\/second-site$/);
  });

  it('counts attached parcels and screened parcels under the same names on the project page, the map screen, the list and the report', async () => {
    const { client, storage } = await signedIn();
    const created = await client.post<{ id: string }>('/api/project/create/', { name: 'Anacostia', location: { lat: 38.846, lng: -77.0098 }, boundary: dcBoundary });
    expect((await client.post('/api/gis/new_apn/', { project_id: created.body.id, apn: 'PAR 02420088' })).status).toBe(201);
    const screening = await client.post<{ screened: number }>('/api/gis/get_reasoned_geo_json/', { project_id: created.body.id });
    const screened = screening.body.screened;
    expect(screened).toBeGreaterThan(1);
    storage.setItem('project', 'true');

    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (files.push(blob), 'blob:test'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderApp(`/project/${created.body.id}/anacostia`, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Anacostia' });
    expect(fact('Attached parcels')).toBe('1');
    await waitFor(() => expect(fact('Parcels screened')).toBe(String(screened)));
    expect(screen.getByText('Attached or inside the boundary')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 60_000 });
    const report = pageText(Buffer.from(await files[0]!.arrayBuffer()));
    expect(report).toMatch(new RegExp(`Parcels screened \\(attached or inside the boundary\\):\\s*${screened} \\(\\d+ suitable\\)`));

    fireEvent.click(screen.getByRole('link', { name: 'Map and screening' }));
    await screen.findByRole('heading', { name: 'Anacostia: map and screening' });
    await waitFor(() => expect(screen.getByLabelText('Screening summary').textContent).toMatch(new RegExp(`^${screened} parcels screened \\(attached or inside the boundary\\):`)));

    fireEvent.click(screen.getByRole('link', { name: 'Projects' }));
    await screen.findByRole('heading', { name: 'Projects' });
    expect(await screen.findByText('1 attached parcel')).toBeTruthy();
  });

  it.each([
    ['the project page', '/project/5f0c7a8e-0000-4000-8000-000000000000/gone'],
    ['the project page of a malformed id', '/project/does-not-exist/x'],
    ['the map screen', '/project/map/does-not-exist/x'],
    ['the edit screen', '/project/edit/does-not-exist/x'],
  ])('tells that a project does not exist on %s, with a way back to the projects', async (_, path) => {
    const { storage } = await signedIn();
    storage.setItem('project', 'true');
    renderApp(path, api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Project not found' });
    await waitFor(() => expect(document.title).toBe('Project not found | Sunplot'));
    expect(screen.getByText(/no project at this address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to your projects' }));
    await screen.findByRole('heading', { name: 'Projects' });
    expect(window.location.pathname).toBe('/project');
  });
});
