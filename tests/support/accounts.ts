import { expect } from 'vitest';
import { HttpClient } from './http-client.ts';
import { linkFromOutbox } from './outbox.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

export const uniqueEmail = (label = 'user') => `${label}-${Date.now().toString(36)}-${++counter}@example.com`;
export const strongPassword = 'correct horse battery staple 42';

/** Signs up, follows the mailed verification link and logs in; the client keeps the access token. */
export async function signUpAndLogIn(app: TestApp, client: HttpClient, email = uniqueEmail(), password = strongPassword) {
  const signup = await client.post('/api/user/signup/', { name: 'Asha Planner', email, password });
  expect(signup.status).toBe(201);
  const token = app.mail.linkTo(email).split('/auth/verify/')[1];
  expect((await client.post('/api/user/verify/', { token })).status).toBe(200);
  const login = await client.post<{ access: string; refresh: string; project: boolean }>('/api/user/login/', { email, password });
  expect(login.status).toBe(200);
  client.access = login.body.access;
  return { email, password, ...login.body };
}

/**
 * A confirmed account on an app running as a process (its mail goes to DATA_DIR/outbox). Plain errors rather than
 * vitest's expect: the flow gallery (tests/flows) makes accounts outside any test.
 */
export async function createConfirmedAccount(baseUrl: string, dataDir: string, email = uniqueEmail(), password = strongPassword) {
  const client = new HttpClient(baseUrl);
  const signup = await client.post('/api/user/signup/', { name: 'Asha Planner', email, password });
  if (signup.status !== 201) throw new Error(`the signup of ${email} answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  let link: string | undefined;
  for (const deadline = Date.now() + 10_000; !(link = await linkFromOutbox(dataDir, email, /\/auth\/verify\/[\w-]+/)); ) {
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email} in ${dataDir}/outbox after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const verified = await client.post('/api/user/verify/', { token: link.split('/').pop() });
  if (verified.status !== 200) throw new Error(`the verification of ${email} answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { email, password };
}

/** Clients of two signed-in users of one app: an owner, and another user whose requests for the owner's ids must answer 404. */
export async function signedInPair(app: TestApp): Promise<[HttpClient, HttpClient]> {
  const pair: [HttpClient, HttpClient] = [app.client(), app.client()];
  for (const client of pair) await signUpAndLogIn(app, client);
  return pair;
}
