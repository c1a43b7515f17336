import { and, eq, isNull } from 'drizzle-orm';
import type { WaitingPlace } from '#core/rules/enums.js';
import { deliveryMessages } from '#core/schemas/delivery.js';
import type { Db } from '../../db/client.js';
import { waitingPeriods } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { timeOfAction } from '../../platform/action-time.js';
import { AppError, databaseErrorCode } from '../../platform/errors.js';
import { driverMission } from './access.js';

const running = {
  statuses: ['in_progress'],
  // Once delivered, "démarrez-la d’abord" would be wrong: the wait ended with the delivery.
  closed: (status: string) =>
    ['delivered', 'completed'].includes(status)
      ? deliveryMessages.waitingDelivered
      : deliveryMessages.notInProgress,
  lock: true,
};

/**
 * The driver starts counting a wait at the pickup or the delivery. One open period per mission: the mission row
 * is locked while checking, and the unique partial index (mission where not ended) backs it up.
 */
export async function startWaiting(db: Db, driver: User, missionId: string, place: WaitingPlace, at?: Date) {
  try {
    await db.transaction(async (tx) => {
      const mission = await driverMission(tx, driver, missionId, running);
      const [open] = await tx
        .select({ id: waitingPeriods.id })
        .from(waitingPeriods)
        .where(and(eq(waitingPeriods.missionId, missionId), isNull(waitingPeriods.endedAt)));
      if (open) throw new AppError(409, deliveryMessages.waitingOpen);
      await tx
        .insert(waitingPeriods)
        .values({ missionId, place, startedAt: timeOfAction(at, mission.startedAt), startedBy: driver.id });
    });
  } catch (error) {
    if (databaseErrorCode(error) === '23505') throw new AppError(409, deliveryMessages.waitingOpen);
    throw error;
  }
}

/** The driver stops the running wait (the delivery closes it too, see missions/lifecycle.ts). */
export async function stopWaiting(db: Db, driver: User, missionId: string, at?: Date) {
  await db.transaction(async (tx) => {
    await driverMission(tx, driver, missionId, running);
    const [open] = await tx
      .select({ id: waitingPeriods.id, startedAt: waitingPeriods.startedAt })
      .from(waitingPeriods)
      .where(and(eq(waitingPeriods.missionId, missionId), isNull(waitingPeriods.endedAt)));
    if (!open) throw new AppError(409, deliveryMessages.waitingNone);
    await tx
      .update(waitingPeriods)
      .set({ endedAt: timeOfAction(at, open.startedAt) })
      .where(eq(waitingPeriods.id, open.id));
  });
}
