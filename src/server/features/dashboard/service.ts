import { sql } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import type { DashboardStats } from '#core/schemas/dashboard.js';
import type { Db } from '../../db/client.js';
import { parisPeriodStart } from '../../db/paris.js';
import type { User } from '../../db/schema/users.js';

const monthStart = parisPeriodStart('month');

/**
 * Driver: applications pending and accepted, missions in progress, completed this month, earnings this month
 * (what the missions completed this month owe: the agreed price applied to the real times, as the payment
 * records it; the mission's price until that record exists). Transporter: missions open,
 * assigned, in progress, completed, applications waiting. Both: the last events of their missions.
 */
export async function dashboardStats(db: Db, user: User): Promise<DashboardStats> {
  const role: 'driver' | 'transporter' = roleOf(user) === 'driver' ? 'driver' : 'transporter';
  if (role === 'driver') {
    const [row] = (
      await db.execute<{
        pending: number;
        accepted: number;
        in_progress: number;
        completed_month: number;
        earnings: string | null;
        applied: boolean;
      }>(sql`
      select
        (select count(*)::int from mission_applications where driver_id = ${user.id} and status = 'pending') as pending,
        (select count(*)::int from mission_applications where driver_id = ${user.id} and status = 'accepted') as accepted,
        (select count(*)::int from missions where driver_id = ${user.id} and status in ('assigned', 'in_progress', 'delivered')) as in_progress,
        (select count(*)::int from missions where driver_id = ${user.id} and status = 'completed' and completed_at >= ${monthStart}) as completed_month,
        (select coalesce(sum(coalesce(p.amount, m.price)), 0)::numeric(12,2)::text from missions m
          left join driver_payments p on p.mission_id = m.id
          where m.driver_id = ${user.id} and m.status = 'completed' and m.completed_at >= ${monthStart}) as earnings,
        exists (select 1 from mission_applications where driver_id = ${user.id}) as applied
    `)
    ).rows;
    return {
      role,
      counts: {
        applicationsPending: row!.pending,
        applicationsAccepted: row!.accepted,
        missionsInProgress: row!.in_progress,
        completedThisMonth: row!.completed_month,
      },
      earningsThisMonth: row!.earnings ?? '0.00',
      firstStepDone: row!.applied,
      recent: await recentActivity(db, sql`m.driver_id = ${user.id}`),
    };
  }
  const [row] = (
    await db.execute<Record<string, number> & { published: boolean }>(sql`
    select
      count(*) filter (where status = 'available')::int as open,
      count(*) filter (where status = 'assigned')::int as assigned,
      count(*) filter (where status = 'in_progress')::int as in_progress,
      count(*) filter (where status = 'delivered')::int as delivered,
      count(*) filter (where status = 'completed')::int as completed,
      (select count(*)::int from mission_applications a join missions m on m.id = a.mission_id
        where m.company_id = ${user.id} and a.status = 'pending') as waiting,
      count(*) > 0 as published
    from missions where company_id = ${user.id}
  `)
  ).rows;
  return {
    role,
    counts: {
      missionsOpen: row!.open!,
      missionsAssigned: row!.assigned!,
      missionsUnderWay: row!.in_progress!,
      // Delivered, waiting for the transporter to confirm the end: what the dispatcher has to do.
      missionsToConfirm: row!.delivered!,
      missionsCompleted: row!.completed!,
      applicationsWaiting: row!.waiting!,
    },
    earningsThisMonth: null,
    firstStepDone: row!.published,
    recent: await recentActivity(db, sql`m.company_id = ${user.id}`),
  };
}

async function recentActivity(db: Db, mine: ReturnType<typeof sql>) {
  const { rows } = await db.execute<{
    id: string;
    mission_id: string;
    title: string;
    type: string;
    status: string | null;
    created_at: Date | string;
  }>(sql`
    select e.id, e.mission_id, m.title, e.type, e.status, e.created_at
    from mission_events e join missions m on m.id = e.mission_id
    where ${mine}
    order by e.created_at desc limit 10
  `);
  return rows.map((row) => ({
    id: row.id,
    missionId: row.mission_id,
    missionTitle: row.title,
    type: row.type,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
