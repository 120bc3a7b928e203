/**
 * A loopback stand-in for NREL's NSRDB download API (GOES v4 TMY and single years, CSV), so tests never touch the
 * internet. It serves the real NSRDB PSM3 typical year of Phoenix (location 78208) for points near it, answers as the
 * NREL developer network does for a wrong key, a rate limit and places without data, and counts the calls it gets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readShared } from '../solar/fixtures.ts';

export const nsrdbPhoenixFile = 'weather/nsrdb_psm3_78208_phoenix_tmy.csv';

const paths = {
  tmy: '/api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download.csv',
  year: '/api/nsrdb/v2/solar/nsrdb-GOES-aggregated-v4-0-0-download.csv',
};

/** Places the stand-in treats specially; everywhere else is outside NSRDB's maps. */
export const nsrdbPlaces = {
  /** Within NSRDB cell 78208 (33.45 N, 111.98 W): the real file. */
  phoenix: { lat: 33.451, lon: -111.982 },
  /** Answers HTTP 500 with an HTML page. */
  broken: { lat: 20, lon: -100 },
  /** Answers 429 as the developer network does past its rate limit. */
  busy: { lat: 21, lon: -100 },
  /** Refuses with a message that repeats the request, key included. */
  echo: { lat: 22, lon: -100 },
  /** Answers 200 with NSRDB's JSON instead of a CSV, repeating the request. */
  jsonOk: { lat: 24, lon: -100 },
  /** Answers only after the stand-in's `slowMs`. */
  slow: { lat: 23, lon: -100 },
  /** London: outside the GOES satellites' view. */
  outside: { lat: 51.5, lon: -0.1 },
} as const;

export const noDataMessage = 'No data available at the provided location';

export interface NsrdbStandIn {
  /** The NSRDB_BASE_URL to give the app. */
  baseUrl: string;
  /** Every request received, as its URL. */
  calls: URL[];
  close(): Promise<void>;
}

/** NSRDB's refusal body: what was asked, and `errors`. */
const refusal = (url: URL, errors: string[]) => ({ inputs: Object.fromEntries(url.searchParams), metadata: { version: '2.0.0' }, outputs: {}, errors, warnings: [] });

export async function startNsrdbStandIn(options: { apiKey: string; slowMs?: number }): Promise<NsrdbStandIn> {
  const phoenix = readShared(nsrdbPhoenixFile);
  const calls: URL[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://nsrdb.stand-in');
    calls.push(url);
    const query = url.searchParams;
    const kind = url.pathname === paths.tmy ? 'tmy' : url.pathname === paths.year ? 'year' : undefined;
    if (request.method !== 'GET' || !kind) return json(response, 404, { errors: ['Not found'] });
    if (query.get('api_key') !== options.apiKey) {
      return json(response, 403, { error: { code: 'API_KEY_INVALID', message: 'An invalid api_key was supplied. Get one at https://developer.nrel.gov/signup/' } });
    }
    const point = /^POINT\((-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)\)$/.exec(query.get('wkt') ?? '');
    const names = query.get('names') ?? '';
    const errors = [
      ...(query.get('email') ? [] : ['email is required']),
      ...(point ? [] : ['wkt must be a POINT(longitude latitude)']),
      ...((kind === 'tmy' ? names === 'tmy' : /^(199[89]|20[01]\d|202[0-3])$/.test(names)) ? [] : [`${names} is not a valid names value for this dataset`]),
    ];
    if (errors.length > 0) return json(response, 400, refusal(url, errors));
    const [lon, lat] = [Number(point![1]), Number(point![2])];
    const at = (place: { lat: number; lon: number }) => lat === place.lat && lon === place.lon;
    if (Math.abs(lat - 33.45) < 0.03 && Math.abs(lon + 111.98) < 0.03) return response.writeHead(200, { 'content-type': 'text/csv' }).end(phoenix);
    if (at(nsrdbPlaces.busy)) {
      return json(response, 429, { error: { code: 'OVER_RATE_LIMIT', message: 'You have exceeded your rate limit. Try again later or contact us at https://developer.nrel.gov:443/contact/ for assistance' } });
    }
    if (at(nsrdbPlaces.broken)) return response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
    if (at(nsrdbPlaces.echo)) return json(response, 400, refusal(url, [`Request ${url.search} could not be processed`]));
    if (at(nsrdbPlaces.jsonOk)) return json(response, 200, refusal(url, [`Request ${url.search} is queued`]));
    if (at(nsrdbPlaces.slow)) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(200, { 'content-type': 'text/csv' }).end(phoenix);
      }, options.slowMs ?? 5000);
      timers.add(timer);
      return;
    }
    json(response, 400, refusal(url, [noDataMessage]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
