// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordMessages } from '../../src/contract/auth.ts';
import { passwordChangeMessages } from '../../src/contract/password-change.ts';
import { messages } from '../../src/contract/validation.ts';
import { outboxMessage } from '../../src/features/auth/session-feedback.tsx';
import { strongPassword, uniqueEmail } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { apiProcessFor, fillIn, renderApp, signInThroughApi } from './render-app.tsx';

const newPassword = 'seven plain words make a password';
const current = /^Current password/;
const fresh = /^New password(?! again)/;
const again = /^New password again/;

/** The field's error text, by the field's label. */
const errorUnder = (label: RegExp) => screen.getByLabelText(label).closest('[data-part="root"]')?.querySelector('[data-part="error-text"]')?.textContent;

// The API runs as its own process, as `npm start` does: no SMTP_URL, so mail goes to DATA_DIR/outbox.
describe('password change and the outbox, in jsdom against the real API', () => {
  const apiProcess = apiProcessFor();

  it('changes the password on the account page: the spec’s rules first, the server’s field error, then done, this session kept', async () => {
    const api = apiProcess();
    const { account, storage } = await signInThroughApi(api, { hasProject: true });
    const elsewhere = new HttpClient(api.baseUrl);
    elsewhere.access = (await elsewhere.post<{ access: string }>('/api/user/login/', account)).body.access;

    renderApp('/account', api.baseUrl, storage);
    const change = await screen.findByRole('button', { name: 'Change password' });
    fireEvent.click(change);
    await waitFor(() => expect(errorUnder(current)).toBe(messages.required));
    expect(errorUnder(fresh)).toBe(messages.required);

    await fillIn(current, 'not the password I have');
    await fillIn(fresh, 'short');
    await fillIn(again, 'different');
    fireEvent.click(change);
    await waitFor(() => expect(errorUnder(fresh)).toBe(passwordMessages.tooShort));
    expect(errorUnder(again)).toBe(passwordChangeMessages.differ);

    await fillIn(fresh, newPassword);
    await fillIn(again, newPassword);
    fireEvent.click(change);
    await waitFor(() => expect(errorUnder(current)).toBe(passwordChangeMessages.wrongCurrent));

    await fillIn(current, account.password);
    fireEvent.click(change);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/password has been changed/i), { timeout: 10_000 });
    expect(screen.getByLabelText<HTMLInputElement>(current).value).toBe('');
    expect(errorUnder(current)).toBeUndefined();

    // Still signed in here; the other session has ended; the new password is the one that logs in.
    expect(window.location.pathname).toBe('/account');
    expect(storage.getItem('accessToken')).not.toBeNull();
    expect((await elsewhere.get('/api/user/account/get/')).status).toBe(401);
    expect((await new HttpClient(api.baseUrl).post('/api/user/login/', { email: account.email, password: newPassword })).status).toBe(200);
  });

  it('says on the signup and reset screens that the link is in the console and the outbox, and prints it there as one line', async () => {
    const api = apiProcess();
    renderApp('/auth/login', api.baseUrl);
    fireEvent.click(await screen.findByRole('tab', { name: 'Sign up' }));
    const email = uniqueEmail('outbox');
    await fillIn(/^name/i, 'Ravi');
    await fillIn(/^email/i, email);
    await fillIn(/^password/i, strongPassword);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/check your email/i);
    expect((await screen.findByRole('note')).textContent).toBe(outboxMessage);
    const verifyLine = new RegExp(`^mail to ${email.replace(/[.+]/g, '\\$&')}: "Confirm your email address for Sunplot" → ${api.baseUrl}/auth/verify/[\\w-]{43}$`, 'm');
    await waitFor(() => expect(api.output()).toMatch(verifyLine));
    cleanup();

    renderApp('/auth/forgot-password', api.baseUrl);
    await fillIn(/^email/i, email);
    fireEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toMatch(/if an account exists/i);
    expect((await screen.findByRole('note')).textContent).toBe(outboxMessage);
  });
});
