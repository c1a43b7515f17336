import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { cityFromAddress } from '#core/rules/places.js';
import type { Homonyms, Placement as CorePlacement } from '#core/schemas/places.js';
import { searchable } from '#core/rules/text.js';
import { departmentName } from './departments.js';

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
/** How an address reads: placed, or several communes it may mean and nothing to choose between them. */
type Located = Placement | Homonyms;

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

/** Whether other communes bear this one's name: it is then never shown, nor placed, without its department. */
function hasHomonyms(commune: Commune): boolean {
  return communesNamed(cityKey(commune.name)).length > 1;
}

/** A department's number as written beside a commune's name: two digits, Corsica's 2A/2B, overseas 971–976. */
const DEPARTMENT_WORD = /^(\d{2}|2a|2b|97[1-6])$/;
const NAME_THEN_DEPARTMENT = /^(.+) (\d{2}|2a|2b|97[1-6])$/;
const DEPARTMENT_THEN_NAME = /^(\d{2}|2a|2b|97[1-6]) (.+)$/;

/**
 * The communes a written city names: its name (an arrondissement's too: "Paris 19"), else a name with a
 * department's number after or before it ("Valence 82", "Saint-Denis (93)", "93 Saint-Denis"), which keeps that
 * department's commune only. A number no commune of that name is in says nothing: all of them answer, and the
 * caller asks which.
 */
function communesWritten(written: string): Commune[] {
  const named = communesNamed(cityKey(written));
  if (named.length > 0) return named;
  const text = searchable(written);
  const after = NAME_THEN_DEPARTMENT.exec(text);
  const before = DEPARTMENT_THEN_NAME.exec(text);
  const readings = [
    { name: after?.[1], department: after?.[2] },
    { name: before?.[2], department: before?.[1] },
  ];
  for (const { name, department } of readings) {
    if (!name || !department) continue;
    const homonyms = communesNamed(cityKey(name));
    const inDepartment = homonyms.filter((commune) => commune.department === department.toUpperCase());
    if (inDepartment.length > 0) return inDepartment;
    if (homonyms.length > 0) return homonyms;
  }
  return [];
}

/** "Saint-Denis (93200, Seine-Saint-Denis)": a commune as a list shows it when others bear its name. */
function homonymLabel(commune: Commune, postcode: string): string {
  return `${commune.name} (${postcode}, ${departmentName(commune.department)})`;
}

/**
 * The communes an address may mean, to choose from: each with its (first) postcode and its department, and the
 * address as it would read with it — the city written at `span` in the text becomes "93200 Saint-Denis".
 */
function homonymsOf(named: Commune[], text: string, [start, end]: [number, number]): Homonyms {
  return {
    conflict: 'homonyms',
    city: named[0]!.name,
    candidates: named.map((commune) => {
      const postcode = commune.postcodes[0]!;
      return {
        label: homonymLabel(commune, postcode),
        city: commune.name,
        postcode,
        department: departmentName(commune.department),
        address: `${text.slice(0, start)}${postcode} ${commune.name}${text.slice(end)}`,
      };
    }),
  };
}

/**
 * The commune of a French address, postcode first ("1 Rue de la Tour, 94150 Rungis" is Rungis, never Tours),
 * then name, with a department number if one is written beside it ("Valence 82"); the most specific (an
 * arrondissement) and then the most populous when a postcode serves several. It says when the written city is
 * not one the postcode serves. When several communes bear the name and nothing says which, none is placed: they
 * are returned to choose from (decision 046). Null when nothing in the text names a commune: the mission then has
 * no point, and the form says so.
 */
export function locateAddress(address: string): Located | null {
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
  // Where the city is written (cityFromAddress takes it from the text), and an unknown postcode before it: a
  // choice among homonyms puts its own postcode there.
  const writtenAt = text.lastIndexOf(written);
  let span: [number, number] = [last ? last.index! : writtenAt, writtenAt + written.length];
  let named = written ? communesWritten(written) : [];
  // No comma, no postcode ("10 rue de la gare Nantes", "12 rue de Paris Valence 82"): the last words may be the city.
  if (named.length === 0 && !text.includes(',')) {
    const words = text.split(' ');
    for (let count = Math.min(4, words.length - 1); count >= 1 && named.length === 0; count--) {
      const ending = words.slice(-count).join(' ');
      named = communesWritten(ending);
      span = [text.length - ending.length, text.length];
    }
  }
  if (named.length === 0) return null;
  if (named.length === 1) return placement(named[0]!, null);
  return homonymsOf(named, text, span);
}

/** An address's point, or null when nothing places it or several communes could be meant (never a guess). */
export function placeAddress(address: string): Placement | null {
  const located = locateAddress(address);
  return located?.conflict === 'homonyms' ? null : located;
}

/**
 * Communes a typed text names, for suggestions: by a postcode (five digits, or a text of digits only being
 * typed), else by the start of name words; never by a house number. A commune other communes share the name of
 * is shown with its postcode and department ("Saint-Denis (93200, Seine-Saint-Denis)"), and picking it writes
 * "93200 Saint-Denis" (`value`), which says which: never two identical lines, never an ambiguous pick.
 */
export function suggestCommunes(
  query: string,
  limit = 5,
): Array<Placement & { label: string; value: string; department: string }> {
  const trimmed = query.trim();
  const digits =
    /(?<!\d)(\d{5})(?!\d)/.exec(trimmed)?.[1] ?? (/^\d{2,4}$/.test(trimmed) ? trimmed : undefined);
  const words = cityKey(trimmed.replace(/\d+/g, ' '))
    .split(' ')
    .filter((word) => word.length >= 3);
  const { all } = communes();
  // The city typed naming a commune ("Paris 19", "St Malo", "…, Valence 82") puts it first.
  const exact = new Set(digits ? [] : communesWritten(cityFromAddress(trimmed)));
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
      const department = departmentName(commune.department);
      if (hasHomonyms(commune)) {
        const shown = postcode ?? commune.postcodes[0]!;
        const placed = placement(commune, shown);
        return {
          ...placed,
          label: homonymLabel(commune, shown),
          value: `${shown} ${placed.city}`,
          department,
        };
      }
      const placed = placement(commune, postcode);
      const label = placed.postcode ? `${placed.city} (${placed.postcode})` : placed.city;
      return { ...placed, label, value: placed.city, department };
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
  const words = (postcode ? text.slice(0, postcode.index) : text)
    .replace(/,/g, ' , ')
    .split(' ')
    .filter(Boolean);
  // A word of the commune's name ("Saint-Denis" written with its hyphen, "St", "Rungis"); not "de" alone.
  const ofName = words.map((word) => {
    const parts = cityKey(word).split(' ').filter(Boolean);
    return (
      parts.some((part) => part.length >= 3) &&
      parts.every((part) => nameWords.some((name) => name.startsWith(part)))
    );
  });
  // A department's number beside the name ("Valence 82") is no house number: it goes with the name.
  const kept = words
    .filter(
      (word, i) =>
        !ofName[i] && !(DEPARTMENT_WORD.test(searchable(word)) && (ofName[i - 1] || ofName[i + 1])),
    )
    .join(' ')
    .replace(/ ,/g, ',')
    .replace(/^[\s,]+|[\s,]+$/g, '');
  return STREET_WORD.test(searchable(kept)) ? kept : '';
}
