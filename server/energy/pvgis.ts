/**
 * The EU JRC PVGIS API, tool `tmy`: the typical meteorological year of a location as JSON
 * (`GET {base}/tmy?lat=..&lon=..&outputformat=json`; PVGIS refuses calls from browsers, so only the server calls it).
 * A redirect is followed only on PVGIS's own host (fetchSameOrigin).
 */
import { connectionProblem } from '../platform/connection-problems.ts';
import { fetchSameOrigin, RedirectRefused } from '../platform/same-origin-fetch.ts';

/** PVGIS answered, and said it cannot serve this request (for example a location over the sea or outside its maps). */
export class PvgisRefusal extends Error {
  constructor(
    /** PVGIS's own words. */
    readonly reason: string,
    readonly status: number,
  ) {
    super(`PVGIS refused the request (HTTP ${status}): ${reason}`);
  }
}

/** PVGIS could not be asked, or did not answer usefully: worth trying again later. */
export class PvgisUnavailable extends Error {
  constructor(
    message: string,
    /** unreachable or timeout: no answer at all; busy: rate limited; failed: an error or unreadable answer. */
    readonly kind: 'unreachable' | 'timeout' | 'busy' | 'failed',
  ) {
    super(message);
  }
}

export interface PvgisClient {
  baseUrl: string;
  /** The TMY JSON text for a location given to 0.001°; throws PvgisRefusal or PvgisUnavailable. */
  fetchTmy(lat: number, lon: number): Promise<string>;
}

// A refusal is shown to the user; PVGIS's messages are one short sentence.
const maxReasonLength = 300;

export function createPvgisClient(options: { baseUrl: string; timeoutMs: number }): PvgisClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const seconds = Math.round(options.timeoutMs / 100) / 10;

  return {
    baseUrl,
    async fetchTmy(lat, lon) {
      const url = `${baseUrl}/tmy?${new URLSearchParams({ lat: lat.toFixed(3), lon: lon.toFixed(3), outputformat: 'json' })}`;
      // One deadline for the answer and its body (about 1.4 MB).
      const signal = AbortSignal.timeout(options.timeoutMs);
      let status: number;
      let body: string;
      try {
        const response = await fetchSameOrigin(url, { signal, headers: { accept: 'application/json' } });
        status = response.status;
        body = await response.text();
      } catch (error) {
        if (error instanceof RedirectRefused) throw new PvgisUnavailable(`PVGIS ${error.message}.`, 'failed');
        if (signal.aborted) throw new PvgisUnavailable(`PVGIS did not answer within ${seconds} s.`, 'timeout');
        throw new PvgisUnavailable(`PVGIS cannot be reached: ${connectionProblem(error)}.`, 'unreachable');
      }
      if (status >= 200 && status < 300) return body;
      if (status === 429) throw new PvgisUnavailable('PVGIS is limiting requests (HTTP 429).', 'busy');
      if (status >= 400 && status < 500) throw new PvgisRefusal(refusalReason(body) ?? `HTTP ${status}`, status);
      throw new PvgisUnavailable(`PVGIS answered with an error (HTTP ${status}).`, 'failed');
    },
  };
}

/** PVGIS explains a refusal as JSON `{"message": "...", "status": 400}`. */
function refusalReason(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const message = typeof parsed === 'object' && parsed !== null ? (parsed as { message?: unknown }).message : undefined;
    if (typeof message !== 'string' || message.trim() === '') return undefined;
    const reason = message.trim();
    return reason.length > maxReasonLength ? `${reason.slice(0, maxReasonLength)}…` : reason;
  } catch {
    return undefined;
  }
}
