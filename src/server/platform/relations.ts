import { sql } from 'drizzle-orm';
import { DAYS_TOGETHER_AFTER_COMPLETION, WORKING_STATUSES, type Relation } from '#core/rules/relations.js';
import type { DbOrTx } from '../db/client.js';

const working = sql.raw(WORKING_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The relation between two users (core/rules/relations.ts), in either order, through any mission or through
 * `missionId` only. Several features ask it (profiles, missions, messaging): it lives here, once.
 */
export async function relationBetween(
  tx: DbOrTx,
  a: string,
  b: string,
  missionId?: string | null,
): Promise<Relation> {
  const mission = missionId ?? null;
  const {
    rows: [row],
  } = await tx.execute<{ active: boolean; linked: boolean }>(sql`
    with pair (company_id, driver_id) as (values (${a}::uuid, ${b}::uuid), (${b}::uuid, ${a}::uuid)),
    linked as (
      select m.id, m.status, m.completed_at, m.driver_id = p.driver_id as assigned,
        (select x.status from mission_applications x where x.mission_id = m.id and x.driver_id = p.driver_id) as application
      from pair p
      join missions m on m.company_id = p.company_id
      where (${mission}::uuid is null or m.id = ${mission}::uuid)
        and (m.driver_id = p.driver_id or exists (
          select 1 from mission_applications x where x.mission_id = m.id and x.driver_id = p.driver_id))
    )
    select
      exists (select 1 from linked where
        (assigned and (status in (${working}) or (status = 'completed'
          and completed_at > now() - make_interval(days => ${DAYS_TOGETHER_AFTER_COMPLETION}))))
        or (application = 'pending' and status = 'available')) as active,
      exists (select 1 from linked) as linked`);
  return row?.active ? 'active' : row?.linked ? 'past' : 'none';
}

/**
 * Whether two users share (or shared) a mission or an application, in the same world (decision 022: an account
 * the team marked as demo keeps its old missions, not its contacts): one query, for what happens often (typing).
 */
export async function areLinked(tx: DbOrTx, a: string, b: string): Promise<boolean> {
  const {
    rows: [row],
  } = await tx.execute<{ linked: boolean }>(sql`
    select relais_world_of(${a}::uuid) is not distinct from relais_world_of(${b}::uuid) and exists (
      select 1 from missions m
      where (m.company_id = ${a} and (m.driver_id = ${b} or exists (
              select 1 from mission_applications x where x.mission_id = m.id and x.driver_id = ${b})))
         or (m.company_id = ${b} and (m.driver_id = ${a} or exists (
              select 1 from mission_applications x where x.mission_id = m.id and x.driver_id = ${a})))
    ) as linked`);
  return row?.linked ?? false;
}
