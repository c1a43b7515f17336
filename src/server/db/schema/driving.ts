import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DECLARED_DRIVING_MAX_MINUTES } from '#core/rules/declared-driving.js';
import { createdAt, id, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * Driving a driver declares done outside Relais (decision 053), per Paris calendar day: the driving-time check at
 * application and acceptance counts it. Read by the driver only; the transport company sees the verdict, not this.
 */
export const declaredDriving = pgTable(
  'declared_driving',
  {
    id: id(),
    driverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    drivingMinutes: integer().notNull(),
    note: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('declared_driving_driver_date_key').on(t.driverId, t.date),
    check(
      'declared_driving_minutes_check',
      sql`${t.drivingMinutes} between 0 and ${sql.raw(String(DECLARED_DRIVING_MAX_MINUTES))}`,
    ),
  ],
);
