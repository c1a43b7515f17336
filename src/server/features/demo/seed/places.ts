import { haversineKm, roundCoordinate, ROAD_FACTOR, type LatLng } from '#core/rules/tracking.js';
import { placeAddress } from '../../../platform/places.js';
import { HOUR, MINUTE, type World } from './world.js';

/**
 * The sites of the data set: logistics zones, ports and markets across France, written as a dispatcher types
 * them, and the home towns of its people. Each is placed by the app's own commune register (platform/places.ts,
 * postcode first), exactly as a published mission is: city, point and precision come from there.
 */
const ADDRESSES = {
  lyonPort: 'Port Édouard Herriot, 69007 Lyon',
  corbas: 'ZI Lyon Sud-Est, rue Marcel-Mérieux, 69960 Corbas',
  saintPriest: 'Parc technologique, 69800 Saint-Priest',
  chassieu: 'Eurexpo, boulevard de l’Europe, 69680 Chassieu',
  fallavier: 'Parc des Chesnes, 38070 Saint-Quentin-Fallavier',
  plaineAin: 'Parc industriel de la Plaine de l’Ain, 01150 Saint-Vulbas',
  villefranche: 'ZI Nord, 69400 Villefranche-sur-Saône',
  vienne: 'ZI de l’Abbaye, 38200 Vienne',
  grenoble: 'ZI des Îles, 38120 Saint-Égrève',
  saintEtienne: 'ZI Molina La Chazotte, 42000 Saint-Étienne',
  valence: 'ZA Briffaut, 26000 Valence',
  macon: 'Port de Mâcon, 71000 Mâcon',
  rungis: 'MIN de Rungis, 1 rue de la Tour, 94150 Rungis',
  gennevilliers: 'Port de Gennevilliers, 92230 Gennevilliers',
  roissy: 'ZAC Paris Nord 2, 95700 Roissy-en-France',
  lesquin: 'Zone logistique, 59810 Lesquin',
  dunkerque: 'Port Ouest, 59140 Dunkerque',
  carquefou: 'ZI Nord, 44470 Carquefou',
  saintNazaire: 'Zone portuaire, 44600 Saint-Nazaire',
  rennes: 'ZI Sud-Est, 35000 Rennes',
  vitrolles: 'ZI Les Estroublans, 13127 Vitrolles',
  fos: 'Terminal conteneurs, 13270 Fos-sur-Mer',
  chateaurenard: 'MIN de Châteaurenard, 13160 Châteaurenard',
  montpellier: 'ZI de la Lauze, 34430 Saint-Jean-de-Védas',
  toulouse: 'Eurocentre, 31620 Castelnau-d’Estrétefonds',
  bordeaux: 'ZI de Bruges, 33520 Bruges',
  strasbourg: 'Port autonome, 67100 Strasbourg',
  dijon: 'Parc d’activités, 21600 Longvic',
  besancon: 'ZI de Thise, 25220 Thise',
  metz: 'ZI Metz-Borny, 57070 Metz',
  reims: 'ZI Pompelle, 51100 Reims',
  orleans: 'Pôle 45, 45770 Saran',
  clermont: 'ZI du Brézet, 63100 Clermont-Ferrand',
  rouen: 'Port de Rouen, 76000 Rouen',
  // Home towns.
  villeurbanne: '69100 Villeurbanne',
  venissieux: '69200 Vénissieux',
  bourgoin: '38300 Bourgoin-Jallieu',
  lille: '59000 Lille',
  nantes: '44000 Nantes',
  dijonCity: '21000 Dijon',
  marignane: '13700 Marignane',
} as const;

export type PlaceKey = keyof typeof ADDRESSES;

export interface Place {
  key: PlaceKey;
  address: string;
  city: string;
  lat: number;
  lng: number;
  precision: 'commune' | 'approx';
}

const placed = new Map<PlaceKey, Place>();

/** A site placed by the commune register (read once per process, then kept). */
export function place(key: PlaceKey): Place {
  const known = placed.get(key);
  if (known) return known;
  const found = placeAddress(ADDRESSES[key]);
  // The addresses are ours: one the register does not place is a mistake in this file.
  if (!found) throw new Error(`demo seed: address not placed: ${ADDRESSES[key]}`);
  const result: Place = {
    key,
    address: ADDRESSES[key],
    city: found.city,
    lat: found.lat,
    lng: found.lng,
    precision: found.precision,
  };
  placed.set(key, result);
  return result;
}

/** Places every site now: the commune register (a few MB) is read at the first call, ~0.2 s. */
export function warmPlaces(): void {
  for (const key of Object.keys(ADDRESSES) as PlaceKey[]) place(key);
}

const point = (p: Place): LatLng => ({ latitude: p.lat, longitude: p.lng });

/** Straight-line distance between two sites (km). */
const straightKm = (a: Place, b: Place) => haversineKm(point(a), point(b));
/** By road, as the app estimates it (ROAD_FACTOR). */
export const roadKm = (a: Place, b: Place) => straightKm(a, b) * ROAD_FACTOR;

export interface TrailPoint {
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
  accuracy: number;
  recordedAt: Date;
}

/** The bearing from one point to the next, in degrees from north (0–360). */
function bearing(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b.longitude - a.longitude) * rad) * Math.cos(b.latitude * rad);
  const x =
    Math.cos(a.latitude * rad) * Math.sin(b.latitude * rad) -
    Math.sin(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos((b.longitude - a.longitude) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/** A heavy goods vehicle's average on the way (motorways at 80–90 km/h, slower roads at both ends). */
export const TRUCK_PACE_KMH = 74;

export interface TrailPlan {
  startAt: Date;
  until: Date;
  everyMinutes: number;
  /** Standing at the pickup first (loading), the phone still sending its point. */
  loadingMinutes: number;
  /** The share of the way covered at `until`: 1 for a finished trip. */
  reach: number;
}

/**
 * A truck's route from `from` towards `to` as the phone would have sent it: a point every few minutes, standing
 * at the pickup while loading, then along a gently winding line (roads are not straight) at an even pace to
 * `reach` of the way at `until`. Speeds, headings and accuracies are those of a phone in a truck.
 */
export function trail(w: World, from: Place, to: Place, plan: TrailPlan): TrailPoint[] {
  const departAt = plan.startAt.getTime() + plan.loadingMinutes * MINUTE;
  const movingMs = Math.max(MINUTE, plan.until.getTime() - departAt);
  const pace = (plan.reach * roadKm(from, to)) / (movingMs / HOUR);
  const points: TrailPoint[] = [];
  let previous: LatLng | null = null;
  const add = (at: number, share: number, speed: number) => {
    points.push(pointAt(from, to, share, speed, previous, w.noise(4, 14), new Date(at)));
    previous = points.at(-1)!;
  };
  for (let at = plan.startAt.getTime(); at <= plan.until.getTime(); at += plan.everyMinutes * MINUTE) {
    const moving = at > departAt;
    const share = moving ? (plan.reach * (at - departAt)) / movingMs : 0;
    add(at, share, moving ? Math.round((pace * w.noise(88, 112)) / 100) : 0);
  }
  if (points.at(-1)!.recordedAt.getTime() < plan.until.getTime())
    add(plan.until.getTime(), plan.reach, plan.reach >= 1 ? 0 : Math.round(pace));
  return points;
}

function pointAt(
  from: Place,
  to: Place,
  share: number,
  speed: number,
  previous: LatLng | null,
  accuracy: number,
  recordedAt: Date,
): TrailPoint {
  const bend = Math.sin(share * Math.PI * 3) * 0.04 * Math.sin(share * Math.PI);
  const here: LatLng = {
    latitude: roundCoordinate(from.lat + (to.lat - from.lat) * share + bend * (to.lng - from.lng) * 0.3),
    longitude: roundCoordinate(from.lng + (to.lng - from.lng) * share - bend * (to.lat - from.lat) * 0.3),
  };
  return {
    ...here,
    speed,
    heading: Math.round(previous ? bearing(previous, here) : bearing(here, point(to))),
    accuracy,
    recordedAt,
  };
}
