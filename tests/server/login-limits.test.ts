import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rateLimitsRepository } from '../../server/platform/rate-limits-repository.ts';
import { createRateLimiter, defaultLimits, type Limits } from '../../server/platform/rate-limiter.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient, HttpResult } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

const day = 24 * 3600;
// Small waits keep the suite quick; day-long windows keep a window's end from falling inside a test.
const limits: Limits = {
  ...defaultLimits,
  loginFailuresPerAccountAndAddress: { limit: 5, seconds: day, firstWaitSeconds: 2, maxWaitSeconds: 2 },
  loginFailuresPerAccount: { limit: 8, seconds: day, firstWaitSeconds: 2, maxWaitSeconds: 2 },
  loginFailuresPerAddress: { limit: 30, seconds: day },
};

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const retryAfter = (answer: HttpResult) => Number(answer.headers.get('retry-after'));
const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

describeApi('login rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For, which lets one test act from several addresses.
    app = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { limits } });
  });
  afterAll(() => app?.close());

  const logIn = (client: HttpClient, email: string, password: string, ip: string) => client.post('/api/user/login/', { email, password }, from(ip));

  it('makes a client that keeps failing on one account wait between attempts, never for good, and leaves the owner alone', async () => {
    const owner = app.client();
    const session = await signUpAndLogIn(app, owner);
    const attacker = app.client();
    for (let i = 0; i < 5; i++) expect((await logIn(attacker, session.email, `wrong-${i}-password`, '203.0.113.9')).status).toBe(401);
    // Even the right password waits its turn: the attempt is not heard.
    const held = await logIn(attacker, session.email, session.password, '203.0.113.9');
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBeGreaterThan(0);
    const [throttled] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from audit_log where event = 'login_throttled' and detail->>'email' = ${session.email}`);
    expect(throttled?.n).toBe(1);
    // The owner, from their own address, still gets in at once.
    expect((await logIn(owner, session.email, session.password, '198.51.100.7')).status).toBe(200);
    // After the wait the attempt is heard again: a correct password is never refused for good.
    await sleep(retryAfter(held));
    expect((await logIn(attacker, session.email, session.password, '203.0.113.9')).status).toBe(200);
  });

  it('slows an account attacked from many addresses, except for browsers that logged in to it before', async () => {
    const owner = app.client();
    const session = await signUpAndLogIn(app, owner);
    // One failure from each of eight addresses: no address trips its own limits, the account does.
    for (let i = 0; i < 8; i++) expect((await logIn(app.client(), session.email, 'not-the-password', `203.0.113.${20 + i}`)).status).toBe(401);
    const newcomer = app.client();
    const held = await logIn(newcomer, session.email, session.password, '192.0.2.200');
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBeGreaterThan(0);
    // The owner's browser holds the device cookie of its earlier login and is not held back by others' failures.
    const ownerLogin = await logIn(owner, session.email, session.password, '198.51.100.8');
    expect(ownerLogin.status).toBe(200);
    // A browser without it gets in once the wait is over.
    await sleep(retryAfter(held));
    expect((await logIn(newcomer, session.email, session.password, '192.0.2.200')).status).toBe(200);
  });

  it('holds an address that fails on many accounts, counting each account once, and no other address', async () => {
    const colleague = app.client();
    const known = await signUpAndLogIn(app, colleague);
    const stranger = app.client();
    const other = await signUpAndLogIn(app, app.client());
    const client = app.client();
    const office = '192.0.2.50';
    // One user mistyping their own password four times counts as one account.
    for (let i = 0; i < 4; i++) expect((await logIn(client, 'typo-prone@example.com', `typo-${i}-password`, office)).status).toBe(401);
    for (let i = 0; i < 29; i++) expect((await logIn(client, `victim${i}@example.com`, 'not-the-password', office)).status).toBe(401);
    const held = await logIn(client, 'victim-next@example.com', 'not-the-password', office);
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBeGreaterThan(0);
    // The same address holds back an account it has no device cookie for, even with the right password...
    expect((await logIn(stranger, other.email, other.password, office)).status).toBe(429);
    // ...but not a browser there that logged in to its account before, nor anyone at another address.
    expect((await logIn(colleague, known.email, known.password, office)).status).toBe(200);
    expect((await logIn(stranger, other.email, other.password, '198.51.100.99')).status).toBe(200);
  });

  it('prunes counters whose windows have ended, and only those', async () => {
    const limiter = createRateLimiter(rateLimitsRepository(app.database.db), defaultLimits);
    await limiter.record('loginFailuresPerAddress', '203.0.113.200');
    const count = async () => (await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from rate_limits where key = '203.0.113.200'`))[0]?.n;
    await limiter.prune();
    expect(await count()).toBe(1);
    await limiter.prune(Date.now() + 2 * 3600 * 1000);
    expect(await count()).toBe(0);
  });

  it('answers the reset mail request alike, whether or not the address exists, and limits it', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    const timed = async (email: string) => {
      const start = performance.now();
      const answer = await client.post('/api/user/reset/email_send/', { email }, { headers: { 'x-forwarded-for': '192.0.2.77' } });
      return { answer, ms: performance.now() - start };
    };
    const known = await timed(session.email);
    const unknown = await timed('nobody-here@example.com');
    expect(known.answer.status).toBe(200);
    expect(unknown.answer.body).toEqual(known.answer.body);
    // Both are padded to the same floor, so the time does not tell whether the address exists.
    expect(known.ms).toBeGreaterThanOrEqual(390);
    expect(unknown.ms).toBeGreaterThanOrEqual(390);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await client.post('/api/user/reset/email_send/', { email: session.email }, { headers: { 'x-forwarded-for': '192.0.2.77' } })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
