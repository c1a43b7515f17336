import { sql, type SQL } from 'drizzle-orm';

/** The start of the current day or month in Europe/Paris, as SQL: the Freemium limits count from there. */
export function parisPeriodStart(period: 'day' | 'month'): SQL {
  return sql.raw(`(date_trunc('${period}', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`);
}
