import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CoordinateCandidate } from '../../src/contract/gis.ts';
import { messages } from '../../src/contract/validation.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

interface Answer {
  query: string;
  count: number;
  results: CoordinateCandidate[];
}

describeApi('geocoding API (get_coordinates), offline', () => {
  let app: TestApp;
  let client: HttpClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = app.client();
    await signUpAndLogIn(app, client);
  });
  afterAll(() => app?.close());

  const lookup = (query: string, extra: Record<string, unknown> = {}) => client.post<Answer>('/api/gis/get_coordinates/', { query, ...extra });

  it('reads typed coordinates', async () => {
    const answer = await lookup('38.8977, -77.0365');
    expect(answer.status).toBe(200);
    expect(answer.body.results[0]).toMatchObject({ kind: 'coordinates', lat: 38.8977, lng: -77.0365, score: 1 });
  });

  it('finds an Indian PIN code and a US ZIP code, both approximate', async () => {
    const pin = await lookup('342001');
    expect(pin.body.results[0]).toMatchObject({ kind: 'pincode', approximate: true });
    expect(pin.body.results[0]!.label).toContain('Jodhpur');
    expect(pin.body.results[0]!.source).toContain('GeoNames');
    const zip = await lookup('20001');
    expect(zip.body.results[0]).toMatchObject({ kind: 'zip', approximate: true });
    expect(zip.body.results[0]!.lat).toBeCloseTo(38.91, 1);
  });

  it('finds a parcel of the store by its number', async () => {
    const apn = await lookup('par 02420088');
    expect(apn.body.results[0]).toMatchObject({ kind: 'apn', label: 'APN PAR 02420088, District of Columbia, DC', approximate: false });
    expect(apn.body.results[0]!.lat).toBeCloseTo(38.846, 2);
  });

  it('finds cities, preferring the country asked for, and answers GET too', async () => {
    const jodhpur = await lookup('Jodhpur', { country: 'IN', limit: 3 });
    expect(jodhpur.body.count).toBeLessThanOrEqual(3);
    expect(jodhpur.body.results[0]!.label).toMatch(/Jodhpur, Rajasthan, IN/);
    const viaGet = await client.get<Answer>('/api/gis/get_coordinates/?query=Springfield%2C%20Illinois');
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.results.every((c) => c.label.includes('Illinois'))).toBe(true);
    expect((await lookup('qqqzzzxxy')).body).toEqual({ query: 'qqqzzzxxy', count: 0, results: [] });
  });

  it('validates the query and needs a login', async () => {
    expect(await client.post('/api/gis/get_coordinates/', {})).toMatchObject({ status: 400, body: { errors: { query: [messages.required] } } });
    expect(await lookup('  ')).toMatchObject({ status: 400, body: { errors: { query: [messages.notBlank] } } });
    expect(await lookup('x', { limit: 0 })).toMatchObject({ status: 400, body: { errors: { limit: ['Must be from 1 to 50.'] } } });
    expect((await lookup('x'.repeat(201))).status).toBe(400);
    expect((await client.post('/api/gis/get_coordinates/', { query: 'Delhi' }, { access: null })).status).toBe(401);
  });
});
