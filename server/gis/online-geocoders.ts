/**
 * Online geocoders, used only when configured (NOMINATIM_URL, GOOGLE_GEOCODING_API_KEY): they add place and
 * address candidates to the offline gazetteers, with the address parts the project form fills. A provider that fails
 * or is slow adds nothing; the offline answer still comes back.
 */
import type { CoordinateCandidate } from '../../src/contract/gis.ts';
import { placeDetails } from '../geo/geocoding.ts';

export interface OnlineGeocoder {
  name: string;
  search(query: string, options: { country?: string; limit: number }): Promise<CoordinateCandidate[]>;
}

export interface Logger {
  warn(object: object, message: string): void;
}

async function getJson(url: URL, timeoutMs: number, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** An answer's own line without its last part (the country, which both services put last) and its postal code. */
function addressLine(label: string, country: string | undefined, postalCode: string | undefined): string {
  const parts = label.split(',').map((part) => part.trim());
  if (country) parts.pop();
  return parts
    .map((part) => (postalCode ? part.replace(postalCode, '').trim() : part))
    .filter(Boolean)
    .join(', ');
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

const finite = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN);
const onEarth = (lat: number, lng: number) => Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** OpenStreetMap Nominatim (or a self-hosted one): /search?format=jsonv2. Its usage policy asks for an identifying User-Agent. */
export function nominatim(baseUrl: string, options: { timeoutMs: number; userAgent: string }): OnlineGeocoder {
  return {
    name: 'Nominatim',
    async search(query, { country, limit }) {
      const url = new URL(`${baseUrl.replace(/\/+$/, '')}/search`);
      url.search = new URLSearchParams({ q: query, format: 'jsonv2', addressdetails: '1', limit: String(limit), ...(country ? { countrycodes: country.toLowerCase() } : {}) }).toString();
      const places = await getJson(url, options.timeoutMs, { 'user-agent': options.userAgent });
      if (!Array.isArray(places)) return [];
      return places.flatMap((place: Record<string, unknown>, rank) => {
        const lat = finite(place.lat);
        const lng = finite(place.lon);
        if (!onEarth(lat, lng) || typeof place.display_name !== 'string') return [];
        const importance = typeof place.importance === 'number' ? place.importance : 0.5;
        // Below the exact offline matches (0.75 and up), ordered as Nominatim ranks them.
        const score = Math.round((0.7 - rank * 0.01) * Math.min(1, 0.5 + importance / 2) * 100) / 100;
        const address = (place.address ?? {}) as Record<string, unknown>;
        const [country, postalCode] = [text(address.country_code), text(address.postcode)];
        const details = placeDetails({
          address: addressLine(place.display_name, country, postalCode),
          locality: text(address.city) ?? text(address.town) ?? text(address.village) ?? text(address.hamlet) ?? text(address.municipality),
          state: text(address.state),
          country,
          postalCode,
        });
        return [{ lat, lng, label: place.display_name, kind: 'place' as const, score, approximate: true, source: 'OpenStreetMap contributors via Nominatim (ODbL)', ...details }];
      });
    },
  };
}

/** Google's Geocoding API (/maps/api/geocode/json with a server key). */
export function googleGeocoder(baseUrl: string, options: { apiKey: string; timeoutMs: number }): OnlineGeocoder {
  return {
    name: 'Google',
    async search(query, { country, limit }) {
      const url = new URL(baseUrl);
      url.search = new URLSearchParams({ address: query, key: options.apiKey, ...(country ? { components: `country:${country.toUpperCase()}` } : {}) }).toString();
      const answer = (await getJson(url, options.timeoutMs)) as { status?: string; results?: unknown[] };
      if (answer.status !== 'OK' || !Array.isArray(answer.results)) return [];
      return answer.results.slice(0, limit).flatMap((result, rank) => {
        const { formatted_address: label, geometry, address_components: components } = result as {
          formatted_address?: unknown;
          geometry?: { location?: { lat?: unknown; lng?: unknown } };
          address_components?: { long_name?: unknown; short_name?: unknown; types?: unknown }[];
        };
        const lat = finite(geometry?.location?.lat);
        const lng = finite(geometry?.location?.lng);
        if (!onEarth(lat, lng) || typeof label !== 'string') return [];
        const part = (type: string) => (Array.isArray(components) ? components.find((c) => Array.isArray(c.types) && c.types.includes(type)) : undefined);
        const [country, postalCode] = [text(part('country')?.short_name), text(part('postal_code')?.long_name)];
        const details = placeDetails({
          address: addressLine(label, country, postalCode),
          locality: text(part('locality')?.long_name) ?? text(part('postal_town')?.long_name),
          state: text(part('administrative_area_level_1')?.long_name),
          country,
          postalCode,
        });
        return [{ lat, lng, label, kind: 'place' as const, score: Math.round((0.7 - rank * 0.01) * 100) / 100, approximate: true, source: 'Google Geocoding API', ...details }];
      });
    },
  };
}

/** Asks every configured geocoder at once; each failure is logged and costs only its own candidates. */
export async function searchOnline(geocoders: OnlineGeocoder[], query: string, options: { country?: string; limit: number }, log: Logger): Promise<CoordinateCandidate[]> {
  const answers = await Promise.all(
    geocoders.map((geocoder) =>
      geocoder.search(query, options).catch((error: unknown) => {
        log.warn({ geocoder: geocoder.name, err: error instanceof Error ? error.message : String(error) }, 'online geocoder failed');
        return [];
      }),
    ),
  );
  return answers.flat();
}
