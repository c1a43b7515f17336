import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tariffs } from '#core/rules/tariffs.js';
import type { SubscriptionStatus } from '#core/rules/billing.js';
import { roleOf } from '#core/rules/roles.js';
import type { DbOrTx } from '../../db/client.js';
import { subscriptions } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import { forbidden } from '../../platform/errors.js';
import { readTariffs } from '../../platform/tariffs.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The statuses of the one live subscription a user may hold (the partial unique index
 * subscriptions_one_live_key): the plan's rights follow users.subscriptionPlan, which the grant, the end, the
 * expiry and the Stripe webhook keep in step with it.
 */
export const LIVE_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
] as const satisfies readonly SubscriptionStatus[];

export const billingFeatureMessages = {
  adminRefused: 'Les formules concernent les chauffeurs et les transporteurs',
  noRequest: 'Aucune demande en cours',
  noStripeCustomer: 'Aucun abonnement en ligne à gérer : souscrivez d’abord une formule.',
  managedOnline:
    'Votre abonnement est géré en ligne : changez de formule depuis « Gérer mon abonnement et mes factures ».',
  managedByRelais:
    'Votre formule actuelle a été accordée par Relais sur facture : écrivez-nous pour en changer, ou attendez la fin de sa période.',
  stripeUnavailable: 'Le service de paiement ne répond pas. Réessayez dans un instant.',
} as const;

/** The member whose plan it is (a driver or a transporter); an administrator has no plan. */
export function planHolder(user: User): 'driver' | 'transporter' {
  const role = roleOf(user);
  if (role === 'admin') throw forbidden(billingFeatureMessages.adminRefused);
  return role;
}

/** The user's live subscription, if any (locked for update when asked, inside a transaction). */
export async function liveSubscription(
  tx: DbOrTx,
  userId: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The tariffs in force (docs/specification.md §9), from which plan prices are computed: the administrators' site setting
 * (« Tarifs » of the back office), else the defaults.
 */
export async function currentTariffs(db: DbOrTx): Promise<Tariffs> {
  return readTariffs(db);
}

export const INTERVAL_ADJECTIVES = { month: 'mensuelle', year: 'annuelle' } as const;
