// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ELK from 'elkjs/lib/elk.bundled.js';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/app/app.tsx';
import { createAppActors } from '../../src/app/actors.ts';
import { AppProvider } from '../../src/app/provider.tsx';
import { inspectorMarker } from '../../src/dev/inspector/marker.ts';
import { startLocalInspector } from '../../src/dev/inspector/start.tsx';
import { ActorsProvider } from '../../src/lib/actors-context.tsx';
import { createSessionStore, type KeyValueStorage } from '../../src/lib/session-storage.ts';
import { createCookieJar } from '../lib/support/fake-api.ts';
import { apiProcessFor, signInThroughApi } from './render-app.tsx';

describe('the local inspector (?inspect=local) over the app’s own actor system', () => {
  const api = apiProcessFor();
  let stopInspector: (() => void) | undefined;
  afterEach(() => stopInspector?.());

  /** The app as src/main.tsx starts it with `?inspect=local`: the panel's inspect hook given to the app's actors. */
  function renderWithInspector(path: string, storage: KeyValueStorage) {
    const inspector = startLocalInspector({ elk: new ELK() });
    stopInspector = inspector.stop;
    window.history.replaceState(null, '', path);
    const jar = createCookieJar();
    const actors = createAppActors({ store: createSessionStore(storage), http: { baseURL: api().baseUrl, fetch: jar.fetch, readCookie: jar.readCookie }, inspect: inspector.inspect });
    render(
      <AppProvider>
        <ActorsProvider actors={actors}>
          <App />
        </ActorsProvider>
      </AppProvider>,
    );
    return actors;
  }

  const panel = async () => within(await screen.findByRole('complementary', { name: 'Actor inspector' }));
  const treeNames = async () =>
    within((await panel()).getByRole('tree', { name: 'Actor tree' }))
      .getAllByRole('treeitem')
      .map((item) => within(item).getAllByRole('button')[0]!.textContent);
  const stateBox = (id: string) => document.querySelector(`[data-state="${id}"]`);

  it('shows the session and its children live, highlights its state, and walks it by clicking an allowed event', async () => {
    const { client, storage } = await signInThroughApi(api(), { hasProject: true });
    const project = (await client.post<{ id: string }>('/api/project/create/', { name: 'Inspected field', location: { lat: 36.07, lng: -79.79 } })).body;
    const actors = renderWithInspector(`/project/${project.id}/inspected-field`, storage);
    const inspector = await panel();
    expect(document.querySelector(`[${inspectorMarker}]`)).not.toBeNull();

    // The project screen opens the project: its feasibility and task-board actors join the tree as they are spawned.
    await waitFor(async () => expect(await treeNames()).toEqual(expect.arrayContaining(['session', 'snackbar', 'modal', 'feasibility', 'taskBoard'])));
    expect((await treeNames())[0]).toBe('session');
    expect(inspector.getByRole('heading', { name: /^session · signedIn\.\{project\.ready, token\.valid\}$/ })).toBeTruthy();

    // The session's chart, laid out offline, with the states it is in highlighted.
    await inspector.findByRole('img', { name: 'Statechart of session' });
    for (const id of ['signedIn', 'signedIn.project.ready', 'signedIn.token.valid']) expect(stateBox(id)?.getAttribute('data-active'), id).toBe('true');
    for (const id of ['loggedOut', 'signedIn.project.needsFirstProject', 'booting']) expect(stateBox(id)?.getAttribute('data-active'), id).toBe('false');
    // Context as JSON, children named rather than dumped.
    expect(inspector.getByText('"[actor snackbar]"')).toBeTruthy();

    // A payload event on a child: the snackbar shows what the designer typed.
    fireEvent.click(inspector.getByRole('button', { name: 'snackbar' }));
    expect(await inspector.findByRole('heading', { name: 'snackbar · hidden' })).toBeTruthy();
    fireEvent.click(inspector.getByRole('button', { name: 'Add a payload to snackbar.show' }));
    fireEvent.change(inspector.getByRole('textbox', { name: 'snackbar.show payload' }), { target: { value: '{"message": "Hello from the inspector", "color": "info"}' } });
    fireEvent.click(inspector.getByRole('button', { name: 'snackbar.show' }));
    expect(await screen.findByText('Hello from the inspector')).toBeTruthy();
    expect(await inspector.findByRole('heading', { name: 'snackbar · visible' })).toBeTruthy();

    // An event the session allows now: logging out stops the project's children and lands on loggedOut.
    fireEvent.click(inspector.getByRole('button', { name: 'session' }));
    const send = inspector.getByRole('button', { name: 'session.logout' });
    expect(inspector.queryByRole('button', { name: 'login.submit' })).toBeNull();
    fireEvent.click(send);
    await waitFor(() => expect(actors.session.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true));
    await waitFor(async () => expect(await treeNames()).not.toContain('feasibility'));
    expect(await treeNames()).not.toContain('taskBoard');
    await waitFor(() => expect(stateBox('loggedOut.idle')?.getAttribute('data-active')).toBe('true'));
    expect(stateBox('signedIn')?.getAttribute('data-active')).toBe('false');
    // The log, newest first: the logout the panel sent, from outside the system, after the snackbar's message.
    const log = within(inspector.getByRole('list', { name: 'Event log' }));
    const entries = log.getAllByRole('listitem').map((item) => item.textContent ?? '');
    const logout = entries.findIndex((text) => text.includes('session ← outside session.logout'));
    const shown = entries.findIndex((text) => text.includes('snackbar ← outside snackbar.show') && text.includes('Hello from the inspector'));
    expect(logout).toBeGreaterThanOrEqual(0);
    expect(shown).toBeGreaterThan(logout);
    // Now the auth events are the ones the session takes.
    expect(await inspector.findByRole('button', { name: 'login.submit' })).toBeTruthy();
  });
});
