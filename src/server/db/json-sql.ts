import type pg from 'pg';
import type { Db } from './client.js';

/**
 * The reads every signed-in screen polls (alerts, conversations, dashboard) answer the JSON PostgreSQL assembles,
 * read as one text value of one row of one prepared statement and sent as it is (platform/json-text.ts), as the
 * mission search does (docs/decisions/025-hot-reads.md): no field of any row is parsed, mapped, checked by the
 * response schema and serialised again in Node, which was most of these requests' cost. The statements build what
 * the response schema describes; each read's tests compare the answer with what the JavaScript mappers give.
 */

/** A timestamptz as JavaScript's toISOString writes it: UTC, milliseconds (truncated, as a Date keeps them), Z. */
export const isoText = (expression: string) =>
  `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The role a user row speaks as (core roleOf), for the users table aliased `alias`. */
export const roleText = (alias: string) =>
  `case when ${alias}.is_admin or ${alias}.user_type = 'admin' then 'admin'
    when ${alias}.user_type = 'company' then 'transporter' else 'driver' end`;

/**
 * Runs a named (prepared once per connection: parsed and planned once) statement whose one row has one column,
 * `body`, the JSON as text (cast to text so that the driver does not parse it).
 */
export async function jsonText(db: Db, name: string, text: string, values: unknown[]): Promise<string> {
  // Drizzle's handle keeps its pool as $client (drizzle-orm/node-postgres), which the Db type leaves out.
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const { rows } = await pool.query<{ body: string }>({ name, text, values });
  return rows[0]!.body;
}
