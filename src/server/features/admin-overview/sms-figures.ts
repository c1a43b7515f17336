import { sql } from 'drizzle-orm';
import type { AdminOverview } from '#core/schemas/admin-overview.js';
import type { Db } from '../../db/client.js';

const DAYS = 30;
const BACK = sql.raw(String(DAYS - 1));

/**
 * The SMS of the last 30 Paris days (decision 051): sent, their segments (what the provider bills) and the sends
 * the provider refused, per day, and the sums of the last 30 days. Only real accounts ever get one.
 */
export async function smsFigures(db: Db, offered: boolean): Promise<AdminOverview['sms']> {
  const { rows } = await db.execute<{ day: string; sent: number; segments: number; failed: number }>(sql`
    with bounds as (select (now() at time zone 'Europe/Paris')::date as today),
    days as (
      select d::date as day from bounds, generate_series(bounds.today - ${BACK}, bounds.today::timestamp, interval '1 day') d
    ), counted as (
      select (s.created_at at time zone 'Europe/Paris')::date as day,
        count(*) filter (where s.status = 'sent')::int as sent,
        coalesce(sum(s.segments) filter (where s.status = 'sent'), 0)::int as segments,
        count(*) filter (where s.status = 'failed')::int as failed
      from sms_messages s, bounds
      where s.created_at >= ((bounds.today - ${BACK})::timestamp at time zone 'Europe/Paris')
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sent, 0) as sent,
      coalesce(segments, 0) as segments, coalesce(failed, 0) as failed
    from days left join counted using (day) order by days.day`);
  const month = await db.execute<{ sent: number; segments: number }>(sql`
    select count(*)::int as sent, coalesce(sum(segments), 0)::int as segments from sms_messages
    where status = 'sent'
      and created_at >= (((now() at time zone 'Europe/Paris')::date - 29)::timestamp at time zone 'Europe/Paris')`);
  return { offered, daily: rows, last30: month.rows[0]! };
}
