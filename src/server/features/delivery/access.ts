import { eq } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import { deliveryMessages } from '#core/schemas/delivery.js';
import type { Db } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import type { User } from '../../db/schema/users.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';

export type MissionRow = typeof missions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The viewer's side of the mission: its transporter, its assigned driver, or an admin. Anyone else is told the
 * mission is not there (as the mission page does), so its existence does not leak.
 */
export async function sideOf(db: Db | Tx, viewer: User, missionId: string, lock = false) {
  const query = db.select().from(missions).where(eq(missions.id, missionId));
  const [mission] = lock ? await query.for('update') : await query;
  if (!mission) throw notFound(deliveryMessages.notFound);
  if (roleOf(viewer) === 'admin') return { mission, side: 'admin' as const };
  if (mission.companyId === viewer.id) return { mission, side: 'transporter' as const };
  if (mission.driverId !== null && mission.driverId === viewer.id)
    return { mission, side: 'driver' as const };
  throw notFound(deliveryMessages.notFound);
}

/**
 * The mission for a step its driver takes (proof, incident, waiting): the other party and admins are refused
 * (403), the mission must be in one of `statuses` (409 with `closed`'s message otherwise). With `lock`, the
 * mission row is locked for the transaction: the step and the lifecycle's "deliver" are served one at a time.
 */
export async function driverMission(
  db: Db | Tx,
  driver: User,
  missionId: string,
  options: { statuses: readonly string[]; closed: string | ((status: string) => string); lock?: boolean },
): Promise<MissionRow> {
  const { mission, side } = await sideOf(db, driver, missionId, options.lock);
  if (side !== 'driver') throw forbidden(deliveryMessages.driverOnly);
  if (!options.statuses.includes(mission.status))
    throw new AppError(
      409,
      typeof options.closed === 'string' ? options.closed : options.closed(mission.status),
    );
  return mission;
}

export type { Tx };
