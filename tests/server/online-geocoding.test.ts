import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CoordinatesAnswer } from '../../src/contract/gis.ts';
import { signUpAndLogIn } from '../support/accounts.ts';
import { describeApi } from '../support/describe-api.ts';
import type { HttpClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** Nominatim and Google geocoding stand-ins on loopback, answering as the real services do. */
function startStandIn() {
  const seen: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    seen.push(url);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/nominatim/search') {
      if (url.searchParams.get('q') === 'broken') return json(500, { error: 'down' });
      if (url.searchParams.get('q') === 'Muckross House') {
        return json(200, [
          {
            lat: '52.0195',
            lon: '-9.5046',
            display_name: 'Muckross House, Killarney, County Kerry, Munster, V93 CK73, Ireland',
            importance: 0.4,
            address: { tourism: 'Muckross House', town: 'Killarney', county: 'County Kerry', state: 'Munster', postcode: 'V93 CK73', country: 'Ireland', country_code: 'ie' },
          },
        ]);
      }
      return json(200, [
        { lat: '52.0599', lon: '-9.5044', display_name: 'Killarney, County Kerry, Munster, Ireland', importance: 0.6 },
        { lat: 'not a number', lon: '0', display_name: 'Nowhere' },
      ]);
    }
    if (url.pathname === '/google/geocode/json') {
      if (url.searchParams.get('key') !== 'test-key') return json(200, { status: 'REQUEST_DENIED', results: [] });
      if (url.searchParams.get('address') === 'Muckross House') return json(200, { status: 'ZERO_RESULTS', results: [] });
      if (url.searchParams.get('address') === 'High Street, Killarney') {
        return json(200, {
          status: 'OK',
          results: [
            {
              formatted_address: 'High St, Killarney, Co. Kerry, V93 RX9P, Ireland',
              geometry: { location: { lat: 52.0588, lng: -9.5088 } },
              address_components: [
                { long_name: 'High Street', short_name: 'High St', types: ['route'] },
                { long_name: 'Killarney', short_name: 'Killarney', types: ['locality', 'political'] },
                { long_name: 'County Kerry', short_name: 'Co. Kerry', types: ['administrative_area_level_1', 'political'] },
                { long_name: 'Ireland', short_name: 'IE', types: ['country', 'political'] },
                { long_name: 'V93 RX9P', short_name: 'V93 RX9P', types: ['postal_code'] },
              ],
            },
          ],
        });
      }
      return json(200, { status: 'OK', results: [{ formatted_address: 'Killarney, Co. Kerry, Ireland', geometry: { location: { lat: 52.0599, lng: -9.5045 } } }] });
    }
    return json(404, {});
  });
  return { server, seen };
}

describeApi('online geocoding', () => {
  let app: TestApp;
  let client: HttpClient;
  let standIn: { server: Server; seen: URL[] };

  beforeAll(async () => {
    standIn = startStandIn();
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    app = await startTestApp({
      env: { NOMINATIM_URL: `${base}/nominatim`, GOOGLE_GEOCODING_API_KEY: 'test-key', GOOGLE_GEOCODING_URL: `${base}/google/geocode/json` },
      deps: { seedDemoData: false },
    });
    client = app.client();
    await signUpAndLogIn(app, client);
  });
  afterAll(async () => {
    await app?.close();
    standIn?.server.close();
  });

  it('asks Nominatim and Google, and lists a place all three sources know once, as the offline city', async () => {
    const before = standIn.seen.length;
    const answer = await client.post<CoordinatesAnswer>('/api/gis/get_coordinates/', { query: 'Killarney', country: 'IE' });
    expect(answer.status).toBe(200);
    expect(standIn.seen.slice(before).map((url) => url.pathname).sort()).toEqual(['/google/geocode/json', '/nominatim/search']);
    const killarney = answer.body.results.filter((r) => Math.abs(r.lat - 52.06) < 0.02 && Math.abs(r.lng + 9.5) < 0.02);
    expect(killarney).toHaveLength(1);
    expect(killarney[0]).toMatchObject({ label: 'Killarney, Munster, IE', kind: 'city' });
    const nominatimCall = standIn.seen.find((url) => url.pathname === '/nominatim/search')!;
    expect(nominatimCall.searchParams.get('countrycodes')).toBe('ie');
  });

  it('adds a place only an online geocoder knows', async () => {
    const answer = await client.post<CoordinatesAnswer>('/api/gis/get_coordinates/', { query: 'Muckross House', country: 'IE' });
    expect(answer.status).toBe(200);
    const places = answer.body.results.filter((r) => r.kind === 'place');
    expect(places).toHaveLength(1);
    // With the address parts the project form fills: the country as its ISO code, the postal code on its own.
    expect(places[0]).toMatchObject({
      source: 'OpenStreetMap contributors via Nominatim (ODbL)',
      address: 'Muckross House, Killarney, County Kerry, Munster',
      locality: 'Killarney',
      state: 'Munster',
      country: 'IE',
      postal_code: 'V93 CK73',
    });
    expect(Math.abs(places[0]!.lat - 52.02)).toBeLessThan(0.01);
    const nominatimCall = standIn.seen.filter((url) => url.pathname === '/nominatim/search').at(-1)!;
    expect(nominatimCall.searchParams.get('addressdetails')).toBe('1');
  });

  it("takes a street address's parts from Google's address components", async () => {
    const answer = await client.post<CoordinatesAnswer>('/api/gis/get_coordinates/', { query: 'High Street, Killarney' });
    expect(answer.status).toBe(200);
    expect(answer.body.results.find((r) => r.source === 'Google Geocoding API')).toMatchObject({
      label: 'High St, Killarney, Co. Kerry, V93 RX9P, Ireland',
      address: 'High St, Killarney, Co. Kerry',
      locality: 'Killarney',
      state: 'County Kerry',
      country: 'IE',
      postal_code: 'V93 RX9P',
    });
  });

  it('never asks online for coordinates typed as numbers, and survives a failing provider', async () => {
    const before = standIn.seen.length;
    const typed = await client.post<CoordinatesAnswer>('/api/gis/get_coordinates/', { query: '52.06, -9.50' });
    expect(typed.body.results[0]).toMatchObject({ kind: 'coordinates', lat: 52.06, lng: -9.5 });
    expect(standIn.seen.length).toBe(before);
    const broken = await client.post<CoordinatesAnswer>('/api/gis/get_coordinates/', { query: 'broken' });
    expect(broken.status).toBe(200);
    expect(broken.body.results.filter((r) => r.source.includes('Nominatim'))).toEqual([]);
  });
});
