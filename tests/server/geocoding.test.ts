import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoordinateCandidate } from '../../src/contract/gis.ts';
import { messages } from '../../src/contract/validation.ts';
import { geocode, parseLatLon } from '../../server/geo/geocoding.ts';
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

  it('reads "lat, lon" as typed, and offers the swapped reading only when the typed one cannot be a place', async () => {
    const typed = await lookup('38.9, -77.0');
    expect(typed.body.results.filter((c) => c.kind === 'coordinates')).toEqual([expect.objectContaining({ lat: 38.9, lng: -77 })]);
    const southern = await lookup('-77.0, 38.9');
    expect(southern.body.results.filter((c) => c.kind === 'coordinates')).toEqual([expect.objectContaining({ lat: -77, lng: 38.9 })]);
    // 120.5 is no latitude: the only reading is longitude first.
    const swapped = await lookup('120.5, 35.2');
    expect(swapped.body.results.filter((c) => c.kind === 'coordinates')).toEqual([expect.objectContaining({ lat: 35.2, lng: 120.5, label: '35.2, 120.5 (read longitude first)' })]);
    expect((await lookup('120.5, 135.2')).body.results).toEqual([]);
  });

  it('ranks the capital first for "Washington" and lists each place once, told apart by its county', async () => {
    const answer = await lookup('Washington', { limit: 5 });
    expect(answer.body.results[0]).toMatchObject({ kind: 'city', label: 'Washington, District of Columbia, US' });
    expect(answer.body.results[0]!.lat).toBeCloseTo(38.895, 2);
    const labels = answer.body.results.map((c) => c.label);
    expect(new Set(labels).size).toBe(labels.length);
    // The small Caribbean village of that name comes after the places planners mean.
    expect(labels.slice(0, 3)).not.toContain('Washington, AW');
    const paris = await lookup('Paris', { limit: 3 });
    expect(paris.body.results[0]!.label).toBe('Paris, Île-de-France, FR');
  });

  it('puts capitals before suburbs of the same name in big cities', async () => {
    expect((await lookup('Kingston', { limit: 3 })).body.results[0]!.label).toBe('Kingston, Kingston, JM');
    expect((await lookup('Santiago', { limit: 3 })).body.results[0]!.label).toBe('Santiago, Santiago Metropolitan, CL');
    // A state capital too: Springfield, Illinois, before the Philadelphia suburb.
    expect((await lookup('Springfield', { limit: 3 })).body.results[0]!.label).toBe('Springfield, Illinois, US');
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

  // Issue 25: a city with its state or country, abbreviations and postal codes, found offline with what the form fills.
  const washington = { kind: 'city', label: 'Washington, District of Columbia, US', address: 'Washington, District of Columbia', locality: 'Washington', state: 'District of Columbia', country: 'US' };
  const greensboro = { kind: 'city', label: 'Greensboro, North Carolina, US', address: 'Greensboro, North Carolina', state: 'North Carolina', country: 'US' };
  const pune = { kind: 'city', label: 'Pune, Maharashtra, IN', address: 'Pune, Maharashtra', state: 'Maharashtra', country: 'IN' };
  it.each([
    ['Washington DC', washington],
    ['Washington, D.C.', washington],
    ['District of Columbia', washington],
    ['DC', washington],
    ['washington,   dc,  usa', washington],
    ['Greensboro, NC', greensboro],
    ['Greensboro North Carolina', greensboro],
    ['  GREENSBORO ;  n.c. ', greensboro],
    ['Pune, Maharashtra', pune],
    ['Pune, India', pune],
    ['Pune Maharashtra India', pune],
    ['St. Louis', { label: 'St. Louis, Missouri, US' }],
    ['Saint Louis, MO', { label: 'St. Louis, Missouri, US' }],
    ['Ft. Worth, TX', { label: 'Fort Worth, Texas, US' }],
    ['Mt Vernon, New York', { label: 'Mount Vernon, New York, US' }],
    ['SAO PAULO, Brazil', { label: 'São Paulo, São Paulo, BR', country: 'BR' }],
    ['zurich', { label: 'Zürich, Zurich, CH' }],
  ])('finds "%s" first as the place meant, with its address and country', async (query, expected) => {
    const answer = await lookup(query, { limit: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body.results[0]).toMatchObject(expected);
    expect(answer.body.results[0]).not.toHaveProperty('postal_code');
  });

  it('ranks the place in the asked state first and leaves out the same name elsewhere', async () => {
    const answer = await lookup('Greensboro, NC', { limit: 10 });
    expect(answer.body.results.map((c) => c.label)).toEqual(['Greensboro, North Carolina, US']);
    expect(answer.body.results[0]!.lat).toBeCloseTo(36.07, 1);
    // Without the state every Greensboro comes, the one of the most people around first.
    const all = await lookup('Greensboro', { limit: 10 });
    expect(all.body.results[0]!.label).toBe('Greensboro, North Carolina, US');
    expect(all.body.results.length).toBeGreaterThan(2);
    // An area named alone is answered by a place in it when one bears its name: New York City, not Albany.
    expect((await lookup('New York', { limit: 3 })).body.results[0]!.label).toBe('New York City, New York, US');
  });

  it.each([
    ['27401', { kind: 'zip', label: 'ZIP 27401: Greensboro, North Carolina, United States', address: 'Greensboro, North Carolina', locality: 'Greensboro', state: 'North Carolina', country: 'US', postal_code: '27401' }],
    ['20001-1234', { kind: 'zip', address: 'Washington, District of Columbia', country: 'US', postal_code: '20001' }],
    // Puerto Rico has an ISO country code of its own, as the form's country field takes it.
    ['ZIP 00901', { kind: 'zip', country: 'PR', postal_code: '00901' }],
    ['411001', { kind: 'pincode', label: 'PIN 411001: Pune, Maharashtra, India', address: 'Pune, Maharashtra', locality: 'Pune', state: 'Maharashtra', country: 'IN', postal_code: '411001' }],
    ['560 001', { kind: 'pincode', country: 'IN', postal_code: '560001' }],
    // A code after the words is looked up as a code, and its place comes first.
    ['Greensboro, NC 27401', { kind: 'zip', address: 'Greensboro, North Carolina', postal_code: '27401' }],
    ['Delhi 110001', { kind: 'pincode', address: 'New Delhi, Central Delhi, Delhi', postal_code: '110001' }],
  ])('finds the postal code in "%s" with its town, state, country and code', async (query, expected) => {
    expect((await lookup(query, { limit: 3 })).body.results[0]).toMatchObject({ approximate: true, ...expected });
  });

  it('lists the places of the words after the place of the code', async () => {
    const both = await lookup('Greensboro, NC 27401', { limit: 3 });
    expect(both.body.results.map((c) => c.label)).toEqual(['ZIP 27401: Greensboro, North Carolina, United States', 'Greensboro, North Carolina, US']);
  });

  it('still finds nothing for a name no gazetteer has, or a place in the wrong state', async () => {
    for (const query of ['qqqzzzxxy', 'Greensboro, Narnia', 'Pune, Texas', '99999']) {
      expect((await lookup(query)).body, query).toEqual({ query, count: 0, results: [] });
    }
  });

  it('validates the query and needs a login', async () => {
    expect(await client.post('/api/gis/get_coordinates/', {})).toMatchObject({ status: 400, body: { errors: { query: [messages.required] } } });
    expect(await lookup('  ')).toMatchObject({ status: 400, body: { errors: { query: [messages.notBlank] } } });
    expect(await lookup('x', { limit: 0 })).toMatchObject({ status: 400, body: { errors: { limit: ['Must be from 1 to 50.'] } } });
    expect((await lookup('x'.repeat(201))).status).toBe(400);
    expect((await client.post('/api/gis/get_coordinates/', { query: 'Delhi' }, { access: null })).status).toBe(401);
  });
});

describe('geocode() merges the same place from two sources', () => {
  it('keeps one candidate for a place an online geocoder also found, the better scored one', async () => {
    const online: CoordinateCandidate = { lat: 38.895, lng: -77.0366, label: 'Washington, District of Columbia, United States', kind: 'place', score: 0.7, approximate: true, source: 'OpenStreetMap Nominatim' };
    const results = await geocode('Washington', { extra: [online], limit: 50 });
    const nearDc = results.filter((c) => Math.abs(c.lat - 38.895) < 0.05 && Math.abs(c.lng + 77.036) < 0.05);
    expect(nearDc).toHaveLength(1);
    expect(nearDc[0]).toMatchObject({ kind: 'city', label: 'Washington, District of Columbia, US' });
  });

  it('keeps both places of one name when they are apart', async () => {
    const results = await geocode('Washington, England');
    expect(results.map((c) => c.label)).toEqual(['Washington, Sunderland, England, GB', 'Washington, West Sussex, England, GB']);
  });

  it('does not offer a swapped pair when the typed one is a place', () => {
    expect(parseLatLon('38.9 -77.0')).toHaveLength(1);
    expect(parseLatLon('77.0, 38.9')).toEqual([expect.objectContaining({ lat: 77, lng: 38.9 })]);
  });
});
