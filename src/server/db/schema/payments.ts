import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES } from '#core/rules/billing.js';
import { DRIVER_PAYMENT_STATUSES, SUBSCRIPTION_PLANS, TRANSACTION_TYPES } from '#core/rules/enums.js';
import { SETTLEMENT_STATUSES, TRANSACTION_CATEGORIES } from '#core/rules/money.js';
import { createdAt, id, money, oneOf, timestamptz, updatedAt } from './columns.js';
import { missions } from './missions.js';
import { users } from './users.js';

/**
 * docs/specification.md §1 keeps two readings of payment: Relais does not move money between the parties,
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
    index('transactions_mission_idx').on(t.missionId),
    check('transactions_type_check', oneOf(t.type, TRANSACTION_TYPES)),
    check('transactions_category_check', oneOf(t.category, TRANSACTION_CATEGORIES)),
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
    /** month | year */
    interval: text().notNull().default('month'),
    /** stripe (Checkout + webhooks) or admin (granted by an administrator, B2B invoice paid by transfer). */
    source: text().notNull().default('admin'),
    /** Granted or ended by this administrator (no-Stripe mode). */
    grantedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The B2B invoice the administrator recorded for a granted plan, and its amount. */
    invoiceReference: text(),
    amount: money(),
    endedAt: timestamptz(),
    /** Creation time of the last Stripe event applied: an older event arriving late is ignored. */
    stripeEventAt: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    check('subscriptions_plan_check', oneOf(t.plan, SUBSCRIPTION_PLANS)),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_interval_check', oneOf(t.interval, BILLING_INTERVALS)),
    check('subscriptions_source_check', oneOf(t.source, ['stripe', 'admin'])),
    // At most one request waiting and one live subscription per user.
    uniqueIndex('subscriptions_one_request_key')
      .on(t.userId)
      .where(sql`status = 'requested'`),
    uniqueIndex('subscriptions_one_live_key')
      .on(t.userId)
      .where(sql`status in ('active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused')`),
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
    /** subscription (an invoice of the plan), deposit or balance (of a mission). */
    kind: text().notNull().default('subscription'),
    missionId: uuid().references(() => missions.id, { onDelete: 'set null' }),
    stripeCheckoutSessionId: text().unique(),
    /** Creation time of the last Stripe event applied to this row (out-of-order events are ignored). */
    stripeEventAt: timestamptz(),
    /** What Relais gave back on the card of this payment (a mission's: above what is owed, or not due). */
    refundedAmount: money().notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stripe_payments_user_idx').on(t.userId, t.createdAt),
    check('stripe_payments_refunded_check', sql`${t.refundedAmount} between 0 and ${t.amount}`),
    index('stripe_payments_mission_idx').on(t.missionId),
    uniqueIndex('stripe_payments_invoice_key').on(t.stripeInvoiceId),
    check('stripe_payments_kind_check', oneOf(t.kind, ['subscription', 'deposit', 'balance'])),
  ],
);

/** Every Stripe webhook event applied, by id: a replayed event is acknowledged and not applied twice. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** Stripe's `created` of the event. */
  eventCreatedAt: timestamptz().notNull(),
  receivedAt: createdAt(),
});

/**
 * Gap-free numbering per issuer, series and year (AF: invoices issued for a carrier; RH: hours and pay
 * statements of an employer). The row is locked and incremented in the transaction that stores the document.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    issuerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    series: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.series, t.year] })],
);

/** Gap-free numbering of Relais's own invoices (its plans' invoices, decision 043), per series and year. */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    series: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * The invoices Relais issues for its plans (decision 043), one per payment: a Stripe payment of a subscription or
 * a plan an administrator granted against a transfer. Kept when the member leaves (an invoice is kept ten years):
 * the links are then cleared, the PDF (Factur-X) stays.
 */
export const planInvoices = pgTable(
  'plan_invoices',
  {
    id: id(),
    number: text().notNull().unique(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    stripePaymentId: uuid()
      .unique()
      .references(() => stripePayments.id, { onDelete: 'set null' }),
    subscriptionId: uuid()
      .unique()
      .references(() => subscriptions.id, { onDelete: 'set null' }),
    issuedOn: date().notNull(),
    description: text().notNull(),
    amountExclTax: money().notNull(),
    vatAmount: money().notNull(),
    amount: money().notNull(),
    /** Paid by card when issued (Stripe), or due by transfer. */
    paid: boolean().notNull(),
    fileKey: text().notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('plan_invoices_user_idx').on(t.userId, t.createdAt)],
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
    /** What is owed in total (with VAT for a carrier subject to it; gross pay for an employee). */
    amount: money().notNull(),
    currency: text().notNull().default('eur'),
    stripeTransferId: text().unique(),
    stripePaymentStatus: text().notNull().default('pending'),
    payslipNumber: text(),
    payslipUrl: text(),
    completedAt: timestamptz(),
    validatedAt: timestamptz(),
    paidAt: timestamptz(),
    /** employment | independent, as at completion. */
    engagementType: text().notNull().default('employment'),
    /** The agreed price applied to the real times (core amountOwed). */
    pricingType: text().notNull().default('flat'),
    quantity: numeric({ precision: 10, scale: 2 }).notNull().default('1'),
    unitPrice: money().notNull(),
    /** Without VAT, the VAT and its rate (null: not subject, art. 293 B, or employment). */
    amountExclTax: money().notNull(),
    vatAmount: money().notNull().default('0'),
    vatRate: numeric({ precision: 5, scale: 2 }),
    /**
     * The waiting billed beyond the franchise (decision 042), part of amountExclTax: started quarter hours at the
     * mission's price per quarter hour (none: 0 and nulls).
     */
    waitingQuarters: integer().notNull().default(0),
    waitingQuarterPrice: money(),
    waitingFranchiseMinutes: integer(),
    waitingAmount: money().notNull().default('0'),
    paymentTerms: text().notNull().default('reception'),
    dueDate: date().notNull(),
    /** transfer (virement, settled directly) or stripe. */
    method: text().notNull().default('transfer'),
    settlementStatus: text().notNull().default('owed'),
    paidOn: date(),
    paymentReference: text(),
    markedPaidAt: timestamptz(),
    confirmedAt: timestamptz(),
    disputedAt: timestamptz(),
    disputeReason: text(),
    /** Overdue alert sent (once per due date). */
    overdueAlertedAt: timestamptz(),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [
    index('driver_payments_driver_idx').on(t.driverId, t.createdAt),
    index('driver_payments_transporter_idx').on(t.transporterId, t.createdAt),
    // One payment per mission.
    uniqueIndex('driver_payments_mission_key').on(t.missionId),
    index('driver_payments_due_idx')
      .on(t.dueDate)
      .where(sql`settlement_status in ('owed', 'disputed')`),
    check('driver_payments_status_check', oneOf(t.stripePaymentStatus, DRIVER_PAYMENT_STATUSES)),
    check('driver_payments_settlement_check', oneOf(t.settlementStatus, SETTLEMENT_STATUSES)),
    check('driver_payments_method_check', oneOf(t.method, ['transfer', 'stripe'])),
    check('driver_payments_amount_check', sql`${t.amount} >= 0`),
    check(
      'driver_payments_total_check',
      sql`${t.amount} = ${t.amountExclTax} + ${t.vatAmount} and ${t.vatAmount} >= 0`,
    ),
    check(
      'driver_payments_waiting_check',
      sql`${t.waitingQuarters} >= 0 and ${t.waitingAmount} = ${t.waitingQuarters} * coalesce(${t.waitingQuarterPrice}, 0) and ${t.waitingAmount} <= ${t.amountExclTax}`,
    ),
  ],
);
