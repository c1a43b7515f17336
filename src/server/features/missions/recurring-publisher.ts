import { and, eq, gte, isNull } from 'drizzle-orm';
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
import type { Db, DbOrTx } from '../../db/client.js';
import { missionOccurrences, missionTemplates } from '../../db/schema/recurrence.js';
import { users } from '../../db/schema/users.js';
import type { EventBus, RecordedEvent } from '../../platform/events.js';
import { lockActiveUsers } from '../../platform/sessions.js';
import { insertMission, missionValues } from './publish.js';

export type TemplateRow = typeof missionTemplates.$inferSelect;

/** The rule a row holds. */
export const ruleOf = (row: TemplateRow): RecurrenceRule => ({
  weekdays: row.weekdays,
  firstDay: row.firstDay,
  until: row.until,
  count: row.occurrenceCount,
  countedBefore: row.countedBefore,
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
 * Publishes a series' occurrences due within its window (today to today + lead days, Paris) that were not published
 * yet, in one transaction: the company's row locked open first (the order account deletion takes), then the series
 * re-read and held (`for share`: an edit or a stop waits for it, and one that came first is what is published), each
 * occurrence's key claimed in a savepoint with its mission — once across instances. An occurrence whose mission
 * would already have started is let go; one the database refuses (a time a change of clocks removed, say) is logged
 * and skipped. Returns the events to publish once committed.
 */
async function publishSeries(
  tx: DbOrTx,
  log: FastifyBaseLogger,
  templateId: string,
  companyId: string,
  now: Date,
) {
  await lockActiveUsers(tx, companyId);
  const [template] = await tx
    .select()
    .from(missionTemplates)
    .where(and(eq(missionTemplates.id, templateId), isNull(missionTemplates.stoppedAt)))
    .for('share');
  if (!template) return [];
  const today = parisToday(now);
  const due = occurrencesBetween(ruleOf(template), today, addDays(today, template.leadDays));
  if (due.length === 0) return [];
  const done = new Set(
    (
      await tx
        .select({ due: missionOccurrences.due })
        .from(missionOccurrences)
        .where(and(eq(missionOccurrences.templateId, template.id), gte(missionOccurrences.due, due[0]!.due)))
    ).map((row) => row.due),
  );
  const events: RecordedEvent[] = [];
  for (const occurrence of due) {
    if (done.has(occurrence.due)) continue;
    const input = inputForDay(template.mission, occurrence.day);
    if (input.startDate.getTime() <= now.getTime()) continue;
    try {
      const event = await tx.transaction(async (savepoint) => {
        const [claimed] = await savepoint
          .insert(missionOccurrences)
          .values({ templateId: template.id, due: occurrence.due })
          .onConflictDoNothing()
          .returning();
        if (!claimed) return null;
        const { mission, published } = await insertMission(
          savepoint,
          template.companyId,
          missionValues(input),
        );
        await savepoint
          .update(missionOccurrences)
          .set({ missionId: mission.id })
          .where(
            and(eq(missionOccurrences.templateId, template.id), eq(missionOccurrences.due, occurrence.due)),
          );
        return published;
      });
      if (event) events.push(event);
    } catch (error) {
      log.warn({ templateId, due: occurrence.due, err: error }, 'recurring mission not published');
    }
  }
  return events;
}

/**
 * Every running series of an open, confirmed company account (`templateId`: that one only, just created or edited):
 * its due occurrences published, each series on its own — one that fails is logged and the others go on. After a
 * stop, the days still ahead are caught up.
 */
export async function publishDueOccurrences(
  db: Db,
  events: EventBus,
  log: FastifyBaseLogger,
  options: { now?: Date; templateId?: string } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const series = await db
    .select({ id: missionTemplates.id, companyId: missionTemplates.companyId })
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
  for (const { id, companyId } of series) {
    try {
      const done = await db.transaction((tx) => publishSeries(tx, log, id, companyId, now));
      for (const event of done) await events.publish(event);
      published += done.length;
    } catch (error) {
      log.error({ templateId: id, err: error }, 'recurring missions not published');
    }
  }
  return published;
}
