import { and, eq, isNull, sql } from 'drizzle-orm';
import { addDays, parisToday } from '#core/rules/days.js';
import {
  MISSION_INSTANTS,
  moveMissionTo,
  occurrencesBetween,
  type HolidayPolicy,
  type RecurrenceRule,
} from '#core/rules/recurrence.js';
import type { MissionInput } from '#core/schemas/missions.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { missionOccurrences, missionTemplates } from '../../db/schema/recurrence.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { insertMission, missionValues } from './publish.js';

export type TemplateRow = typeof missionTemplates.$inferSelect;

/** The rule a row holds. */
export const ruleOf = (row: TemplateRow): RecurrenceRule => ({
  weekdays: row.weekdays,
  firstDay: row.firstDay,
  until: row.until,
  count: row.occurrenceCount,
  holidays: row.holidays as HolidayPolicy,
});

/** The series' mission as the publish form would have sent it for that day. */
export function inputForDay(stored: Record<string, unknown>, day: string): MissionInput {
  const moved = moveMissionTo(stored as { startDate: string }, day) as Record<string, unknown>;
  // JSON kept the instants as text.
  for (const key of MISSION_INSTANTS)
    if (typeof moved[key] === 'string' && moved[key] !== '') moved[key] = new Date(moved[key]);
  return moved as unknown as MissionInput;
}

/**
 * Publishes each occurrence due within its series' window (today to today + lead days, Paris) that was not
 * published yet: once across instances (the occurrence's key is claimed in the mission's own transaction), and
 * after a stop the days still ahead are caught up (a day whose mission would already have started is let go).
 * Only for open, confirmed company accounts. `templateId`: that series only (just created or edited).
 */
export async function publishDueOccurrences(
  db: Db,
  events: EventBus,
  log: FastifyBaseLogger,
  options: { now?: Date; templateId?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const today = parisToday(now);
  const templates = await db
    .select({ template: missionTemplates })
    .from(missionTemplates)
    .innerJoin(users, eq(users.id, missionTemplates.companyId))
    .where(
      and(
        isNull(missionTemplates.stoppedAt),
        options.templateId ? eq(missionTemplates.id, options.templateId) : undefined,
        eq(users.isActive, true),
        eq(users.accountStatus, 'active'),
        eq(users.emailVerified, true),
      ),
    );
  let published = 0;
  for (const { template } of templates) {
    const due = occurrencesBetween(ruleOf(template), today, addDays(today, template.leadDays));
    if (due.length === 0) continue;
    const done = new Set(
      (
        await db
          .select({ due: missionOccurrences.due })
          .from(missionOccurrences)
          .where(
            and(
              eq(missionOccurrences.templateId, template.id),
              sql`${missionOccurrences.due} >= ${due[0]!.due}`,
            ),
          )
      ).map((row) => row.due),
    );
    for (const occurrence of due) {
      if (done.has(occurrence.due)) continue;
      const input = inputForDay(template.mission, occurrence.day);
      if (input.startDate.getTime() <= now.getTime()) continue;
      let values: ReturnType<typeof missionValues>;
      try {
        values = missionValues(input);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        log.warn(
          { templateId: template.id, due: occurrence.due, err: error },
          'recurring mission not placed',
        );
        continue;
      }
      const event = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(missionOccurrences)
          .values({ templateId: template.id, due: occurrence.due })
          .onConflictDoNothing()
          .returning();
        if (!claimed) return null;
        const { mission, published: event } = await insertMission(tx, template.companyId, values);
        await tx
          .update(missionOccurrences)
          .set({ missionId: mission.id })
          .where(
            and(eq(missionOccurrences.templateId, template.id), eq(missionOccurrences.due, occurrence.due)),
          );
        return event;
      });
      if (!event) continue;
      published += 1;
      await events.publish(event);
    }
  }
  return published;
}
