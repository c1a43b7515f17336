import type { IncidentType, WaitingPlace } from '#core/rules/enums.js';
import { TRACKING_RETENTION_DAYS, tripSummary } from '#core/rules/tracking.js';
import type { Mission } from './missions.js';
import { roadKm, trail, TRUCK_PACE_KMH, type TrailPoint } from './places.js';
import { DAY, earliest, HOUR, MINUTE, plus, type Account, type World } from './world.js';

/**
 * On the road (tracking and delivery features): the GPS points a phone sent during a trip, the tracking row the
 * positions endpoint keeps, who looked at them, waiting times and incidents — as those features write them.
 */

function storePoints(w: World, mission: Mission, points: TrailPoint[]): void {
  for (const point of points)
    w.rows.positions.push({
      missionId: mission.row.id,
      driverId: mission.driver!.id,
      latitude: point.latitude.toFixed(6),
      longitude: point.longitude.toFixed(6),
      speed: point.speed.toFixed(2),
      heading: (point.heading % 360).toFixed(2),
      accuracy: point.accuracy.toFixed(2),
      recordedAt: point.recordedAt,
      clientId: w.id(),
      // Sent by the phone every 30 s or so.
      receivedAt: plus(point.recordedAt, w.noise(5, 40) * 1000),
    });
}

/**
 * The trail of a mission under way: a point every 4 minutes from the start until a minute ago (loading first,
 * then on the road at a truck's pace), and the tracking row with the last one (what "vu il y a 1 min" reads).
 * Returns the points.
 */
export function liveTrail(w: World, mission: Mission, loadingMinutes = 40): TrailPoint[] {
  const { row } = mission;
  const startAt = plus(row.startedAt!, MINUTE);
  const until = w.at(-MINUTE);
  const movingHours = (until.getTime() - startAt.getTime()) / HOUR - loadingMinutes / 60;
  const reach = Math.min(0.9, (TRUCK_PACE_KMH * Math.max(0, movingHours)) / roadKm(mission.from, mission.to));
  const points = trail(w, mission.from, mission.to, {
    startAt,
    until,
    everyMinutes: 4,
    loadingMinutes,
    reach,
  });
  storePoints(w, mission, points);
  w.rows.tracking.push({
    missionId: row.id,
    driverId: mission.driver!.id,
    lastPositionAt: points.at(-1)!.recordedAt,
    createdAt: points[0]!.recordedAt,
  });
  return points;
}

/**
 * A finished trip: its points while they are kept, or — 30 days after the end — only the summary the purge keeps
 * (distance, duration, speeds, count), as the tracking feature leaves it.
 */
export function finishedTrip(w: World, mission: Mission): void {
  const { row } = mission;
  const end = row.completedAt ?? row.deliveredAt!;
  const points = trail(w, mission.from, mission.to, {
    startAt: plus(row.startedAt!, MINUTE),
    until: row.deliveredAt!,
    everyMinutes: 20,
    loadingMinutes: 30,
    reach: 1,
  });
  const purgeAt = plus(end, TRACKING_RETENTION_DAYS * DAY + 3 * HOUR);
  const purged = w.past(purgeAt);
  if (!purged) storePoints(w, mission, points);
  w.rows.tracking.push({
    missionId: row.id,
    driverId: mission.driver!.id,
    lastPositionAt: points.at(-1)!.recordedAt,
    summary: purged
      ? { ...tripSummary(points.map((point) => ({ ...point, recordedAt: point.recordedAt.getTime() }))) }
      : null,
    purgedAt: purged ? purgeAt : null,
    createdAt: points[0]!.recordedAt,
  });
}

/** The transporter's looks at the positions (what the driver sees under "Qui a consulté ma position"). */
export function looks(w: World, mission: Mission, viewer: Account, times: Array<[Date, number]>): void {
  for (const [at, views] of times)
    w.rows.trackingViews.push({
      missionId: mission.row.id,
      viewerId: viewer.id,
      viewerRole: 'transporter',
      firstViewedAt: at,
      lastViewedAt: plus(at, (views - 1) * 2 * MINUTE),
      views,
    });
}

/** A wait at the pickup or the delivery, started and stopped by the driver. */
export function waited(
  w: World,
  mission: Mission,
  place: WaitingPlace,
  startedAt: Date,
  minutes: number,
  note: string,
) {
  w.rows.waiting.push({
    missionId: mission.row.id,
    place,
    startedAt,
    endedAt: plus(startedAt, minutes * MINUTE),
    startedBy: mission.driver!.id,
    note,
    createdAt: startedAt,
  });
}

/** An incident the driver reported on the way, placed at the trail's point of that time. */
export function incident(
  w: World,
  mission: Mission,
  type: IncidentType,
  at: Date,
  points: TrailPoint[],
  note: string,
): string {
  const id = w.id();
  const near = points.filter((point) => point.recordedAt <= at).at(-1) ?? points[0]!;
  w.rows.incidents.push({
    id,
    missionId: mission.row.id,
    reporterId: mission.driver!.id,
    type,
    occurredAt: earliest(at, w.now),
    latitude: near.latitude.toFixed(6),
    longitude: near.longitude.toFixed(6),
    note,
    createdAt: at,
  });
  return id;
}
