import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { DRIVER_PAYMENT_STATUSES, SUBSCRIPTION_PLANS, TRANSACTION_TYPES } from '#core/rules/enums.js';
import { createdAt, id, money, oneOf, timestamptz, updatedAt } from './columns.js';
import { missions } from './missions.js';
import { users } from './users.js';

/**
 * SPEC.md §1 keeps two readings of payment: Relais does not move money between the parties,
 * yet the data model records payments. These tables record what the parties agreed and settled.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionId: uuid().references(() => missions.id, { onDelete: 'set null' }),
    type: text().notNull(),
    category: text().notNull(),
    amount: money().notNull(),
    description: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt),
    check('transactions_type_check', oneOf(t.type, TRANSACTION_TYPES)),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text().unique(),
    stripeCustomerId: text(),
    stripePriceId: text(),
    plan: text().notNull(),
    status: text().notNull(),
    currentPeriodStart: timestamptz(),
    currentPeriodEnd: timestamptz(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    trialStart: timestamptz(),
    trialEnd: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    check('subscriptions_plan_check', oneOf(t.plan, SUBSCRIPTION_PLANS)),
  ],
);

export const stripePayments = pgTable(
  'stripe_payments',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripePaymentIntentId: text().unique(),
    stripeInvoiceId: text(),
    amount: money().notNull(),
    currency: text().notNull().default('eur'),
    status: text().notNull(),
    description: text(),
    receiptUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [index('stripe_payments_user_idx').on(t.userId, t.createdAt)],
);

export const driverPayments = pgTable(
  'driver_payments',
  {
    id: id(),
    missionId: uuid()
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    driverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money().notNull(),
    currency: text().notNull().default('eur'),
    stripeTransferId: text().unique(),
    stripePaymentStatus: text().notNull().default('pending'),
    payslipNumber: text(),
    payslipUrl: text(),
    completedAt: timestamptz(),
    validatedAt: timestamptz(),
    paidAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('driver_payments_driver_idx').on(t.driverId, t.createdAt),
    index('driver_payments_transporter_idx').on(t.transporterId, t.createdAt),
    index('driver_payments_mission_idx').on(t.missionId),
    check('driver_payments_status_check', oneOf(t.stripePaymentStatus, DRIVER_PAYMENT_STATUSES)),
    check('driver_payments_amount_check', sql`${t.amount} >= 0`),
  ],
);
