import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { cityFromAddress } from '#core/rules/places.js';
import type { Placement as CorePlacement } from '#core/schemas/places.js';
import { searchable } from '#core/rules/text.js';

/**
 * The French communes Relais knows without the national address service: every commune of the official register
 * with its postcodes and a point (data/communes.json.gz, built by scripts/build-places.ts). A point is the
 * commune's own ("commune") or, for the small communes without one, the middle of its neighbours ("approx",
 * ~10–20 km): the screens say which.
 */
export type Precision = 'commune' | 'approx';

export interface Commune {
  code: string;
  name: string;
  department: string;
  postcodes: string[];
  lat: number;
  lng: number;
  precision: Precision;
  population: number;
}

/** Where an address was placed: the commune read from it, and how well (core/schemas/places.ts). */
type Placement = Omit<CorePlacement, 'precision'> & { precision: Precision };

type Row = [string, string, string, string, number, number, 'c' | 'a', number];

interface Index {
  all: Array<Commune & { words: string[] }>;
  byPostcode: Map<string, Commune[]>;
  byName: Map<string, Commune[]>;
}

let index: Index | null = null;

/** Read once per process, on first use (about 35,000 communes, a few MB in memory). */
function communes(): Index {
  if (index) return index;
  const file = new URL('../data/communes.json.gz', import.meta.url);
  const rows = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Row[];
  const all = rows.map(
    ([code, name, department, postcodes, lat, lng, precision, population]): Commune & {
      words: string[];
    } => ({
      words: searchable(name).split(' '),
      code,
      name,
      department,
      postcodes: postcodes.split(' '),
      lat,
      lng,
      precision: precision === 'c' ? 'commune' : 'approx',
      population,
    }),
  );
  const byPostcode = new Map<string, Commune[]>();
  const byName = new Map<string, Commune[]>();
  for (const commune of all) {
    for (const postcode of commune.postcodes)
      byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), commune]);
    const key = searchable(commune.name);
    byName.set(key, [...(byName.get(key) ?? []), commune]);
  }
  index = { all, byPostcode, byName };
  return index;
}

/** "Paris 15e Arrondissement" answers to "Paris" too; the city text matches a name exactly or as its start. */
function nameMatch(commune: Commune, city: string): number {
  const name = searchable(commune.name);
  if (name === city) return 2;
  return name.startsWith(`${city} `) ? 1 : 0;
}

const placement = (commune: Commune, postcode: string | null): Placement => ({
  city: commune.name.replace(/ (\d+)(er|e) Arrondissement$/, ' $1$2'),
  postcode: postcode ?? (commune.postcodes.length === 1 ? commune.postcodes[0]! : null),
  lat: commune.lat,
  lng: commune.lng,
  precision: commune.precision,
});

/**
 * The commune of a French address, postcode first ("1 Rue de la Tour, 94150 Rungis" is Rungis, never Tours),
 * then name; the most specific (an arrondissement) and then the most populous when several answer. Null when
 * nothing in the text names a commune: the mission then has no point, and the form says so.
 */
export function locateAddress(address: string): Placement | null {
  const text = address.trim();
  if (!text) return null;
  const postcodes = [...text.matchAll(/(?<!\d)(\d{5})(?!\d)/g)].map((match) => match[1]!);
  const postcode = postcodes.at(-1) ?? null;
  const city = searchable(cityFromAddress(text));
  const { byPostcode, byName } = communes();
  if (postcode) {
    const candidates = byPostcode.get(postcode) ?? [];
    if (candidates.length > 0) {
      // Named (exactly, or as an arrondissement's city), then the most specific, then the most populous.
      const named = (commune: Commune) => Math.min(nameMatch(commune, city), 1);
      const ranked = [...candidates].sort(
        (a, b) =>
          named(b) - named(a) || a.postcodes.length - b.postcodes.length || b.population - a.population,
      );
      const best = ranked[0]!;
      // The postcode alone, with a city it does not serve: the postcode's commune, said to be approximate.
      const confirmed = !city || nameMatch(best, city) > 0 || candidates.length === 1;
      return { ...placement(best, postcode), ...(confirmed ? {} : { precision: 'approx' as const }) };
    }
  }
  const named = byName.get(city) ?? [];
  if (named.length === 0) return null;
  const best = [...named].sort((a, b) => b.population - a.population)[0]!;
  return placement(best, null);
}

/** Communes a typed text names, for address suggestions: by postcode start, else by the start of name words. */
export function suggestCommunes(query: string, limit = 5): Array<Placement & { label: string }> {
  const digits = /(?<!\d)(\d{2,5})(?!\d)/.exec(query)?.[1];
  const words = searchable(query.replace(/\d+/g, ' '))
    .split(' ')
    .filter((word) => word.length >= 3);
  const { all } = communes();
  const scored = all.flatMap((commune) => {
    const postcode = digits ? commune.postcodes.find((code) => code.startsWith(digits)) : undefined;
    if (digits && !postcode) return [];
    const score = words
      .filter((word) => commune.words.some((nameWord) => nameWord.startsWith(word)))
      .reduce((sum, word) => sum + word.length, 0);
    if (!postcode && score === 0) return [];
    return [{ commune, postcode: postcode ?? null, score }];
  });
  return scored
    .sort((a, b) => b.score - a.score || b.commune.population - a.commune.population)
    .slice(0, limit)
    .map(({ commune, postcode }) => {
      const placed = placement(commune, postcode);
      return { ...placed, label: placed.postcode ? `${placed.city} (${placed.postcode})` : placed.city };
    });
}
