import { and, between, eq, notInArray, sql } from 'drizzle-orm';
import { dayOutOfReach, missionDayMessage } from '#core/rules/availability.js';
import type { AvailabilityDay, Calendar, SetDayInput } from '#core/schemas/availability.js';
import type { Db } from '../../db/client.js';
import { availability } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import { heldDays, lockDriver } from './shared.js';
import { parisToday } from '#core/rules/days.js';

const toDay = (row: typeof availability.$inferSelect): AvailabilityDay => ({
  date: row.date,
  status: row.status as AvailabilityDay['status'],
  startTime: row.startTime,
  endTime: row.endTime,
  notes: row.notes,
});

/** GET /api/availability: the days the driver set, and their missions over the range (Paris days). */
export async function getCalendar(db: Db, driver: User, from: string, to: string): Promise<Calendar> {
  const [days, missionRows] = await Promise.all([
    db
      .select()
      .from(availability)
      .where(and(eq(availability.driverId, driver.id), between(availability.date, from, to)))
      .orderBy(availability.date),
    db
      .select({
        id: missions.id,
        title: missions.title,
        startDate: missions.startDate,
        endDate: missions.endDate,
        pickupCity: missions.pickupCity,
        deliveryCity: missions.deliveryCity,
        status: missions.status,
      })
      .from(missions)
      .where(
        and(
          eq(missions.driverId, driver.id),
          notInArray(missions.status, ['available', 'cancelled']),
          sql`(${missions.startDate} at time zone 'Europe/Paris')::date <= ${to}::date`,
          sql`(${missions.endDate} at time zone 'Europe/Paris')::date >= ${from}::date`,
        ),
      )
      .orderBy(missions.startDate, missions.id)
      .limit(200),
  ]);
  return {
    from,
    to,
    today: parisToday(),
    days: days.map(toDay),
    missions: missionRows.map((row) => ({
      ...row,
      status: row.status as Calendar['missions'][number]['status'],
      startDate: row.startDate.toISOString(),
      endDate: row.endDate.toISOString(),
    })),
  };
}

function checkReach(date: string) {
  const problem = dayOutOfReach(date, parisToday());
  if (problem) throw new AppError(400, problem, { date: problem });
}

/**
 * PUT /api/availability/:date. Under the driver's lock: a day held by an assigned or running mission cannot be
 * marked available (partially, with hours, it can).
 */
export async function setDay(
  db: Db,
  driver: User,
  date: string,
  input: SetDayInput,
): Promise<AvailabilityDay> {
  checkReach(date);
  return db.transaction(async (tx) => {
    await lockDriver(tx, driver.id);
    if (input.status === 'available') {
      const held = (await heldDays(tx, driver.id, date, date)).get(date);
      if (held)
        throw new AppError(
          409,
          missionDayMessage(date, held.missionTitle),
          undefined,
          undefined,
          'mission_day',
        );
    }
    const values = {
      status: input.status,
      startTime: input.status === 'busy' ? input.startTime : null,
      endTime: input.status === 'busy' ? input.endTime : null,
      notes: input.notes ?? null,
    };
    const [row] = await tx
      .insert(availability)
      .values({ driverId: driver.id, date, ...values })
      .onConflictDoUpdate({
        target: [availability.driverId, availability.date],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    return toDay(row!);
  });
}

/** DELETE /api/availability/:date: back to "non renseigné". */
export async function clearDay(db: Db, driver: User, date: string): Promise<void> {
  checkReach(date);
  await db.delete(availability).where(and(eq(availability.driverId, driver.id), eq(availability.date, date)));
}
