import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminMissionsQuerySchema, AdminMissionList } from '#core/schemas/admin-missions.js';
import { parseDate } from '#core/schemas/dates.js';
import { searchable } from '#core/rules/text.js';
import type { Db } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import { inTeamWorlds } from '../../platform/demo-world.js';
import { applicationCount, companyUser, driverUser, pendingApplicationCount, toItem } from './shared.js';

const PAGE_SIZE = 20;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The first instant of a Paris day, and the first instant of the next one. */
const dayStart = (day: string) => (parseDate(day) as { date: Date }).date;
const nextDayStart = (day: string) => {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
  return dayStart(next);
};

/**
 * GET /api/admin/missions: the missions matching the search (title and cities, the reference or the start of the
 * id, the company's name, the driver's name) and the filters, newest first, a page at a time.
 */
export async function searchMissions(
  db: Db,
  query: z.output<typeof adminMissionsQuerySchema>,
): Promise<AdminMissionList> {
  // Never a visitor's demonstration sandbox (platform/demo-world.ts); the showroom's missions carry their flag.
  const conditions: (SQL | undefined)[] = [inTeamWorlds(missions.sandboxId)];
  if (query.q) {
    const words = `%${escapeLike(query.q)}%`;
    const terms = searchable(query.q).split(' ').filter(Boolean);
    const idPrefix = query.q.replace(/^#/, '').toLowerCase();
    conditions.push(
      or(
        // Every word in the title, description or cities (lower-case, without accents), as the public search.
        terms.length > 0
          ? and(...terms.map((term) => sql`${missions.searchText} like ${`%${escapeLike(term)}%`}`))
          : undefined,
        ilike(missions.title, words),
        ilike(companyUser.companyName, words),
        ilike(companyUser.fullName, words),
        ilike(driverUser.fullName, words),
        /^[0-9a-f-]{4,36}$/.test(idPrefix)
          ? sql`${missions.id}::text like ${`${escapeLike(idPrefix)}%`}`
          : undefined,
      ),
    );
  }
  if (query.status) conditions.push(eq(missions.status, query.status));
  if (query.companyId) conditions.push(eq(missions.companyId, query.companyId));
  if (query.driverId) conditions.push(eq(missions.driverId, query.driverId));
  if (query.urgent !== undefined) conditions.push(eq(missions.urgency, query.urgent));
  const column = query.dateField === 'start' ? missions.startDate : missions.createdAt;
  if (query.from) conditions.push(gte(column, dayStart(query.from)));
  if (query.to) conditions.push(sql`${column} < ${nextDayStart(query.to)}`);
  const where = and(...conditions);

  const base = db
    .select({ total: count() })
    .from(missions)
    .innerJoin(companyUser, eq(companyUser.id, missions.companyId))
    .leftJoin(driverUser, eq(driverUser.id, missions.driverId))
    .where(where);
  const [[totals], rows] = await Promise.all([
    base,
    db
      .select({
        mission: missions,
        company: {
          id: companyUser.id,
          fullName: companyUser.fullName,
          companyName: companyUser.companyName,
          isDemo: companyUser.isDemo,
        },
        driver: { id: driverUser.id, fullName: driverUser.fullName, isDemo: driverUser.isDemo },
        applicationCount,
        pendingApplicationCount,
      })
      .from(missions)
      .innerJoin(companyUser, eq(companyUser.id, missions.companyId))
      .leftJoin(driverUser, eq(driverUser.id, missions.driverId))
      .where(where)
      .orderBy(desc(missions.createdAt), desc(missions.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
  ]);
  return {
    missions: rows.map((row) =>
      toItem(row.mission, {
        company: row.company,
        driver: row.driver,
        applicationCount: row.applicationCount,
        pendingApplicationCount: row.pendingApplicationCount,
      }),
    ),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}
