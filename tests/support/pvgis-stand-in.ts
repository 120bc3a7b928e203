/**
 * A loopback stand-in for the PVGIS API's `tmy` tool, so tests never touch the internet. It serves the real PVGIS
 * answer in data/weather for 45 N 8 E, refuses other places as PVGIS refuses the sea (HTTP 400 with a JSON message),
 * and counts the calls it gets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readShared, WEATHER_FILES } from '../solar/fixtures.ts';

/** Places the stand-in treats specially; everything else is "over the sea". */
export const standInPlaces = {
  /** The real PVGIS file's location. */
  served: { lat: 45, lon: 8 },
  /** Answers only after the test's timeout. */
  slow: { lat: 10, lon: 10 },
  /** Answers HTTP 500 with an HTML page, as an overloaded gateway might. */
  broken: { lat: 20, lon: 20 },
  /** Answers 200 with a body that is not a PVGIS year. */
  garbled: { lat: 30, lon: 30 },
  /** Answers 429, as PVGIS does past 30 requests a second. */
  busy: { lat: 60, lon: 60 },
  /** Answers with the 45 N 8 E year, as a misconfigured mirror might. */
  elsewhere: { lat: 50, lon: 10 },
  /** Over the Atlantic. */
  sea: { lat: 40, lon: -40 },
} as const;

export const seaMessage = 'Location over the sea. Please, select another location';

export interface PvgisStandIn {
  /** The PVGIS_BASE_URL to give the app. */
  baseUrl: string;
  /** Every request received, as its URL. */
  calls: URL[];
  close(): Promise<void>;
}

const at = (url: URL, place: { lat: number; lon: number }) =>
  Number(url.searchParams.get('lat')) === place.lat && Number(url.searchParams.get('lon')) === place.lon;

export async function startPvgisStandIn(options: { slowMs?: number } = {}): Promise<PvgisStandIn> {
  const tmyJson = readShared(WEATHER_FILES.pvgisJson);
  const calls: URL[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://pvgis.stand-in');
    calls.push(url);
    if (request.method !== 'GET' || url.pathname !== '/api/v5_3/tmy') return json(response, 404, { message: 'Not found', status: 404 });
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    if (url.searchParams.get('outputformat') !== 'json' || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      return json(response, 400, { message: 'Invalid parameters', status: 400 });
    }
    if (at(url, standInPlaces.served) || at(url, standInPlaces.elsewhere)) return response.writeHead(200, { 'content-type': 'application/json' }).end(tmyJson);
    if (at(url, standInPlaces.slow)) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(200, { 'content-type': 'application/json' }).end(tmyJson);
      }, options.slowMs ?? 5000);
      timers.add(timer);
      return;
    }
    if (at(url, standInPlaces.busy)) return json(response, 429, { message: 'Too many requests', status: 429 });
    if (at(url, standInPlaces.broken)) return response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
    if (at(url, standInPlaces.garbled)) return json(response, 200, { inputs: { location: { latitude: 30, longitude: 30, elevation: 0 } }, outputs: {} });
    json(response, 400, { message: seaMessage, status: 400 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v5_3`,
    calls,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
