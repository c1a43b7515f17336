import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';

/**
 * Many rows into one table in one statement, fast: `INSERT … SELECT … FROM unnest($1::text[], $2::text[], …)`,
 * one array parameter per column, each value encoded by its Drizzle column (mapToDriverValue, as an ordinary
 * insert does) and cast back to the column's type in the SELECT. Drizzle's multi-row `values([...])` builds one
 * SQL chunk per value: for the few thousand values of a sandbox that alone took longer than the whole target.
 * Columns no row gives are left to their database default; a column some rows leave out gets its default for
 * those rows (the JS default, else the SQL one).
 */
export async function bulkInsert<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
): Promise<void> {
  if (rows.length === 0) return;
  const records = rows as ReadonlyArray<Record<string, unknown>>;
  const columns = (Object.entries(getTableColumns(table)) as Array<[string, PgColumn]>).filter(
    ([key, column]) => !column.generated && records.some((row) => row[key] !== undefined),
  );
  const names: SQL[] = [];
  const casts: SQL[] = [];
  const arrays: SQL[] = [];
  columns.forEach(([key, column], index) => {
    const values = records.map((row) => {
      let value = row[key];
      if (value === undefined && column.defaultFn) value = column.defaultFn();
      if (value === undefined && column.default !== undefined && !is(column.default, SQL))
        value = column.default;
      if (value === undefined || value === null) return null;
      const encoded: unknown = column.mapToDriverValue(value);
      return typeof encoded === 'string' ? encoded : JSON.stringify(encoded);
    });
    const cast = sql`${sql.raw(`t.c${index}`)}::${sql.raw(column.getSQLType())}`;
    const left = values.some((value, row) => value === null && records[row]![key] === undefined);
    names.push(sql`${sql.identifier(toSnakeCase(column.name))}`);
    casts.push(left && is(column.default, SQL) ? sql`coalesce(${cast}, ${column.default})` : cast);
    arrays.push(sql`${sql.param(values)}::text[]`);
  });
  const aliases = sql.raw(columns.map((_, index) => `c${index}`).join(', '));
  await tx.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(casts, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as t(${aliases})`,
  );
}
