import { sql } from 'drizzle-orm';
import type { TransporterAnalytics, TransporterFigures } from '#core/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { bucketRows, labelOf, num, periodRows, rate, type LabelledPeriod } from './period.js';
import { moneyText, owed } from './sql.js';

type FiguresRow = {
  kind: 'current' | 'previous';
  published: number;
  completed: number;
  cancelled: number;
  eligible: number;
  filled: number;
  first_median: number | null;
  first_average: number | null;
  first_missions: number;
  assign_median: number | null;
  assign_average: number | null;
  assign_missions: number;
  spend: string | null;
  delivered: number;
  on_time: number;
  rating_average: number | null;
  rating_count: number;
};

function toFigures(row: FiguresRow): TransporterFigures {
  return {
    published: row.published,
    completed: row.completed,
    cancelled: row.cancelled,
    fill: { filled: row.filled, eligible: row.eligible, rate: rate(row.filled, row.eligible) },
    firstApplication: {
      medianHours: num(row.first_median),
      averageHours: num(row.first_average),
      missions: row.first_missions,
    },
    assignment: {
      medianHours: num(row.assign_median),
      averageHours: num(row.assign_average),
      missions: row.assign_missions,
    },
    spend: row.completed > 0 ? row.spend : null,
    driverRating: { average: num(row.rating_average, 2), count: row.rating_count },
    onTime: { onTime: row.on_time, delivered: row.delivered, rate: rate(row.on_time, row.delivered) },
  };
}

/**
 * A transporter's figures for the period and the previous one, in one statement. Missions published in the
 * period give: published; fill rate = filled (a driver assigned, even if the mission went on to be cancelled) /
 * eligible (all, minus those still open before their start, minus those cancelled before any application);
 * hours from publication to the first application and to the (current) assignment, median and average.
 * Missions completed in the period: how many and what they owe (`owed`); cancelled in the period: how many.
 * Delivered in the period: on time when delivered no later than the planned end. Reviews this transporter gave
 * its drivers, published in the period and not removed: their average.
 */
async function transporterFigures(db: Db, user: User, period: LabelledPeriod) {
  const hours = (column: string) => sql.raw(`extract(epoch from (${column} - m.created_at)) / 3600`);
  const published = sql`m.created_at >= p.start_at and m.created_at < p.end_at`;
  const firstApplied = sql`${published} and m.first_applied_at is not null`;
  const assigned = sql`${published} and m.assigned_at is not null`;
  const completed = sql`m.status = 'completed' and m.completed_at >= p.start_at and m.completed_at < p.end_at`;
  const delivered = sql`m.status in ('delivered', 'completed') and m.delivered_at >= p.start_at and m.delivered_at < p.end_at`;
  const { rows } = await db.execute<FiguresRow>(sql`
    with mine as (
      select m.id, m.status, m.created_at, m.start_date, m.end_date, m.assigned_at, m.delivered_at,
        m.completed_at, m.cancelled_at, ${owed} as owed,
        (select min(a.created_at) from mission_applications a where a.mission_id = m.id) as first_applied_at
      from missions m left join driver_payments dp on dp.mission_id = m.id
      where m.company_id = ${user.id}
    )
    select p.kind,
      (count(m.id) filter (where ${published}))::int as published,
      (count(m.id) filter (where ${completed}))::int as completed,
      (count(m.id) filter (where m.status = 'cancelled' and m.cancelled_at >= p.start_at and m.cancelled_at < p.end_at))::int as cancelled,
      (count(m.id) filter (where ${published}
        and not (m.status = 'available' and m.start_date > now())
        and not (m.status = 'cancelled' and m.first_applied_at is null)))::int as eligible,
      (count(m.id) filter (where ${published}
        and not (m.status = 'available' and m.start_date > now())
        and not (m.status = 'cancelled' and m.first_applied_at is null)
        and (m.assigned_at is not null or m.status in ('assigned', 'in_progress', 'delivered', 'completed'))))::int as filled,
      (percentile_cont(0.5) within group (order by ${hours('m.first_applied_at')}) filter (where ${firstApplied}))::float8 as first_median,
      (avg(${hours('m.first_applied_at')}) filter (where ${firstApplied}))::float8 as first_average,
      (count(m.id) filter (where ${firstApplied}))::int as first_missions,
      (percentile_cont(0.5) within group (order by ${hours('m.assigned_at')}) filter (where ${assigned}))::float8 as assign_median,
      (avg(${hours('m.assigned_at')}) filter (where ${assigned}))::float8 as assign_average,
      (count(m.id) filter (where ${assigned}))::int as assign_missions,
      ${moneyText(sql`sum(m.owed) filter (where ${completed})`)} as spend,
      (count(m.id) filter (where ${delivered}))::int as delivered,
      (count(m.id) filter (where ${delivered} and m.delivered_at <= m.end_date))::int as on_time,
      (select avg(r.rating)::float8 from reviews r where r.reviewer_id = ${user.id}
        and r.published_at is not null and r.removed_at is null
        and r.published_at >= p.start_at and r.published_at < p.end_at) as rating_average,
      (select count(*)::int from reviews r where r.reviewer_id = ${user.id}
        and r.published_at is not null and r.removed_at is null
        and r.published_at >= p.start_at and r.published_at < p.end_at) as rating_count
    from ${periodRows(period)}
    left join mine m on true
    group by p.kind, p.start_at, p.end_at`);
  const of = (kind: FiguresRow['kind']) => toFigures(rows.find((row) => row.kind === kind)!);
  return { current: of('current'), previous: of('previous') };
}

/** Week by week or month by month: missions published, missions completed and what they owe. */
async function transporterSeries(db: Db, user: User, period: LabelledPeriod) {
  const { rows } = await db.execute<{
    start: string;
    published: number;
    completed: number;
    spend: string;
  }>(sql`
    select to_char(b.start, 'YYYY-MM-DD') as start,
      (select count(*)::int from missions m where m.company_id = ${user.id}
        and m.created_at >= b.start_at and m.created_at < b.end_at) as published,
      d.completed, d.spend
    from ${bucketRows(period)}
    cross join lateral (
      select count(*)::int as completed, ${moneyText(sql`coalesce(sum(${owed}), 0)`)} as spend
      from missions m left join driver_payments dp on dp.mission_id = m.id
      where m.company_id = ${user.id} and m.status = 'completed'
        and m.completed_at >= b.start_at and m.completed_at < b.end_at
    ) d
    order by b.start`);
  return rows.map((row) => ({
    start: row.start,
    label: labelOf(period, row.start),
    published: row.published,
    completed: row.completed,
    spend: row.spend,
  }));
}

/** GET /api/analytics for a transporter. */
export async function transporterAnalytics(
  db: Db,
  user: User,
  period: LabelledPeriod,
): Promise<TransporterAnalytics> {
  const [figures, series] = await Promise.all([
    transporterFigures(db, user, period),
    transporterSeries(db, user, period),
  ]);
  const { kind, from, to, previousFrom, previousTo, bucket, label, previousLabel } = period;
  return {
    role: 'transporter',
    period: { kind, from, to, previousFrom, previousTo, bucket, label, previousLabel },
    ...figures,
    series,
  };
}
