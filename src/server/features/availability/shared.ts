import { and, eq, inArray, sql } from 'drizzle-orm';
import { MISSION_HOLDING_STATUSES, missionDays } from '#core/rules/availability.js';
import type { DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { users } from '../../db/schema/users.js';
import { unauthorized } from '../../platform/errors.js';
import { isOpenAccount } from '../../platform/sessions.js';

/**
 * Locks the driver's row for the change (FOR UPDATE): an accept of one of their applications locks the same row
 * (FOR SHARE, platform/sessions.ts lockActiveUsers), so "a mission that day" is read after it, never beside it.
 */
export async function lockDriver(tx: DbOrTx, driverId: string): Promise<void> {
  const [row] = await tx.select().from(users).where(eq(users.id, driverId)).for('update');
  if (!isOpenAccount(row)) throw unauthorized();
}

export interface HeldDay {
  missionId: string;
  missionTitle: string;
}

/** The days from `from` to `to` on which the driver has an assigned or running mission (Paris days). */
export async function heldDays(tx: DbOrTx, driverId: string, from: string, to: string) {
  const rows = await tx
    .select({
      id: missions.id,
      title: missions.title,
      startDate: missions.startDate,
      endDate: missions.endDate,
    })
    .from(missions)
    .where(
      and(
        eq(missions.driverId, driverId),
        inArray(missions.status, [...MISSION_HOLDING_STATUSES]),
        sql`(${missions.startDate} at time zone 'Europe/Paris')::date <= ${to}::date`,
        sql`(${missions.endDate} at time zone 'Europe/Paris')::date >= ${from}::date`,
      ),
    )
    .orderBy(missions.startDate, missions.id);
  const held = new Map<string, HeldDay>();
  for (const row of rows)
    for (const date of missionDays(row.startDate, row.endDate))
      if (date >= from && date <= to && !held.has(date))
        held.set(date, { missionId: row.id, missionTitle: row.title });
  return held;
}
