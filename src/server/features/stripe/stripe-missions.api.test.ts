import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { transactions } from '../../db/schema/payments.js';
import { createUser } from '../../test/factories.js';
import { agentFor } from '../../test/harness.js';
import {
  cardPaymentsOf,
  checkoutSession,
  missionRow,
  completeMission,
  createStripeTestApp,
  missionScene,
  payCheckout,
  type MissionScene,
  type StripeTestApp,
} from '../../test/stripe-app.js';

/**
 * Mission payment in Stripe mode, end to end against the local Stripe-shaped server: the transporter pays the
 * deposit and the balance on Stripe's hosted pages, the signed webhooks apply them, amounts exact to the cent.
 */
let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const missionOf = (id: string) => missionRow(t, id);
const paymentsOf = (missionId: string) => cardPaymentsOf(t, missionId);
const transactionsOf = (userId: string, missionId: string) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.missionId, missionId)));
const alertsOf = (userId: string) => t.db.select().from(alerts).where(eq(alerts.userId, userId));
const sessionOf = (url: string) => checkoutSession(t.stripe, url);

async function payStep(scene: MissionScene, step: 'deposit' | 'balance') {
  const response = await scene.company.post(`/api/missions/${scene.missionId}/payment/${step}`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string | null; refunded: string | null; transferred: string | null };
}

/** Tomorrow at this hour (UTC), so that a daily mission's days are plain calendar days in Paris. */
function tomorrowAt(hourUtc: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hourUtc));
}

describe('deposit and balance on Stripe Checkout', () => {
  it('flat 1 234,56 €: a deposit of 370,37 € then a balance of 864,19 €, each applied once by its webhook', async () => {
    const scene = await missionScene(t, { price: '1234.56', pricingType: 'flat' });
    const { url } = await payStep(scene, 'deposit');
    expect(url).toMatch(new RegExp(`^${t.stripe.url}/checkout/cs_test_`));
    // Two clicks, one page: the session still open is handed back.
    expect((await payStep(scene, 'deposit')).url).toBe(url);
    const session = sessionOf(url!);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 37037,
      currency: 'eur',
      metadata: { missionId: scene.missionId, kind: 'deposit' },
      client_reference_id: scene.transporter.id,
    });
    expect(await missionOf(scene.missionId)).toMatchObject({
      depositAmount: '370.37',
      depositPaid: false,
      paymentStatus: 'pending',
    });

    // Checkout alone changes nothing; paying on Stripe's page does, through the webhook.
    const paid = await payCheckout(t.stripe, url!);
    expect(paid.status).toBe(303);
    // Back on the mission page, where the deposit is paid from (the payment page opens at completion).
    expect(paid.location).toBe(`${t.config.publicUrl}/mission/${scene.missionId}?paiement=ok`);
    const intent = t.stripe.paymentIntents.get(String(sessionOf(url!).payment_intent))!;
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 37037 });
    expect(t.stripe.deliveries.filter((d) => d.status !== 200)).toEqual([]);
    expect(await missionOf(scene.missionId)).toMatchObject({
      depositPaid: true,
      depositAmount: '370.37',
      paymentStatus: 'deposit_paid',
      stripePaymentIntentId: intent.id,
    });
    expect(await paymentsOf(scene.missionId)).toMatchObject([
      {
        kind: 'deposit',
        status: 'succeeded',
        amount: '370.37',
        stripePaymentIntentId: intent.id,
        stripeCheckoutSessionId: session.id,
        userId: scene.transporter.id,
      },
    ]);
    expect(await transactionsOf(scene.transporter.id, scene.missionId)).toMatchObject([
      { type: 'debit', category: 'deposit', amount: '370.37' },
    ]);
    expect((await alertsOf(scene.driver.id)).map((a) => [a.type, a.title])).toEqual([
      ['payment', 'Acompte payé'],
    ]);
    const again = await scene.company.post(`/api/missions/${scene.missionId}/payment/deposit`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('L’acompte est déjà payé.');

    // The balance waits for the end of the mission.
    const early = await scene.company.post(`/api/missions/${scene.missionId}/payment/balance`, {});
    expect(early.statusCode).toBe(409);
    const start = new Date(Date.now() - 10 * HOUR);
    const payment = await completeMission(t, scene, start, new Date(start.getTime() + 7 * HOUR));
    expect(payment.amount).toBe('1234.56');
    const balance = await payStep(scene, 'balance');
    expect(sessionOf(balance.url!)).toMatchObject({
      amount_total: 86419,
      metadata: { missionId: scene.missionId, kind: 'balance' },
    });
    expect((await missionOf(scene.missionId)).finalPaymentDue).toBe('864.19');
    const balancePaid = await payCheckout(t.stripe, balance.url!);
    expect(balancePaid.location).toBe(`${t.config.publicUrl}/mission/${scene.missionId}/payment?paiement=ok`);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'paid', depositPaid: true });
    const debits = await transactionsOf(scene.transporter.id, scene.missionId);
    const stripeDebits = debits.filter((row) => row.category === 'deposit' || row.category === 'balance');
    expect(stripeDebits.map((row) => [row.category, row.amount]).sort()).toEqual([
      ['balance', '864.19'],
      ['deposit', '370.37'],
    ]);
    const paidAgain = await scene.company.post(`/api/missions/${scene.missionId}/payment/balance`, {});
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json().message).toBe('La mission est déjà payée.');
  });

  it('hourly: the deposit from the planned hours, the balance from the real quarter hours', async () => {
    // 32,47 €/h × 8 h planned = 259,76 € → deposit 77,93 € (77,928 rounded half up).
    const scene = await missionScene(t, { price: '32.47', pricingType: 'hourly' });
    const { url } = await payStep(scene, 'deposit');
    expect(sessionOf(url!).amount_total).toBe(7793);
    await payCheckout(t.stripe, url!);
    // Worked 9 h 10 → 9,25 h (37 quarters): 32,47 × 37 / 4 = 300,3475 → 300,35 €; balance 222,42 €.
    const start = new Date(Date.now() - 12 * HOUR);
    const payment = await completeMission(
      t,
      scene,
      start,
      new Date(start.getTime() + 9 * HOUR + 10 * 60_000),
    );
    expect(payment.amount).toBe('300.35');
    const balance = await payStep(scene, 'balance');
    expect(sessionOf(balance.url!).amount_total).toBe(22242);
    await payCheckout(t.stripe, balance.url!);
    expect(await missionOf(scene.missionId)).toMatchObject({
      paymentStatus: 'paid',
      finalPaymentDue: '222.42',
    });
  });

  it('daily: one planned day as the deposit, three days worked for the balance', async () => {
    const start = tomorrowAt(5);
    const scene = await missionScene(t, {
      price: '187.33',
      pricingType: 'daily',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * HOUR),
    });
    const { url } = await payStep(scene, 'deposit');
    // 187,33 × 30 % = 56,199 → 56,20 €.
    expect(sessionOf(url!).amount_total).toBe(5620);
    await payCheckout(t.stripe, url!);
    const worked = new Date(Date.now() - 3 * 24 * HOUR);
    worked.setUTCHours(6, 0, 0, 0);
    const payment = await completeMission(
      t,
      scene,
      worked,
      new Date(worked.getTime() + 2 * 24 * HOUR + 6 * HOUR),
    );
    // 3 days × 187,33 = 561,99 €; balance 505,79 €.
    expect(payment.amount).toBe('561.99');
    const balance = await payStep(scene, 'balance');
    expect(sessionOf(balance.url!).amount_total).toBe(50579);
  });

  it('an independent carrier subject to VAT: the deposit is 30 % of the price with VAT', async () => {
    const scene = await missionScene(
      t,
      { price: '1000.00', pricingType: 'flat', engagementType: 'independent' },
      { vatRegime: 'normal' },
    );
    const { url } = await payStep(scene, 'deposit');
    expect(sessionOf(url!).amount_total).toBe(36000);
    await payCheckout(t.stripe, url!);
    const start = new Date(Date.now() - 10 * HOUR);
    const payment = await completeMission(t, scene, start, new Date(start.getTime() + 5 * HOUR));
    expect(payment.amount).toBe('1200.00');
    const balance = await payStep(scene, 'balance');
    expect(sessionOf(balance.url!).amount_total).toBe(84000);
  });

  it('a balance at or below zero refunds the difference on the deposit, once', async () => {
    // Deposit 77,93 € on 8 planned hours; the mission took 30 minutes: one hour is owed, 32,47 €.
    const scene = await missionScene(t, { price: '32.47', pricingType: 'hourly' });
    const { url } = await payStep(scene, 'deposit');
    await payCheckout(t.stripe, url!);
    const depositIntent = String(sessionOf(url!).payment_intent);
    const start = new Date(Date.now() - 5 * HOUR);
    const payment = await completeMission(t, scene, start, new Date(start.getTime() + 30 * 60_000));
    expect(payment.amount).toBe('32.47');
    const sessionsBefore = t.stripe.checkoutSessions.size;
    // Two clicks at the same time, Stripe slow to answer: one refund, the other click is told it is paid.
    t.stripe.latencyMs = 150;
    const answers = await Promise.all(
      [1, 2].map(() => scene.company.post(`/api/missions/${scene.missionId}/payment/balance`, {})),
    ).finally(() => (t.stripe.latencyMs = 0));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const result = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(result).toEqual({ url: null, refunded: '45.46', transferred: null });
    expect(t.stripe.checkoutSessions.size).toBe(sessionsBefore);
    const refunds = [...t.stripe.refunds.values()].filter(
      (refund) => refund.payment_intent === depositIntent,
    );
    expect(refunds).toMatchObject([{ amount: 4546, status: 'succeeded' }]);
    expect(t.stripe.requests.find((request) => request.path === '/v1/refunds')?.idempotencyKey).toBe(
      `refund-${depositIntent}-4546`,
    );
    expect(await missionOf(scene.missionId)).toMatchObject({
      paymentStatus: 'paid',
      finalPaymentDue: '0.00',
    });
    expect(
      (await transactionsOf(scene.transporter.id, scene.missionId)).filter(
        (row) => row.category === 'refund',
      ),
    ).toMatchObject([{ type: 'credit', amount: '45.46' }]);
    expect((await alertsOf(scene.transporter.id)).map((a) => a.title)).toContain('Trop-perçu remboursé');
    const twice = await scene.company.post(`/api/missions/${scene.missionId}/payment/balance`, {});
    expect(twice.statusCode).toBe(409);
    expect([...t.stripe.refunds.values()].filter((r) => r.payment_intent === depositIntent)).toHaveLength(1);
  });

  it('a declined card marks the payment failed and tells the transporter; paying then wins for good', async () => {
    const scene = await missionScene(t, { price: '500.00' });
    const { url } = await payStep(scene, 'deposit');
    const declined = await payCheckout(t.stripe, url!, 'decline');
    expect(declined.status).toBe(200);
    expect(declined.body).toContain('Votre carte a été refusée');
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'failed', depositPaid: false });
    expect(await paymentsOf(scene.missionId)).toMatchObject([{ status: 'failed', amount: '150.00' }]);
    expect((await alertsOf(scene.transporter.id)).map((a) => a.title)).toEqual(['Paiement refusé']);
    // Stripe delivering the same event again (a retry, a replay): acknowledged, applied once.
    const failure = t.stripe.events.findLast((event) => event.type === 'payment_intent.payment_failed')!;
    expect((await t.stripe.redeliver(failure.id)).status).toBe(200);
    expect((await alertsOf(scene.transporter.id)).map((a) => a.title)).toEqual(['Paiement refusé']);
    // The session is still open: another click hands it back; paying with another card succeeds.
    expect((await payStep(scene, 'deposit')).url).toBe(url);
    await payCheckout(t.stripe, url!);
    expect(await missionOf(scene.missionId)).toMatchObject({
      paymentStatus: 'deposit_paid',
      depositPaid: true,
    });
    // A failure reported late for the same PaymentIntent changes nothing.
    const intent = structuredClone(t.stripe.paymentIntents.get(String(sessionOf(url!).payment_intent))!);
    intent.status = 'requires_payment_method';
    const late = await t.stripe.sendEvent('payment_intent.payment_failed', intent, {
      created: Math.floor(Date.now() / 1000) - 60,
    });
    expect(late.status).toBe(200);
    expect(await missionOf(scene.missionId)).toMatchObject({
      paymentStatus: 'deposit_paid',
      depositPaid: true,
    });
    expect(await paymentsOf(scene.missionId)).toMatchObject([{ status: 'succeeded', amount: '150.00' }]);
  });

  it('the payment intent and the session completing arrive in either order: applied once', async () => {
    const scene = await missionScene(t, { price: '800.00' });
    const { url } = await payStep(scene, 'deposit');
    t.stripe.completeCheckout(sessionOf(url!).id as string);
    await t.stripe.flush();
    const [completed, succeeded] = ['checkout.session.completed', 'payment_intent.succeeded'].map((type) =>
      t.stripe.events.findLast((event) => event.type === type)!,
    );
    // Delivered again, the other way round, as new events (Stripe may send both, in any order).
    for (const event of [succeeded!, completed!])
      expect((await t.stripe.sendEvent(event.type, event.data.object as never)).status).toBe(200);
    expect(await paymentsOf(scene.missionId)).toHaveLength(1);
    expect(
      (await transactionsOf(scene.transporter.id, scene.missionId)).filter(
        (row) => row.category === 'deposit',
      ),
    ).toHaveLength(1);
    expect((await alertsOf(scene.driver.id)).filter((a) => a.title === 'Acompte payé')).toHaveLength(1);
  });
});

describe('who may pay', () => {
  it('only the mission’s transporter pays or validates; the others are told it is not theirs', async () => {
    const scene = await missionScene(t);
    const other = await agentFor(t, (await createUser(t.db, { userType: 'company' })).id);
    const otherDriver = await agentFor(t, (await createUser(t.db)).id);
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    const sessions = t.stripe.checkoutSessions.size;
    for (const step of ['deposit', 'balance', 'validate']) {
      const path = `/api/missions/${scene.missionId}/payment/${step}`;
      expect((await other.post(path, {})).statusCode, step).toBe(404);
      expect((await scene.chauffeur.post(path, {})).statusCode, step).toBe(403);
      expect((await otherDriver.post(path, {})).statusCode, step).toBe(403);
      expect((await admin.post(path, {})).statusCode, step).toBe(403);
    }
    expect(t.stripe.checkoutSessions.size).toBe(sessions);
    expect(await missionOf(scene.missionId)).toMatchObject({ depositAmount: null, paymentStatus: 'pending' });
  });

  it('two clicks at the same time open one Checkout page', async () => {
    const scene = await missionScene(t, { price: '640.00' });
    // Stripe slow to answer: the second click arrives while the first is still creating its page.
    t.stripe.latencyMs = 150;
    const [first, second] = await Promise.all([payStep(scene, 'deposit'), payStep(scene, 'deposit')]).finally(
      () => (t.stripe.latencyMs = 0),
    );
    expect(second.url).toBe(first.url);
    const made = [...t.stripe.checkoutSessions.values()].filter(
      (session) => (session.metadata as Record<string, string>).missionId === scene.missionId,
    );
    expect(made).toHaveLength(1);
    expect(await paymentsOf(scene.missionId)).toMatchObject([{ status: 'open', amount: '192.00' }]);
  });

  it('a page Stripe no longer knows is replaced by a new one', async () => {
    const scene = await missionScene(t, { price: '100.00' });
    const { url } = await payStep(scene, 'deposit');
    t.stripe.checkoutSessions.delete(url!.split('/').pop()!);
    const next = await payStep(scene, 'deposit');
    expect(next.url).not.toBe(url);
    expect((await paymentsOf(scene.missionId)).map((row) => row.status).sort()).toEqual(['expired', 'open']);
  });

  it('no deposit before a driver is chosen', async () => {
    const scene = await missionScene(t, { status: 'available', driverId: null, assignedAt: null });
    const response = await scene.company.post(`/api/missions/${scene.missionId}/payment/deposit`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('L’acompte se paie une fois le chauffeur choisi.');
  });
});
