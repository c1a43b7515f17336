import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { TRACKING_RETENTION_DAYS, tripSummary } from '#core/rules/tracking.js';
import type { Db } from '../../db/client.js';
import { gpsPositions, missions } from '../../db/schema/missions.js';
import { missionTracking } from '../../db/schema/road.js';

const BATCH = 100;

/**
 * RGPD: 30 days after a mission ended — completed, cancelled, or delivered and never confirmed — its points are
 * reduced to the trip summary (distance, duration, average speed, count, first and last time) in
 * mission_tracking, then deleted. Each mission in its own transaction, its tracking row locked, so two runs
 * never sum up twice. Returns how many missions were purged.
 */
export async function purgePositions(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRACKING_RETENTION_DAYS * 86_400_000);
  const endedAt = sql`coalesce(${missions.completedAt}, ${missions.cancelledAt}, ${missions.deliveredAt})`;
  let purged = 0;
  for (;;) {
    const due = await db
      .selectDistinct({ missionId: gpsPositions.missionId })
      .from(gpsPositions)
      .innerJoin(missions, eq(missions.id, gpsPositions.missionId))
      .where(and(inArray(missions.status, ['delivered', 'completed', 'cancelled']), lt(endedAt, cutoff)))
      .limit(BATCH);
    if (due.length === 0) return purged;
    for (const { missionId } of due) {
      await db.transaction(async (tx) => {
        const [driver] = await tx
          .select({ driverId: missions.driverId })
          .from(missions)
          .where(eq(missions.id, missionId))
          .for('update');
        await tx
          .insert(missionTracking)
          .values({ missionId, driverId: driver?.driverId ?? null })
          .onConflictDoNothing();
        const [locked] = await tx
          .select({ purgedAt: missionTracking.purgedAt })
          .from(missionTracking)
          .where(and(eq(missionTracking.missionId, missionId), isNull(missionTracking.purgedAt)))
          .for('update');
        const points = await tx
          .select({
            latitude: gpsPositions.latitude,
            longitude: gpsPositions.longitude,
            recordedAt: gpsPositions.recordedAt,
          })
          .from(gpsPositions)
          .where(eq(gpsPositions.missionId, missionId))
          .orderBy(asc(gpsPositions.recordedAt), asc(gpsPositions.id));
        if (points.length === 0) return;
        if (locked) {
          const summary = tripSummary(
            points.map((point) => ({
              latitude: Number(point.latitude),
              longitude: Number(point.longitude),
              recordedAt: point.recordedAt,
            })),
          );
          await tx
            .update(missionTracking)
            .set({ summary: { ...summary }, purgedAt: now, pausedAt: null })
            .where(eq(missionTracking.missionId, missionId));
        }
        await tx.delete(gpsPositions).where(eq(gpsPositions.missionId, missionId));
        purged++;
      });
    }
  }
}
