import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const endpoints: [method: 'post' | 'patch', path: string][] = [
  ['post', '/api/user/signup/'],
  ['post', '/api/user/verify/'],
  ['post', '/api/user/verify/resend/'],
  ['post', '/api/user/login/'],
  ['post', '/api/user/token/refresh/'],
  ['post', '/api/user/logout/'],
  ['post', '/api/user/reset/email_send/'],
  ['patch', '/api/user/reset_password/'],
  ['patch', '/api/user/account/edit/'],
  ['post', '/api/create-contact/'],
];

describeApi('no input produces a server error', () => {
  let app: TestApp;
  let client: HttpClient;
  beforeAll(async () => {
    // Generous limits: this suite sends hundreds of requests from one address.
    const wide = { limit: 100_000, seconds: 60 };
    app = await startTestApp({
      deps: {
        limits: {
          loginFailuresPerAddress: wide,
          loginFailuresPerAccountAndAddress: wide,
          loginFailuresPerAccount: wide,
          signupPerAddress: wide,
          mailPerAddress: wide,
          mailPerAccount: wide,
          contactPerAddress: wide,
        },
      },
    });
    client = app.client();
    await signUpAndLogIn(app, client);
  });
  afterAll(() => app?.close());

  it.each(endpoints)('%s %s answers arbitrary JSON with a 4xx or 2xx', async (method, path) => {
    const field = fc.oneof(fc.jsonValue(), fc.string({ maxLength: 300 }), fc.constantFrom('', ' ', '\u0000', 'a@b.c', '1e309', '<script>'));
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('name', 'email', 'password', 'token', 'refresh', 'credential', 'message', 'company_name', '__proto__', 'constructor', 'toString', 'valueOf'), field));
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const answer = await client[method](path, JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
