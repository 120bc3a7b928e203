import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rateLimitsRepository } from '../../server/repositories/rate-limits.ts';
import { createRateLimiter, defaultLimits } from '../../server/services/rate-limiter.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

describeApi('login rate limits', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For, which lets one test act from several addresses.
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.close());

  it('throttles failed logins per account and address without locking the real user out', async () => {
    const owner = app.client();
    const session = await signUpAndLogIn(app, owner);
    const attacker = app.client();
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post('/api/user/login/', { email: session.email, password: `wrong-${i}-password` }, from('203.0.113.9'))).status).toBe(401);
    }
    const blocked = await attacker.post('/api/user/login/', { email: session.email, password: session.password }, from('203.0.113.9'));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const [throttled] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from audit_log where event = 'login_throttled' and detail->>'email' = ${session.email}`);
    expect(throttled?.n).toBe(1);
    // The owner, from their own address, still gets in.
    expect((await owner.post('/api/user/login/', { email: session.email, password: session.password }, from('198.51.100.7'))).status).toBe(200);
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

  it('throttles one address that tries many accounts', async () => {
    const client = app.client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await client.post('/api/user/login/', { email: `victim${i}@example.com`, password: 'not-the-password' }, { headers: { 'x-forwarded-for': '192.0.2.50' } })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
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
