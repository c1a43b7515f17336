import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { billingMessages } from '#core/schemas/billing.js';
import type { DbOrTx } from '../../db/client.js';
import type { missions } from '../../db/schema/missions.js';
import { transactions } from '../../db/schema/payments.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import type { StripeClient } from '../../platform/stripe.js';

export type StripeDeps = Pick<FeatureDeps, 'db' | 'config' | 'events' | 'stripe'>;
export type MissionRow = typeof missions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;

/** What a mission payment's Stripe objects carry in their metadata: the mission and which part it pays. */
export const MISSION_PAYMENT_KINDS = ['deposit', 'balance'] as const;
export type MissionPaymentKind = (typeof MISSION_PAYMENT_KINDS)[number];

/**
 * Why Relais gives money back on the card: a deposit above the final amount, or a payment that did not count
 * (another amount or currency than its page asked or than is still due, a page closed, a deposit after the end).
 */
export type RefundReason = 'deposit_excess' | 'not_due';

/** The deposit is 30 % of what the mission is expected to owe. */
export const DEPOSIT_PERCENT = 30;
/** A deposit is paid once a driver is chosen and before the transporter confirms the end. */
export const DEPOSIT_STATUSES: readonly string[] = ['assigned', 'in_progress', 'delivered'];

export const stripeMessages = {
  signature: 'Signature Stripe invalide',
  unavailable: 'Le service de paiement Stripe ne répond pas. Réessayez dans un instant.',
  refused: 'Stripe a refusé l’opération. Réessayez plus tard ou écrivez-nous si cela continue.',
  balancePending:
    'Les fonds du paiement ne sont pas encore disponibles chez Stripe : réessayez le versement dans quelques jours.',
  missionNotFound: 'Mission introuvable',
  depositTooEarly: 'L’acompte se paie une fois le chauffeur choisi.',
  depositPaid: 'L’acompte est déjà payé.',
  depositTooLate:
    'La fin de mission est confirmée : il n’y a plus d’acompte à payer, réglez le solde depuis la page de paiement.',
  missionPaid: 'La mission est déjà payée.',
  balanceTooEarly: 'Le solde se paie quand vous avez confirmé la fin de mission.',
  depositJustPaid: 'L’acompte vient d’être payé : rechargez la page avant de payer le solde.',
  notPaidYet: 'Le paiement de la mission n’est pas encore complet : le chauffeur sera payé ensuite.',
  alreadyTransferred: 'Le versement au chauffeur est déjà fait.',
  noPayoutAccount:
    'Le chauffeur n’a pas encore configuré ses versements : il doit ouvrir son compte Stripe depuis Relais.',
  payoutAccountInactive:
    'Le compte de versement du chauffeur n’est pas encore activé : il doit terminer son inscription Stripe.',
  driversOnly: 'Les versements concernent les chauffeurs',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id read from Stripe's metadata, kept only when it can be a row's id (never a database error). */
export const uuidOrNull = (value: unknown): string | null =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;

/** The Stripe client, or 409 when Relais runs without Stripe (direct settlement). */
export function requireStripe(stripe: StripeClient | null): StripeClient {
  if (!stripe) throw new AppError(409, billingMessages.stripeOff);
  return stripe;
}

/**
 * A call to Stripe: its refusals and outages become a French 502 (Stripe's own message goes to the log), never a
 * 500; our own errors go through unchanged.
 */
export async function callStripe<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      log.warn({ err: error, stripeCode: error.code, stripeType: error.type }, 'Stripe refused a call');
      if (error.code === 'balance_insufficient')
        throw new AppError(409, stripeMessages.balancePending, undefined, undefined, 'stripe_balance');
      const refused = error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError';
      throw new AppError(
        502,
        refused ? stripeMessages.refused : stripeMessages.unavailable,
        undefined,
        undefined,
        'stripe_error',
      );
    }
    throw error;
  }
}

/** The public address of one of Relais's pages (where Stripe sends the customer back). */
export const pageUrl = (deps: Pick<FeatureDeps, 'config'>, path: string) =>
  `${deps.config.publicUrl.replace(/\/$/, '')}${path}`;

export const quoted = (title: string) => `« ${title} »`;

export async function addTransactions(tx: DbOrTx, rows: NewTransaction[]): Promise<void> {
  if (rows.length > 0) await tx.insert(transactions).values(rows);
}
