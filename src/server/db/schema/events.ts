import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import type { DomainEvent } from '../../platform/events.js';
import { createdAt, timestamptz } from './columns.js';

/**
 * The event outbox (decision 023): a domain event is written here in the transaction that makes its change, so
 * it exists exactly when the change does. The instance that recorded it delivers it right after the commit and
 * forgets the row; one that died first leaves the row to the recovery (platform/outbox.ts), which delivers it.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    /** The event's id, made by the recorder (time-ordered): the alerts it leaves take their ids from it. */
    id: uuid().primaryKey(),
    event: jsonb().$type<DomainEvent>().notNull(),
    createdAt: createdAt(),
    /**
     * Before this instant the recording instance is delivering it and the recovery leaves it alone; each recovery
     * try pushes it further (a lease, then the wait before the next try). Infinity: parked after too many tries.
     */
    dueAt: timestamptz()
      .notNull()
      .default(sql`clock_timestamp() + interval '10 seconds'`),
    /** Tries by the recovery (the first delivery, right after the commit, is not counted). */
    attempts: integer().notNull().default(0),
  },
  (t) => [index('event_outbox_due_idx').on(t.dueAt)],
);
