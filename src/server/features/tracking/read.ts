import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  averageSpeedKmh,
  estimateArrival,
  isLate,
  remainingRoadKm,
  type TripSummary,
} from '#core/rules/tracking.js';
import {
  trackingMessages,
  type ActiveTracking,
  type MissionTracking,
  type TrackingPoint,
} from '#core/schemas/tracking.js';
import { roleOf } from '#core/rules/roles.js';
import type { Db } from '../../db/client.js';
import { gpsPositions, missions } from '../../db/schema/missions.js';
import { missionTracking } from '../../db/schema/road.js';
import { users, type User } from '../../db/schema/users.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { MISSION_NOT_FOUND, iso, missionFields, num, readerOf } from './shared.js';
import { logView } from './views.js';

/** Beyond this many points, the route sent to screens is thinned (the last point always kept). */
const MAX_ROUTE_POINTS = 3000;

type PointRow = {
  latitude: string;
  longitude: string;
  speed: string | null;
  heading: string | null;
  accuracy: string | null;
  recordedAt: Date;
};
const pointFields = {
  latitude: gpsPositions.latitude,
  longitude: gpsPositions.longitude,
  speed: gpsPositions.speed,
  heading: gpsPositions.heading,
  accuracy: gpsPositions.accuracy,
  recordedAt: gpsPositions.recordedAt,
};

const toPoint = (row: PointRow): TrackingPoint => ({
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  speed: num(row.speed),
  heading: num(row.heading),
  accuracy: num(row.accuracy),
  recordedAt: row.recordedAt.toISOString(),
});

function thin(points: TrackingPoint[]): TrackingPoint[] {
  if (points.length <= MAX_ROUTE_POINTS) return points;
  const step = Math.ceil(points.length / MAX_ROUTE_POINTS);
  const kept = points.filter((_, index) => index % step === 0);
  if (kept.at(-1) !== points.at(-1)) kept.push(points.at(-1)!);
  return kept;
}

type MissionRow = {
  status: string;
  endDate: Date;
  deliveryLat: string | null;
  deliveryLng: string | null;
};

/** Average speed, remaining distance by road, ETA and late flag, from the route so far. */
function estimate(mission: MissionRow, points: TrackingPoint[], now = Date.now()) {
  const last = points.at(-1) ?? null;
  const average = averageSpeedKmh(points);
  const inProgress = mission.status === 'in_progress';
  const delivery =
    mission.deliveryLat !== null && mission.deliveryLng !== null
      ? { latitude: Number(mission.deliveryLat), longitude: Number(mission.deliveryLng) }
      : null;
  const remainingKm = inProgress && last && delivery ? remainingRoadKm(last, delivery) : null;
  const eta =
    remainingKm !== null && last ? estimateArrival(remainingKm, last.recordedAt, average, now) : null;
  return {
    lastPosition: last,
    averageSpeedKmh: average === null ? null : Math.round(average),
    remainingKm: remainingKm === null ? null : Math.round(remainingKm),
    etaAt: iso(eta),
    late: inProgress && isLate(eta, mission.endDate, now),
  };
}

/**
 * A mission's tracking for its two parties and the administrators: pickup and delivery, the route so far, the
 * estimate, paused or not; once purged, the trip summary instead of points. A read by anyone but the driver
 * that shows positions is logged (the driver sees who looked). `statusOnly`: paused, last seen and late, without
 * any position or estimate drawn from one (the mission page): not a look at positions, not logged.
 */
export async function missionTrackingFor(
  db: Db,
  user: User,
  missionId: string,
  statusOnly = false,
): Promise<MissionTracking> {
  const driver = alias(users, 'driver');
  const company = alias(users, 'company');
  const [found] = await db
    .select({
      mission: missionFields,
      driverName: driver.fullName,
      companyName: company.companyName,
      companyContact: company.fullName,
      tracking: missionTracking,
    })
    .from(missions)
    .innerJoin(company, eq(company.id, missions.companyId))
    .leftJoin(driver, eq(driver.id, missions.driverId))
    .leftJoin(missionTracking, eq(missionTracking.missionId, missions.id))
    .where(eq(missions.id, missionId));
  if (!found) throw notFound(MISSION_NOT_FOUND);
  const { mission, tracking } = found;
  const reader = readerOf(user, mission);
  const points = (
    await db
      .select(pointFields)
      .from(gpsPositions)
      .where(eq(gpsPositions.missionId, missionId))
      .orderBy(asc(gpsPositions.recordedAt), asc(gpsPositions.id))
  ).map(toPoint);
  if (reader !== 'driver' && points.length > 0 && !statusOnly) await logView(db, missionId, user, reader);
  const place = (lat: string | null, lng: string | null, label: string | null, fallback: string) =>
    lat !== null && lng !== null
      ? { latitude: Number(lat), longitude: Number(lng), label: label ?? fallback }
      : null;
  const paused = mission.status === 'in_progress' && (tracking?.pausedAt ?? null) !== null;
  return {
    missionId,
    title: mission.title,
    status: mission.status,
    driverName: found.driverName,
    companyName: found.companyName ?? found.companyContact,
    pickup: place(mission.pickupLat, mission.pickupLng, mission.pickupCity, 'Enlèvement'),
    delivery: place(mission.deliveryLat, mission.deliveryLng, mission.deliveryCity, 'Livraison'),
    startDate: mission.startDate.toISOString(),
    endDate: mission.endDate.toISOString(),
    startedAt: iso(mission.startedAt),
    deliveredAt: iso(mission.deliveredAt),
    ...(statusOnly
      ? { positions: [], ...estimate(mission, []), late: estimate(mission, points).late }
      : { positions: thin(points), ...estimate(mission, points) }),
    lastPositionAt: iso(tracking?.lastPositionAt ?? null),
    paused,
    pausedAt: paused ? iso(tracking!.pausedAt) : null,
    summary: (tracking?.summary as TripSummary | null | undefined) ?? null,
    purgedAt: iso(tracking?.purgedAt ?? null),
    viewerIsDriver: reader === 'driver',
  };
}

/**
 * The transporter's missions in progress, each with its last position and estimate: late ones first, then by
 * arrival. Each mission whose position is shown is a look at it, logged as on its own page.
 */
export async function activeTracking(db: Db, user: User): Promise<ActiveTracking[]> {
  if (roleOf(user) !== 'transporter') throw forbidden(trackingMessages.transportersOnly);
  const rows = await db
    .select({ mission: missionFields, driverName: users.fullName, tracking: missionTracking })
    .from(missions)
    .leftJoin(users, eq(users.id, missions.driverId))
    .leftJoin(missionTracking, eq(missionTracking.missionId, missions.id))
    .where(and(eq(missions.companyId, user.id), eq(missions.status, 'in_progress')));
  if (rows.length === 0) return [];
  const pointsByMission = new Map<string, TrackingPoint[]>();
  const pointRows = await db
    .select({ missionId: gpsPositions.missionId, ...pointFields })
    .from(gpsPositions)
    .where(
      inArray(
        gpsPositions.missionId,
        rows.map((row) => row.mission.id),
      ),
    )
    .orderBy(asc(gpsPositions.missionId), asc(gpsPositions.recordedAt), asc(gpsPositions.id));
  for (const row of pointRows)
    pointsByMission.set(row.missionId, [...(pointsByMission.get(row.missionId) ?? []), toPoint(row)]);
  const now = Date.now();
  const items = rows.map(({ mission, driverName, tracking }): ActiveTracking => {
    const points = pointsByMission.get(mission.id) ?? [];
    const paused = (tracking?.pausedAt ?? null) !== null;
    return {
      missionId: mission.id,
      title: mission.title,
      driverName,
      pickupCity: mission.pickupCity,
      deliveryCity: mission.deliveryCity,
      endDate: mission.endDate.toISOString(),
      startedAt: iso(mission.startedAt),
      ...estimate(mission, points, now),
      lastPositionAt: iso(tracking?.lastPositionAt ?? null),
      paused,
      pausedAt: paused ? iso(tracking!.pausedAt) : null,
    };
  });
  for (const item of items) if (item.lastPosition) await logView(db, item.missionId, user, 'transporter');
  return items.sort(
    (a, b) =>
      Number(b.late) - Number(a.late) ||
      (a.etaAt ?? '\uffff').localeCompare(b.etaAt ?? '\uffff') ||
      a.title.localeCompare(b.title, 'fr') ||
      (a.missionId < b.missionId ? -1 : a.missionId > b.missionId ? 1 : 0),
  );
}
