import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { addDays, parisDate, parisToday } from '#core/rules/days.js';
import {
  moveMissionTo,
  occurrencesBetween,
  recurrenceSummary,
  type Occurrence,
} from '#core/rules/recurrence.js';
import type { MissionTemplate, MissionTemplateInput } from '#core/schemas/recurrence.js';
import { recurrenceMessages } from '#core/schemas/recurrence.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { missionOccurrences, missionTemplates } from '../../db/schema/recurrence.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, emailNotVerified, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { lockActiveUsers } from '../../platform/sessions.js';
import { missionValues } from './publish.js';
import { inputForDay, publishDueOccurrences, ruleOf, type TemplateRow } from './recurring-publisher.js';

/** Series running at once per company: enough for a dispatcher's weekly routes, not a flood of publications. */
const MAX_RUNNING_SERIES = 50;

const templateErrors = {
  notFound: 'Série introuvable',
  notOwner: 'Cette série appartient à un autre transporteur',
  tooMany: `Vous avez déjà ${MAX_RUNNING_SERIES} séries en cours : arrêtez-en une pour en créer une autre.`,
} as const;

/** The mission's addresses are placed now, so that a refusal shows under the form's field before anything is saved. */
function checkPlaces(input: MissionTemplateInput): void {
  try {
    missionValues(input.mission);
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([key, message]) => [`mission.${key}`, message]),
    );
    throw new AppError(400, error.message, errors);
  }
}

/** What a series holds in its row, from the form: the first mission, which starts the series on its day. */
function rowValues(input: MissionTemplateInput) {
  return {
    mission: JSON.parse(JSON.stringify(input.mission)) as Record<string, unknown>,
    title: input.mission.title,
    weekdays: input.rule.weekdays,
    firstDay: parisDate(input.mission.startDate),
    until: input.rule.until,
    occurrenceCount: input.rule.count,
    leadDays: input.rule.leadDays,
    holidays: input.rule.holidays,
  };
}

/**
 * The company's series, or 404/403. In a transaction, locked for writing in the job's order (the company's row, then
 * the series): a publication under way ends first, and none starts on the old terms after.
 */
async function ownTemplate(db: DbOrTx, company: User, id: string, lock = false): Promise<TemplateRow> {
  if (lock) await lockActiveUsers(db, company.id);
  const query = db.select().from(missionTemplates).where(eq(missionTemplates.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(templateErrors.notFound);
  if (row.companyId !== company.id) throw forbidden(templateErrors.notOwner);
  return row;
}

type Published = {
  templateId: string;
  due: string;
  id: string | null;
  startDate: Date | null;
  status: string | null;
};

/** What the series published, latest first, in one query for them all. */
async function publishedBy(db: Db, templateIds: string[]): Promise<Map<string, Published[]>> {
  const rows =
    templateIds.length === 0
      ? []
      : await db
          .select({
            templateId: missionOccurrences.templateId,
            due: missionOccurrences.due,
            id: missions.id,
            startDate: missions.startDate,
            status: missions.status,
          })
          .from(missionOccurrences)
          .leftJoin(missions, eq(missions.id, missionOccurrences.missionId))
          .where(inArray(missionOccurrences.templateId, templateIds))
          .orderBy(desc(missionOccurrences.due));
  const bySeries = new Map(templateIds.map((id): [string, Published[]] => [id, []]));
  for (const row of rows) bySeries.get(row.templateId)!.push(row);
  return bySeries;
}

/** Series as their company reads them: the rule in words, the next days, the missions published. */
async function templateViews(db: Db, rows: TemplateRow[]): Promise<MissionTemplate[]> {
  const published = await publishedBy(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => templateView(row, published.get(row.id)!));
}

const viewOf = async (db: Db, row: TemplateRow) => (await templateViews(db, [row]))[0]!;

function templateView(row: TemplateRow, published: Published[], now = new Date()): MissionTemplate {
  const rule = ruleOf(row);
  const done = new Set(published.map((occurrence) => occurrence.due));
  const today = parisToday(now);
  const upcoming: Occurrence[] = [];
  if (!row.stoppedAt)
    for (const occurrence of occurrencesBetween(rule, today, addDays(today, 400))) {
      if (done.has(occurrence.due) || inputForDay(row.mission, occurrence.day).startDate <= now) continue;
      upcoming.push(occurrence);
      if (upcoming.length === 3) break;
    }
  const nextDay = upcoming[0]?.day ?? row.firstDay;
  return {
    id: row.id,
    title: row.title,
    pickupCity: (row.mission.pickupCity as string | null | undefined) ?? null,
    deliveryCity: (row.mission.deliveryCity as string | null | undefined) ?? null,
    // As stored (instants in ISO), moved to the next mission's day: what the form edits.
    mission: moveMissionTo(row.mission as { startDate: string }, nextDay),
    rule: {
      weekdays: [...rule.weekdays],
      firstDay: rule.firstDay,
      until: rule.until,
      count: rule.count,
      leadDays: row.leadDays,
      holidays: rule.holidays,
    },
    summary: recurrenceSummary({ ...rule, leadDays: row.leadDays }),
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    finished: !row.stoppedAt && upcoming.length === 0,
    upcoming: upcoming.map(({ day, holiday }) => ({ day, holiday })),
    missions: published
      .filter((occurrence) => occurrence.id !== null)
      .slice(0, 10)
      .map((occurrence) => ({
        id: occurrence.id!,
        startDate: occurrence.startDate!.toISOString(),
        status: occurrence.status!,
      })),
    publishedCount: published.length,
    createdAt: row.createdAt.toISOString(),
  };
}

/** POST /api/mission-templates: the series is saved, and the missions already within its window are published. */
export async function createTemplate(
  db: Db,
  events: EventBus,
  log: FastifyBaseLogger,
  company: User,
  input: MissionTemplateInput,
): Promise<MissionTemplate> {
  if (!company.emailVerified) throw emailNotVerified(emailRequiredMessages.publish);
  checkPlaces(input);
  const row = await db.transaction(async (tx) => {
    // The company's row locked for writing first: two creations at once count each other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, company.id)).for('update');
    await lockActiveUsers(tx, company.id);
    const [{ value: running } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(missionTemplates)
      .where(and(eq(missionTemplates.companyId, company.id), isNull(missionTemplates.stoppedAt)));
    if (running >= MAX_RUNNING_SERIES) throw new AppError(409, templateErrors.tooMany);
    const [created] = await tx
      .insert(missionTemplates)
      .values({ companyId: company.id, ...rowValues(input) })
      .returning();
    return created!;
  });
  await publishDueOccurrences(db, events, log, { templateId: row.id });
  return viewOf(db, row);
}

/**
 * PUT /api/mission-templates/:id: the missions not published yet follow the new terms; those published keep theirs
 * (each has its own life). The series starts again on the form's first mission (the next one, as the form shows
 * it); those published before that day count towards its number of missions.
 */
export async function updateTemplate(
  db: Db,
  events: EventBus,
  log: FastifyBaseLogger,
  company: User,
  id: string,
  input: MissionTemplateInput,
): Promise<MissionTemplate> {
  checkPlaces(input);
  const row = await db.transaction(async (tx) => {
    const current = await ownTemplate(tx, company, id, true);
    if (current.stoppedAt) throw new AppError(409, recurrenceMessages.stopped);
    const values = rowValues(input);
    const [{ value: countedBefore } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(missionOccurrences)
      .where(and(eq(missionOccurrences.templateId, id), lt(missionOccurrences.due, values.firstDay)));
    const [updated] = await tx
      .update(missionTemplates)
      .set({ ...values, countedBefore })
      .where(eq(missionTemplates.id, id))
      .returning();
    return updated!;
  });
  await publishDueOccurrences(db, events, log, { templateId: row.id });
  return viewOf(db, row);
}

/** POST /api/mission-templates/:id/stop: nothing more is published; the missions already out keep their course. */
export async function stopTemplate(db: Db, company: User, id: string): Promise<MissionTemplate> {
  const row = await db.transaction(async (tx) => {
    const current = await ownTemplate(tx, company, id, true);
    if (current.stoppedAt) return current;
    const [stopped] = await tx
      .update(missionTemplates)
      .set({ stoppedAt: new Date() })
      .where(eq(missionTemplates.id, id))
      .returning();
    return stopped!;
  });
  return viewOf(db, row);
}

export async function getTemplate(db: Db, company: User, id: string): Promise<MissionTemplate> {
  return viewOf(db, await ownTemplate(db, company, id));
}

/** GET /api/mission-templates: the company's series, running first, then the latest. */
export async function listTemplates(db: Db, company: User): Promise<MissionTemplate[]> {
  const rows = await db
    .select()
    .from(missionTemplates)
    .where(eq(missionTemplates.companyId, company.id))
    .orderBy(desc(isNull(missionTemplates.stoppedAt)), desc(missionTemplates.createdAt))
    .limit(100);
  return templateViews(db, rows);
}
