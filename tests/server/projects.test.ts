import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { geometryMessages, latitudeMessage, longitudeMessage } from '../../src/contract/gis.ts';
import { countryMessage, postalCodeMessage, type Project, type ProjectDetail, type ProjectList } from '../../src/contract/projects.ts';
import { messages } from '../../src/contract/validation.ts';
import { signedInPair, signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/test-db.ts';

// About 1 km x 1.11 km near Jodhpur: 100 ha within a few tenths of a percent.
const square = {
  type: 'Polygon',
  coordinates: [
    [
      [73.0, 26.0],
      [73.01, 26.0],
      [73.01, 26.01],
      [73.0, 26.01],
      [73.0, 26.0],
    ],
  ],
};

const site = { name: 'Jodhpur Solar Park', location: { lat: 26.005, lng: 73.005 } };

describeApi('project API', () => {
  let app: TestApp;
  let asha: HttpClient;
  let ravi: HttpClient;
  beforeAll(async () => {
    app = await startTestApp({ deps: { seedDemoData: false } });
    [asha, ravi] = await signedInPair(app);
  });
  afterAll(() => app?.close());

  it('creates a project with a boundary and answers its geodesic area; login then reports project: true', async () => {
    const created = await asha.post<Project>('/api/project/create/', {
      ...site,
      description: 'Fixed-tilt, 60 MWdc',
      status: 'development',
      boundary: square,
      address: 'Bap, Jodhpur',
      pincode: '342307',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: site.name, status: 'development', location: site.location, country: 'IN', postal_code: '342307', pincode: '342307', parcel_count: 0 });
    const area = created.body.area!;
    // 0.01° x 0.01° at 26° N: 1001.9 m x 1105.7 m (spherical Earth, R = 6371008.8 m).
    expect(area.ha).toBeCloseTo(110.77, 0);
    expect(area.acres / area.ha).toBeCloseTo(2.4710538, 5);
    expect(area.m2).toBeCloseTo(area.ha * 10_000, -1);
    const [row] = await queryRows<{ n: number }>(app.database, sql`select count(*)::int as n from projects where boundary_area_m2 > 0`);
    expect(row?.n).toBe(1);
    const login = await asha.post<{ project: boolean }>('/api/user/login/', { email: (await asha.get<{ email: string }>('/api/user/account/get/')).body.email, password: 'correct horse battery staple 42' });
    expect(login.body.project).toBe(true);
  });

  it('takes a GeoJSON Feature as a boundary and a project without one', async () => {
    const feature = await asha.post<Project>('/api/project/create/', { ...site, name: 'Feature site', boundary: { type: 'Feature', properties: {}, geometry: square } });
    expect(feature.status).toBe(201);
    expect(feature.body.boundary).toEqual(square);
    const bare = await asha.post<Project>('/api/project/create/', { name: 'No boundary yet', location: { lat: '38.9', lng: '-77.03' }, country: 'us', postal_code: '20001' });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ area: null, boundary: null, location: { lat: 38.9, lng: -77.03 }, country: 'US', postal_code: '20001', status: 'prospecting' });
  });

  it('leaves the country unknown when a form sends an empty pincode, so the project does not turn Indian', async () => {
    const created = await asha.post<Project>('/api/project/create/', { name: 'Greensboro', location: { lat: 36.1, lng: -79.95 }, pincode: '' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ country: '', pincode: '' });
    expect((await asha.get<{ id: string }>(`/api/settings/last/get/?project_id=${created.body.id}`)).body.id).toBe('builtin:us-utility');
  });

  it('refuses bad input with field messages', async () => {
    const missing = await asha.post('/api/project/create/', {});
    expect(missing).toMatchObject({ status: 400, body: { errors: { name: [messages.required], location: [messages.required] } } });
    const bad = await asha.post('/api/project/create/', { name: '   ', location: { lat: 91, lng: -181 }, status: 'done', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: { name: [messages.notBlank], 'location.lat': [latitudeMessage], 'location.lng': [longitudeMessage], status: ['Invalid value.'], extra: ['Unknown field.'] },
    });
    const pin = await asha.post('/api/project/create/', { ...site, pincode: '042307' });
    expect(pin).toMatchObject({ status: 400, body: { errors: { pincode: [messages.pincode] } } });
    const inPostal = await asha.post('/api/project/create/', { ...site, country: 'IN', postal_code: '34230' });
    expect(inPostal).toMatchObject({ status: 400, body: { errors: { postal_code: [messages.pincode] } } });
    const usPostal = await asha.post('/api/project/create/', { ...site, country: 'US', postal_code: '!!' });
    expect(usPostal).toMatchObject({ status: 400, body: { errors: { postal_code: [postalCodeMessage] } } });
    const country = await asha.post('/api/project/create/', { ...site, country: 'India' });
    expect(country).toMatchObject({ status: 400, body: { errors: { country: [countryMessage] } } });
    const open = { type: 'Polygon', coordinates: [[[73, 26], [73.01, 26], [73.01, 26.01], [73.0, 26.02]]] };
    const ring = await asha.post('/api/project/create/', { ...site, boundary: open });
    expect(ring).toMatchObject({ status: 400, body: { errors: { boundary: [geometryMessages.ring] } } });
    const point = await asha.post('/api/project/create/', { ...site, boundary: { type: 'Point', coordinates: [73, 26] } });
    expect(point).toMatchObject({ status: 400, body: { errors: { boundary: [geometryMessages.shape] } } });
    const latFirst = await asha.post('/api/project/create/', { ...site, boundary: { type: 'Polygon', coordinates: [[[26, 173], [26, 174], [27, 174], [26, 173]]] } });
    expect(latFirst).toMatchObject({ status: 400, body: { errors: { boundary: [geometryMessages.position] } } });
    const nonNumeric = await asha.post('/api/project/create/', { name: 'x', location: { lat: 'north', lng: null } });
    expect(nonNumeric).toMatchObject({ status: 400, body: { errors: { 'location.lat': [latitudeMessage], 'location.lng': [messages.required] } } });
  });

  it('refuses huge input without a server error', async () => {
    const longName = await asha.post('/api/project/create/', { ...site, name: 'x'.repeat(151) });
    expect(longName).toMatchObject({ status: 400, body: { errors: { name: ['Ensure this field has no more than 150 characters.'] } } });
    const hugeName = await asha.post('/api/project/create/', { ...site, name: 'x'.repeat(200_000) });
    expect(hugeName.status).toBe(400);
    const hugeBody = await asha.post('/api/project/create/', { ...site, description: 'y'.repeat(3 * 1024 * 1024) });
    expect(hugeBody.status).toBe(413);
    const ring = Array.from({ length: 60_000 }, (_, i) => [73 + Math.cos(i) / 100, 26 + Math.sin(i) / 100]);
    ring.push(ring[0]!);
    const tooManyVertices = await asha.post('/api/project/create/', { ...site, boundary: { type: 'Polygon', coordinates: [ring] } });
    expect([400, 413]).toContain(tooManyVertices.status);
    const notJson = await asha.post('/api/project/create/', '{"name":', { headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const array = await asha.post('/api/project/create/', '[1,2]', { headers: { 'content-type': 'application/json' } });
    expect(array.status).toBe(400);
  });

  it('lists newest first with search and pagination', async () => {
    const client = app.client();
    await signUpAndLogIn(app, client);
    for (const name of ['Alpha farm', 'Beta 100% site', 'Gamma farm', 'delta_roof']) {
      expect((await client.post('/api/project/create/', { ...site, name })).status).toBe(201);
    }
    const all = await client.get<ProjectList>('/api/project/list/');
    expect(all.body).toMatchObject({ count: 4, page: 1, page_size: 20 });
    expect(all.body.results.map((p) => p.name)).toEqual(['delta_roof', 'Gamma farm', 'Beta 100% site', 'Alpha farm']);
    const farms = await client.get<ProjectList>('/api/project/list/?search=FARM');
    expect(farms.body.results.map((p) => p.name)).toEqual(['Gamma farm', 'Alpha farm']);
    expect((await client.get<ProjectList>('/api/project/list/?search=100%25')).body.count).toBe(1);
    // '_' is literal: "a_f" would match "Alpha farm" and "Gamma farm" as a LIKE wildcard.
    expect((await client.get<ProjectList>('/api/project/list/?search=a_f')).body.count).toBe(0);
    expect((await client.get<ProjectList>('/api/project/list/?search=a_r')).body.results.map((p) => p.name)).toEqual(['delta_roof']);
    const page2 = await client.get<ProjectList>('/api/project/list/?page=2&page_size=3');
    expect(page2.body).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(page2.body.results.map((p) => p.name)).toEqual(['Alpha farm']);
    expect((await client.get<ProjectList>('/api/project/list/?page=9')).body.results).toEqual([]);
    expect(await client.get('/api/project/list/?page=0')).toMatchObject({ status: 400, body: { errors: { page: [messages.notLessThanOne] } } });
    expect(await client.get('/api/project/list/?page_size=1000')).toMatchObject({ status: 400, body: { errors: { page_size: ['Must be at most 100.'] } } });
    expect((await client.get('/api/project/list/?page=1.5')).status).toBe(400);
    expect((await client.get('/api/project/list/?color=red')).status).toBe(400);
    // Nobody else's projects show up.
    expect((await ravi.get<ProjectList>('/api/project/list/')).body.count).toBe(0);
  });

  it('gets, edits (partially) and deletes its own projects', async () => {
    const created = await asha.post<Project>('/api/project/create/', { ...site, name: 'Editable', boundary: square, pincode: '342307' });
    const id = created.body.id;
    const got = await asha.get<ProjectDetail>(`/api/project/get/?id=${id}`);
    expect(got.body).toMatchObject({ id, name: 'Editable', parcels: [] });
    const renamed = await asha.patch<Project>('/api/project/edit/', { id, name: 'Edited', status: 'permitting' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Edited', status: 'permitting', postal_code: '342307', country: 'IN', area: created.body.area });
    expect(new Date(renamed.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.body.updated_at).getTime());
    const viaQuery = await asha.patch<Project>(`/api/project/edit/?id=${id}`, { boundary: null, location: { lat: 26.1, lng: 73.1 } });
    expect(viaQuery.body).toMatchObject({ name: 'Edited', boundary: null, area: null, location: { lat: 26.1, lng: 73.1 } });
    expect(await asha.patch('/api/project/edit/', { id, pincode: '12345' })).toMatchObject({ status: 400, body: { errors: { pincode: [messages.pincode] } } });
    // The stored code is checked again against a new country.
    expect((await asha.patch('/api/project/edit/', { id, country: 'US' })).status).toBe(200);
    expect((await asha.patch('/api/project/edit/', { id, country: 'IN', postal_code: '' })).status).toBe(200);
    expect(await asha.patch('/api/project/edit/', { id, pincode: '0' })).toMatchObject({ status: 400, body: { errors: { pincode: [messages.pincode] } } });
    expect(await asha.patch('/api/project/edit/', { id, name: '' })).toMatchObject({ status: 400, body: { errors: { name: [messages.required] } } });
    expect(await asha.patch('/api/project/edit/', { name: 'No id' })).toMatchObject({ status: 400, body: { errors: { id: [messages.required] } } });
    expect(await asha.patch('/api/project/edit/', { id, owner_id: 'x' })).toMatchObject({ status: 400, body: { errors: { owner_id: ['Unknown field.'] } } });
    expect((await asha.delete(`/api/project/delete/?id=${id}`)).status).toBe(204);
    expect((await asha.get(`/api/project/get/?id=${id}`)).status).toBe(404);
    expect((await asha.delete(`/api/project/delete/?id=${id}`)).status).toBe(404);
  });

  it("answers 404 for another user's ids and for malformed ids, never 500", async () => {
    const mine = await asha.post<Project>('/api/project/create/', { ...site, name: 'Private' });
    const id = mine.body.id;
    expect((await ravi.get(`/api/project/get/?id=${id}`)).status).toBe(404);
    expect((await ravi.patch('/api/project/edit/', { id, name: 'Hijacked' })).status).toBe(404);
    expect((await ravi.delete(`/api/project/delete/?id=${id}`)).status).toBe(404);
    expect((await asha.get<Project>(`/api/project/get/?id=${id}`)).body.name).toBe('Private');
    for (const bad of ['nope', '123', "1' or '1'='1", '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-fffffffffffff']) {
      const q = encodeURIComponent(bad);
      expect((await asha.get(`/api/project/get/?id=${q}`)).status).toBe(404);
      expect((await asha.patch(`/api/project/edit/?id=${q}`, { name: 'x' })).status).toBe(404);
      expect((await asha.delete(`/api/project/delete/?id=${q}`)).status).toBe(404);
    }
    expect(await asha.get('/api/project/get/')).toMatchObject({ status: 400, body: { errors: { id: [messages.required] } } });
    expect((await asha.get('/api/project/get/?id=a&id=b')).status).toBe(400);
  });

  it('needs a login and the CSRF header', async () => {
    expect((await asha.get('/api/project/list/', { access: null })).status).toBe(401);
    expect((await asha.post('/api/project/create/', site, { access: null })).status).toBe(401);
    expect((await asha.post('/api/project/create/', site, { csrf: false })).status).toBe(403);
  });

  // Every endpoint of the projects/GIS/settings work, fed arbitrary JSON: answers are 2xx or 4xx, never 500.
  const fuzzed: [method: 'post' | 'patch', path: string][] = [
    ['post', '/api/project/create/'],
    ['patch', '/api/project/edit/'],
    ['post', '/api/settings/update/v2/'],
    ['post', '/api/gis/new_apn/'],
    ['post', '/api/gis/get_filtered_geo_json/'],
    ['post', '/api/gis/get_reasoned_geo_json/'],
    ['post', '/api/gis/get_coordinates/'],
  ];
  it.each(fuzzed)('%s %s answers arbitrary JSON without a server error', async (method, path) => {
    const id = (await asha.post<Project>('/api/project/create/', { ...site, name: 'Fuzz target' })).body.id;
    const keys = ['name', 'location', 'boundary', 'geometry', 'id', 'project_id', 'apn', 'bbox', 'filters', 'query', 'assumptions', 'based_on', 'status', 'pincode', 'postal_code', 'country', 'limit', '__proto__', 'constructor'] as const;
    const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -1, Number.MAX_VALUE, 90.0001, 1e21));
    const value = fc.oneof(
      fc.jsonValue(),
      number,
      fc.string({ maxLength: 200 }),
      fc.constant(id),
      fc.record({ lat: number, lng: number }),
      fc.tuple(number, number, number, number),
      fc.record({ type: fc.constantFrom('Polygon', 'MultiPolygon', 'Feature', 'Point'), coordinates: fc.jsonValue() }),
      fc.record({ system: fc.dictionary(fc.constantFrom('gcr', 'tilt_deg', 'mount'), fc.jsonValue()), finance: fc.jsonValue() }),
      fc.record({ min_area_acres: fc.jsonValue(), land_use: fc.jsonValue(), max_grid_distance_km: number }),
    );
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...keys), value));
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const answer = await asha[method](path, JSON.stringify(payload), { headers: { 'content-type': 'application/json' } });
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
