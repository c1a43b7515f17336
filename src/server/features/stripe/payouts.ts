import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#core/rules/money.js';
import { roleOf } from '#core/rules/roles.js';
import { paymentMessages } from '#core/schemas/payments.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { isOpenAccount, lockActiveUsers } from '../../platform/sessions.js';
import { collectedCents } from './collected.js';
import type { StripeStepResult } from './mission-payments.js';
import {
  addTransactions,
  callStripe,
  pageUrl,
  quoted,
  requireStripe,
  stripeMessages,
  type StripeDeps,
} from './shared.js';
import { parisDate } from '#core/rules/days.js';

/**
 * POST /api/missions/:id/payment/validate: the transporter validates the mission once it is paid in full (what
 * was collected on the card covers what it owes), and the driver receives what the mission owes by a Connect transfer to their Express account (transfer group: the
 * mission; idempotency key per payment). The payment row is locked while the transfer is made, so two clicks make
 * one transfer; the second is told it is done.
 */
export async function validatePayout(
  deps: StripeDeps,
  log: FastifyBaseLogger,
  user: User,
  missionId: string,
): Promise<StripeStepResult> {
  const stripe = requireStripe(deps.stripe);
  const { amount, event } = await deps.db.transaction(async (tx) => {
    await lockActiveUsers(tx, user.id);
    const [mission] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
    if (!mission || mission.companyId !== user.id) throw notFound(stripeMessages.missionNotFound);
    const [payment] = await tx
      .select()
      .from(driverPayments)
      .where(eq(driverPayments.missionId, mission.id))
      .for('update');
    if (!payment) throw new AppError(409, paymentMessages.notCompleted);
    if (payment.stripeTransferId || payment.validatedAt)
      throw new AppError(409, stripeMessages.alreadyTransferred);
    // What the driver receives is what the mission owes, and never more than was collected for it.
    if (mission.paymentStatus !== 'paid' || (await collectedCents(tx, mission.id)) < toCents(payment.amount))
      throw new AppError(409, stripeMessages.notPaidYet);
    const [driver] = await tx.select().from(users).where(eq(users.id, payment.driverId));
    if (!driver?.stripeAccountId) throw new AppError(409, stripeMessages.noPayoutAccount);
    const account = await callStripe(log, () => stripe.accounts.retrieve(driver.stripeAccountId!));
    if (account.capabilities?.transfers !== 'active')
      throw new AppError(409, stripeMessages.payoutAccountInactive);
    const cents = toCents(payment.amount);
    const transfer = await callStripe(log, () =>
      stripe.transfers.create(
        {
          amount: cents,
          currency: payment.currency,
          destination: driver.stripeAccountId!,
          transfer_group: mission.id,
          description: `Mission ${quoted(mission.title)}`,
          metadata: { missionId: mission.id, driverPaymentId: payment.id },
        },
        { idempotencyKey: `payout-${payment.id}` },
      ),
    );
    const now = new Date();
    await tx
      .update(driverPayments)
      .set({
        stripeTransferId: transfer.id,
        stripePaymentStatus: 'paid',
        method: 'stripe',
        validatedAt: now,
        paidAt: now,
        markedPaidAt: now,
        confirmedAt: now,
        paidOn: parisDate(now),
        paymentReference: transfer.id,
        settlementStatus: 'confirmed',
      })
      .where(eq(driverPayments.id, payment.id));
    const amount = centsToDecimal(cents);
    await addTransactions(tx, [
      {
        userId: payment.driverId,
        missionId: mission.id,
        type: 'credit',
        category: 'payout',
        amount,
        description: `Versement Stripe reçu — mission ${quoted(mission.title)}`,
      },
    ]);
    const event = await recordDomainEvent(tx, {
      type: 'stripe.payout_sent',
      missionId: mission.id,
      title: mission.title,
      companyId: mission.companyId,
      driverId: payment.driverId,
      amount,
    });
    return { amount, event };
  });
  await deps.events.publish(event);
  return { url: null, refunded: null, transferred: amount };
}

/**
 * POST /api/billing/connect: a driver opens (once) their Stripe Express account, which receives their payouts,
 * and is sent to Stripe's onboarding. The user row is locked while the account is made, and the creation carries
 * an idempotency key per user, so two clicks never make two accounts.
 */
export async function connectPayoutAccount(
  deps: StripeDeps,
  log: FastifyBaseLogger,
  user: User,
  missionId: string | undefined,
): Promise<{ url: string }> {
  if (roleOf(user) !== 'driver') throw forbidden(stripeMessages.driversOnly);
  const stripe = requireStripe(deps.stripe);
  const accountId = await deps.db.transaction(async (tx) => {
    // Locked for update at once (a share lock first would let two clicks deadlock upgrading it).
    const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!isOpenAccount(row)) throw unauthorized();
    if (row.stripeAccountId) return row.stripeAccountId;
    const account = await callStripe(log, () =>
      stripe.accounts.create(
        {
          type: 'express',
          country: 'FR',
          email: row.email,
          business_type: 'individual',
          capabilities: { transfers: { requested: true } },
          metadata: { userId: user.id },
        },
        { idempotencyKey: `connect-${user.id}` },
      ),
    );
    await tx
      .update(users)
      .set({ stripeAccountId: account.id })
      .where(sql`${users.id} = ${user.id} and ${users.stripeAccountId} is null`);
    return account.id;
  });
  const back = missionId ? `/mission/${missionId}/payment` : '/wallet';
  const link = await callStripe(log, () =>
    stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: pageUrl(deps, `${back}?versements=relancer`),
      return_url: pageUrl(deps, `${back}?versements=ok`),
    }),
  );
  return { url: link.url };
}
