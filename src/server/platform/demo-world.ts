import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The demonstration boundary (decision 022), in one place. Every account lives in a world: the real
 * one (`users.sandbox_id` null), a visitor's demo sandbox (its id), or the showroom of accounts the team marked
 * as demo. Missions carry their publisher's world (`missions.sandbox_id`, kept by a trigger).
 * - Reading: every query that lists or finds other people's rows filters with `inWorld` for the viewer's world,
 *   so a real user never sees demo rows and a demo user sees only its sandbox. What the team works on (the
 *   back office's queues and figures) is the real world's.
 * - Writing: the database refuses any link across the boundary (application, assignment, conversation, message,
 *   review) with SQLSTATE RL001, whatever code writes it; the error handler answers 404 as for a row not found.
 */
export const SHOWROOM_WORLD = '00000000-0000-0000-0000-0000000000de';

/** The real world: where anonymous visitors, real members and the administrators live. */
export const REAL_WORLD = null;

/** SQLSTATE raised by the database triggers of migration 0014 when a write would cross the boundary. */
export const WORLD_BOUNDARY_CODE = 'RL001';

/** The world of an account, or of an anonymous visitor (the real one). */
export function worldOf(user: { sandboxId: string | null } | null | undefined): string | null {
  return user?.sandboxId ?? REAL_WORLD;
}

/** `column` belongs to `world`: `is null` for the real world (cheap, index-friendly), `= id` for a sandbox. */
export function inWorld(column: AnyColumn | SQL, world: string | null): SQL {
  return world === null ? sql`${column} is null` : sql`${column} = ${world}::uuid`;
}

/**
 * The worlds the back office lists (its users and missions): the real one and the showroom the team marks itself,
 * never a visitor's sandbox. Thousands of fictional accounts and missions, gone within a day, would bury the real
 * ones, and are nobody's to act on: a sandbox's people are not the team's to unmark, close or bill.
 */
export function inTeamWorlds(column: AnyColumn | SQL): SQL {
  return sql`(${column} is null or ${column} = ${SHOWROOM_WORLD}::uuid)`;
}

/** Whether an account belongs to a visitor's sandbox (not the real world, not the team's showroom). */
export const inVisitorSandbox = (user: { sandboxId: string | null }) =>
  user.sandboxId !== null && user.sandboxId !== SHOWROOM_WORLD;

/**
 * The world condition on an account id (a column holding a user id): for tables that have no world of their
 * own (applications, availability, reviews, bug reports…). No account (an anonymous bug report, a reporter whose
 * account was deleted) is the real world's, as an anonymous visitor is.
 */
export function accountInWorld(userIdColumn: AnyColumn | SQL, world: string | null): SQL {
  return world === null
    ? sql`not exists (select 1 from users w where w.id = ${userIdColumn} and w.sandbox_id is not null)`
    : sql`exists (select 1 from users w where w.id = ${userIdColumn} and w.sandbox_id = ${world}::uuid)`;
}
