import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const clientId = 'sunplot-test.apps.googleusercontent.com';

describeApi('Google sign-in', () => {
  let app: TestApp;
  let jwks: Server;
  let sign: (claims: JWTPayload, options?: { expiresIn?: string; key?: 'google' | 'stranger' }) => Promise<string>;

  beforeAll(async () => {
    const google = await generateKeyPair('RS256');
    const stranger = await generateKeyPair('RS256');
    const publicJwk = { ...(await exportJWK(google.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    // Stands in for https://www.googleapis.com/oauth2/v3/certs on loopback.
    jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
    sign = (claims, options = {}) =>
      new SignJWT({ iss: 'https://accounts.google.com', aud: clientId, email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.key === 'stranger' ? stranger.privateKey : google.privateKey);
    app = await startTestApp({ env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: jwksUrl } });
  });
  afterAll(async () => {
    await app?.close();
    jwks?.close();
  });

  it('creates a verified account keyed by the Google subject and logs it in', async () => {
    const client = app.client();
    const credential = await sign({ sub: 'google-sub-1', email: 'meera@example.com', name: 'Meera' });
    const login = await client.post('/api/user/google_login/', { credential });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ project: false, user: { name: 'Meera', email: 'meera@example.com' } });
    // Same subject, changed address at Google: still the same account.
    const again = await client.post('/api/user/google_login/', { credential: await sign({ sub: 'google-sub-1', email: 'meera.new@example.com' }) });
    expect(again.body).toMatchObject({ user: { email: 'meera@example.com' } });
  });

  it('links Google to an existing password account with the same address', async () => {
    const client = app.client();
    const session = await signUpAndLogIn(app, client);
    const login = await client.post('/api/user/google_login/', { credential: await sign({ sub: 'google-sub-2', email: session.email }) });
    expect(login.body).toMatchObject({ user: { email: session.email, name: 'Asha Planner' } });
  });

  it('refuses tokens with a wrong audience, issuer, signature, expiry or an unverified address', async () => {
    const client = app.client();
    const bad = [
      await sign({ sub: 's', email: 'a@example.com', aud: 'someone-else' }),
      await sign({ sub: 's', email: 'a@example.com', iss: 'https://evil.example.com' }),
      await sign({ sub: 's', email: 'a@example.com' }, { key: 'stranger' }),
      await sign({ sub: 's', email: 'a@example.com' }, { expiresIn: '-1h' }),
      await sign({ sub: 's', email: 'a@example.com', email_verified: false }),
      'not-a-jwt',
    ];
    for (const credential of bad) expect((await client.post('/api/user/google_login/', { credential })).status).toBe(401);
    expect((await client.post('/api/user/google_login/', {})).status).toBe(400);
  });

  it('is hidden when GOOGLE_CLIENT_ID is not set', async () => {
    const plain = await startTestApp({ database: app.database });
    try {
      const answer = await plain.client().post('/api/user/google_login/', { credential: await sign({ sub: 'x', email: 'x@example.com' }) });
      expect(answer.status).toBe(404);
      expect((await plain.client().get('/api/config/')).body).toEqual({ google_client_id: null, billing: false, nsrdb: false, mail: 'outbox' });
    } finally {
      await plain.close();
    }
  });
});
