import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../src/contract/validation.ts';
import { passwordMessages } from '../../src/contract/auth.ts';
import { signUpAndLogIn, strongPassword, uniqueEmail } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

describeApi('authentication API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const count = async (table: string) => (await queryRows<{ n: number }>(app.database, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;

  it('answers health with the database state and version', async () => {
    const health = await app.client().get('/api/health/');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok', db: 'ok', version: 'test' });
    expect(['on', 'off']).toContain((health.body as { answer_cache: string }).answer_cache);
  });

  it('signs up, mails a verification link, refuses login until verified, then logs in', async () => {
    const client = app.client();
    const email = uniqueEmail();
    const signup = await client.post('/api/user/signup/', { name: 'Ravi', email, password: strongPassword, company_name: 'Sun Co' });
    expect(signup.status).toBe(201);
    const link = app.mail.linkTo(email);
    expect(link).toMatch(/^http:\/\/sunplot\.test\/auth\/verify\/[\w-]{43}$/);

    const early = await client.post('/api/user/login/', { email, password: strongPassword });
    expect(early.status).toBe(403);
    expect(early.body.detail).toMatch(/confirm your email/i);

    expect((await client.post('/api/user/verify/resend/', { email })).status).toBe(200);
    const second = app.mail.linkTo(email);
    expect(second).not.toBe(link);

    const token = second.split('/auth/verify/')[1];
    expect((await client.post('/api/user/verify/', { token })).status).toBe(200);
    expect((await client.post('/api/user/verify/', { token })).status).toBe(400);

    const login = await client.post('/api/user/login/', { email: email.toUpperCase(), password: strongPassword });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ project: false, user: { name: 'Ravi', email, company_name: 'Sun Co', show_subscription: false, media_photo: null } });
    expect(typeof login.body.access).toBe('string');
    expect(typeof login.body.refresh).toBe('string');
  });

  it('answers bad signups with the spec messages per field and creates nothing', async () => {
    const client = app.client();
    const before = await count('users');
    const missing = await client.post('/api/user/signup/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ errors: { name: [messages.required], email: [messages.required], password: [messages.required] } });

    const wrong = await client.post('/api/user/signup/', { name: '   ', email: 'not-an-email', password: 'short', extra: 1 });
    expect(wrong.body).toEqual({
      errors: { name: [messages.notBlank], email: [messages.email], password: [passwordMessages.tooShort], extra: ['Unknown field.'] },
    });
    const types = await client.post('/api/user/signup/', { name: 5, email: ['a'], password: { x: 1 } });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body.errors as object).sort()).toEqual(['email', 'name', 'password']);

    const common = await client.post('/api/user/signup/', { name: 'A', email: uniqueEmail(), password: 'password123' });
    expect(common.body).toEqual({ errors: { password: [passwordMessages.tooCommon] } });
    const tooLong = await client.post('/api/user/signup/', { name: 'A', email: uniqueEmail(), password: 'x'.repeat(257) });
    expect(tooLong.body).toEqual({ errors: { password: [passwordMessages.tooLong] } });
    expect(await count('users')).toBe(before);
  });

  it('refuses a second account for the same address', async () => {
    const client = app.client();
    const email = uniqueEmail();
    expect((await client.post('/api/user/signup/', { name: 'A', email, password: strongPassword })).status).toBe(201);
    const again = await client.post('/api/user/signup/', { name: 'B', email: email.toUpperCase(), password: strongPassword });
    expect(again.status).toBe(400);
    expect(again.body.errors).toHaveProperty('email');
  });

  it('answers malformed, oversized and wrongly typed bodies with a 4xx', async () => {
    const client = app.client();
    const before = await count('users');
    const malformed = await client.post('/api/user/signup/', '{"name": ', { headers: { 'content-type': 'application/json' } });
    expect(malformed).toMatchObject({ status: 400, body: { detail: 'Malformed JSON.' } });
    const huge = await client.post('/api/user/signup/', { name: 'x'.repeat(1024 * 1024), email: uniqueEmail(), password: strongPassword });
    expect(huge.status).toBe(413);
    const xml = await client.post('/api/user/login/', '<login/>', { headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    const array = await client.post('/api/user/login/', [] as unknown as Record<string, unknown>);
    expect(array.status).toBe(400);
    const proto = await client.post('/api/user/login/', '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(400);
    expect(await count('users')).toBe(before);
  });

  it('refuses unsafe requests without the matching CSRF header and changes nothing', async () => {
    const client = app.client();
    await client.get('/api/health/');
    const before = await count('users');
    const body = { name: 'A', email: uniqueEmail(), password: strongPassword };
    const missing = await client.post('/api/user/signup/', body, { csrf: false });
    expect(missing).toMatchObject({ status: 403, body: { detail: expect.stringMatching(/CSRF/) as string } });
    const wrong = await client.post('/api/user/signup/', body, { csrf: false, headers: { 'x-csrftoken': 'forged' } });
    expect(wrong.status).toBe(403);
    const forgedCookie = await fetch(`${app.baseUrl}/api/user/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'csrftoken=abc', 'x-csrftoken': 'abc' },
      body: JSON.stringify(body),
    });
    expect(forgedCookie.status).toBe(403);
    expect(await count('users')).toBe(before);
  });

  it('sets security headers and never caches auth answers', async () => {
    const response = await app.client().post('/api/user/login/', { email: 'nobody@example.com', password: 'whatever1' });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('rotates refresh tokens, and a reused one revokes the whole login', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    const first = await client.post<{ access: string; refresh: string }>('/api/user/token/refresh/', { refresh: session.refresh });
    expect(first.status).toBe(200);
    expect(first.body.refresh).not.toBe(session.refresh);
    // Rotated a minute ago, so not a concurrent race of the same client.
    await app.database.db.execute(sql`update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null`);

    const replay = await client.post('/api/user/token/refresh/', { refresh: session.refresh });
    expect(replay.status).toBe(401);
    // The thief's replay closed the family: the legitimate newer tokens are dead too.
    expect((await client.post('/api/user/token/refresh/', { refresh: first.body.refresh })).status).toBe(401);
    expect((await client.get('/api/user/account/get/', { access: first.body.access })).status).toBe(401);
  });

  it('lets exactly one of two concurrent refreshes with one token win', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    const results = await Promise.all([0, 1, 2].map(() => client.post('/api/user/token/refresh/', { refresh: session.refresh })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body as { refresh: string };
    // A race is not theft: the winner's session lives on.
    expect((await client.post('/api/user/token/refresh/', { refresh: winner.refresh })).status).toBe(200);
  });

  it('rejects access tokens as refresh tokens and the reverse, and garbage or expired ones', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    expect((await client.post('/api/user/token/refresh/', { refresh: session.access })).status).toBe(401);
    expect((await client.get('/api/user/account/get/', { access: session.refresh })).status).toBe(401);
    expect((await client.get('/api/user/account/get/', { access: 'garbage' })).status).toBe(401);
    expect((await client.post('/api/user/token/refresh/', { refresh: 'garbage.garbage.garbage' })).status).toBe(401);
    const key = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256!');
    const expired = await new SignJWT({ fid: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('sunplot')
      .setAudience('sunplot:access')
      .setSubject('00000000-0000-0000-0000-000000000000')
      .setJti('x')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const answer = await client.get('/api/user/account/get/', { access: expired });
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toMatch(/expired/);
    expect((await client.get('/api/user/account/get/', { access: null })).status).toBe(401);
  });

  it('ends a login at its absolute lifetime whatever the rotations', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    await app.database.db.execute(sql`update refresh_families set expires_at = now() - interval '1 second'`);
    const refused = await client.post('/api/user/token/refresh/', { refresh: session.refresh });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatch(/maximum age/);
  });

  it('logs out by revoking the family', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    expect((await client.get('/api/user/account/get/')).status).toBe(200);
    expect((await client.post('/api/user/logout/', { refresh: session.refresh })).status).toBe(200);
    expect((await client.get('/api/user/account/get/')).status).toBe(401);
    expect((await client.post('/api/user/token/refresh/', { refresh: session.refresh })).status).toBe(401);
  });

  it('resets a password once through the mailed link and signs out everywhere', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    const unknown = await client.post('/api/user/reset/email_send/', { email: uniqueEmail('nobody') });
    const known = await client.post('/api/user/reset/email_send/', { email: session.email });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const link = app.mail.linkTo(session.email);
    expect(link).toMatch(/^http:\/\/sunplot\.test\/auth\/reset-password\?token=/);
    const token = new URL(link).searchParams.get('token')!;

    const weak = await client.patch('/api/user/reset_password/', { token, password: 'qwerty123' });
    expect(weak.body).toEqual({ errors: { password: [passwordMessages.tooCommon] } });
    const newPassword = 'a brand new long passphrase';
    expect((await client.patch('/api/user/reset_password/', { token, password: newPassword })).status).toBe(200);
    const again = await client.patch('/api/user/reset_password/', { token, password: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect((await client.get('/api/user/account/get/')).status).toBe(401);
    expect((await client.post('/api/user/token/refresh/', { refresh: session.refresh })).status).toBe(401);
    expect((await client.post('/api/user/login/', { email: session.email, password: session.password })).status).toBe(401);
    expect((await client.post('/api/user/login/', { email: session.email, password: newPassword })).status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    await client.post('/api/user/reset/email_send/', { email: session.email });
    const token = new URL(app.mail.linkTo(session.email)).searchParams.get('token')!;
    await app.database.db.execute(sql`update one_time_tokens set expires_at = now() - interval '1 second' where purpose = 'reset'`);
    expect((await client.patch('/api/user/reset_password/', { token, password: 'a brand new long passphrase' })).status).toBe(400);
  });

  it('records authentication events in the audit log', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    const rows = await queryRows<{ event: string }>(app.database, sql`select a.event from audit_log a join users u on u.id = a.user_id where u.email = ${session.email} order by a.id`);
    expect(rows.map((r) => r.event)).toEqual(['signup', 'verify', 'login']);
  });
});
