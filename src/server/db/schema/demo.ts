import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from './columns.js';

/**
 * A visitor's demonstration sandbox (decision 022): its id is the `sandboxId` of every account of its
 * data set (the visitor's demo user and the people around it), whose rows follow them. Removed with its
 * accounts on logout, or after 24 h without activity.
 */
export const demoSandboxes = pgTable(
  'demo_sandboxes',
  {
    id: uuid().primaryKey(),
    /** The door the visitor took. */
    role: text().notNull(),
    /** The visitor's own demo account (the one signed in). */
    userId: uuid().notNull(),
    /** The visitor's address as the rate limits count it (platform/rate-limit.ts addressKey: IPv6 by /64). */
    addressKey: text().notNull(),
    createdAt: createdAt(),
    /** Opening or the last reset; the 24 h expiry counts from it or the visitor's last request, the later. */
    lastActiveAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('demo_sandboxes_address_idx').on(t.addressKey, t.createdAt),
    index('demo_sandboxes_last_active_idx').on(t.lastActiveAt),
    check('demo_sandboxes_role_check', oneOf(t.role, ['driver', 'transporter'])),
  ],
);
