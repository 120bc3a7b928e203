/**
 * NREL's National Solar Radiation Database (NSRDB), GOES v4.0.0 (PSM v4; it replaced PSM v3.2.2): one site's typical
 * year or one calendar year as the SAM CSV NSRDB hands out (`GET {base}/api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download.csv`
 * and `…/nsrdb-GOES-aggregated-v4-0-0-download.csv`, https://developer.nrel.gov/docs/solar/nsrdb/). The API key
 * travels in the query string, so no URL of these requests is ever put in a message or a log, and a redirect is followed
 * only on NSRDB's own host (fetchSameOrigin): the key never goes to another.
 */
import type { NsrdbYear } from '../../src/contract/energy.ts';
import { connectionProblem } from '../platform/connection-problems.ts';
import { fetchSameOrigin, RedirectRefused } from '../platform/same-origin-fetch.ts';

/** NSRDB answered, and said it cannot serve this request (a place outside its maps, a year it does not hold). */
export class NsrdbRefusal extends Error {
  constructor(
    /** NSRDB's own words. */
    readonly reason: string,
    readonly status: number,
  ) {
    super(`NSRDB refused the request (HTTP ${status}): ${reason}`);
  }
}

/** NSRDB could not be asked, or did not answer usefully. */
export class NsrdbUnavailable extends Error {
  constructor(
    message: string,
    /** unreachable or timeout: no answer at all; busy: rate limited; key: this server's key was refused; failed: an error or unreadable answer. */
    readonly kind: 'unreachable' | 'timeout' | 'busy' | 'key' | 'failed',
  ) {
    super(message);
  }
}

export interface NsrdbClient {
  baseUrl: string;
  /** The dataset the answers come from; a cached answer of another dataset is fetched again. */
  dataset: string;
  /** The SAM CSV text for the NSRDB cell nearest a location given to 0.001°; throws NsrdbRefusal or NsrdbUnavailable. */
  fetchYear(lat: number, lon: number, year: NsrdbYear): Promise<string>;
}

export const nsrdbDataset = 'GOES v4.0.0';

const endpoints = {
  tmy: '/api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download.csv',
  year: '/api/nsrdb/v2/solar/nsrdb-GOES-aggregated-v4-0-0-download.csv',
};
// What the engine reads; wind direction and the rest are left out (NSRDB weighs a request by its attributes).
const attributes = 'ghi,dni,dhi,air_temperature,wind_speed,surface_albedo,surface_pressure,dew_point';
// A 60-minute year is about 0.5 MB; anything far larger is not the file asked for.
const maxBodyBytes = 8 * 1024 * 1024;
// A refusal is shown to the user; NSRDB's messages are a sentence or two each.
const maxReasonLength = 400;

export function createNsrdbClient(options: { baseUrl: string; apiKey: string; email: string; timeoutMs: number }): NsrdbClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  /** Whatever NSRDB says back is shown to users; it never carries the key, even if NSRDB echoes it. */
  const redact = (text: string) => text.split(options.apiKey).join('[key]');

  return {
    baseUrl,
    dataset: nsrdbDataset,
    async fetchYear(lat, lon, year) {
      const query = new URLSearchParams({
        api_key: options.apiKey,
        email: options.email,
        // WKT is longitude first.
        wkt: `POINT(${lon.toFixed(3)} ${lat.toFixed(3)})`,
        names: String(year),
        interval: '60',
        utc: 'false',
        leap_day: 'false',
        attributes,
      });
      const url = `${baseUrl}${year === 'tmy' ? endpoints.tmy : endpoints.year}?${query}`;
      // One deadline for the answer and its body.
      const signal = AbortSignal.timeout(options.timeoutMs);
      let status: number;
      let body: string;
      try {
        const response = await fetchSameOrigin(url, { signal, headers: { accept: 'text/csv, application/json' } });
        status = response.status;
        body = await readLimited(response, maxBodyBytes);
      } catch (error) {
        if (error instanceof RedirectRefused) throw new NsrdbUnavailable(`NSRDB ${error.message}.`, 'failed');
        if (signal.aborted) throw new NsrdbUnavailable(`NSRDB did not answer within ${seconds} s.`, 'timeout');
        if (error instanceof NsrdbUnavailable) throw error;
        throw new NsrdbUnavailable(`NSRDB cannot be reached: ${connectionProblem(error)}.`, 'unreachable');
      }
      if (status >= 200 && status < 300 && !/^\s*[{[]/.test(body)) return body;
      const reason = refusalReason(body);
      // NSRDB reports some failures as JSON with a 200; never pass that off (or its echo of the request) as weather.
      if (status >= 200 && status < 300) throw new NsrdbUnavailable(`NSRDB answered without a weather file${reason ? `: ${redact(reason)}` : ''}.`, 'failed');
      if (status === 429) throw new NsrdbUnavailable('NSRDB is limiting requests from this server (HTTP 429).', 'busy');
      if (status === 401 || status === 403) {
        throw new NsrdbUnavailable(`NSRDB did not accept this server's API key (HTTP ${status}${reason ? `: ${redact(reason)}` : ''}).`, 'key');
      }
      if (status >= 400 && status < 500) throw new NsrdbRefusal(redact(reason ?? `HTTP ${status}`), status);
      throw new NsrdbUnavailable(`NSRDB answered with an error (HTTP ${status}).`, 'failed');
    },
  };
}

/** The body as text, refusing one larger than `limit` bytes. */
async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () => new NsrdbUnavailable(`NSRDB answered with more than ${limit / 1024 / 1024} MB, which is not a year of hourly weather.`, 'failed');
  if (declared > limit) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * NSRDB explains a refusal as JSON `{"errors": ["...", …]}`; the developer network's own gate (key, rate) as
 * `{"error": {"code": "...", "message": "..."}}`.
 */
function refusalReason(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { errors, error } = parsed as { errors?: unknown; error?: { message?: unknown } };
  const messages = (Array.isArray(errors) ? errors : [errors, error?.message]).filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  if (messages.length === 0) return undefined;
  const reason = messages.map((m) => m.trim()).join(' ');
  return reason.length > maxReasonLength ? `${reason.slice(0, maxReasonLength)}…` : reason;
}
