import { sql } from 'drizzle-orm';
import { FUTURE_SKEW_SECONDS, LATE_POINTS_HOURS, START_SKEW_SECONDS } from '#core/rules/tracking.js';
import type { positionsBatchSchema } from '#core/schemas/tracking.js';
import {
  TRACKING_ENDED,
  TRACKING_NOT_STARTED,
  trackingMessages,
  type PositionsResult,
} from '#core/schemas/tracking.js';
import type { z } from 'zod';
import { gpsPositions } from '../../db/schema/missions.js';
import { missionTracking } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { announce, lockMission, requireMissionDriver, trackingRow } from './shared.js';

type Batch = z.output<typeof positionsBatchSchema>;

/** 409 the phone acts on: keep the points until the start, or stop sharing and drop them. */
const notStarted = () =>
  new AppError(409, trackingMessages.notStarted, undefined, undefined, TRACKING_NOT_STARTED);
const ended = () => new AppError(409, trackingMessages.ended, undefined, undefined, TRACKING_ENDED);

/**
 * Stores a batch of the driver's points (the phone's queue; offline ones arrive late). Only the mission's driver,
 * only for the trip: points taken from its start until its delivery (or the pause), never ahead of the clock
 * beyond a small drift. While the mission is in progress the batch is taken (points outside are counted as
 * rejected); once delivered, points taken before the delivery still arrive for LATE_POINTS_HOURS, after which
 * — or if none of the batch is from the trip — it is refused (409, the phone stops). A point already stored
 * (same client id) is kept once. The mission row is shared-locked: a delivery committing meanwhile waits, so no
 * point after it slips in as "in progress".
 */
export async function recordPositions(
  { db, realtime }: Pick<FeatureDeps, 'db' | 'realtime'>,
  user: User,
  missionId: string,
  { points }: Batch,
): Promise<PositionsResult> {
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const mission = await lockMission(tx, missionId);
    requireMissionDriver(user, mission, trackingMessages.notDriver);
    if (!mission.startedAt || mission.status === 'available' || mission.status === 'assigned')
      throw notStarted();
    const inProgress = mission.status === 'in_progress';
    const end = inProgress ? null : mission.deliveredAt;
    if (!inProgress && (!end || now.getTime() - end.getTime() > LATE_POINTS_HOURS * 3_600_000)) throw ended();
    const tracking = await trackingRow(tx, missionId);
    const pausedAt = tracking?.pausedAt ?? null;
    const latest = now.getTime() + FUTURE_SKEW_SECONDS * 1000;
    const earliest = mission.startedAt.getTime() - START_SKEW_SECONDS * 1000;
    const valid = points.filter((point) => {
      const at = point.recordedAt.getTime();
      return (
        at >= earliest &&
        at <= latest &&
        (end === null || at <= end.getTime()) &&
        (pausedAt === null || at <= pausedAt.getTime())
      );
    });
    if (valid.length === 0 && !inProgress) throw ended();
    // One row per client id, even within one batch (the phone never repeats one, a forged batch might).
    const unique = [...new Map(valid.map((point) => [point.clientId, point])).values()];
    const inserted =
      unique.length === 0
        ? []
        : await tx
            .insert(gpsPositions)
            .values(
              unique.map((point) => ({
                missionId,
                driverId: user.id,
                clientId: point.clientId,
                latitude: point.latitude.toFixed(6),
                longitude: point.longitude.toFixed(6),
                speed: point.speed == null ? null : point.speed.toFixed(2),
                heading: point.heading == null ? null : (point.heading % 360).toFixed(2),
                accuracy: point.accuracy == null ? null : point.accuracy.toFixed(2),
                recordedAt: point.recordedAt,
              })),
            )
            .onConflictDoNothing({ target: [gpsPositions.missionId, gpsPositions.clientId] })
            .returning({ recordedAt: gpsPositions.recordedAt });
    let lastPositionAt = tracking?.lastPositionAt ?? null;
    if (inserted.length > 0) {
      // Never ahead of now: "vu il y a…" reads it.
      const newest = new Date(
        Math.min(now.getTime(), Math.max(...inserted.map((row) => row.recordedAt.getTime()))),
      );
      const [row] = await tx
        .insert(missionTracking)
        .values({ missionId, driverId: user.id, lastPositionAt: newest })
        .onConflictDoUpdate({
          target: missionTracking.missionId,
          set: {
            lastPositionAt: sql`greatest(${missionTracking.lastPositionAt}, excluded.last_position_at)`,
            driverId: user.id,
          },
        })
        .returning({ lastPositionAt: missionTracking.lastPositionAt });
      lastPositionAt = row!.lastPositionAt;
    }
    return {
      mission,
      lastPositionAt,
      result: {
        accepted: inserted.length,
        duplicates: valid.length - inserted.length,
        rejected: points.length - valid.length,
        paused: pausedAt !== null,
      },
    };
  });
  if (outcome.result.accepted > 0)
    await announce(realtime, outcome.mission, {
      paused: outcome.result.paused,
      lastPositionAt: outcome.lastPositionAt,
    });
  return outcome.result;
}
