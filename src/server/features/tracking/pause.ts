import { sql } from 'drizzle-orm';
import { trackingMessages } from '#core/schemas/tracking.js';
import { missionTracking } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { announce, iso, lockMission, requireMissionDriver } from './shared.js';

/**
 * The driver pauses or resumes sharing (in progress only); the transporter sees "suivi en pause" at once. While
 * paused, points taken after the pause are refused by the server too, not only left unsent by the phone.
 * Pausing twice keeps the first pause time.
 */
export async function setPaused(
  { db, realtime }: Pick<FeatureDeps, 'db' | 'realtime'>,
  user: User,
  missionId: string,
  paused: boolean,
): Promise<{ paused: boolean; pausedAt: string | null }> {
  const { mission, row } = await db.transaction(async (tx) => {
    const mission = await lockMission(tx, missionId);
    requireMissionDriver(user, mission, trackingMessages.notDriver);
    if (mission.status !== 'in_progress') throw new AppError(409, trackingMessages.notInProgress);
    const pausedAt = paused ? sql`coalesce(${missionTracking.pausedAt}, now())` : null;
    const [row] = await tx
      .insert(missionTracking)
      .values({ missionId, driverId: user.id, pausedAt: paused ? sql`now()` : null })
      .onConflictDoUpdate({ target: missionTracking.missionId, set: { pausedAt } })
      .returning();
    return { mission, row: row! };
  });
  await announce(realtime, mission, { paused: row.pausedAt !== null, lastPositionAt: row.lastPositionAt });
  return { paused: row.pausedAt !== null, pausedAt: iso(row.pausedAt) };
}
