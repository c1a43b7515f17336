import { sql } from 'drizzle-orm';
import { siteAnalyticsMessages, type EventsReport, type Overview } from '#core/schemas/site-analytics.js';
import type { Db } from '../../db/client.js';
import { inWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { AppError } from '../../platform/errors.js';
import { parisDate } from '#core/rules/days.js';

const DAY = 86_400_000;
const MAX_DAYS = 366;

/** The period asked for, Paris days, both included: the last 30 days by default, a year at most. */
function periodOf(query: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = query.to ?? parisDate(now);
  const from = query.from ?? parisDate(new Date(Date.parse(`${to}T12:00:00Z`) - 29 * DAY));
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;
  if (days < 1)
    throw new AppError(400, siteAnalyticsMessages.periodReversed, {
      from: siteAnalyticsMessages.periodReversed,
    });
  if (days > MAX_DAYS)
    throw new AppError(400, siteAnalyticsMessages.periodTooLong, {
      from: siteAnalyticsMessages.periodTooLong,
    });
  return { from, to };
}

/** The instants bounding Paris days [from, to]: `at >= start and at < end` keeps the indexes usable. */
const bounds = (from: string, to: string) => ({
  start: sql`(${from}::date)::timestamp at time zone 'Europe/Paris'`,
  end: sql`(${to}::date + 1)::timestamp at time zone 'Europe/Paris'`,
});
const parisDay = (column: string) => sql.raw(`(${column} at time zone 'Europe/Paris')::date`);

/**
 * Registrations are the real world's (platform/demo-world.ts): a demonstration's accounts are written dated one to
 * two and a half years back, so that their history looks lived in, and would otherwise be counted on those days.
 */
const realAccount = inWorld(sql.raw('sandbox_id'), REAL_WORLD);

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await db.execute<Row>(query)).rows;
}

/** GET /api/admin/analytics/overview: every figure in SQL, over the period. */
export async function overview(db: Db, query: { from?: string; to?: string }): Promise<Overview> {
  const { from, to } = periodOf(query);
  const { start, end } = bounds(from, to);
  const [audience, visits, sessions, registrations, daily, topPages, topReferrers, devices] =
    await Promise.all([
      rows(
        db,
        sql`select coalesce(sum(views), 0) as views from analytics_audience where day between ${from} and ${to}`,
      ),
      rows(
        db,
        sql`
      select count(*) as visits, count(distinct visitor_id) as visitors,
        count(distinct visitor_id) filter (where converted) as converted
      from analytics_visits where created_at >= ${start} and created_at < ${end}`,
      ),
      rows(
        db,
        sql`
      select count(*) as sessions, coalesce(avg(coalesce(duration, 0)), 0) as duration,
        coalesce(avg(page_views), 0) as pages
      from analytics_sessions where started_at >= ${start} and started_at < ${end}`,
      ),
      rows(
        db,
        sql`
      select count(*) filter (where not is_admin and user_type = 'driver') as drivers,
        count(*) filter (where not is_admin and user_type = 'company') as transporters
      from users where created_at >= ${start} and created_at < ${end} and ${realAccount}`,
      ),
      rows(
        db,
        sql`
      with days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d)
      select to_char(days.day, 'YYYY-MM-DD') as day,
        coalesce((select sum(views) from analytics_audience a where a.day = days.day), 0) as page_views,
        coalesce(v.visits, 0) as visits, coalesce(s.sessions, 0) as sessions,
        coalesce(u.registrations, 0) as registrations
      from days
      left join (select ${parisDay('created_at')} as day, count(*) as visits from analytics_visits
        where created_at >= ${start} and created_at < ${end} group by 1) v on v.day = days.day
      left join (select ${parisDay('started_at')} as day, count(*) as sessions from analytics_sessions
        where started_at >= ${start} and started_at < ${end} group by 1) s on s.day = days.day
      left join (select ${parisDay('created_at')} as day, count(*) as registrations from users
        where created_at >= ${start} and created_at < ${end} and not is_admin
          and user_type in ('driver', 'company') and ${realAccount} group by 1) u on u.day = days.day
      order by days.day`,
      ),
      rows(
        db,
        sql`
      select page, sum(views) as views from analytics_audience where day between ${from} and ${to}
      group by page order by views desc, page limit 10`,
      ),
      rows(
        db,
        sql`
      select referrer, count(*) as sessions from analytics_sessions
      where started_at >= ${start} and started_at < ${end} and referrer is not null
      group by referrer order by sessions desc, referrer limit 10`,
      ),
      rows(
        db,
        sql`
      select device_type, sum(views) as views from analytics_audience where day between ${from} and ${to}
      group by device_type order by views desc, device_type`,
      ),
    ]);
  const v = visits[0]!;
  const s = sessions[0]!;
  const r = registrations[0]!;
  const visitors = num(v.visitors);
  const converted = num(v.converted);
  const round = (value: unknown, digits: number) => Math.round(num(value) * 10 ** digits) / 10 ** digits;
  return {
    from,
    to,
    totals: {
      pageViews: num(audience[0]!.views),
      visits: num(v.visits),
      uniqueVisitors: visitors,
      sessions: num(s.sessions),
      averageSessionSeconds: round(s.duration, 1),
      pagesPerSession: round(s.pages, 2),
    },
    registrations: {
      total: num(r.drivers) + num(r.transporters),
      drivers: num(r.drivers),
      transporters: num(r.transporters),
    },
    conversion: { visitors, converted, rate: visitors ? round(converted / visitors, 4) : 0 },
    daily: daily.map((d) => ({
      day: String(d.day),
      pageViews: num(d.page_views),
      visits: num(d.visits),
      sessions: num(d.sessions),
      registrations: num(d.registrations),
    })),
    topPages: topPages.map((p) => ({ page: String(p.page), views: num(p.views) })),
    topReferrers: topReferrers.map((p) => ({ referrer: String(p.referrer), sessions: num(p.sessions) })),
    devices: devices.map((d) => ({ deviceType: String(d.device_type), views: num(d.views) })),
  };
}

/** GET /api/admin/analytics/events: counts by type, category and label, and the latest ones (consent only). */
export async function eventsReport(
  db: Db,
  query: { from?: string; to?: string; type?: string },
): Promise<EventsReport> {
  const { from, to } = periodOf(query);
  const { start, end } = bounds(from, to);
  const type = query.type ? sql`and event_type = ${query.type}` : sql``;
  const [counts, recent] = await Promise.all([
    rows(
      db,
      sql`
      select event_type, event_category, event_label, count(*) as count from analytics_events
      where created_at >= ${start} and created_at < ${end} ${type}
      group by 1, 2, 3 order by count desc, event_type, event_category nulls first, event_label nulls first
      limit 50`,
    ),
    rows(
      db,
      sql`
      select created_at, event_type, event_category, event_label, page_path, user_id is not null as signed_in
      from analytics_events where created_at >= ${start} and created_at < ${end} ${type}
      order by created_at desc, id desc limit 50`,
    ),
  ]);
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    from,
    to,
    counts: counts.map((c) => ({
      type: String(c.event_type),
      category: text(c.event_category),
      label: text(c.event_label),
      count: num(c.count),
    })),
    recent: recent.map((e) => ({
      at: new Date(e.created_at as string).toISOString(),
      type: String(e.event_type),
      category: text(e.event_category),
      label: text(e.event_label),
      page: text(e.page_path),
      signedIn: Boolean(e.signed_in),
    })),
  };
}
