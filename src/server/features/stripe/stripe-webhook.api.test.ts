import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { stripeEvents, stripePayments, subscriptions, transactions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { createTestApp } from '../../test/harness.js';
import { createStripeTestApp, TEST_STRIPE_KEYS, type StripeTestApp } from '../../test/stripe-app.js';
import type { StripeObject } from '../../test/stripe-server.js';

/** The webhook: signatures checked by the official library, each event applied once, in any order. */
let t: StripeTestApp;
let client: Stripe;
beforeAll(async () => {
  t = await createStripeTestApp();
  const api = new URL(t.stripe.url);
  client = new Stripe(TEST_STRIPE_KEYS.secretKey, {
    host: api.hostname,
    port: Number(api.port),
    protocol: 'http',
    telemetry: false,
  });
});
afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const userOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const subscriptionRows = (userId: string) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const recorded = async (eventId: string) =>
  (await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).length;

/**
 * A driver subscribing to Premium the way Relais's Checkout does (customer, metadata), paid on Stripe's side
 * with the webhook switched off: the events are made, none delivered yet. Returns them by type.
 */
async function paidSubscription(user: User, plan = 'premium', unitAmount = 1490) {
  const customer = await client.customers.create({ email: user.email, metadata: { userId: user.id } });
  const metadata = { userId: user.id, plan, interval: 'month' };
  const session = await client.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: user.id,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'eur',
          unit_amount: unitAmount,
          recurring: { interval: 'month' },
          product_data: { name: 'Relais — Premium Chauffeur' },
        },
      },
    ],
    metadata,
    subscription_data: { metadata },
    success_url: 'http://localhost:5000/driver/subscription?paiement=ok',
  });
  const webhook = t.stripe.webhook;
  t.stripe.webhook = null;
  const first = t.stripe.events.length;
  t.stripe.completeCheckout(session.id);
  await t.stripe.flush();
  t.stripe.webhook = webhook;
  const made = t.stripe.events.slice(first);
  const of = (type: string) => made.find((event) => event.type === type)!;
  const subscription = t.stripe.subscriptions.get(
    String(t.stripe.checkoutSessions.get(session.id)!.subscription),
  )!;
  return {
    customer,
    subscription,
    completed: of('checkout.session.completed'),
    created: of('customer.subscription.created'),
    invoicePaid: of('invoice.paid'),
  };
}

describe('signatures', () => {
  it('a wrong secret, a tampered body, a stale timestamp or no signature: 400, and nothing is applied', async () => {
    const driver = await createUser(t.db);
    const { created } = await paidSubscription(driver);
    const payload = JSON.stringify(created);
    const signature = t.stripe.signatureOf(payload);
    const attempts = [
      // Signed with another secret.
      await t.stripe.post(payload, t.stripe.signatureOf(payload, { secret: 'whsec_someoneelse' })),
      // The body changed after signing (the plan raised to Elite).
      await t.stripe.post(payload.replace('"premium"', '"elite"'), signature),
      // Signed six minutes ago (the tolerance is five).
      await t.stripe.post(payload, t.stripe.signatureOf(payload, { signedAt: now() - 360 })),
      // No signature at all, or one that is not Stripe's format.
      await t.stripe.post(payload, ''),
      await t.stripe.post(payload, 't=abc,v1=xyz'),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(JSON.parse(attempt.body)).toEqual({ message: 'Signature Stripe invalide' });
    }
    // Garbage signed with the right secret is not an event either (never a 500).
    const garbage = await t.stripe.post('pas du json', t.stripe.signatureOf('pas du json'));
    expect(garbage.status).toBe(400);
    const bare = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook' });
    expect(bare.statusCode).toBe(400);
    expect(await recorded(created.id)).toBe(0);
    expect(await subscriptionRows(driver.id)).toEqual([]);
    expect((await userOf(driver.id)).subscriptionPlan).toBe('basic');
    // The genuine delivery, signed just now, is applied.
    expect((await t.stripe.post(payload, signature)).status).toBe(200);
    expect((await userOf(driver.id)).subscriptionPlan).toBe('premium');
  });

  it('hostile deliveries are refused with a 4xx, never a 500', async () => {
    const payload = JSON.stringify({ id: 'evt_x', object: 'event', type: 'invoice.paid', created: now() });
    const signature = t.stripe.signatureOf(payload);
    const requests: Array<{ headers: Record<string, string>; payload?: string | Buffer }> = [
      { headers: { 'content-type': 'text/plain', 'stripe-signature': signature }, payload },
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': signature },
        payload: 'a=1',
      },
      { headers: { 'stripe-signature': signature }, payload: Buffer.from([0xff, 0xfe, 0x00, 0x80]) },
      { headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: '' },
      { headers: { 'content-type': 'application/json', 'stripe-signature': 'x'.repeat(10_000) }, payload },
      {
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: 'x'.repeat(600_000),
      },
      // Signed, but not an event: no data, an array, a string.
      ...['{"id":"evt_y","type":"invoice.paid","created":1}', '[1,2]', '"texte"'].map((body) => ({
        headers: { 'content-type': 'application/json', 'stripe-signature': t.stripe.signatureOf(body) },
        payload: body,
      })),
    ];
    for (const request of requests) {
      const response = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', ...request });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
  });

  it('answers 404 when Relais runs without Stripe', async () => {
    const off = await createTestApp();
    try {
      const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', created: now() });
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': t.stripe.signatureOf(payload) },
        payload,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/\S/);
    } finally {
      await off.close();
    }
  });
});

describe('subscriptions', () => {
  it('the plan changes only with the subscription’s events, never with the Checkout alone', async () => {
    const driver = await createUser(t.db);
    const { customer, subscription, completed, created, invoicePaid } = await paidSubscription(driver);
    expect((await t.stripe.redeliver(completed.id)).status).toBe(200);
    expect(await userOf(driver.id)).toMatchObject({
      subscriptionPlan: 'basic',
      stripeCustomerId: customer.id,
      stripeSubscriptionId: subscription.id,
    });
    expect(await subscriptionRows(driver.id)).toEqual([]);
    expect((await t.stripe.redeliver(created.id)).status).toBe(200);
    expect((await userOf(driver.id)).subscriptionPlan).toBe('premium');
    const item = (subscription.items as { data: StripeObject[] }).data[0]!;
    expect(await subscriptionRows(driver.id)).toMatchObject([
      {
        stripeSubscriptionId: subscription.id,
        stripeCustomerId: customer.id,
        plan: 'premium',
        interval: 'month',
        status: 'active',
        source: 'stripe',
        amount: '14.90',
        cancelAtPeriodEnd: false,
        currentPeriodStart: new Date(Number(item.current_period_start) * 1000),
        currentPeriodEnd: new Date(Number(item.current_period_end) * 1000),
      },
    ]);
    const planAlerts = await t.db.select().from(alerts).where(eq(alerts.userId, driver.id));
    expect(planAlerts.map((alert) => [alert.type, alert.title])).toEqual([['payment', 'Formule activée']]);
    // The invoice: a payment with Stripe's hosted receipt, and a debit in the wallet.
    expect((await t.stripe.redeliver(invoicePaid.id)).status).toBe(200);
    const invoice = invoicePaid.data.object as Stripe.Invoice;
    expect(
      await t.db.select().from(stripePayments).where(eq(stripePayments.userId, driver.id)),
    ).toMatchObject([
      {
        kind: 'subscription',
        stripeInvoiceId: invoice.id,
        amount: '14.90',
        status: 'paid',
        receiptUrl: invoice.hosted_invoice_url,
        description: 'Abonnement Premium Chauffeur (mensuel)',
      },
    ]);
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, driver.id))).toMatchObject([
      { type: 'debit', category: 'subscription', amount: '14.90' },
    ]);
  });

  it('a replayed event is acknowledged and applied once', async () => {
    const driver = await createUser(t.db);
    const { completed, created, invoicePaid } = await paidSubscription(driver);
    for (const event of [completed, created, invoicePaid, invoicePaid, created, completed])
      expect((await t.stripe.redeliver(event.id)).status).toBe(200);
    expect(await subscriptionRows(driver.id)).toHaveLength(1);
    expect(await t.db.select().from(stripePayments).where(eq(stripePayments.userId, driver.id))).toHaveLength(
      1,
    );
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, driver.id))).toHaveLength(1);
    expect(await t.db.select().from(alerts).where(eq(alerts.userId, driver.id))).toHaveLength(1);
    // Replayed at the same time: still once.
    const replays = await Promise.all([1, 2, 3].map(() => t.stripe.redeliver(invoicePaid.id)));
    expect(replays.map((replay) => replay.status)).toEqual([200, 200, 200]);
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, driver.id))).toHaveLength(1);
  });

  it('out of order: an update older than the last one applied is ignored, an end is never undone', async () => {
    const driver = await createUser(t.db);
    const { subscription, created } = await paidSubscription(driver);
    const at = created.created;
    expect(
      (await t.stripe.sendEvent('customer.subscription.created', subscription, { created: at })).status,
    ).toBe(200);
    const cancelling = { ...subscription, cancel_at_period_end: true };
    await t.stripe.sendEvent('customer.subscription.updated', cancelling, { created: at + 20 });
    // Sent before the cancellation, delivered after it: ignored.
    const late = { ...subscription, status: 'past_due', cancel_at_period_end: false };
    expect(
      (await t.stripe.sendEvent('customer.subscription.updated', late, { created: at + 10 })).status,
    ).toBe(200);
    expect(await subscriptionRows(driver.id)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: true }]);
    // The end, then an older "active" arriving late: the plan stays Freemium.
    const ended = { ...cancelling, status: 'canceled', ended_at: at + 30 };
    await t.stripe.sendEvent('customer.subscription.deleted', ended, { created: at + 30 });
    expect((await userOf(driver.id)).subscriptionPlan).toBe('basic');
    await t.stripe.sendEvent('customer.subscription.updated', subscription, { created: at + 25 });
    await t.stripe.sendEvent('customer.subscription.updated', subscription, { created: at + 30 });
    expect(await subscriptionRows(driver.id)).toMatchObject([{ status: 'canceled' }]);
    expect(await userOf(driver.id)).toMatchObject({ subscriptionPlan: 'basic', stripeSubscriptionId: null });
  });

  it('a Stripe subscription replaces a plan granted by an administrator (one live subscription)', async () => {
    const driver = await createUser(t.db, { subscriptionPlan: 'premium' });
    await t.db.insert(subscriptions).values({
      userId: driver.id,
      plan: 'premium',
      status: 'active',
      source: 'admin',
      interval: 'year',
    });
    const { completed, created } = await paidSubscription(driver, 'elite', 2490);
    await t.stripe.redeliver(completed.id);
    await t.stripe.redeliver(created.id);
    const rows = await subscriptionRows(driver.id);
    expect(rows.map((row) => [row.source, row.plan, row.status]).sort()).toEqual([
      ['admin', 'premium', 'ended'],
      ['stripe', 'elite', 'active'],
    ]);
    expect((await userOf(driver.id)).subscriptionPlan).toBe('elite');
  });

  it('the plan is found from the price when the metadata does not name it', async () => {
    const transporter = await createUser(t.db, { userType: 'company' });
    const { subscription, customer } = await paidSubscription(transporter, 'premium', 8990);
    await t.db.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, transporter.id));
    // Premium is not a transporter's plan: the transporter tariff (89,90 € a month) names it.
    const bare = { ...subscription, metadata: {} };
    expect((await t.stripe.sendEvent('customer.subscription.created', bare)).status).toBe(200);
    expect((await userOf(transporter.id)).subscriptionPlan).toBe('transporter');
  });
});

describe('what is not ours', () => {
  it('events about nobody Relais knows, or of other kinds, are recorded and change nothing', async () => {
    const before = await t.db.select().from(subscriptions);
    const strangers = [
      await t.stripe.sendEvent('customer.subscription.updated', {
        id: 'sub_inconnu',
        object: 'subscription',
        customer: 'cus_inconnu',
        status: 'active',
        metadata: { userId: 'pas-un-uuid' },
        items: { object: 'list', data: [] },
      }),
      await t.stripe.sendEvent('payment_intent.succeeded', {
        id: 'pi_ailleurs',
        object: 'payment_intent',
        amount: 1000,
        amount_received: 1000,
        currency: 'eur',
        metadata: { missionId: '00000000-0000-4000-8000-000000000000', kind: 'deposit' },
      }),
      await t.stripe.sendEvent('invoice.paid', {
        id: 'in_ailleurs',
        object: 'invoice',
        customer: 'cus_x',
        amount_paid: 1,
      }),
      await t.stripe.sendEvent('account.updated', { id: 'acct_x', object: 'account', payouts_enabled: true }),
    ];
    expect(strangers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of strangers) expect(await recorded(answer.eventId)).toBe(1);
    expect(await t.db.select().from(subscriptions)).toEqual(before);
    expect(
      await t.db.select().from(stripePayments).where(eq(stripePayments.stripePaymentIntentId, 'pi_ailleurs')),
    ).toEqual([]);
  });
});
