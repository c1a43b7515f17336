/**
 * Live tracking (decision 019): the arithmetic shared by the phone (which points to keep) and the server (distance,
 * average speed, remaining distance, ETA, late, the trip summary kept after purge).
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface TimedPoint extends LatLng {
  /** When the phone took the point (ms since epoch, or an ISO string / Date). */
  recordedAt: number | string | Date;
}

/**
 * Sampling on the phone: a fix becomes a kept point once SAMPLE_MIN_SECONDS have passed since the last kept point,
 * or the truck has moved SAMPLE_MIN_METERS from it, whichever comes first. So a stopped truck sends one point every
 * 30 s at most (enough for "vu il y a…"), and a moving one a point every 200 m (about every 8 s at 90 km/h), never
 * a point per fix.
 */
export const SAMPLE_MIN_SECONDS = 30;
export const SAMPLE_MIN_METERS = 200;
/** A fix vaguer than this (metres) is not kept: it would draw the route off the road. */
const SAMPLE_MAX_ACCURACY_METERS = 1000;
/** How often the phone sends what it has kept (seconds), and how many points at most per request. */
export const SEND_EVERY_SECONDS = 30;
export const MAX_POINTS_PER_BATCH = 500;
/** A point dated this far ahead of the server's clock is refused (phones' clocks drift a little). */
export const FUTURE_SKEW_SECONDS = 120;
/**
 * The fix the phone takes when the driver taps "Partager et démarrer" is dated a moment before the server records
 * the start: points this close before the start belong to the trip (never earlier ones).
 */
export const START_SKEW_SECONDS = 60;
/**
 * After delivery, points the phone kept offline before the delivery time are still accepted for this long (a
 * driver delivering in a dead zone sends them when the network returns); later, the trip is closed.
 */
export const LATE_POINTS_HOURS = 24;
/** Positions of a mission ended (completed, cancelled, or delivered and never confirmed) this long ago are purged. */
export const TRACKING_RETENTION_DAYS = 30;
/** Consecutive looks at a mission's positions by one person within this many minutes are one entry of the log. */
export const VIEW_COALESCE_MINUTES = 5;
/**
 * An open map re-reads the positions at each update (every 30 s or so): reads this close to the previous one are
 * the same look going on (the entry's last time moves), not one more look.
 */
export const VIEW_CONTINUED_SECONDS = 90;

/** Roads are longer than the straight line: the remaining distance is the great-circle one times this. */
export const ROAD_FACTOR = 1.3;
/** A heavy goods vehicle's typical average (limited to 90 km/h on motorways, 80 on main roads, less in towns). */
export const HGV_DEFAULT_SPEED_KMH = 65;
/** The measured average is used for the ETA once the trip has run this long and this far… */
const AVERAGE_MIN_MINUTES = 15;
const AVERAGE_MIN_KM = 5;
/** …kept within these bounds (a long stop at the pickup would otherwise make the ETA absurd). */
const ETA_SPEED_MIN_KMH = 40;
const ETA_SPEED_MAX_KMH = 85;

export const EARTH_RADIUS_KM = 6371.0088;
const toRad = (degrees: number) => (degrees * Math.PI) / 180;
const timeOf = (value: number | string | Date) =>
  typeof value === 'number' ? value : new Date(value).getTime();

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a new fix is kept, given the last kept point (null: the first one is always kept). */
export function shouldKeepPoint(
  last: TimedPoint | null,
  next: TimedPoint & { accuracy?: number | null },
): boolean {
  if (next.accuracy != null && next.accuracy > SAMPLE_MAX_ACCURACY_METERS) return false;
  if (!last) return true;
  const elapsed = (timeOf(next.recordedAt) - timeOf(last.recordedAt)) / 1000;
  if (elapsed < 0) return false;
  if (elapsed >= SAMPLE_MIN_SECONDS) return true;
  return haversineKm(last, next) * 1000 >= SAMPLE_MIN_METERS;
}

/** Coordinates as stored: 6 decimals (about 11 cm). */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** The length of the route through the points, in order of time (km). */
export function routeKm(points: readonly LatLng[]): number {
  let total = 0;
  for (let index = 1; index < points.length; index++)
    total += haversineKm(points[index - 1]!, points[index]!);
  return total;
}

/** Average speed over the route (km/h), first to last point; null when the trip is too short to say. */
export function averageSpeedKmh(points: readonly TimedPoint[]): number | null {
  if (points.length < 2) return null;
  const hours = (timeOf(points.at(-1)!.recordedAt) - timeOf(points[0]!.recordedAt)) / 3_600_000;
  const km = routeKm(points);
  if (hours * 60 < AVERAGE_MIN_MINUTES || km < AVERAGE_MIN_KM) return null;
  return km / hours;
}

/** What is left to drive by road, estimated from the straight line (km). */
export const remainingRoadKm = (from: LatLng, to: LatLng) => haversineKm(from, to) * ROAD_FACTOR;

/** The speed the ETA assumes: the measured average within bounds, else the HGV default. */
export function etaSpeedKmh(average: number | null): number {
  if (average === null) return HGV_DEFAULT_SPEED_KMH;
  return Math.min(ETA_SPEED_MAX_KMH, Math.max(ETA_SPEED_MIN_KMH, average));
}

/** Arrival estimated from the last point: its time plus the remaining road distance at the ETA speed. */
export function estimateArrival(
  remainingKm: number,
  from: number | string | Date,
  average: number | null,
  now: number = Date.now(),
): Date {
  // From the later of the last point and now: a point seen an hour ago does not put the ETA in the past.
  const start = Math.max(timeOf(from), now);
  return new Date(start + (remainingKm / etaSpeedKmh(average)) * 3_600_000);
}

/**
 * Late: the estimated arrival is after the planned end, or, without an estimate, the planned end has passed
 * while the mission is still in progress.
 */
export function isLate(
  eta: Date | null,
  plannedEnd: number | string | Date,
  now: number = Date.now(),
): boolean {
  const end = timeOf(plannedEnd);
  return eta ? eta.getTime() > end : now > end;
}

/** What is kept of a trip once its points are deleted. */
export interface TripSummary {
  distanceKm: number;
  durationMinutes: number;
  averageSpeedKmh: number | null;
  pointCount: number;
  firstAt: string | null;
  lastAt: string | null;
}

export function tripSummary(points: readonly TimedPoint[]): TripSummary {
  const first = points[0];
  const last = points.at(-1);
  const distanceKm = Math.round(routeKm(points) * 10) / 10;
  const durationMinutes =
    first && last ? Math.round((timeOf(last.recordedAt) - timeOf(first.recordedAt)) / 60_000) : 0;
  const average = averageSpeedKmh(points);
  return {
    distanceKm,
    durationMinutes,
    averageSpeedKmh: average === null ? null : Math.round(average * 10) / 10,
    pointCount: points.length,
    firstAt: first ? new Date(timeOf(first.recordedAt)).toISOString() : null,
    lastAt: last ? new Date(timeOf(last.recordedAt)).toISOString() : null,
  };
}

/** "à l’instant", "il y a 2 min", "il y a 1 h 05", "il y a 3 j". */
export function seenAgo(at: number | string | Date, now: number = Date.now()): string {
  const minutes = Math.floor((now - timeOf(at)) / 60_000);
  if (minutes < 1) return 'à l’instant';
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `il y a ${hours} h ${String(minutes % 60).padStart(2, '0')}`;
  return `il y a ${Math.floor(hours / 24)} j`;
}
