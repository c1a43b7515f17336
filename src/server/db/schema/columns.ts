import { sql, type SQL } from 'drizzle-orm';
import { numeric, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Shared column shapes: money has 2 decimals, coordinates 6 (docs/specification.md §9). */
export const id = () => uuid().primaryKey().defaultRandom();
export const money = () => numeric({ precision: 12, scale: 2 });
export const coordinate = () => numeric({ precision: 9, scale: 6 });
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamptz = () => timestamp({ withTimezone: true });

/** `column IN ('a', 'b')` for check constraints built from the enumerations in core. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.join(
    values.map((value) => sql.raw(`'${value.replace(/'/g, "''")}'`)),
    sql`, `,
  )})`;
}

export const score = (column: AnyPgColumn) => sql`${column} between 1 and 5`;
