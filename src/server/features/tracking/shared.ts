import { eq } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import type { DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { missionTracking } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { Realtime } from '../../platform/realtime.js';

export const MISSION_NOT_FOUND = 'Mission introuvable';

/** What tracking needs of a mission row. */
export const missionFields = {
  id: missions.id,
  title: missions.title,
  status: missions.status,
  companyId: missions.companyId,
  driverId: missions.driverId,
  startDate: missions.startDate,
  endDate: missions.endDate,
  startedAt: missions.startedAt,
  deliveredAt: missions.deliveredAt,
  completedAt: missions.completedAt,
  cancelledAt: missions.cancelledAt,
  pickupCity: missions.pickupCity,
  deliveryCity: missions.deliveryCity,
  pickupLat: missions.pickupLat,
  pickupLng: missions.pickupLng,
  deliveryLat: missions.deliveryLat,
  deliveryLng: missions.deliveryLng,
};

/** Who reads a mission's positions: its driver, its transporter, or an administrator. */
export type Reader = 'driver' | 'transporter' | 'admin';

/**
 * The reader's part in the mission: its two parties and the administrators; anyone else is told the mission
 * does not exist (as its detail page does once a driver is chosen).
 */
export function readerOf(user: User, mission: { companyId: string; driverId: string | null }): Reader {
  if (mission.driverId === user.id) return 'driver';
  if (mission.companyId === user.id) return 'transporter';
  if (roleOf(user) === 'admin') return 'admin';
  throw notFound(MISSION_NOT_FOUND);
}

/** Only the mission's driver shares positions; its other readers are refused, strangers told it does not exist. */
export function requireMissionDriver(
  user: User,
  mission: { companyId: string; driverId: string | null },
  message: string,
): void {
  if (readerOf(user, mission) !== 'driver') throw forbidden(message);
}

/** The mission row, locked `for share` inside a transaction: its delivery waits for what is written here. */
export async function lockMission(tx: DbOrTx, missionId: string) {
  const [row] = await tx.select(missionFields).from(missions).where(eq(missions.id, missionId)).for('share');
  if (!row) throw notFound(MISSION_NOT_FOUND);
  return row;
}

export async function trackingRow(tx: DbOrTx, missionId: string) {
  const [row] = await tx.select().from(missionTracking).where(eq(missionTracking.missionId, missionId));
  return row ?? null;
}

/** Tells the transporter and the driver's devices that the tracking changed (on every instance). */
export function announce(
  realtime: Realtime,
  mission: { id: string; companyId: string; driverId: string | null },
  state: { paused: boolean; lastPositionAt: Date | null },
): Promise<void> {
  return realtime.deliver([mission.companyId, ...(mission.driverId ? [mission.driverId] : [])], {
    type: 'tracking-update',
    missionId: mission.id,
    paused: state.paused,
    lastPositionAt: state.lastPositionAt?.toISOString() ?? null,
  });
}

export const iso = (date: Date | null) => date?.toISOString() ?? null;
export const num = (value: string | null) => (value === null ? null : Number(value));
