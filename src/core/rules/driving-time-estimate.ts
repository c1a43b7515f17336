/**
 * The driving time of a mission (decision 045), the figure the driving-time rules of driving-time.ts count: the road
 * distance and duration a routing service gave, or, when none answers, an estimate from the pickup and delivery
 * coordinates. Pure: the caller asks the routing service (with a heavy-goods-vehicle profile) and passes its answer.
 */
import { formatWaiting } from './road.js';
import { HGV_DEFAULT_SPEED_KMH, ROAD_FACTOR, haversineKm, type LatLng } from './tracking.js';

/** Where the figures of a mission's route come from. */
export type MissionRoute =
  /** A routing service's answer for a heavy goods vehicle: road distance (km) and driving duration (minutes). */
  | { source: 'routing'; distanceKm: number; durationMinutes: number }
  /** No routing service answered: the straight line between the two places is all there is. */
  | { source: 'estimate'; pickup: LatLng; delivery: LatLng };

/** The driving of one mission, as the rules count it. */
interface MissionDriving {
  /** Road kilometres, to the kilometre. */
  distanceKm: number;
  /** Whole minutes at the wheel, never rounded down. */
  drivingMinutes: number;
  source: MissionRoute['source'];
}

/**
 * An estimate is given to the next 5 minutes: the straight line times a factor cannot tell the minute, and rounding
 * up keeps the limits on the safe side (a driver is never told he has more driving left than he has).
 */
const ESTIMATE_STEP_MINUTES = 5;

/**
 * The mission's road distance and driving minutes.
 *
 * - `routing`: the service's figures, the distance to the kilometre and the duration up to the whole minute.
 * - `estimate`: the great-circle (haversine) distance × ROAD_FACTOR (1.3) at HGV_DEFAULT_SPEED_KMH (65 km/h), the
 *   two figures the live ETA already uses (core/rules/tracking.ts), so the app never gives one trip two durations.
 *   1.3 is the usual ratio of road to straight-line distance in a dense network like France's (about 1.2 between
 *   cities joined by a motorway, more on the short, winding trips that most missions are). 65 km/h because a heavy
 *   goods vehicle is limited to 90 km/h on motorways and 80 km/h on other roads outside towns (less in towns, at
 *   junctions and at the depots): an average between those caps and the town speeds, a little below the 70 km/h a
 *   motorway-heavy trip reaches, which errs on the side of counting more driving, not less.
 *
 * @throws RangeError when a figure is negative or not a number.
 */
export function missionDriving(route: MissionRoute): MissionDriving {
  if (route.source === 'routing') {
    const { distanceKm, durationMinutes } = route;
    if (!(distanceKm >= 0) || !(durationMinutes >= 0) || !Number.isFinite(distanceKm + durationMinutes))
      throw new RangeError('A route’s distance and duration are finite and not negative.');
    return {
      distanceKm: Math.round(distanceKm),
      drivingMinutes: Math.ceil(durationMinutes),
      source: 'routing',
    };
  }
  const straightKm = haversineKm(route.pickup, route.delivery);
  if (!Number.isFinite(straightKm)) throw new RangeError('The pickup and delivery coordinates are numbers.');
  const roadKm = straightKm * ROAD_FACTOR;
  const minutes = (roadKm / HGV_DEFAULT_SPEED_KMH) * 60;
  return {
    distanceKm: Math.round(roadKm),
    drivingMinutes: Math.ceil(minutes / ESTIMATE_STEP_MINUTES) * ESTIMATE_STEP_MINUTES,
    source: 'estimate',
  };
}

/**
 * A routing service's answer for the trip (decision 054; OSRM gives metres and seconds) as a heavy goods vehicle
 * drives it: the road distance, and the longer of its duration and that distance at HGV_DEFAULT_SPEED_KMH — the
 * public services route cars, faster than a truck limited to 90 and 80 km/h, so their duration alone would count
 * too little driving.
 *
 * @throws RangeError when a figure is negative or not a number.
 */
export function routedDriving(answer: { distanceMetres: number; durationSeconds: number }): MissionDriving {
  const distanceKm = answer.distanceMetres / 1000;
  const atHgvSpeed = (distanceKm / HGV_DEFAULT_SPEED_KMH) * 60;
  return missionDriving({
    source: 'routing',
    distanceKm,
    durationMinutes: Math.max(atHgvSpeed, answer.durationSeconds / 60),
  });
}

/** « 273 km · 4 h 15 de conduite »: a mission's estimated route, as cards and sheets show it. */
export const routeLabel = (route: { distanceKm: number; drivingMinutes: number }) =>
  `${route.distanceKm.toLocaleString('fr-FR')}\u00a0km · ${formatWaiting(route.drivingMinutes)} de conduite`;

/** How the figures were made, said beside them: by a routing service, or estimated from the straight line. */
export const ROUTE_NOTES: Record<MissionRoute['source'], { short: string; long: string }> = {
  routing: {
    short: 'par la route',
    long: 'par la route, d’après un service d’itinéraire, à 65\u00a0km/h au plus',
  },
  estimate: {
    short: 'estimation à vol d’oiseau ×\u00a01,3',
    long: 'estimation : distance à vol d’oiseau ×\u00a01,3, à 65\u00a0km/h',
  },
};
