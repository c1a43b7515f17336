/**
 * Builds src/web/public/carte-france.json, the light base layer drawn under the map tiles so that a map stays
 * readable when the tiles do not load (offline in a cab, a blocked tile server): the land of France and its
 * neighbours (Natural Earth 1:50m, public domain, from `world-atlas`), cut to mainland France and around, and
 * the main cities (communes of 100,000 inhabitants or more, from the built-in communes register).
 *
 * Run with `npm run data:basemap` after `npm run data:places` or a `world-atlas` update; the output is committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');

/** Mainland France, Corsica and a margin around: west, south, east, north. */
const BOX = { west: -6.5, south: 41, east: 11, north: 52 };
/** Natural Earth ids (ISO 3166 numeric) of France and the countries that show in the box. */
const COUNTRIES = new Map([
  ['250', 'France'],
  ['056', 'Belgique'],
  ['442', 'Luxembourg'],
  ['276', 'Allemagne'],
  ['756', 'Suisse'],
  ['380', 'Italie'],
  ['724', 'Espagne'],
  ['020', 'Andorre'],
  ['492', 'Monaco'],
  ['826', 'Royaume-Uni'],
  ['528', 'Pays-Bas'],
]);

type Ring = number[][];
const round = (value: number) => Math.round(value * 1000) / 1000;
const inBox = ([lng, lat]: number[]) =>
  lng! >= BOX.west && lng! <= BOX.east && lat! >= BOX.south && lat! <= BOX.north;

/** A ring kept when any of its points is in the box (overseas France and far coasts are dropped). */
function keep(ring: Ring): Ring | null {
  if (!ring.some(inBox)) return null;
  const points = ring.map(([lng, lat]) => [round(lng!), round(lat!)]);
  // Consecutive points rounded onto each other are one.
  return points.filter((point, index) => index === 0 || point.join() !== points[index - 1]!.join());
}

const topology = require('world-atlas/countries-50m.json') as Topology;
const countries = feature(topology, topology.objects.countries as GeometryCollection);
const land = [];
for (const country of countries.features) {
  const name = COUNTRIES.get(String(country.id));
  if (!name || !country.geometry) continue;
  const polygons =
    country.geometry.type === 'Polygon'
      ? [country.geometry.coordinates]
      : country.geometry.type === 'MultiPolygon'
        ? country.geometry.coordinates
        : [];
  const kept = polygons
    .map((rings) => rings.map((ring) => keep(ring)).filter((ring): ring is Ring => ring !== null))
    .filter((rings) => rings.length > 0);
  if (kept.length === 0) continue;
  land.push({
    type: 'Feature',
    properties: { kind: 'land', name, france: name === 'France' },
    geometry: { type: 'MultiPolygon', coordinates: kept },
  });
}

type Row = [string, string, string, string, number, number, 'c' | 'a', number];
const communes = JSON.parse(
  gunzipSync(readFileSync(path.join(root, 'src/server/data/communes.json.gz'))).toString('utf8'),
) as Row[];
const big = communes
  // Communes with their own point (not the arrondissements of Paris, Lyon and Marseille).
  .filter(
    ([, name, , , lat, lng, precision, population]) =>
      precision === 'c' && population >= 100_000 && !/Arrondissement$/.test(name) && inBox([lng, lat]),
  )
  .sort((a, b) => b[7] - a[7]);
// A city next to a bigger one (Villeurbanne by Lyon) would write over it: the bigger one stands for both.
const shown: Row[] = [];
for (const city of big)
  if (!shown.some((other) => Math.hypot(other[4] - city[4], (other[5] - city[5]) * 0.7) < 0.35))
    shown.push(city);
const cities = shown.map(([, name, , , lat, lng, , population]) => ({
  type: 'Feature',
  properties: { kind: 'city', name, major: population >= 250_000 },
  geometry: { type: 'Point', coordinates: [lng, lat] },
}));

const out = path.join(root, 'src/web/public/carte-france.json');
writeFileSync(out, JSON.stringify({ type: 'FeatureCollection', features: [...land, ...cities] }));
console.log(
  `${path.relative(process.cwd(), out)} : ${land.length} pays, ${cities.length} villes, ` +
    `${Math.round(readFileSync(out).length / 1024)} Ko.`,
);
