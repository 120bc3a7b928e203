import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { illFormedTextMessage } from '../../src/contract/fields.ts';
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
  ['patch', '/api/user/change_password/'],
  ['post', '/api/create-contact/'],
];

describeApi('no input produces a server error', () => {
  let app: TestApp;
  let client: HttpClient;
  let projectId: string;
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
    const project = await client.post<{ id: string }>('/api/project/create/', { name: 'Robust site', location: { lat: 38.9, lng: -77.03 } });
    expect(project.status).toBe(201);
    projectId = project.body.id;
  });
  afterAll(() => app?.close());

  it.each(endpoints)('%s %s answers arbitrary JSON with a 4xx or 2xx', async (method, path) => {
    const field = fc.oneof(fc.jsonValue(), fc.string({ maxLength: 300 }), fc.constantFrom('', ' ', '\u0000', 'a@b.c', '1e309', '<script>'));
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('name', 'email', 'password', 'current_password', 'new_password', 'token', 'refresh', 'credential', 'message', 'company_name', '__proto__', 'constructor', 'toString', 'valueOf'), field));
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const answer = await client[method](path, JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  describe('NUL and lone surrogates in any text answer 400 naming the field', () => {
    // Each case: a request with `bad` where text goes, and the field the answer must name.
    const cases: [label: string, send: (bad: string) => Promise<{ status: number; body: unknown }>, field: string][] = [
      ['signup name', (bad) => app.client().post('/api/user/signup/', { name: bad, email: 'nul@example.com', password: 'correct horse battery staple 42' }), 'name'],
      ['signup password', (bad) => app.client().post('/api/user/signup/', { name: 'Asha', email: 'nul@example.com', password: `long enough ${bad}` }), 'password'],
      ['login email', (bad) => app.client().post('/api/user/login/', { email: `a${bad}@example.com`, password: 'x'.repeat(10) }), 'email'],
      ['project create', (bad) => client.post('/api/project/create/', { name: `Site ${bad}`, location: { lat: 1, lng: 2 } }), 'name'],
      ['project edit', (bad) => client.patch('/api/project/edit/', { id: projectId, description: bad }), 'description'],
      ['boundary inside a geometry', (bad) => client.patch('/api/project/edit/', { id: projectId, boundary: { type: 'Polygon', coordinates: [], [bad]: 1 } }), 'boundary.\uFFFD'],
      ['settings name', (bad) => client.post('/api/settings/update/v2/', { name: bad }), 'name'],
      ['new_apn', (bad) => client.post('/api/gis/new_apn/', { project_id: projectId, apn: `APN${bad}` }), 'apn'],
      ['account name', (bad) => client.patch('/api/user/account/edit/', { name: `Asha${bad}` }), 'name'],
      ['get_coordinates', (bad) => client.post('/api/gis/get_coordinates/', { query: `Delhi${bad}` }), 'query'],
    ];
    it.each(cases)('%s', async (_label, send, field) => {
      for (const bad of ['\u0000', '\uD800']) {
        const answer = await send(bad);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body).toEqual({ errors: { [field]: [illFormedTextMessage] } });
      }
    });

    // A lone surrogate cannot be percent-encoded as UTF-8: the query parser reads such bytes as U+FFFD, which is text.
    it.each([
      ['/api/project/list/?search=a%00b', 'search'],
      ['/api/gis/get_search_apn_details/?apn=A%00', 'apn'],
      ['/api/gis/get_coordinates/?query=%00', 'query'],
      ['/api/settings/list/?project_id=%00', 'project_id'],
      [`/api/project/get/?id=%00`, 'id'],
    ])('in the query of GET %s', async (path, field) => {
      expect(await client.get(path)).toMatchObject({ status: 400, body: { errors: { [field]: [illFormedTextMessage] } } });
    });

    it('in a multipart text field or file name', async () => {
      const form = new FormData();
      form.append('name', 'Asha\u0000');
      expect(await client.patch('/api/user/account/edit/', form)).toMatchObject({ status: 400, body: { errors: { name: [illFormedTextMessage] } } });
      const weather = new FormData();
      weather.append('name', 'Site\u0000');
      weather.append('file', new Blob(['not weather']), 'w.csv');
      expect(await client.post('/api/gis/weather/upload/', weather)).toMatchObject({ status: 400, body: { errors: { name: [illFormedTextMessage] } } });
      const named = new FormData();
      named.append('file', new Blob(['{}']), 'parcels\u0000.geojson');
      expect(await client.post('/api/gis/parcels/import/', named)).toMatchObject({ status: 400, body: { errors: { file: [expect.any(String)] } } });
    });

    it('paired surrogates (emoji) are text like any other', async () => {
      const answer = await client.patch('/api/user/account/edit/', { name: 'Asha \uD83C\uDF1E' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ name: 'Asha \uD83C\uDF1E' });
    });
  });

  it('numbers past what a query or body can mean answer 400', async () => {
    expect(await client.get('/api/project/list/?page=99999999999999999999')).toMatchObject({ status: 400, body: { errors: { page: [expect.any(String)] } } });
    expect(await client.get('/api/project/list/?page=1000001')).toMatchObject({ status: 400, body: { errors: { page: ['Must be at most 1,000,000.'] } } });
    expect(await client.get('/api/project/list/?page_size=1e3')).toMatchObject({ status: 400, body: { errors: { page_size: [expect.any(String)] } } });
    expect((await client.get('/api/project/list/?page=1000000')).status).toBe(200);
    const overflow = await client.post('/api/project/create/', '{"name":"Big","location":{"lat":1e999,"lng":0}}', { headers: { 'content-type': 'application/json' } });
    expect(overflow).toMatchObject({ status: 400, body: { errors: { 'location.lat': ['Must be a number.'] } } });
  });

  it('bodies nested past 32 levels answer 400, however deep', async () => {
    for (const depth of [40, 5000, 100_000]) {
      const answer = await client.post('/api/project/create/', `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`, { headers: { 'content-type': 'application/json' } });
      expect(answer, `depth ${depth}`).toMatchObject({ status: 400, body: { errors: { name: ['Nested too deeply: at most 32 levels.'] } } });
    }
  });

  describe('malformed multipart answers 400', () => {
    const boundary = 'robustnessBoundary';
    const whole = `--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\nAsha\r\n--${boundary}--\r\n`;
    const bodies: [label: string, contentType: string, body: string][] = [
      ['no boundary', 'multipart/form-data', whole],
      ['a truncated body', `multipart/form-data; boundary=${boundary}`, whole.slice(0, 30)],
      ['no closing boundary', `multipart/form-data; boundary=${boundary}`, whole.replace(`--${boundary}--\r\n`, '')],
      ['a broken part header', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\ncontent-disposition: form-data; name\r\n\r\n\r\n--${boundary}--\r\n`],
      ['a field named like a built-in property', `multipart/form-data; boundary=${boundary}`, whole.replace('name="name"', 'name="toString"')],
    ];
    const paths: [method: 'patch' | 'post', path: string][] = [
      ['patch', '/api/user/account/edit/'],
      ['post', '/api/gis/weather/upload/'],
      ['post', '/api/gis/parcels/import/'],
    ];
    it.each(paths.flatMap(([method, path]) => bodies.map(([label, type, body]) => [method, path, label, type, body] as const)))('%s %s with %s', async (method, path, _label, type, body) => {
      const answer = await client[method](path, body, { headers: { 'content-type': type } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    });
  });
});
