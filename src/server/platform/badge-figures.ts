import { sql, type SQL } from 'drizzle-orm';
import { BADGE_RULES, type DriverBadgeFigures } from '#core/rules/badges.js';
import type { DbOrTx } from '../db/client.js';

const { reliable, safety_champion: safety, fast_responder: fast } = BADGE_RULES;
/** Constants of the rules, written into the statement (never user input). */
const raw = (value: number) => sql.raw(String(Math.trunc(value)));

/**
 * Drivers' badge figures, measured in SQL (core/rules/badges.ts decides from them): the badges feature's
 * recompute and GET /api/badges/mine for one driver, the demo seed for every driver of a sandbox once its rows are
 * written. For each driver:
 *
 * - reliable: the driver's last 20 missions started (missions.started_at, newest first); on time when started at
 *   most 15 min after the planned start (started_at ≤ start_date + 15 min; an early start is on time). Only the
 *   server's clock counts: GPS positions are taken once the mission has started (tracking begins at "Démarrer la
 *   mission"), so their phone-clock time is never earlier unless the phone's clock is wrong.
 * - expert: missions completed.
 * - top_rated: the driver's published reviews not removed by an administrator (one per mission), and the sum of
 *   their overall ratings.
 * - fast_responder: a conversation counts when a transporter wrote in it to the driver; its question is the
 *   transporter's first message there, its reply the driver's first message after it. Answered in time: the reply
 *   came within the hour. A question less than an hour old and not answered yet is not counted (it may still be).
 *   The last 50 counted conversations, by question time.
 * - safety_champion: the driver's last 50 completed missions (by completion), and the incidents of type accident or
 *   damage reported on them (by anyone).
 */
function figuresOf(driverId: SQL): SQL {
  return sql`
    with
    started as (
      select m.started_at, m.start_date from missions m
      where m.driver_id = ${driverId} and m.started_at is not null
      order by m.started_at desc, m.id
      limit ${raw(reliable.window)}
    ),
    last_completed as (
      select m.id from missions m
      where m.driver_id = ${driverId} and m.status = 'completed'
      order by m.completed_at desc nulls last, m.id
      limit ${raw(safety.window)}
    ),
    asked as (
      select q.conversation_id, min(q.created_at) as asked_at
      from messages q
      join users s on s.id = q.sender_id and s.user_type = 'company'
      where q.receiver_id = ${driverId}
      group by q.conversation_id
    ),
    replied as (
      select a.conversation_id, a.asked_at,
        (select min(r.created_at) from messages r
          where r.conversation_id = a.conversation_id and r.sender_id = ${driverId}
            and r.created_at >= a.asked_at) as replied_at
      from asked a
    ),
    counted as (
      select asked_at, replied_at from replied
      where replied_at is not null or asked_at <= now() - make_interval(mins => ${raw(fast.replyWithinMinutes)})
      order by asked_at desc, conversation_id
      limit ${raw(fast.window)}
    ),
    rated as (
      select count(*)::int as reviews, coalesce(sum(v.rating), 0)::int as rating_sum
      from reviews v
      where v.reviewee_id = ${driverId} and v.published_at is not null and v.removed_at is null
    )
    select
      (select count(*)::int from started) as started,
      (select count(*)::int from started
        where started_at <= start_date + make_interval(mins => ${raw(reliable.graceMinutes)})) as on_time,
      (select count(*)::int from missions m where m.driver_id = ${driverId} and m.status = 'completed') as completed,
      (select reviews from rated) as reviews,
      (select rating_sum from rated) as rating_sum,
      (select count(*)::int from counted) as conversations,
      (select count(*)::int from counted
        where replied_at <= asked_at + make_interval(mins => ${raw(fast.replyWithinMinutes)})) as answered_in_time,
      (select count(*)::int from last_completed) as last_completed,
      (select count(*)::int from mission_incidents i
        where i.mission_id in (select id from last_completed) and i.type in ('accident', 'damage')) as incidents`;
}

/** One driver's figures, in one statement. */
export async function measureDriver(db: DbOrTx, driverId: string): Promise<DriverBadgeFigures> {
  const { rows } = await db.execute<Record<string, number>>(figuresOf(sql`${driverId}`));
  return toFigures(rows[0] ?? {});
}

/** Several drivers' figures, in one statement (each driver's measure is the one above). */
export async function measureDrivers(
  db: DbOrTx,
  driverIds: readonly string[],
): Promise<Map<string, DriverBadgeFigures>> {
  if (driverIds.length === 0) return new Map();
  const { rows } = await db.execute<Record<string, number> & { driver_id: string }>(sql`
    select d.driver_id, f.* from unnest(${`{${driverIds.join(',')}}`}::uuid[]) as d(driver_id)
    cross join lateral (${figuresOf(sql`d.driver_id`)}) f`);
  return new Map(rows.map((row) => [row.driver_id, toFigures(row)]));
}

function toFigures(row: Record<string, number>): DriverBadgeFigures {
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    reliable: { started: n('started'), onTime: n('on_time') },
    expert: { completed: n('completed') },
    top_rated: { reviews: n('reviews'), ratingSum: n('rating_sum') },
    fast_responder: { conversations: n('conversations'), answeredInTime: n('answered_in_time') },
    safety_champion: { completed: n('last_completed'), incidents: n('incidents') },
  };
}
