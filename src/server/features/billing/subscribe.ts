import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PLAN_NAMES, planFitsRole, planPrice, planPriceText, type PlanPrice } from '#core/rules/billing.js';
import { formatCents, vatRateText } from '#core/rules/money.js';
import { ROLE_LABELS } from '#core/rules/roles.js';
import { billingMessages, type PlanChoice } from '#core/schemas/billing.js';
import { emailRequiredMessages } from '#core/schemas/users.js';
import type { Db } from '../../db/client.js';
import { subscriptions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, databaseErrorCode, emailNotVerified, forbidden, notFound } from '../../platform/errors.js';
import { actionMail, sendInBackground } from '../../platform/mailer.js';
import type { StripeClient } from '../../platform/stripe.js';
import {
  billingFeatureMessages,
  currentTariffs,
  INTERVAL_ADJECTIVES,
  LIVE_STATUSES,
  liveSubscription,
  planHolder,
} from './shared.js';

type Deps = Pick<FeatureDeps, 'db' | 'config' | 'mailer' | 'stripe'>;

/** "74,92 € HT, soit 89,90 € TTC (TVA 20 % : 14,98 €)"; "14,90 € TTC (dont TVA 20 % : 2,48 €)". */
const priceSentence = (price: PlanPrice) =>
  price.exclTax
    ? `${planPriceText(price)}, soit ${formatCents(price.grossCents)}\u00a0TTC (TVA ${vatRateText(price.ratePercent)}\u00a0: ${formatCents(price.vatCents)})`
    : `${formatCents(price.grossCents)}\u00a0TTC (dont TVA ${vatRateText(price.ratePercent)}\u00a0: ${formatCents(price.vatCents)})`;

/** Where Stripe sends the holder back: their plan page, which says how it went. */
const SUBSCRIPTION_PATH = '/driver/subscription';

/**
 * A Stripe call: a refusal or an outage of Stripe's becomes a French 502 (logged), never a 500; nothing of ours
 * was changed before it.
 */
async function callStripe<T>(
  stripe: StripeClient,
  log: FastifyBaseLogger,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof stripe.errors.StripeError) {
      log.warn({ err: error, stripeCode: error.code, stripeType: error.type }, 'Stripe call failed');
      throw new AppError(502, billingFeatureMessages.stripeUnavailable);
    }
    throw error;
  }
}

/**
 * The user's Stripe customer, created once: the create is idempotent per user at Stripe, and only the first
 * save wins (a concurrent checkout reads the one saved).
 */
async function stripeCustomer(db: Db, stripe: StripeClient, user: User, log: FastifyBaseLogger) {
  const [known] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  if (known?.id) return known.id;
  const customer = await callStripe(stripe, log, () =>
    stripe.customers.create(
      {
        email: user.email,
        name: user.companyName ?? user.fullName,
        preferred_locales: ['fr'],
        metadata: { userId: user.id },
      },
      { idempotencyKey: `relais-customer-${user.id}` },
    ),
  );
  const [saved] = await db
    .update(users)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (saved?.id) return saved.id;
  const [first] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
  return first!.id!;
}

/** What may be asked for: a plan of the role, other than the one held, by a real account with a confirmed address. */
async function checkChoice(db: Db, user: User, choice: PlanChoice) {
  const role = planHolder(user);
  if (!planFitsRole(choice.plan, role))
    throw new AppError(400, billingMessages.planForRole, { plan: billingMessages.planForRole });
  if (user.isDemo) throw forbidden(billingMessages.demoAccount);
  if (!user.emailVerified) throw emailNotVerified(emailRequiredMessages.subscribe);
  const live = await liveSubscription(db, user.id);
  if (user.subscriptionPlan === choice.plan && (!live || live.interval === choice.interval))
    throw new AppError(409, billingMessages.alreadyOnPlan);
  return { role, live };
}

/**
 * POST /api/billing/checkout. With Stripe: a Checkout Session in subscription mode at the tariff's price (the
 * plan changes only when the verified webhook says the subscription is paid). Without: a request the
 * administrators are told of by e-mail; one waiting at a time (the unique index holds it under concurrency).
 */
export async function checkout(
  deps: Deps,
  user: User,
  choice: PlanChoice,
  log: FastifyBaseLogger,
): Promise<{ url: string | null; requested: boolean }> {
  const { db, config, stripe } = deps;
  const { role, live } = await checkChoice(db, user, choice);
  // What is charged: the plan's price with VAT, computed once (core planPrice) from the tariffs in force.
  const price = planPrice(await currentTariffs(db), choice.plan, choice.interval);
  if (!stripe) {
    await recordRequest(db, user, choice);
    notifyAdmins(deps, user, role, choice, price, log);
    return { url: null, requested: true };
  }
  // One live subscription per holder: a Stripe one changes through the portal, a granted one through Relais.
  if (live?.source === 'stripe') throw new AppError(409, billingFeatureMessages.managedOnline);
  if (live) throw new AppError(409, billingFeatureMessages.managedByRelais);
  const customer = await stripeCustomer(db, stripe, user, log);
  const metadata = { userId: user.id, plan: choice.plan, interval: choice.interval };
  const session = await callStripe(stripe, log, () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      locale: 'fr',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: price.grossCents,
            recurring: { interval: choice.interval },
            // Stripe's page and receipt say the price before VAT and the VAT it includes.
            product_data: { name: `Relais — ${PLAN_NAMES[choice.plan]}`, description: priceSentence(price) },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: `${config.publicUrl}${SUBSCRIPTION_PATH}?paiement=ok`,
      cancel_url: `${config.publicUrl}${SUBSCRIPTION_PATH}?paiement=annule`,
    }),
  );
  if (!session.url) throw new AppError(502, billingFeatureMessages.stripeUnavailable);
  return { url: session.url, requested: false };
}

async function recordRequest(db: Db, user: User, choice: PlanChoice) {
  try {
    await db.insert(subscriptions).values({
      userId: user.id,
      plan: choice.plan,
      interval: choice.interval,
      status: 'requested',
      source: 'admin',
    });
  } catch (error) {
    // subscriptions_one_request_key: a request of theirs is already waiting.
    if (databaseErrorCode(error) === '23505') throw new AppError(409, billingMessages.requestPending);
    throw error;
  }
}

/** Every open administrator account is told of the request (in the background: the answer does not wait). */
function notifyAdmins(
  { db, config, mailer }: Deps,
  user: User,
  role: 'driver' | 'transporter',
  choice: PlanChoice,
  price: PlanPrice,
  log: FastifyBaseLogger,
) {
  void (async () => {
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          or(eq(users.isAdmin, true), eq(users.userType, 'admin')),
          eq(users.isActive, true),
          eq(users.accountStatus, 'active'),
        ),
      );
    const who = `${user.fullName} (${user.email}), ${ROLE_LABELS[role].toLowerCase()}${user.companyName ? ` chez ${user.companyName}` : ''}`;
    const mail = actionMail({
      greeting: 'Bonjour,',
      paragraphs: [
        `${who}, demande la formule ${PLAN_NAMES[choice.plan]} en facturation ${INTERVAL_ADJECTIVES[choice.interval]} (${priceSentence(price)} ${choice.interval === 'month' ? 'par mois' : 'par an'}).`,
        'Établissez la facture (règlement par virement), puis accordez la formule depuis l’administration : ses avantages s’appliquent dès l’accord.',
      ],
      actionLabel: 'Voir les demandes',
      actionUrl: `${config.publicUrl}/admin/abonnements`,
      footer: 'Vous recevez ce message parce que vous administrez Relais.',
    });
    for (const admin of admins)
      sendInBackground(
        mailer,
        {
          to: admin.email,
          subject: `Demande de formule ${PLAN_NAMES[choice.plan]}`,
          ...mail,
          link: `${config.publicUrl}/admin/abonnements`,
        },
        log,
      );
  })().catch((error: unknown) => log.error({ err: error }, 'administrators not told of a plan request'));
}

/** DELETE /api/billing/request: the holder withdraws the request still waiting. */
export async function withdrawRequest(db: Db, user: User): Promise<void> {
  planHolder(user);
  const removed = await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'requested')))
    .returning({ id: subscriptions.id });
  if (removed.length === 0) throw notFound(billingFeatureMessages.noRequest);
}

/** POST /api/billing/portal: Stripe's Billing Portal for the holder's customer (payment method, invoices, plan). */
export async function billingPortal(
  { db, config, stripe }: Deps,
  user: User,
  log: FastifyBaseLogger,
): Promise<{ url: string }> {
  planHolder(user);
  if (!stripe) throw new AppError(409, billingMessages.stripeOff);
  const [row] = await db
    .select({ customer: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row?.customer) throw new AppError(409, billingFeatureMessages.noStripeCustomer);
  const session = await callStripe(stripe, log, () =>
    stripe.billingPortal.sessions.create({
      customer: row.customer!,
      locale: 'fr',
      return_url: `${config.publicUrl}${SUBSCRIPTION_PATH}`,
    }),
  );
  return { url: session.url };
}

/**
 * POST /api/billing/cancel and /resume: cancel at the end of the period, or take that back. A Stripe
 * subscription is changed at Stripe and the verified webhook updates the row; a granted one is changed here
 * (it is never renewed by itself: cancelling tells the administrators not to invoice another period).
 */
export async function setCancelAtPeriodEnd(
  { db, stripe }: Deps,
  user: User,
  cancel: boolean,
  log: FastifyBaseLogger,
): Promise<void> {
  planHolder(user);
  const live = await liveSubscription(db, user.id);
  if (!live) throw new AppError(409, billingMessages.noSubscription);
  if (live.source === 'stripe') {
    if (!stripe) throw new AppError(409, billingMessages.stripeOff);
    if (!live.stripeSubscriptionId) throw new AppError(409, billingMessages.noSubscription);
    const id = live.stripeSubscriptionId;
    await callStripe(stripe, log, () => stripe.subscriptions.update(id, { cancel_at_period_end: cancel }));
    return;
  }
  const changed = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel })
    .where(and(eq(subscriptions.id, live.id), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .returning({ id: subscriptions.id });
  // Ended meanwhile (by an administrator, or its period ran out).
  if (changed.length === 0) throw new AppError(409, billingMessages.noSubscription);
}
