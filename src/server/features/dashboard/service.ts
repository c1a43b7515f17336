import { PgDialect } from 'drizzle-orm/pg-core';
import { roleOf } from '#core/rules/roles.js';
import type { Db } from '../../db/client.js';
import { isoText, jsonText } from '../../db/json-sql.js';
import { parisPeriodStart } from '../../db/paris.js';
import type { User } from '../../db/schema/users.js';

/** The start of this month in Paris, as the text of the SQL that computes it (db/paris.ts). */
const monthStart = new PgDialect().sqlToQuery(parisPeriodStart('month')).sql;

/** The last ten events of the missions `mine` selects (m: missions), newest first, as the answer's `recent`. */
const recent = (mine: string) => `(
  select coalesce(json_agg(json_build_object('id', r.id, 'missionId', r.mission_id, 'missionTitle', r.title,
    'type', r.type, 'status', r.status, 'createdAt', ${isoText('r.created_at')}) order by r.created_at desc, r.id desc), '[]')
  from (
    select e.id, e.mission_id, m.title, e.type, e.status, e.created_at
    from mission_events e join missions m on m.id = e.mission_id
    where ${mine}
    order by e.created_at desc, e.id desc limit 10
  ) r
)`;

/**
 * Driver: applications pending and accepted, missions in progress, completed this month, earnings this month
 * (what the missions completed this month owe: the agreed price applied to the real times, as the payment
 * records it; the mission's price until that record exists). Each table is read once: the counts of one table come
 * from one scan of the driver's rows, the payment only for the missions completed this month.
 */
const DRIVER_STATS = `
  select json_build_object(
    'role', 'driver',
    'counts', json_build_object('applicationsPending', a.pending, 'applicationsAccepted', a.accepted,
      'missionsInProgress', w.in_progress, 'completedThisMonth', w.completed_month),
    'earningsThisMonth', w.earnings,
    'firstStepDone', a.applied,
    'recent', ${recent('m.driver_id = $1')}
  )::text as body
  from (
    select count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'accepted')::int as accepted,
      count(*) > 0 as applied
    from mission_applications where driver_id = $1
  ) a, (
    select count(*) filter (where m.status in ('assigned', 'in_progress', 'delivered'))::int as in_progress,
      count(*) filter (where m.status = 'completed' and m.completed_at >= ${monthStart})::int as completed_month,
      coalesce(sum(case when m.status = 'completed' and m.completed_at >= ${monthStart}
        then coalesce((select p.amount_excl_tax from driver_payments p where p.mission_id = m.id), m.price) end),
        0)::numeric(12,2)::text as earnings
    from missions m where m.driver_id = $1
  ) w`;

/**
 * Transporter: missions open, assigned, under way, to confirm (delivered, waiting for the transporter to confirm
 * the end: what the dispatcher has to do), completed; applications waiting.
 */
const TRANSPORTER_STATS = `
  select json_build_object(
    'role', 'transporter',
    'counts', json_build_object('missionsOpen', s.open, 'missionsAssigned', s.assigned,
      'missionsUnderWay', s.in_progress, 'missionsToConfirm', s.delivered, 'missionsCompleted', s.completed,
      'applicationsWaiting', s.waiting),
    'earningsThisMonth', null,
    'firstStepDone', s.published,
    'recent', ${recent('m.company_id = $1')}
  )::text as body
  from (
    select count(*) filter (where status = 'available')::int as open,
      count(*) filter (where status = 'assigned')::int as assigned,
      count(*) filter (where status = 'in_progress')::int as in_progress,
      count(*) filter (where status = 'delivered')::int as delivered,
      count(*) filter (where status = 'completed')::int as completed,
      (select count(*)::int from mission_applications a join missions m on m.id = a.mission_id
        where m.company_id = $1 and a.status = 'pending') as waiting,
      count(*) > 0 as published
    from missions where company_id = $1
  ) s`;

/**
 * GET /api/dashboard/stats as JSON text (db/json-sql.ts): the figures of the role and the last events of the user's
 * missions, in one prepared statement. Both: the first step of the role done once (a driver applied, a transporter
 * published).
 */
export function dashboardStatsJson(db: Db, user: User): Promise<string> {
  return roleOf(user) === 'driver'
    ? jsonText(db, 'dashboard-driver', DRIVER_STATS, [user.id])
    : jsonText(db, 'dashboard-transporter', TRANSPORTER_STATS, [user.id]);
}
