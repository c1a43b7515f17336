import { sql } from 'drizzle-orm';
import type { DriverAnalytics, DriverFigures } from '#core/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import {
  bucketRows,
  dayEnd,
  dayStart,
  labelOf,
  num,
  periodRows,
  rate,
  type LabelledPeriod,
} from './period.js';
import { earned, missionKm, missionKmJoins, moneyText } from './sql.js';

type FiguresRow = {
  kind: 'current' | 'previous';
  completed: number;
  earnings: string | null;
  measured_km: number;
  measured_missions: number;
  estimated_km: number;
  estimated_missions: number;
  unknown_missions: number;
  sent: number;
  accepted: number;
  rejected: number;
  pending: number;
  withdrawn: number;
  rating_average: number | null;
  rating_count: number;
};

const emptyRow = (kind: FiguresRow['kind']): FiguresRow => ({
  kind,
  completed: 0,
  earnings: null,
  measured_km: 0,
  measured_missions: 0,
  estimated_km: 0,
  estimated_missions: 0,
  unknown_missions: 0,
  sent: 0,
  accepted: 0,
  rejected: 0,
  pending: 0,
  withdrawn: 0,
  rating_average: null,
  rating_count: 0,
});

function toFigures(row: FiguresRow): DriverFigures {
  const measuredKm = num(row.measured_km) ?? 0;
  const estimatedKm = num(row.estimated_km) ?? 0;
  const known = row.measured_missions + row.estimated_missions;
  return {
    earnings: row.completed > 0 ? row.earnings : null,
    missionsCompleted: row.completed,
    applications: {
      sent: row.sent,
      accepted: row.accepted,
      rejected: row.rejected,
      pending: row.pending,
      withdrawn: row.withdrawn,
      rate: rate(row.accepted, row.accepted + row.rejected),
    },
    rating: { average: num(row.rating_average, 2), count: row.rating_count },
    distance: {
      km: known > 0 ? num(measuredKm + estimatedKm) : null,
      measuredKm,
      estimatedKm,
      measuredMissions: row.measured_missions,
      estimatedMissions: row.estimated_missions,
      unknownMissions: row.unknown_missions,
    },
  };
}

/**
 * A driver's figures for the period and the previous one, in one statement:
 * - missions completed (completed in the period) and what they earned before VAT (see `earned`), their kilometres (`missionKm`);
 * - applications sent in the period by outcome; acceptance = accepted / decided (accepted + rejected);
 * - reviews received, published in the period and not removed: their average rating.
 */
async function driverFigures(db: Db, user: User, period: LabelledPeriod) {
  const { rows } = await db.execute<FiguresRow>(sql`
    with done as (
      select m.id, m.completed_at, ${earned} as owed, ${missionKm}
      from missions m
      left join driver_payments dp on dp.mission_id = m.id
      ${missionKmJoins}
      where m.driver_id = ${user.id} and m.status = 'completed'
        and ((m.completed_at >= ${dayStart(period.from)} and m.completed_at < ${dayEnd(period.to)})
          or (m.completed_at >= ${dayStart(period.previousFrom)} and m.completed_at < ${dayEnd(period.previousTo)}))
    )
    select p.kind, d.*, a.*, r.*
    from ${periodRows(period)}
    cross join lateral (
      select count(*)::int as completed,
        ${moneyText(sql`sum(owed)`)} as earnings,
        coalesce(sum(measured_km), 0)::float8 as measured_km,
        count(measured_km)::int as measured_missions,
        coalesce(sum(estimated_km) filter (where measured_km is null), 0)::float8 as estimated_km,
        (count(*) filter (where measured_km is null and estimated_km is not null))::int as estimated_missions,
        (count(*) filter (where measured_km is null and estimated_km is null))::int as unknown_missions
      from done where completed_at >= p.start_at and completed_at < p.end_at
    ) d
    cross join lateral (
      select count(*)::int as sent,
        (count(*) filter (where status = 'accepted'))::int as accepted,
        (count(*) filter (where status = 'rejected'))::int as rejected,
        (count(*) filter (where status = 'pending'))::int as pending,
        (count(*) filter (where status = 'withdrawn'))::int as withdrawn
      from mission_applications
      where driver_id = ${user.id} and created_at >= p.start_at and created_at < p.end_at
    ) a
    cross join lateral (
      select avg(rating)::float8 as rating_average, count(*)::int as rating_count
      from reviews
      where reviewee_id = ${user.id} and published_at is not null and removed_at is null
        and published_at >= p.start_at and published_at < p.end_at
    ) r`);
  const of = (kind: FiguresRow['kind']) => toFigures(rows.find((row) => row.kind === kind) ?? emptyRow(kind));
  return { current: of('current'), previous: of('previous') };
}

/** Week by week or month by month: what completed missions owe, how many, and the reviews published then. */
async function driverSeries(db: Db, user: User, period: LabelledPeriod) {
  const { rows } = await db.execute<{
    start: string;
    earnings: string;
    completed: number;
    average: number | null;
    reviews: number;
  }>(sql`
    select to_char(b.start, 'YYYY-MM-DD') as start, d.earnings, d.completed, r.average, r.reviews
    from ${bucketRows(period)}
    cross join lateral (
      select ${moneyText(sql`coalesce(sum(${earned}), 0)`)} as earnings, count(*)::int as completed
      from missions m left join driver_payments dp on dp.mission_id = m.id
      where m.driver_id = ${user.id} and m.status = 'completed'
        and m.completed_at >= b.start_at and m.completed_at < b.end_at
    ) d
    cross join lateral (
      select avg(rating)::float8 as average, count(*)::int as reviews
      from reviews
      where reviewee_id = ${user.id} and published_at is not null and removed_at is null
        and published_at >= b.start_at and published_at < b.end_at
    ) r
    order by b.start`);
  return rows.map((row) => ({
    start: row.start,
    label: labelOf(period, row.start),
    earnings: row.earnings,
    completed: row.completed,
    averageRating: num(row.average, 2),
    reviews: row.reviews,
  }));
}

/** The five transporters the driver completed most missions for in the period (then by amount), named as shown. */
async function topTransporters(db: Db, user: User, period: LabelledPeriod) {
  const { rows } = await db.execute<{ id: string; name: string; missions: number; earnings: string }>(sql`
    select m.company_id as id, coalesce(u.company_name, u.full_name) as name,
      count(*)::int as missions, ${moneyText(sql`sum(${earned})`)} as earnings
    from missions m
    join users u on u.id = m.company_id
    left join driver_payments dp on dp.mission_id = m.id
    where m.driver_id = ${user.id} and m.status = 'completed'
      and m.completed_at >= ${dayStart(period.from)} and m.completed_at < ${dayEnd(period.to)}
    group by m.company_id, u.company_name, u.full_name
    order by count(*) desc, sum(${earned}) desc, name, m.company_id
    limit 5`);
  return rows;
}

/** GET /api/analytics for a driver. */
export async function driverAnalytics(db: Db, user: User, period: LabelledPeriod): Promise<DriverAnalytics> {
  const [figures, series, top] = await Promise.all([
    driverFigures(db, user, period),
    driverSeries(db, user, period),
    topTransporters(db, user, period),
  ]);
  const { kind, from, to, previousFrom, previousTo, bucket, label, previousLabel } = period;
  return {
    role: 'driver',
    period: { kind, from, to, previousFrom, previousTo, bucket, label, previousLabel },
    ...figures,
    series,
    topTransporters: top,
  };
}
