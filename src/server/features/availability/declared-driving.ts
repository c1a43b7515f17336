import { and, between, eq, sql } from 'drizzle-orm';
import { declaredDayProblem, firstDeclarableDay } from '#core/rules/declared-driving.js';
import { parisToday } from '#core/rules/days.js';
import type {
  DeclaredDay,
  DeclaredDrivingInput,
  DeclaredDrivingList,
} from '#core/schemas/declared-driving.js';
import type { Db } from '../../db/client.js';
import { declaredDriving } from '../../db/schema/driving.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';

/**
 * Driving done outside Relais (decision 053), declared by the driver per Paris calendar day, from 28 days back to
 * today: the driving-time check of the missions feature counts it. Only the driver reads or writes their days.
 */

const toDay = (row: typeof declaredDriving.$inferSelect): DeclaredDay => ({
  date: row.date,
  drivingMinutes: row.drivingMinutes,
  note: row.note,
});

function checkDay(date: string) {
  const problem = declaredDayProblem(date, parisToday());
  if (problem) throw new AppError(400, problem, { date: problem });
}

/** GET /api/availability/driving: the days that may still be declared, and those declared. */
export async function listDeclared(db: Db, driver: User): Promise<DeclaredDrivingList> {
  const today = parisToday();
  const firstDay = firstDeclarableDay(today);
  const rows = await db
    .select()
    .from(declaredDriving)
    .where(and(eq(declaredDriving.driverId, driver.id), between(declaredDriving.date, firstDay, today)))
    .orderBy(declaredDriving.date);
  return { today, firstDay, days: rows.map(toDay) };
}

/** PUT /api/availability/driving/:date: sets the day's driving (replacing what was declared). */
export async function setDeclared(
  db: Db,
  driver: User,
  date: string,
  input: DeclaredDrivingInput,
): Promise<DeclaredDay> {
  checkDay(date);
  const values = { drivingMinutes: input.drivingMinutes, note: input.note ?? null };
  const [row] = await db
    .insert(declaredDriving)
    .values({ driverId: driver.id, date, ...values })
    .onConflictDoUpdate({
      target: [declaredDriving.driverId, declaredDriving.date],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return toDay(row!);
}

/** DELETE /api/availability/driving/:date: nothing declared that day any more. */
export async function clearDeclared(db: Db, driver: User, date: string): Promise<void> {
  checkDay(date);
  await db
    .delete(declaredDriving)
    .where(and(eq(declaredDriving.driverId, driver.id), eq(declaredDriving.date, date)));
}
