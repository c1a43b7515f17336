import { sql } from 'drizzle-orm';
import { RETENTION_MONTHS } from '#core/rules/site-analytics.js';
import type { Db } from '../../db/client.js';

const BATCH = 5_000;

/**
 * CNIL: the rows that hold identifiers (sessions, visits, events) are deleted 13 months after they were made; the
 * anonymous daily counts (analytics_audience) are kept. In batches, so a large backlog never holds long locks.
 * Returns how many rows went.
 */
export async function purgeSiteAnalytics(db: Db, now: Date): Promise<number> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(months => ${RETENTION_MONTHS})`;
  let deleted = 0;
  const tables = [
    sql`delete from analytics_events where id in
      (select id from analytics_events where created_at < ${cutoff} limit ${BATCH})`,
    sql`delete from analytics_visits where id in
      (select id from analytics_visits where created_at < ${cutoff} limit ${BATCH})`,
    // Their remaining events go with them (foreign key, on delete cascade).
    sql`delete from analytics_sessions where id in
      (select id from analytics_sessions where started_at < ${cutoff} limit ${BATCH})`,
  ];
  for (const statement of tables) {
    for (;;) {
      const count = (await db.execute(statement)).rowCount ?? 0;
      deleted += count;
      if (count < BATCH) break;
    }
  }
  return deleted;
}
