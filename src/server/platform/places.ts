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
type Precision = 'commune' | 'approx';

interface Commune {
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
    // "Paris 19e Arrondissement" is also found as "paris 19e" (cityKey's spelling of "Paris 19", "Paris 19ème").
    const key = searchable(commune.name).replace(/ arrondissement$/, '');
    byName.set(key, [...(byName.get(key) ?? []), commune]);
  }
  index = { all, byPostcode, byName };
  return index;
}

/**
 * A written city as the register spells it: "St Etienne" is Saint-Étienne, "Paris 19ème" the 19th arrondissement.
 */
export function cityKey(text: string): string {
  return searchable(text)
    .replace(/(^| )st( |$)/g, '$1saint$2')
    .replace(/(^| )ste( |$)/g, '$1sainte$2')
    .replace(/^(paris|lyon|marseille) (\d{1,2})(?: ?(?:e|eme|er|ere))?(?: arrondissement)?$/, '$1 $2e')
    .replace(/^(paris|lyon|marseille) 1e$/, '$1 1er');
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
  conflict: null,
  writtenCity: null,
});

/** The communes a city text names: its exact name, an arrondissement ("paris 19e"), most populous first. */
function communesNamed(key: string): Commune[] {
  const { byName } = communes();
  const named = byName.get(key) ?? byName.get(`${key} arrondissement`) ?? [];
  return [...named].sort((a, b) => b.population - a.population);
}

/**
 * The commune of a French address, postcode first ("1 Rue de la Tour, 94150 Rungis" is Rungis, never Tours),
 * then name; the most specific (an arrondissement) and then the most populous when several answer. It says when
 * the written city is not one the postcode serves, or when several communes bear the name. Null when nothing in
 * the text names a commune: the mission then has no point, and the form says so.
 */
export function locateAddress(address: string): Placement | null {
  const text = address.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const postcodeMatches = [...text.matchAll(/(?<!\d)(\d{5})(?!\d)/g)];
  const last = postcodeMatches.at(-1);
  const postcode = last?.[1] ?? null;
  // The city is written after the postcode ("…, 69960 Corbas"); with a postcode and nothing after, none is.
  const written = last
    ? text
        .slice(last.index! + 5)
        .replace(/^[\s,-]+|[\s,]+$/g, '')
        .replace(/\b(cedex|france)\b.*$/i, '')
        .trim()
    : cityFromAddress(text);
  const city = cityKey(written);
  const { byPostcode } = communes();
  if (postcode) {
    const candidates = byPostcode.get(postcode) ?? [];
    if (candidates.length > 0) {
      // Named (exactly, or as an arrondissement's city), then the most specific, then the most populous.
      const named = (commune: Commune) => (city ? Math.min(nameMatch(commune, city), 1) : 0);
      const ranked = [...candidates].sort(
        (a, b) =>
          named(b) - named(a) || a.postcodes.length - b.postcodes.length || b.population - a.population,
      );
      const best = ranked[0]!;
      if (!city || named(best) > 0) return placement(best, postcode);
      // A city the postcode does not serve: the postcode wins, and the form says they disagree.
      return {
        ...placement(best, postcode),
        precision: candidates.length > 1 ? 'approx' : best.precision,
        conflict: 'postcode-city',
        writtenCity: written,
      };
    }
  }
  let named = city ? communesNamed(city) : [];
  // No comma, no postcode ("10 rue de la gare Nantes"): the last words may be the city.
  if (named.length === 0 && !text.includes(',')) {
    const words = text.split(' ');
    for (let count = Math.min(4, words.length - 1); count >= 1 && named.length === 0; count--)
      named = communesNamed(cityKey(words.slice(-count).join(' ')));
  }
  if (named.length === 0) return null;
  const best = named[0]!;
  if (named.length === 1) return placement(best, null);
  // Several communes bear this name (Sainte-Marie…): the most populous, said to be uncertain.
  return { ...placement(best, null), precision: 'approx', conflict: 'homonyms', writtenCity: written };
}

/**
 * Communes a typed text names, for suggestions: by a postcode (five digits, or a text of digits only being
 * typed), else by the start of name words; never by a house number.
 */
export function suggestCommunes(query: string, limit = 5): Array<Placement & { label: string }> {
  const trimmed = query.trim();
  const digits =
    /(?<!\d)(\d{5})(?!\d)/.exec(trimmed)?.[1] ?? (/^\d{2,4}$/.test(trimmed) ? trimmed : undefined);
  const words = cityKey(trimmed.replace(/\d+/g, ' '))
    .split(' ')
    .filter((word) => word.length >= 3);
  const { all } = communes();
  // The whole text naming a commune ("Paris 19", "St Malo") puts it first.
  const exact = new Set(digits ? [] : communesNamed(cityKey(trimmed)));
  const scored = all.flatMap((commune) => {
    if (exact.has(commune)) return [{ commune, postcode: null, score: 1000 }];
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

/** Words that start a French street or site address ("12 rue…", "ZI des…", "Quai…"). */
const STREET_WORD =
  /(^|\s)(\d+|rue|r|avenue|av|bd|boulevard|chemin|ch|route|rte|zone|za|zac|zi|quai|place|pl|allee|impasse|imp|lieu dit|lieudit|parc|port|cours|voie|square|sentier|hameau|lotissement|residence|batiment|bat|entrepot|plateforme|marche|min|centre|site)(\s|$)/;

/**
 * The street of an address typed with its commune ("12 rue des Forges, 21000 Dijon" → "12 rue des Forges"): kept
 * when a commune is suggested for it, so that picking the suggestion does not throw the street away. Empty when
 * what is left once the commune is taken out does not look like a street.
 */
export function streetPart(query: string, commune: { city: string; postcode: string | null }): string {
  const text = query.trim().replace(/\s+/g, ' ');
  const postcode = /(?<!\d)\d{5}(?!\d)/.exec(text);
  const nameWords = cityKey(commune.city).split(' ');
  const kept = (postcode ? text.slice(0, postcode.index) : text)
    .replace(/,/g, ' , ')
    .split(' ')
    .filter(Boolean)
    .filter((word) => {
      const key = cityKey(word);
      return !(key.length >= 3 && nameWords.some((name) => name.startsWith(key)));
    })
    .join(' ')
    .replace(/ ,/g, ',')
    .replace(/^[\s,]+|[\s,]+$/g, '');
  return STREET_WORD.test(searchable(kept)) ? kept : '';
}
