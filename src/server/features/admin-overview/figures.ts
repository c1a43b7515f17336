import { sql } from 'drizzle-orm';
import {
  FLOW_FIGURES,
  type AdminOverview,
  type FlowFigure,
  type OverviewWindow,
} from '#core/schemas/admin-overview.js';
import type { Db } from '../../db/client.js';
import { accountInWorld, inWorld, REAL_WORLD } from '../../platform/demo-world.js';
import { paperTypeSql } from '../../platform/driver-papers.js';
import { smsFigures } from './sms-figures.js';

/** Days read: the last 30 and the 30 before them (the trend of the 30-day figures). */
const DAYS = 60;
const BACK = sql.raw(String(DAYS - 1));

/**
 * The figures are the real world's (platform/demo-world.ts): no demonstration account is counted, nor anything one
 * took part in. An account id left empty (no driver yet, a visitor's bug report) is the real world's.
 */
const real = (...accountIds: string[]) =>
  sql.join(
    accountIds.map((id) => accountInWorld(sql.raw(id), REAL_WORLD)),
    sql` and `,
  );
const realAccount = (alias: string) => inWorld(sql.raw(`${alias}.sandbox_id`), REAL_WORLD);
/** No party of the mission is a demonstration account. */
const realMission = (alias: string) => real(`${alias}.company_id`, `${alias}.driver_id`);

type DailyRow = Record<FlowFigure, number> & { day: string; filled: number };

/**
 * Each of the last 60 Paris days with its counts, computed by PostgreSQL: one aggregate per day and figure (the
 * rows themselves never leave the database). A day is Europe/Paris's, whatever the server's zone.
 */
async function dailyCounts(db: Db): Promise<DailyRow[]> {
  const { rows } = await db.execute<DailyRow>(sql`
    with bounds as (
      select (now() at time zone 'Europe/Paris')::date as today
    ), span as (
      select today, ((today - ${BACK})::timestamp at time zone 'Europe/Paris') as since from bounds
    ), days as (
      select d::date as day from span, generate_series(span.today - ${BACK}, span.today::timestamp, interval '1 day') d
    ), registered as (
      select (u.created_at at time zone 'Europe/Paris')::date as day,
        count(*) filter (where u.user_type = 'driver' and not u.is_admin)::int as drivers,
        count(*) filter (where u.user_type = 'company' and not u.is_admin)::int as transporters
      from users u, span where u.created_at >= span.since and ${realAccount('u')}
      group by 1
    ), published as (
      select (m.created_at at time zone 'Europe/Paris')::date as day, count(*)::int as published,
        count(*) filter (where m.status in ('assigned', 'in_progress', 'delivered', 'completed'))::int as filled
      from missions m, span where m.created_at >= span.since and ${realMission('m')}
      group by 1
    ), assigned as (
      select (e.created_at at time zone 'Europe/Paris')::date as day, count(distinct e.mission_id)::int as assigned
      from mission_events e join missions m on m.id = e.mission_id, span
      where e.type = 'assigned' and e.created_at >= span.since and ${realMission('m')}
      group by 1
    ), completed as (
      select (m.completed_at at time zone 'Europe/Paris')::date as day, count(*)::int as completed
      from missions m, span where m.completed_at >= span.since and m.status = 'completed' and ${realMission('m')}
      group by 1
    ), cancelled as (
      select (m.cancelled_at at time zone 'Europe/Paris')::date as day, count(*)::int as cancelled
      from missions m, span where m.cancelled_at >= span.since and m.status = 'cancelled' and ${realMission('m')}
      group by 1
    ), applied as (
      select (a.created_at at time zone 'Europe/Paris')::date as day, count(*)::int as applications
      from mission_applications a join missions m on m.id = a.mission_id, span
      where a.created_at >= span.since
        and ${real('a.driver_id', 'm.company_id')}
      group by 1
    ), written as (
      select (g.created_at at time zone 'Europe/Paris')::date as day, count(*)::int as messages
      from messages g, span
      where g.created_at >= span.since
        and ${real('g.sender_id', 'g.receiver_id')}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
      coalesce(registered.drivers, 0) as "newDrivers",
      coalesce(registered.transporters, 0) as "newTransporters",
      coalesce(published.published, 0) as published,
      coalesce(published.filled, 0) as filled,
      coalesce(assigned.assigned, 0) as assigned,
      coalesce(completed.completed, 0) as completed,
      coalesce(cancelled.cancelled, 0) as cancelled,
      coalesce(applied.applications, 0) as applications,
      coalesce(written.messages, 0) as messages
    from days
      left join registered using (day)
      left join published using (day)
      left join assigned using (day)
      left join completed using (day)
      left join cancelled using (day)
      left join applied using (day)
      left join written using (day)
    order by days.day`);
  return rows;
}

/** The sums of the days [from, to) counted back from today (0 = today). */
function windowOf(rows: DailyRow[], fromBack: number, toBack: number): OverviewWindow {
  const picked = rows.slice(rows.length - toBack, rows.length - fromBack);
  const sum = (key: FlowFigure | 'filled') => picked.reduce((total, row) => total + row[key], 0);
  const figures = Object.fromEntries(FLOW_FIGURES.map((key) => [key, sum(key)])) as Record<
    FlowFigure,
    number
  >;
  const published = sum('published');
  return { ...figures, fillRate: published === 0 ? null : sum('filled') / published };
}

type WaitingRow = {
  documents: number;
  oldestDocumentAt: Date | string | null;
  driverValidations: number;
  bugReports: number;
  reviewReports: number;
  openMissions: number;
  underWay: number;
  awaitingCompletion: number;
};

/**
 * What waits for the team now, and the missions live, in one statement (demonstration accounts aside: the same
 * rule as each queue's list, so a counter never promises what the list does not show).
 */
async function waitingCounts(db: Db): Promise<WaitingRow> {
  const { rows } = await db.execute<WaitingRow>(sql`
    select
      (select count(*)::int from documents d join users u on u.id = d.user_id
        where d.status = 'pending' and ${paperTypeSql('d')} and ${realAccount('u')}) as documents,
      (select min(d.uploaded_at) from documents d join users u on u.id = d.user_id
        where d.status = 'pending' and ${paperTypeSql('d')} and ${realAccount('u')}) as "oldestDocumentAt",
      (select count(*)::int from users u left join driver_applications a on a.user_id = u.id
        where u.user_type = 'driver' and u.account_status = 'active' and ${realAccount('u')}
          and coalesce(a.status, 'pending_validation') = 'pending_validation') as "driverValidations",
      (select count(*)::int from bug_reports b
        where b.status in ('new', 'in_progress') and ${real('b.user_id')}) as "bugReports",
      (select count(*)::int from review_reports r
        where r.status = 'open' and ${real('r.reporter_id')}) as "reviewReports",
      (select count(*)::int from missions m where m.status = 'available' and ${realMission('m')}) as "openMissions",
      (select count(*)::int from missions m
        where m.status in ('assigned', 'in_progress') and ${realMission('m')}) as "underWay",
      (select count(*)::int from missions m where m.status = 'delivered' and ${realMission('m')})
        as "awaitingCompletion"`);
  return rows[0]!;
}

/** GET /api/admin/overview. */
export async function adminOverview(db: Db, smsOffered: boolean): Promise<AdminOverview> {
  const [rows, waiting, sms] = await Promise.all([
    dailyCounts(db),
    waitingCounts(db),
    smsFigures(db, smsOffered),
  ]);
  const oldest = waiting.oldestDocumentAt;
  return {
    today: rows.at(-1)!.day,
    windows: {
      today: windowOf(rows, 0, 1),
      yesterday: windowOf(rows, 1, 2),
      last7: windowOf(rows, 0, 7),
      previous7: windowOf(rows, 7, 14),
      last30: windowOf(rows, 0, 30),
      previous30: windowOf(rows, 30, 60),
    },
    daily: rows.slice(-30).map(({ filled: _filled, ...row }) => row),
    waiting: {
      documents: waiting.documents,
      oldestDocumentAt: oldest === null ? null : new Date(oldest).toISOString(),
      driverValidations: waiting.driverValidations,
      bugReports: waiting.bugReports,
      reviewReports: waiting.reviewReports,
    },
    live: {
      openMissions: waiting.openMissions,
      underWay: waiting.underWay,
      awaitingCompletion: waiting.awaitingCompletion,
    },
    sms,
  };
}
