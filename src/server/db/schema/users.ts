import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_STATUSES, LICENSE_TYPES, SUBSCRIPTION_PLANS } from '#core/rules/enums.js';
import { VAT_REGIMES } from '#core/rules/money.js';
import { USER_TYPES } from '#core/rules/roles.js';
import { coordinate, createdAt, id, oneOf, timestamptz, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    /** scrypt hash, never the password itself. */
    password: text().notNull(),
    userType: text().notNull(),
    fullName: text().notNull(),
    phone: text(),
    avatar: text(),
    emailVerified: boolean().notNull().default(false),
    /** SHA-256 of the single-use verification token; the token itself only travels in the e-mail. */
    verificationToken: text(),
    tokenExpiry: timestamptz(),
    licenseNumber: text(),
    licenseType: text(),
    yearsExperience: integer().notNull().default(0),
    certifications: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vehicleTypes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableFrom: timestamptz(),
    currentLocation: text(),
    currentLat: coordinate(),
    currentLng: coordinate(),
    drivingLicenseUrl: text(),
    drivingLicenseExpiry: date(),
    driverCardUrl: text(),
    driverCardExpiry: date(),
    adrCardUrl: text(),
    adrCardExpiry: date(),
    fimoUrl: text(),
    fimoExpiry: date(),
    fcosUrl: text(),
    fcosExpiry: date(),
    documentsVerified: boolean().notNull().default(false),
    companyName: text(),
    siretNumber: text(),
    subscriptionPlan: text().notNull().default('basic'),
    stripeCustomerId: text().unique(),
    stripeSubscriptionId: text().unique(),
    /** The driver's Stripe Connect account, to which mission payments are transferred (Stripe mode). */
    stripeAccountId: text().unique(),
    /** Billing details printed on invoices: postal address; a carrier's VAT regime and number. */
    billingAddress: text(),
    vatRegime: text(),
    vatNumber: text(),
    /** The carrier's bank account for transfers, printed on their invoices (normalised, checked). */
    iban: text(),
    /** A carrier subject to VAT who opted to pay it on invoicing (« d’après les débits »), printed on invoices. */
    vatOnDebits: boolean().notNull().default(false),
    /** An independent carrier's number in the register of road transport companies, for the transport order. */
    transportRegisterNumber: text(),
    /** When the independent driver gave Relais the mandate to issue invoices on their behalf. */
    selfBillingAcceptedAt: timestamptz(),
    isAdmin: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    isDemo: boolean().notNull().default(false),
    /**
     * The demonstration world the account lives in (decision 022): null for every real account; a visitor's
     * sandbox id for the demo user and the people of its data set; SHOWROOM_WORLD for accounts the team marked as
     * demo. Rows of one world never meet rows of another (triggers of migration 0014, platform/demo-world.ts).
     */
    sandboxId: uuid(),
    accountStatus: text().notNull().default('active'),
    lastLogin: timestamptz(),
    /** When the person deleted their account; the personal fields are anonymised then. */
    deletedAt: timestamptz(),
    /** Why an administrator deactivated the account (told to the person when they try to sign in), and when. */
    deactivationReason: text(),
    deactivatedAt: timestamptz(),
    /** Administrators' second factor (TOTP, RFC 6238): the base32 secret, set when enrolment is confirmed. */
    totpSecret: text(),
    /** A secret being enrolled (shown as a QR code), until the first code confirms it. */
    totpPendingSecret: text(),
    totpEnabledAt: timestamptz(),
    /** The last time step accepted: a code is never accepted twice (RFC 6238 §5.2). */
    totpLastStep: bigint({ mode: 'number' }),
    reputationScore: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_user_type_idx').on(t.userType, t.createdAt),
    check('users_user_type_check', oneOf(t.userType, USER_TYPES)),
    check(
      'users_license_type_check',
      sql`${t.licenseType} is null or ${oneOf(t.licenseType, LICENSE_TYPES)}`,
    ),
    check('users_subscription_plan_check', oneOf(t.subscriptionPlan, SUBSCRIPTION_PLANS)),
    check('users_vat_regime_check', sql`${t.vatRegime} is null or ${oneOf(t.vatRegime, VAT_REGIMES)}`),
    check('users_iban_check', sql`${t.iban} is null or ${t.iban} ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'`),
    check('users_vat_on_debits_check', sql`not ${t.vatOnDebits} or ${t.vatRegime} = 'normal'`),
    check('users_account_status_check', oneOf(t.accountStatus, ACCOUNT_STATUSES)),
    check('users_years_experience_check', sql`${t.yearsExperience} between 0 and 80`),
    index('users_sandbox_idx')
      .on(t.sandboxId)
      .where(sql`${t.sandboxId} is not null`),
    check('users_demo_world_check', sql`${t.isDemo} = (${t.sandboxId} is not null)`),
    check('users_reputation_score_check', sql`${t.reputationScore} between 0 and 999.99`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** What a sign-up form said about the person, kept until the address is confirmed (the e-mail and password apart). */
export type RegistrationDetails = Pick<
  NewUser,
  | 'userType'
  | 'fullName'
  | 'phone'
  | 'licenseNumber'
  | 'licenseType'
  | 'yearsExperience'
  | 'certifications'
  | 'companyName'
  | 'siretNumber'
>;

/**
 * Sign-ups waiting for their address to be confirmed (decision 039): the account is created, and signed in, only
 * when the link mailed to the address is followed, so that a sign-up never tells whether an address already has
 * an account. Only the token's SHA-256 and the password's hash are kept; a row lives 24 hours at most.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: id(),
    /** Lower-cased (the schema does it); not unique: the first sign-up confirmed takes the address. */
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    passwordHash: text().notNull(),
    details: jsonb().$type<RegistrationDetails>().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_registrations_email_idx').on(t.email)],
);
