import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  PLAN_NAMES,
  periodEnd,
  FREE_PLAN_PRICE,
  planFitsRole,
  planPrice,
  planPriceCents,
  planPriceDecimal,
  type BillingInterval,
  type PaidPlan,
} from '#core/rules/billing.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import { centsToDecimal, toCents } from '#core/rules/money.js';
import { roleOf } from '#core/rules/roles.js';
import {
  adminBillingMessages,
  type AdminSubscription,
  type AdminSubscriptionList,
  type GrantPlanInput,
} from '#core/schemas/billing.js';
import type { Tariffs } from '#core/rules/tariffs.js';
import type { DbOrTx } from '../../db/client.js';
import { subscriptions, transactions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { inWorld, REAL_WORLD } from '../../platform/demo-world.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, CONFLICT_RETRY, databaseErrorCode, notFound } from '../../platform/errors.js';
import { recordDomainEvent, recordDomainEvents } from '../../platform/outbox.js';
import { isOpenAccount } from '../../platform/sessions.js';
import {
  currentTariffs,
  INTERVAL_ADJECTIVES,
  LIVE_STATUSES,
  liveSubscription,
  type SubscriptionRow,
} from './shared.js';

/** Rows of each list the page shows at most. */
const LIST_LIMIT = 500;

const holderColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  userType: users.userType,
  isAdmin: users.isAdmin,
  companyName: users.companyName,
  subscriptionPlan: users.subscriptionPlan,
};
type Holder = Pick<User, keyof typeof holderColumns>;

function toAdminSubscription(row: SubscriptionRow, holder: Holder, tariffs: Tariffs): AdminSubscription {
  const role = roleOf(holder) === 'transporter' ? 'transporter' : 'driver';
  const interval = row.interval as BillingInterval;
  return {
    id: row.id,
    user: {
      id: holder.id,
      fullName: holder.fullName,
      email: holder.email,
      role,
      companyName: holder.companyName,
      currentPlan: holder.subscriptionPlan as SubscriptionPlan,
    },
    plan: row.plan as SubscriptionPlan,
    interval,
    status: row.status as AdminSubscription['status'],
    source: row.source as AdminSubscription['source'],
    createdAt: row.createdAt.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    invoiceReference: row.invoiceReference,
    amount: row.amount,
    price:
      row.plan === 'basic'
        ? FREE_PLAN_PRICE
        : planPriceDecimal(planPrice(tariffs, row.plan as PaidPlan, interval)),
  };
}

/**
 * GET /api/admin/subscriptions: the requests waiting (oldest first), then the live subscriptions (ending first). A
 * demo account's request is not the team's to grant (platform/demo-world.ts): only real accounts' are listed.
 */
export async function adminSubscriptionList({
  db,
  stripe,
}: Pick<FeatureDeps, 'db' | 'stripe'>): Promise<AdminSubscriptionList> {
  const tariffs = await currentTariffs(db);
  const rows = (statuses: readonly string[]) =>
    db
      .select({ subscription: subscriptions, holder: holderColumns })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          inArray(subscriptions.status, [...statuses]),
          // A request of a deleted account is moot; what is still live stays listed, whoever held it.
          statuses.includes('requested') ? ne(users.accountStatus, 'deleted') : undefined,
          statuses.includes('requested') ? inWorld(users.sandboxId, REAL_WORLD) : undefined,
        ),
      )
      .orderBy(
        statuses.includes('requested')
          ? asc(subscriptions.createdAt)
          : sql`${subscriptions.currentPeriodEnd} asc nulls last`,
        asc(subscriptions.id),
      )
      .limit(LIST_LIMIT);
  const [requests, live] = await Promise.all([rows(['requested']), rows(LIVE_STATUSES)]);
  const view = (found: typeof requests) =>
    found.map(({ subscription, holder }) => toAdminSubscription(subscription, holder, tariffs));
  return { requests: view(requests), subscriptions: view(live), stripeEnabled: stripe !== null };
}

/**
 * The member whose plan an administrator changes, locked for the change (their applications and messages read
 * the plan under a lock of this row: none is counted against the old plan after the change commits).
 */
async function lockHolder(tx: DbOrTx, userId: string): Promise<User & { role: 'driver' | 'transporter' }> {
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!target || target.accountStatus === 'deleted') throw notFound(adminBillingMessages.userNotFound);
  const role = roleOf(target);
  if (role === 'admin') throw new AppError(409, adminBillingMessages.adminAccount);
  if (!isOpenAccount(target)) throw new AppError(409, adminBillingMessages.accountClosed);
  return { ...target, role };
}

/** A unique index met under concurrency (a Stripe subscription arriving meanwhile): nothing was written. */
async function orConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (databaseErrorCode(error) === '23505') throw new AppError(409, CONFLICT_RETRY);
    throw error;
  }
}

/**
 * POST /api/admin/users/:id/plan (a B2B invoice paid by transfer). In one transaction, the holder locked: any
 * live granted subscription ends, a new one runs for one period from now (from the end of the current one when
 * the same plan is renewed early), the request waiting is settled, the
 * plan changes (its limits with it, at once), the invoice is a 'subscription' debit in the holder's
 * transactions, and the administrator's action is logged. Allowed with Stripe on too (a company paying by
 * invoice), but never over a live Stripe subscription.
 */
export async function grantPlan(
  { db, events }: Pick<FeatureDeps, 'db' | 'events'>,
  admin: User,
  userId: string,
  input: GrantPlanInput,
  ipAddress: string,
): Promise<AdminSubscription> {
  const tariffs = await currentTariffs(db);
  const { row, holder, told } = await orConflict(() =>
    db.transaction(async (tx) => {
      const target = await lockHolder(tx, userId);
      if (target.isDemo) throw new AppError(409, adminBillingMessages.demoAccount);
      if (!planFitsRole(input.plan, target.role))
        throw new AppError(400, adminBillingMessages.planForRole, { plan: adminBillingMessages.planForRole });
      const live = await liveSubscription(tx, userId, true);
      if (live?.source === 'stripe') throw new AppError(409, adminBillingMessages.stripeManaged);
      const reference = input.invoiceReference || null;
      // One order, one grant: the same reference sent twice (a double click, two administrators) is refused,
      // read under the holder's lock.
      if (reference) {
        const [already] = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), eq(subscriptions.invoiceReference, reference)));
        if (already)
          throw new AppError(409, `La référence ${reference} a déjà été enregistrée pour ce membre.`, {
            invoiceReference: `La référence ${reference} a déjà été enregistrée pour ce membre.`,
          });
      }
      const now = new Date();
      if (live)
        await tx
          .update(subscriptions)
          .set({ status: 'ended', endedAt: now })
          .where(eq(subscriptions.id, live.id));
      await tx
        .delete(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'requested')));
      const amount = centsToDecimal(planPriceCents(tariffs, input.plan, input.interval));
      // Renewing the same plan before its end: the new period follows the one paid for (no day lost).
      const renewal =
        live?.plan === input.plan && live.currentPeriodEnd && live.currentPeriodEnd > now
          ? live.currentPeriodEnd
          : null;
      const start = renewal ?? now;
      const end = periodEnd(start, input.interval);
      const [granted] = await tx
        .insert(subscriptions)
        .values({
          userId,
          plan: input.plan,
          interval: input.interval,
          status: 'active',
          source: 'admin',
          currentPeriodStart: start,
          currentPeriodEnd: end,
          grantedBy: admin.id,
          invoiceReference: reference,
          amount,
        })
        .returning();
      await tx.update(users).set({ subscriptionPlan: input.plan }).where(eq(users.id, userId));
      await tx.insert(transactions).values({
        userId,
        type: 'debit',
        category: 'subscription',
        amount,
        description: `Formule ${PLAN_NAMES[input.plan]}, ${INTERVAL_ADJECTIVES[input.interval]}, du ${formatNumericDay(start)} au ${formatNumericDay(end)}${reference ? ` — réf. ${reference}` : ''}`,
      });
      await logAdminAction(tx, {
        adminId: admin.id,
        action: 'plan.granted',
        targetType: 'user',
        targetId: userId,
        details: {
          plan: input.plan,
          interval: input.interval,
          amount,
          invoiceReference: reference,
          subscriptionId: granted!.id,
          previousPlan: target.subscriptionPlan,
          currentPeriodEnd: end.toISOString(),
        },
        ipAddress,
      });
      const told = await recordDomainEvents(tx, [
        {
          type: 'plan.changed',
          userId,
          plan: granted!.plan,
          previousPlan: target.subscriptionPlan,
          cause: 'granted',
          periodEnd: granted!.currentPeriodEnd?.toISOString() ?? null,
          reason: null,
        },
        // Its invoice, by Relais (decision 043).
        ...(toCents(amount) > 0 ? [{ type: 'plan.paid' as const, userId }] : []),
      ]);
      return { row: granted!, holder: { ...target, subscriptionPlan: input.plan }, told };
    }),
  );
  await events.publish(told);
  return toAdminSubscription(row, holder, tariffs);
}

/**
 * DELETE /api/admin/users/:id/plan: the granted subscription ends now and the holder is back on the free plan
 * (its limits at once), with the reason, which the holder is told, logged.
 */
export async function endPlan(
  { db, events }: Pick<FeatureDeps, 'db' | 'events'>,
  admin: User,
  userId: string,
  reason: string,
  ipAddress: string,
): Promise<{ message: string }> {
  const { previousPlan, fullName, told } = await db.transaction(async (tx) => {
    const target = await lockHolder(tx, userId);
    const live = await liveSubscription(tx, userId, true);
    if (live?.source === 'stripe') throw new AppError(409, adminBillingMessages.stripeManaged);
    if (!live && target.subscriptionPlan === 'basic')
      throw new AppError(409, adminBillingMessages.noPaidPlan);
    const now = new Date();
    if (live)
      await tx
        .update(subscriptions)
        .set({ status: 'ended', endedAt: now })
        .where(eq(subscriptions.id, live.id));
    await tx.update(users).set({ subscriptionPlan: 'basic' }).where(eq(users.id, userId));
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'plan.ended',
      targetType: 'user',
      targetId: userId,
      details: { plan: target.subscriptionPlan, subscriptionId: live?.id ?? null, reason },
      ipAddress,
    });
    const told = await recordDomainEvent(tx, {
      type: 'plan.changed',
      userId,
      plan: 'basic',
      previousPlan: target.subscriptionPlan,
      cause: 'ended',
      periodEnd: null,
      reason,
    });
    return { previousPlan: target.subscriptionPlan, fullName: target.fullName, told };
  });
  await events.publish(told);
  return {
    message: `La formule ${PLAN_NAMES[previousPlan as SubscriptionPlan] ?? previousPlan} de ${fullName} est terminée : retour à la formule gratuite.`,
  };
}

/**
 * The daily expiry: granted subscriptions whose period is over end, and their holders go back to the free plan.
 * Each holder is locked first (the order of a grant's transaction, so the two never wait for each other), then
 * the subscription is claimed with UPDATE … RETURNING: a second run (another instance) finds nothing left to
 * claim and tells no one twice; a grant made meanwhile ended it already.
 */
export async function expireGrantedPlans(
  { db, events }: Pick<FeatureDeps, 'db' | 'events'>,
  now = new Date(),
): Promise<{ expired: number }> {
  const due = await db
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(overdueGrants(now));
  let expired = 0;
  for (const { userId } of due) {
    const ended = await db.transaction(async (tx) => {
      const [holder] = await tx
        .select({ plan: users.subscriptionPlan })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      const claimed = await tx
        .update(subscriptions)
        .set({ status: 'ended', endedAt: now })
        .where(and(eq(subscriptions.userId, userId), overdueGrants(now)))
        .returning({ plan: subscriptions.plan });
      if (claimed.length === 0 || !holder) return null;
      await tx.update(users).set({ subscriptionPlan: 'basic' }).where(eq(users.id, userId));
      return recordDomainEvent(tx, {
        type: 'plan.changed',
        userId,
        plan: 'basic',
        previousPlan: holder.plan,
        cause: 'expired',
        periodEnd: null,
        reason: null,
      });
    });
    if (!ended) continue;
    expired++;
    await events.publish(ended);
  }
  return { expired };
}

const overdueGrants = (now: Date) =>
  and(
    eq(subscriptions.source, 'admin'),
    inArray(subscriptions.status, [...LIVE_STATUSES]),
    sql`${subscriptions.currentPeriodEnd} <= ${now.toISOString()}`,
  );
