// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contract/validation.ts';
import { createConfirmedAccount, strongPassword, uniqueEmail } from '../support/accounts.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { linkFromOutbox } from '../support/outbox.ts';
import { polyfillBrowser, renderApp, fillIn } from './render-app.tsx';

// The API runs as its own Node process: server modules do not load inside jsdom.
describe('auth screens in jsdom against the real API', () => {
  let api: AppProcess;
  beforeAll(async () => {
    polyfillBrowser();
    api = await startAppProcess({}, { buildSpa: false });
  });
  afterEach(cleanup);
  afterAll(() => api?.stop());

  it('sends a visitor without a token from a private page to /getstart', async () => {
    renderApp('/account', api.baseUrl);
    await screen.findByRole('heading', { name: /plan solar projects/i });
    expect(window.location.pathname).toBe('/getstart');
    expect(document.title).toBe('Welcome | Sunplot');
  });

  it('shows the spec messages under the login fields before sending anything', async () => {
    renderApp('/auth/login', api.baseUrl);
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    await fillIn(/^email/i, 'not-an-email');
    expect(await screen.findByText(messages.email)).toBeTruthy();
  });

  it('signs up and returns to the login tab with the check-your-email notice', async () => {
    renderApp('/auth/login', api.baseUrl);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sign up' }));
    const email = uniqueEmail('ui');
    await fillIn(/^name/i, 'Ravi');
    await fillIn(/^email/i, email);
    await fillIn(/^password/i, strongPassword);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/check your email/i);
    expect(screen.getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(async () => expect(await linkFromOutbox(api.dataDir, email, /\/auth\/verify\/[\w-]+/)).toBeDefined());
  });

  it('shows the server field message when the address is taken', async () => {
    const taken = await createConfirmedAccount(api.baseUrl, api.dataDir);
    renderApp('/auth/login', api.baseUrl);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sign up' }));
    await fillIn(/^name/i, 'Someone');
    await fillIn(/^email/i, taken.email);
    await fillIn(/^password/i, strongPassword);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
  });

  it('refuses a wrong password with the server message, then logs in and lands on /project/add', async () => {
    const account = await createConfirmedAccount(api.baseUrl, api.dataDir);
    const { storage } = renderApp('/auth/login', api.baseUrl);
    await fillIn(/^email/i, account.email);
    await fillIn(/^password/i, 'wrong password here');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/no active account/i);
    await fillIn(/^password/i, account.password);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Create a project' });
    expect(window.location.pathname).toBe('/project/add');
    expect(storage.getItem('project')).toBe('false');
  });

  it("leaves the login refusal on the Log in tab: the Sign up tab starts clean", async () => {
    const account = await createConfirmedAccount(api.baseUrl, api.dataDir);
    renderApp('/auth/login', api.baseUrl);
    await fillIn(/^email/i, account.email);
    await fillIn(/^password/i, 'wrong password here');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/no active account/i);
    fireEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    await screen.findByRole('button', { name: 'Create account' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/no active account/i)).toBeNull();
  });

  it('asks for a reset link and answers the same for any address', async () => {
    renderApp('/auth/forgot-password', api.baseUrl);
    await fillIn(/^email/i, uniqueEmail('nobody'));
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toMatch(/if an account exists/i);
  });

  it('sends the contact form, says so, and leaves it empty without a single error', async () => {
    renderApp('/getstart', api.baseUrl);
    // The landing page says what Sunplot does for rooftops, not only for plants.
    expect((await screen.findByText('Value rooftops by their bills')).closest('li')!.textContent).toMatch(/real utility tariff.*net metering or net billing.*savings and the payback/);
    await fillIn(/^name/i, 'Priya');
    await fillIn(/^email/i, 'priya@example.com');
    await fillIn(/^message/i, 'Does Sunplot screen parcels in Ireland?');
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/message was sent.*thank you/i));
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(within(form).queryByText(messages.required)).toBeNull();
    expect(within(form).queryByText(messages.email)).toBeNull();
    expect(['Name', 'Email', 'Phone', 'Message'].map((label) => within(form).getByLabelText<HTMLInputElement>(new RegExp(`^${label}`)).value)).toEqual(['', '', '', '']);
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findAllByText(messages.required)).toHaveLength(3);
  });
});
