import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { PublicConfig, passwordMessages } from '../../src/contract/auth.ts';
import { passwordChangeMessages } from '../../src/contract/password-change.ts';
import { messages } from '../../src/contract/validation.ts';
import { signUpAndLogIn, strongPassword } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

type Errors = { errors: Record<string, string[]> };
type Detail = { detail: string };

const path = '/api/user/change_password/';
const newPassword = 'a brand new sentence of seven words';
// Two wrong passwords from one client on one account, then that client waits (as a login would).
const limits = { loginFailuresPerAccountAndAddress: { limit: 2, seconds: 15 * 60, firstWaitSeconds: 30, maxWaitSeconds: 60 } };

describeApi('password change', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false, limits } });
  });
  afterAll(() => app?.close());

  /** A user logged in twice: `here` changes the password, `elsewhere` is another browser of the same account. */
  async function twoSessions() {
    const here = app.client();
    const { email, refresh } = await signUpAndLogIn(app, here);
    const elsewhere = app.client();
    const other = await elsewhere.post<{ access: string; refresh: string }>('/api/user/login/', { email, password: strongPassword });
    expect(other.status).toBe(200);
    elsewhere.access = other.body.access;
    return { email, here, hereRefresh: refresh, elsewhere, elsewhereRefresh: other.body.refresh };
  }

  it('changes the password, keeps this login, ends every other one, spends reset links and mails a notice', async () => {
    const { email, here, hereRefresh, elsewhere, elsewhereRefresh } = await twoSessions();
    expect((await here.post('/api/user/reset/email_send/', { email })).status).toBe(200);
    const resetToken = new URL(app.mail.linkTo(email)).searchParams.get('token');

    const changed = await here.patch<Detail>(path, { current_password: strongPassword, new_password: newPassword });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.detail).toMatch(/stay logged in here/);

    // This login goes on: its access token reads, its refresh token rotates.
    expect((await here.get('/api/user/account/get/')).status).toBe(200);
    const rotated = await here.post<{ access: string }>('/api/user/token/refresh/', { refresh: hereRefresh });
    expect(rotated.status).toBe(200);
    here.access = rotated.body.access;
    expect((await here.get('/api/user/account/get/')).status).toBe(200);
    // The other one has ended, access and refresh alike.
    expect((await elsewhere.get('/api/user/account/get/')).status).toBe(401);
    expect((await elsewhere.post('/api/user/token/refresh/', { refresh: elsewhereRefresh })).status).toBe(401);

    const login = (password: string) => app.client().post('/api/user/login/', { email, password });
    expect((await login(strongPassword)).status).toBe(401);
    expect((await login(newPassword)).status).toBe(200);
    // A reset link mailed before the change cannot undo it.
    expect((await app.client().patch<Errors>('/api/user/reset_password/', { token: resetToken, password: 'yet another long passphrase' })).status).toBe(400);

    const notice = app.mail.sent.filter((mail) => mail.to === email).at(-1)!;
    expect(notice.subject).toBe('Your Sunplot password was changed');
    expect(notice.text).toContain('every other session of the account was logged out');
    expect(notice.link).toBe('http://sunplot.test/auth/forgot-password');
    expect(notice.text).not.toContain(newPassword);

    const events = await queryRows<{ event: string }>(app.database, sql`select event from audit_log join users on users.id = audit_log.user_id where users.email = ${email} and event like 'password_change%' order by audit_log.id`);
    expect(events.map((row) => row.event)).toEqual(['password_changed']);
  });

  it('answers a wrong current password as a field error and changes nothing', async () => {
    const { email, here, elsewhere } = await twoSessions();
    const wrong = await here.patch<Errors>(path, { current_password: 'not my password at all', new_password: newPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { current_password: [passwordChangeMessages.wrongCurrent] } });
    expect((await elsewhere.get('/api/user/account/get/')).status).toBe(200);
    expect((await app.client().post('/api/user/login/', { email, password: strongPassword })).status).toBe(200);
  });

  it('checks the new password as signup does: required, length, not common, not the current one', async () => {
    const { here } = await twoSessions();
    const refused = async (body: Record<string, unknown>) => {
      const answer = await here.patch<Errors>(path, body);
      expect(answer.status).toBe(400);
      return answer.body.errors;
    };
    expect(await refused({})).toEqual({ current_password: [messages.required], new_password: [messages.required] });
    expect(await refused({ current_password: strongPassword, new_password: 'short' })).toEqual({ new_password: [passwordMessages.tooShort] });
    expect(await refused({ current_password: strongPassword, new_password: 'x'.repeat(257) })).toEqual({ new_password: [passwordMessages.tooLong] });
    expect(await refused({ current_password: strongPassword, new_password: 'password123' })).toEqual({ new_password: [passwordMessages.tooCommon] });
    expect(await refused({ current_password: strongPassword, new_password: strongPassword })).toEqual({ new_password: [passwordChangeMessages.sameAsCurrent] });
  });

  it('counts wrong current passwords as failed logins: past the limit it answers 429 with Retry-After, and so does the login', async () => {
    const { email, here } = await twoSessions();
    for (let n = 0; n < 2; n++) expect((await here.patch(path, { current_password: `wrong guess number ${n}`, new_password: newPassword })).status).toBe(400);
    const held = await here.patch<Detail>(path, { current_password: strongPassword, new_password: newPassword });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same account from the same address: the login waits too, so a stolen access token is no way round it.
    expect((await app.client().post('/api/user/login/', { email, password: strongPassword })).status).toBe(429);
    const events = await queryRows<{ event: string }>(app.database, sql`select event from audit_log join users on users.id = audit_log.user_id where users.email = ${email} and event like 'password_change%' order by audit_log.id`);
    expect(events.map((row) => row.event)).toEqual(['password_change_failed', 'password_change_failed', 'password_change_throttled']);
  });

  it('tells an account without a password (Google sign-in) how to set one', async () => {
    const { email, here } = await twoSessions();
    await queryRows(app.database, sql`update users set password_hash = null where email = ${email}`);
    const answer = await here.patch<Errors>(path, { current_password: 'anything at all', new_password: newPassword });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: { current_password: [passwordChangeMessages.noPassword] } });
  });

  it('needs a login and the CSRF token', async () => {
    const anonymous = await app.client().patch(path, { current_password: strongPassword, new_password: newPassword });
    expect(anonymous.status).toBe(401);
    const { here } = await twoSessions();
    expect((await here.patch(path, { current_password: strongPassword, new_password: newPassword }, { csrf: false })).status).toBe(403);
  });
});

describeApi('mail mode in /api/config/ and on the console', () => {
  it('says outbox without SMTP_URL and prints each mailed link as one plain line; smtp with it', async () => {
    const printed: string[] = [];
    const outbox = await startTestApp({ captureMail: false, deps: { seedDemoData: false, print: (line) => printed.push(line) } });
    try {
      const config = await outbox.client().get('/api/config/');
      assert(config.body, PublicConfig);
      expect(config.body.mail).toBe('outbox');
      const email = `outbox-${Date.now()}@example.com`;
      expect((await outbox.client().post('/api/user/signup/', { name: 'Zoë', email, password: strongPassword })).status).toBe(201);
      await expect.poll(() => printed.length, { timeout: 10_000 }).toBe(1);
      expect(printed[0]).toMatch(new RegExp(`^mail to ${email.replace(/[.]/g, '\\.')}: "Confirm your email address for Sunplot" → http://sunplot\\.test/auth/verify/[\\w-]{43}$`));
    } finally {
      await outbox.close();
    }

    const smtp = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' }, deps: { seedDemoData: false } });
    try {
      expect((await smtp.client().get('/api/config/')).body).toMatchObject({ mail: 'smtp' });
    } finally {
      await smtp.close();
    }
  });
});
