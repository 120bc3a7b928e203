// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/validation.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { HttpClient } from '../support/http-client.ts';
import { polyfillBrowser, renderApp, fillIn, signInThroughApi } from './render-app.tsx';

describe('signed-in screens in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess({}, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  /** Storage as the login screen leaves it. */
  async function signedInStorage() {
    return (await signInThroughApi(api)).storage;
  }

  it('keeps a user without projects on /project/add, creates the first project and opens it', async () => {
    const storage = await signedInStorage();
    renderApp('/account', api.baseUrl, storage);
    await screen.findByRole('heading', { name: 'Create a project' });
    expect(window.location.pathname).toBe('/project/add');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findAllByText(messages.required)).toHaveLength(3);
    await fillIn(/^project name/i, 'Kerry Wind-Solar Hybrid');
    await fillIn(/^latitude/i, '52.06');
    await fillIn(/^longitude/i, '-9.51');
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    await screen.findByRole('heading', { name: 'Kerry Wind-Solar Hybrid' });
    expect(window.location.pathname).toMatch(/^\/project\/[\w-]+\/kerry-wind-solar-hybrid$/);
    expect(storage.getItem('project')).toBe('true');
  });

  it('edits the account with the spec messages on bad values, and logs out to /getstart', async () => {
    const storage = await signedInStorage();
    storage.setItem('project', 'true');
    renderApp('/account', api.baseUrl, storage);
    const name = await screen.findByLabelText(/^name/i);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Asha Planner'));
    await fillIn(/^name/i, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.notBlank)).toBeTruthy();
    await fillIn(/^name/i, 'Asha K');
    await fillIn(/^company/i, 'Sunworks');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/saved/i));
    const saved = await new HttpClient(api.baseUrl).get('/api/user/account/get/', { access: storage.getItem('accessToken') });
    expect(saved.body).toMatchObject({ name: 'Asha K', company_name: 'Sunworks' });

    // jsdom lays the frame out as a phone: logout is in the menu drawer.
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: /plan solar projects/i });
    expect(window.location.pathname).toBe('/getstart');
    expect(storage.getItem('accessToken')).toBeNull();
  });
});
