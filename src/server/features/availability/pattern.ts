import { sql } from 'drizzle-orm';
import { dayOutOfReach, daysOf, planPattern, type PlannedDay } from '#core/rules/availability.js';
import type { ApplyResult, HolidaysInput, PatternInput } from '#core/schemas/availability.js';
import type { Db } from '../../db/client.js';
import { availability } from '../../db/schema/documents.js';
import type { User } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import { heldDays, lockDriver } from './shared.js';
import { parisToday } from '#core/rules/days.js';

/** The range must start today or later and end within a year. */
function checkRange(from: string, to: string) {
  const today = parisToday();
  const start = dayOutOfReach(from, today);
  if (start) throw new AppError(400, start, { from: start });
  const end = dayOutOfReach(to, today);
  if (end) throw new AppError(400, end, { to: end });
}

/**
 * Writes the planned days in one statement, under the driver's lock. Days a mission holds are not marked
 * available (they are reported as skipped); marked otherwise, they are reported so the driver can warn the
 * transporter.
 */
async function writePlan(db: Db, driver: User, from: string, to: string, planned: PlannedDay[]) {
  return db.transaction(async (tx): Promise<ApplyResult> => {
    await lockDriver(tx, driver.id);
    const held = await heldDays(tx, driver.id, from, to);
    const skipped: ApplyResult['skipped'] = [];
    const missionDays: ApplyResult['missionDays'] = [];
    const rows = [];
    for (const day of planned) {
      const mission = held.get(day.date);
      if (mission && day.status === 'available') skipped.push({ date: day.date, ...mission });
      else {
        if (mission) missionDays.push({ date: day.date, ...mission });
        rows.push({ driverId: driver.id, ...day });
      }
    }
    if (rows.length > 0)
      await tx
        .insert(availability)
        .values(rows)
        .onConflictDoUpdate({
          target: [availability.driverId, availability.date],
          set: {
            status: sql`excluded.status`,
            startTime: sql`excluded.start_time`,
            endTime: sql`excluded.end_time`,
            notes: sql`excluded.notes`,
            updatedAt: sql`now()`,
          },
        });
    return { set: rows.length, skipped, missionDays };
  });
}

/** POST /api/availability/pattern: "dispo du lundi au vendredi" over a range, in one gesture. */
export async function applyPattern(db: Db, driver: User, input: PatternInput): Promise<ApplyResult> {
  checkRange(input.from, input.to);
  return writePlan(db, driver, input.from, input.to, planPattern(input));
}

/** POST /api/availability/holidays: every day of the range unavailable, with the note ("Congés" by default). */
export async function applyHolidays(db: Db, driver: User, input: HolidaysInput): Promise<ApplyResult> {
  checkRange(input.from, input.to);
  const notes = input.notes ?? 'Congés';
  const planned = daysOf(input.from, input.to).map((date) => ({
    date,
    status: 'unavailable' as const,
    startTime: null,
    endTime: null,
    notes,
  }));
  return writePlan(db, driver, input.from, input.to, planned);
}
