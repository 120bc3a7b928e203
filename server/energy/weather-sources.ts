/**
 * Where a simulation's weather comes from: a user's uploaded file, PVGIS or NREL's NSRDB (fetched once per location,
 * and year for NSRDB, and kept in the database), or typed monthly means synthesised into an hourly year. Never an
 * invented resource: when no source can serve a location the answer says so and points to an upload.
 */
import { LRUCache } from 'lru-cache';
import { energyMessages, type NsrdbSource, type NsrdbYear, type WeatherSource, type WeatherUsed } from '../../src/contract/energy.ts';
import { monthlyMeansOf } from '../../src/solar/answers.ts';
import { synthesiseWeatherYear } from '../../src/solar/monthly-synthesis.ts';
import { createSiteContext, type SiteContext } from '../../src/solar/site-context.ts';
import { parsePvgisJson } from '../../src/solar/weather/pvgis.ts';
import { detectWeatherFormat, readWeather } from '../../src/solar/weather/read-weather.ts';
import { hasTemperatureColumn, samCsvAttribution, withMonthlyTemperatures } from '../../src/solar/weather/sam-csv.ts';
import { WeatherFormatError, type WeatherYear } from '../../src/solar/weather/weather-year.ts';
import { DomainError, invalid, notFound } from '../platform/domain-error.ts';
import type { NsrdbCacheRepository, NsrdbCacheRow } from './nsrdb-cache-repository.ts';
import type { PvgisCacheRepository, PvgisCacheRow, WeatherFilesRepository } from './weather-repository.ts';
import { NsrdbRefusal, NsrdbUnavailable, type NsrdbClient } from './nsrdb.ts';
import { PvgisRefusal, PvgisUnavailable, type PvgisClient } from './pvgis.ts';

export interface SiteWeather {
  weather: WeatherYear;
  text: string;
  /** The site's sun path and sky terms, shared by every simulation of this weather. */
  site: SiteContext;
}

/** What the engine read, kept with a study: a file's text or PVGIS's JSON, or the typed monthly means as JSON. */
export interface WeatherContent {
  kind: 'file' | 'monthly';
  text: string;
}

export interface ChosenWeather extends SiteWeather {
  used: WeatherUsed;
  content: WeatherContent;
}

export interface Location {
  lat: number;
  lon: number;
}

const offerUpload = 'Upload a weather file for the site (TMY3, TMY2, EPW, an NSRDB or SAM CSV, or a PVGIS file) or enter its monthly means instead.';
const offerOtherSources = 'Upload a weather file for the site (TMY3, TMY2, EPW, an NSRDB or SAM CSV, or a PVGIS file), choose PVGIS, or enter its monthly means instead.';
const nsrdbNotConfigured = `NSRDB is not configured on this server (it needs an NREL API key, NSRDB_API_KEY). ${offerOtherSources}`;
// NSRDB answers with its grid cell nearest the point asked (about 2 km apart); farther than this is another place.
const nsrdbMaxOffsetDeg = 0.1;

export const annualGhiKwhM2 = (weather: WeatherYear) => weather.ghi.reduce((sum, value) => sum + value, 0) / 1000;

/**
 * Reads an uploaded file as the engine does: 415 when it is not a weather file the engine knows (judged by content,
 * never by name), 400 with the engine's message, which names the line or record and the field, when it is a broken one.
 */
/**
 * An uploaded weather file read as the engine reads it. `temperatures`, the site's monthly means, go into a SAM or
 * NSRDB CSV without an air temperature column (NSRDB's GHI-only polar TMY), written into the kept text so every later
 * reading fills the same hours.
 */
export function readUploadedWeather(bytes: Uint8Array, temperatures?: number[]): { text: string; weather: WeatherYear } {
  const unsupported = (detail: string) =>
    new DomainError('unsupportedMedia', `${detail} Upload a TMY3 CSV, TMY2, EPW, a SAM or NSRDB CSV, or a PVGIS typical year as JSON, CSV or EPW.`);
  // Weather files are text; a NUL byte means a binary file (and PostgreSQL text cannot hold one).
  if (bytes.includes(0)) throw unsupported('This is not a text file.');
  let text = new TextDecoder('utf-8').decode(bytes);
  let format: string;
  try {
    format = detectWeatherFormat(text);
  } catch (error) {
    if (error instanceof WeatherFormatError) throw unsupported('This is not a weather file the engine can read.');
    throw error;
  }
  if (temperatures) {
    if (format !== 'nsrdb-csv') throw invalid({ temp_air_c: [energyMessages.temperaturesNotCsv] });
    if (hasTemperatureColumn(text)) throw invalid({ temp_air_c: [energyMessages.temperaturesUnused] });
    text = withMonthlyTemperatures(text, temperatures);
  }
  try {
    return { text, weather: readWeather(text) };
  } catch (error) {
    if (error instanceof WeatherFormatError) throw invalid({ file: [capitalised(error.message)] });
    throw error;
  }
}

/** What PVGIS's licence asks for, with the databases and years of a PVGIS JSON where it names them. */
export function pvgisAttribution(json?: string): string {
  const base = 'EU JRC PVGIS, free use with attribution';
  if (json === undefined) return base;
  try {
    const meteo = (JSON.parse(json) as { inputs?: { meteo_data?: Record<string, unknown> } }).inputs?.meteo_data ?? {};
    const { radiation_db: radiation, meteo_db: meteorology, year_min: from, year_max: to } = meteo;
    const parts = [typeof radiation === 'string' ? radiation : undefined, typeof meteorology === 'string' ? meteorology : undefined].filter(Boolean);
    const years = typeof from === 'number' && typeof to === 'number' ? `, ${from}-${to}` : '';
    return parts.length > 0 ? `EU JRC PVGIS (${parts.join(' / ')}${years}), free use with attribution` : base;
  } catch {
    return base;
  }
}

/** NREL's credit for an NSRDB year, with the version its file names. */
export function nsrdbAttribution(csv: string, year: NsrdbYear): string {
  return `${samCsvAttribution(csv) ?? 'NREL NSRDB'}, ${year === 'tmy' ? 'typical meteorological year' : year}, public domain`;
}

/** Attribution kept with an uploaded file: PVGIS data must carry it; a SAM/NSRDB CSV names its Source; other files name no licensor. */
export function uploadAttribution(weather: WeatherYear, text: string): string | null {
  if (weather.format === 'pvgis-json') return pvgisAttribution(text);
  if (weather.format === 'nsrdb-csv') return samCsvAttribution(text);
  return weather.format.startsWith('pvgis') ? pvgisAttribution() : null;
}

function capitalised(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * A PVGIS or NSRDB year's `retrieved_at`: when this request took it, never when the shared copy was fetched, which
 * would tell a user whether and when someone else asked for the place.
 */
const servedAt = () => new Date().toISOString();

function usedOf(weather: WeatherYear, extra: Pick<WeatherUsed, 'source' | 'weather_id' | 'name' | 'attribution' | 'retrieved_at'>): WeatherUsed {
  const { site } = weather;
  return {
    ...extra,
    lat: site.latitude,
    lon: site.longitude,
    elevation_m: site.elevation,
    utc_offset_hours: site.utcOffsetHours,
    format: weather.format,
    confidence: weather.confidence === 'lower' ? 'low' : 'standard',
    components: weather.components,
    annual_ghi_kwh_m2: annualGhiKwhM2(weather),
    notes: [...weather.notes],
  };
}

/** A few parsed years with their site context, so repeated what-ifs on one site skip parsing and the sun path. */
class RecentSites {
  private readonly entries: LRUCache<string, SiteWeather>;
  constructor(size: number) {
    this.entries = new LRUCache({ max: size });
  }

  async get(key: string, read: () => { weather: WeatherYear; text: string } | Promise<{ weather: WeatherYear; text: string }>): Promise<SiteWeather> {
    const known = this.entries.get(key);
    if (known) return known;
    const { weather, text } = await read();
    const entry = { weather, text, site: createSiteContext(weather) };
    this.entries.set(key, entry);
    return entry;
  }
}

export interface NsrdbDeps {
  client: NsrdbClient;
  cache: NsrdbCacheRepository;
}

/** `nsrdb` only when the server has NSRDB_API_KEY; without it the NSRDB source is refused with what to use instead. */
export function createWeatherSources(deps: { files: WeatherFilesRepository; pvgisCache: PvgisCacheRepository; pvgis: PvgisClient; nsrdb?: NsrdbDeps }) {
  const { files, pvgisCache, pvgis, nsrdb } = deps;
  // Only this instance's copies: another instance reads the same rows. Stored rows never change (a refetch is a new key).
  const recent = new RecentSites(8);
  const fetching = new Map<string, Promise<unknown>>();

  /** One fetch per key at a time: concurrent asks for the same year share it. */
  function fetchOnce<T>(key: string, fetchRow: () => Promise<T>): Promise<T> {
    let pending = fetching.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = fetchRow().finally(() => fetching.delete(key));
      fetching.set(key, pending);
    }
    return pending;
  }

  async function fromUpload(userId: string, weatherId: string): Promise<ChosenWeather> {
    const file = await files.summary(userId, weatherId);
    if (!file) throw notFound();
    const entry = await recent.get(`upload:${file.id}`, async () => {
      const text = await files.content(userId, file.id);
      if (text === undefined) throw notFound();
      try {
        return { weather: readWeather(text), text };
      } catch (error) {
        // Read once on upload; only a change in the readers since then can land here.
        if (error instanceof WeatherFormatError) throw new DomainError('unprocessable', `This weather file can no longer be read: ${error.message}. Upload it again after fixing it.`);
        throw error;
      }
    });
    return {
      ...entry,
      content: { kind: 'file', text: entry.text },
      used: usedOf(entry.weather, { source: 'upload', weather_id: file.id, name: file.name, attribution: file.attribution, retrieved_at: null }),
    };
  }

  /** PVGIS's answer for the 0.001° cell of a location: from the database, else fetched once (concurrent asks share it). */
  async function pvgisRow(location: Location): Promise<PvgisCacheRow> {
    const latE3 = Math.round(location.lat * 1000);
    const lonE3 = Math.round(location.lon * 1000);
    const cached = await pvgisCache.find(latE3, lonE3);
    if (cached && cached.baseUrl === pvgis.baseUrl) return cached;
    return fetchOnce(`pvgis:${latE3},${lonE3}`, () => fetchPvgis(latE3, lonE3));
  }

  async function fetchPvgis(latE3: number, lonE3: number): Promise<PvgisCacheRow> {
    const [lat, lon] = [latE3 / 1000, lonE3 / 1000];
    let text: string;
    try {
      text = await pvgis.fetchTmy(lat, lon);
    } catch (error) {
      if (error instanceof PvgisRefusal) {
        throw new DomainError('unprocessable', `PVGIS cannot serve this location (${lat.toFixed(3)}, ${lon.toFixed(3)}). PVGIS says: "${error.reason}". ${offerUpload}`);
      }
      if (!(error instanceof PvgisUnavailable)) throw error;
      throw new DomainError(error.kind === 'failed' ? 'upstreamFailed' : 'unavailable', `${error.message} Try again later, or: ${offerUpload}`, {
        retryAfterSeconds: error.kind === 'busy' ? 60 : undefined,
      });
    }
    let weather: WeatherYear;
    try {
      weather = parsePvgisJson(text);
    } catch (error) {
      if (!(error instanceof WeatherFormatError)) throw error;
      throw new DomainError('upstreamFailed', `PVGIS answered with data that cannot be read (${error.message}). Try again later, or: ${offerUpload}`);
    }
    // PVGIS echoes the location asked for; a year for another place is never passed off as this one's.
    const { latitude, longitude } = weather.site;
    if (Math.abs(latitude - lat) > 0.01 || Math.abs(longitude - lon) > 0.01) {
      throw new DomainError('upstreamFailed', `PVGIS answered for another location (${latitude}, ${longitude}). Try again later, or: ${offerUpload}`);
    }
    const row = await pvgisCache.put({
      latE3,
      lonE3,
      baseUrl: pvgis.baseUrl,
      elevation: weather.site.elevation,
      annualGhiKwhM2: annualGhiKwhM2(weather),
      attribution: pvgisAttribution(text),
      content: text,
    });
    await recent.get(pvgisKey(row), () => ({ weather, text }));
    return row;
  }

  const pvgisKey = (row: PvgisCacheRow) => `pvgis:${row.latE3},${row.lonE3}@${row.fetchedAt.getTime()}`;

  async function fromPvgis(location: Location): Promise<ChosenWeather> {
    const row = await pvgisRow(location);
    const entry = await recent.get(pvgisKey(row), () => ({ weather: parsePvgisJson(row.content), text: row.content }));
    return {
      ...entry,
      content: { kind: 'file', text: row.content },
      used: usedOf(entry.weather, { source: 'pvgis', weather_id: null, name: entry.weather.site.name, attribution: row.attribution, retrieved_at: servedAt() }),
    };
  }

  /** NSRDB's answer for the 0.001° cell of a location and a year: from the database, else fetched once. */
  async function nsrdbRow({ client, cache }: NsrdbDeps, location: Location, year: NsrdbYear): Promise<NsrdbCacheRow> {
    const key = { dataset: client.dataset, latE3: Math.round(location.lat * 1000), lonE3: Math.round(location.lon * 1000), year: String(year) };
    const cached = await cache.find(key);
    if (cached && cached.baseUrl === client.baseUrl) return cached;
    return fetchOnce(`nsrdb:${key.dataset}:${key.latE3},${key.lonE3}:${key.year}`, () => fetchNsrdb({ client, cache }, key, year));
  }

  async function fetchNsrdb({ client, cache }: NsrdbDeps, key: Pick<NsrdbCacheRow, 'dataset' | 'latE3' | 'lonE3' | 'year'>, year: NsrdbYear): Promise<NsrdbCacheRow> {
    const [lat, lon] = [key.latE3 / 1000, key.lonE3 / 1000];
    const asked = `${lat.toFixed(3)}, ${lon.toFixed(3)}${year === 'tmy' ? '' : ` in ${year}`}`;
    let text: string;
    try {
      text = await client.fetchYear(lat, lon, year);
    } catch (error) {
      if (error instanceof NsrdbRefusal) {
        throw new DomainError('unprocessable', `NSRDB cannot serve this location (${asked}). NSRDB says: "${error.reason}". ${offerOtherSources}`);
      }
      if (!(error instanceof NsrdbUnavailable)) throw error;
      if (error.kind === 'key') {
        throw new DomainError('upstreamFailed', `${error.message} The server's administrator needs to check NSRDB_API_KEY. Meanwhile: ${offerOtherSources}`);
      }
      throw new DomainError(error.kind === 'failed' ? 'upstreamFailed' : 'unavailable', `${error.message} Try again later, or: ${offerOtherSources}`, {
        retryAfterSeconds: error.kind === 'busy' ? 60 : undefined,
      });
    }
    let weather: WeatherYear;
    try {
      weather = readWeather(text);
      if (weather.format !== 'nsrdb-csv') throw new WeatherFormatError(`a ${weather.format} file, not an NSRDB CSV`);
    } catch (error) {
      if (!(error instanceof WeatherFormatError)) throw error;
      throw new DomainError('upstreamFailed', `NSRDB answered with data that cannot be read (${error.message}). Try again later, or: ${offerOtherSources}`);
    }
    const { latitude, longitude } = weather.site;
    if (Math.abs(latitude - lat) > nsrdbMaxOffsetDeg || Math.abs(longitude - lon) > nsrdbMaxOffsetDeg) {
      throw new DomainError('upstreamFailed', `NSRDB answered for another location (${latitude}, ${longitude}). Try again later, or: ${offerOtherSources}`);
    }
    const row = await cache.put({ ...key, baseUrl: client.baseUrl, annualGhiKwhM2: annualGhiKwhM2(weather), attribution: nsrdbAttribution(text, year), content: text });
    await recent.get(nsrdbKey(row), () => ({ weather, text }));
    return row;
  }

  const nsrdbKey = (row: NsrdbCacheRow) => `nsrdb:${row.dataset}:${row.latE3},${row.lonE3}:${row.year}@${row.fetchedAt.getTime()}`;

  async function fromNsrdb(configured: NsrdbDeps, source: NsrdbSource, location: Location): Promise<ChosenWeather> {
    const year = source.year ?? 'tmy';
    const row = await nsrdbRow(configured, location, year);
    const entry = await recent.get(nsrdbKey(row), () => ({ weather: readWeather(row.content), text: row.content }));
    return {
      ...entry,
      content: { kind: 'file', text: row.content },
      used: { ...usedOf(entry.weather, { source: 'nsrdb', weather_id: null, name: entry.weather.site.name, attribution: row.attribution, retrieved_at: servedAt() }), year },
    };
  }

  function fromMonthlyMeans(source: Extract<WeatherSource, { source: 'monthly' }>, location: Location): ChosenWeather {
    let weather: WeatherYear;
    try {
      weather = synthesiseWeatherYear(monthlyMeansOf({ ...source, lat: location.lat, lon: location.lon }));
    } catch (error) {
      // The means are range-checked already; what is left is irradiation the sky cannot deliver at this latitude.
      if (error instanceof RangeError) throw invalid({ 'weather.ghi_kwh_m2_per_day': [capitalised(error.message)] });
      throw error;
    }
    // The means as the engine took them, in a fixed key order, so equal means give equal hashes.
    const means = {
      source: 'monthly',
      name: source.name?.trim(),
      lat: location.lat,
      lon: location.lon,
      elevation_m: source.elevation_m,
      utc_offset_hours: source.utc_offset_hours,
      ghi_kwh_m2_per_day: source.ghi_kwh_m2_per_day,
      temp_air_c: source.temp_air_c,
      wind_speed_m_s: source.wind_speed_m_s,
    };
    const text = JSON.stringify(means);
    return {
      weather,
      text,
      site: createSiteContext(weather),
      content: { kind: 'monthly', text },
      used: usedOf(weather, { source: 'monthly', weather_id: null, name: weather.site.name, attribution: null, retrieved_at: null }),
    };
  }

  return {
    /** The weather a request chose; `fallback` (the project's location) stands in for a missing lat/lon. */
    async choose(userId: string, source: WeatherSource, fallback?: Location): Promise<ChosenWeather> {
      if (source.source === 'upload') return fromUpload(userId, source.weather_id);
      if (source.source === 'nsrdb') {
        // Refused before the location is asked for: no location makes an unconfigured source work.
        if (!nsrdb) throw invalid({ 'weather.source': [nsrdbNotConfigured] });
        return fromNsrdb(nsrdb, source, locationOf(source, fallback));
      }
      const location = locationOf(source, fallback);
      return source.source === 'pvgis' ? fromPvgis(location) : fromMonthlyMeans(source, location);
    },
  };
}

function locationOf(source: { lat?: number; lon?: number }, fallback: Location | undefined): Location {
  if (source.lat === undefined && source.lon === undefined && fallback) return fallback;
  const errors: Record<string, string[]> = {};
  if (source.lat === undefined) errors['weather.lat'] = ['This is Required.'];
  if (source.lon === undefined) errors['weather.lon'] = ['This is Required.'];
  if (source.lat === undefined || source.lon === undefined) throw invalid(errors);
  return { lat: source.lat, lon: source.lon };
}

export type WeatherSources = ReturnType<typeof createWeatherSources>;
