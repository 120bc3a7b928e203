/**
 * How typed place names are read: the keys names are compared by, and the readings of a query as a place name
 * followed by region and country words ("Greensboro, NC", "Pune Maharashtra India", "Washington D.C.").
 */

// Written out the long way in both the gazetteer and the query, so "St. Louis" and "Saint Louis" meet.
const abbreviations: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

/**
 * A name as it is compared: accents, case and punctuation dropped, spelled-out letters joined ("D.C." → "dc",
 * "U.S.A." → "usa") and, unless `expand` is false, the abbreviations above expanded ("Ft. Worth" → "fort worth").
 */
export function nameKey(text: string, expand = true): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let j = i;
    while (j < words.length && words[j]!.length === 1) j++;
    if (j - i >= 2) {
      joined.push(words.slice(i, j).join(''));
      i = j - 1;
    } else joined.push((expand && abbreviations[words[i]!]) || words[i]!);
  }
  return joined.join(' ');
}

/**
 * A way to read a query: the place's name and the words that say where it is (region or country keys, each to match).
 * An empty name asks for the area itself ("District of Columbia", "DC").
 */
export interface Reading {
  name: string;
  hints: string[];
}

/** The words read as one or two area names (a region, then a country), or undefined. */
function areaWords(words: string[], isArea: (key: string) => boolean): string[] | undefined {
  const whole = words.join(' ');
  if (isArea(whole)) return [whole];
  for (let split = 1; split < words.length; split++) {
    const [region, country] = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    if (isArea(region) && isArea(country)) return [region, country];
  }
  return undefined;
}

/**
 * Every reading of the query. Commas part the name from the area hints ("Springfield, Illinois"); without them,
 * trailing words that name an area are tried as hints too ("Greensboro North Carolina"), and the query as typed
 * stays one reading ("West Virginia" may be a town's name as well as a state).
 */
export function readingsOf(query: string, isArea: (key: string) => boolean): Reading[] {
  const [first = '', ...hints] = query.split(',').map((part) => nameKey(part));
  const rest = hints.filter(Boolean);
  if (first === '') return [];
  const readings: Reading[] = [{ name: first, hints: rest }];
  const words = first.split(' ');
  for (let split = 0; split < words.length; split++) {
    const area = areaWords(words.slice(split), isArea);
    if (area) readings.push({ name: words.slice(0, split).join(' '), hints: [...area, ...rest] });
  }
  return readings;
}
