import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { transactions } from '../../db/schema/payments.js';
import {
  cardPaymentsOf,
  checkoutSession,
  missionRow,
  onboard,
  completeMission,
  createStripeTestApp,
  missionScene,
  payCheckout,
  type MissionScene,
  type StripeTestApp,
} from '../../test/stripe-app.js';
import { REPRICE_JOB } from './reprice.js';

/**
 * Stripe mode, what counts as paid: a card payment counts only for the amount and currency its page asked and
 * what is still due; a change of what is owed closes the pages for the old amount; a payout never sends more
 * than was collected; whatever was taken and is not owed goes back on the card, in both wallets.
 */
let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const ADDRESS = '12 rue des Lilas, 69007 Lyon';
const missionOf = (id: string) => missionRow(t, id);
const paymentsOf = (missionId: string) => cardPaymentsOf(t, missionId);
const refundLines = (userId: string, missionId: string) =>
  t.db
    .select({ type: transactions.type, amount: transactions.amount })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.missionId, missionId),
        eq(transactions.category, 'refund'),
      ),
    );
const alertTitles = async (userId: string) =>
  (await t.db.select().from(alerts).where(eq(alerts.userId, userId))).map((alert) => alert.title);
const sessionOf = (url: string) => checkoutSession(t.stripe, url);
const refundsOf = (intentId: string) =>
  [...t.stripe.refunds.values()].filter((refund) => refund.payment_intent === intentId);

async function step(scene: MissionScene, name: 'deposit' | 'balance' | 'validate') {
  return scene.company.post(`/api/missions/${scene.missionId}/payment/${name}`, {});
}

async function openBalance(scene: MissionScene): Promise<string> {
  const response = await step(scene, 'balance');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().url as string;
}

/** An independent carrier whose VAT regime is not known yet: what they are owed has no VAT until they say. */
async function independentScene(price: string): Promise<MissionScene> {
  return missionScene(t, { price, pricingType: 'flat', engagementType: 'independent' }, { vatRegime: null });
}

const becomeSubjectToVat = async (scene: MissionScene) => {
  const saved = await scene.chauffeur.put('/api/billing/details', {
    billingAddress: ADDRESS,
    vatRegime: 'normal',
    vatNumber: 'FR 44 732829320',
  });
  expect(saved.statusCode, saved.body).toBe(200);
};
/** Waits for the repricing the regime's change queued, run by a worker (or runs one more when none is left). */
async function reprice(scene: MissionScene): Promise<void> {
  await t.app.jobs.runNow(REPRICE_JOB, { data: { driverId: scene.driver.id }, timeoutMs: 60_000 });
}

describe('a card payment counts only for what is due', () => {
  it('an old balance page paid after the VAT regime changed is refunded in full; the payout waits for the right amount', async () => {
    const scene = await independentScene('450.00');
    const start = new Date(Date.now() - 9 * HOUR);
    expect((await completeMission(t, scene, start, new Date(start.getTime() + 5 * HOUR))).amount).toBe(
      '450.00',
    );
    const old = await openBalance(scene);
    expect(sessionOf(old).amount_total).toBe(45000);
    // The driver gives their regime: the mission owes 540 €, and the old page (450 €) is paid before Relais
    // could close it.
    await becomeSubjectToVat(scene);
    expect((await payCheckout(t.stripe, old)).status).toBe(303);
    const intent = String(sessionOf(old).payment_intent);
    expect(refundsOf(intent)).toMatchObject([{ amount: 45000, status: 'succeeded' }]);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'pending' });
    expect(await paymentsOf(scene.missionId)).toMatchObject([
      { kind: 'balance', status: 'refunded', amount: '450.00', refundedAmount: '450.00' },
    ]);
    expect(await refundLines(scene.transporter.id, scene.missionId)).toEqual([
      { type: 'credit', amount: '450.00' },
    ]);
    expect(await refundLines(scene.driver.id, scene.missionId)).toEqual([
      { type: 'debit', amount: '450.00' },
    ]);
    expect(await alertTitles(scene.transporter.id)).toContain('Paiement remboursé');
    expect(await alertTitles(scene.driver.id)).toContain('Paiement remboursé au transporteur');
    expect(await alertTitles(scene.driver.id)).not.toContain('Mission payée');

    // Nothing was collected: no payout, whatever the transporter clicks.
    await onboard(t, scene);
    const early = await step(scene, 'validate');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Le paiement de la mission n’est pas encore complet : le chauffeur sera payé ensuite.',
    );
    expect(t.stripe.transfers.size).toBe(0);

    // The new page asks for 540 €; paid, it counts, and the payout sends exactly that.
    const fresh = await openBalance(scene);
    expect(sessionOf(fresh).amount_total).toBe(54000);
    await payCheckout(t.stripe, fresh);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'paid' });
    const payout = await step(scene, 'validate');
    expect(payout.statusCode, payout.body).toBe(200);
    expect(payout.json().transferred).toBe('540.00');
    expect([...t.stripe.transfers.values()].map((transfer) => transfer.amount)).toEqual([54000]);
  });

  it('a signed payment of 1 cent for a 360 € mission marks nothing paid and goes back', async () => {
    const scene = await missionScene(t, { price: '360.00' });
    const start = new Date(Date.now() - 9 * HOUR);
    await completeMission(t, scene, start, new Date(start.getTime() + 5 * HOUR));
    const page = await openBalance(scene);
    // A PaymentIntent of 1 cent that names the mission and its balance (made at Stripe, succeeded).
    t.stripe.paymentIntents.set('pi_test_onecent', {
      id: 'pi_test_onecent',
      object: 'payment_intent',
      amount: 1,
      amount_received: 1,
      currency: 'eur',
      status: 'succeeded',
      metadata: { missionId: scene.missionId, kind: 'balance' },
    });
    const delivery = await t.stripe.sendEvent(
      'payment_intent.succeeded',
      t.stripe.paymentIntents.get('pi_test_onecent')!,
    );
    expect(delivery.status, delivery.body).toBe(200);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'pending' });
    expect(refundsOf('pi_test_onecent')).toMatchObject([{ amount: 1 }]);
    // The real page is still the one to pay (the stray payment did not take it over) and counts when paid.
    const rows = await paymentsOf(scene.missionId);
    expect(rows.map((row) => [row.status, row.amount, row.stripePaymentIntentId]).sort()).toEqual([
      ['open', '360.00', null],
      ['refunded', '0.01', 'pi_test_onecent'],
    ]);
    await payCheckout(t.stripe, page);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('a payment in another currency does not count', async () => {
    const scene = await missionScene(t, { price: '200.00' });
    const deposit = await step(scene, 'deposit');
    const session = structuredClone(sessionOf(deposit.json().url));
    t.stripe.paymentIntents.set('pi_test_usd', {
      id: 'pi_test_usd',
      object: 'payment_intent',
      amount: 6000,
      amount_received: 6000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { missionId: scene.missionId, kind: 'deposit' },
    });
    const forged = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      currency: 'usd',
      payment_intent: 'pi_test_usd',
    };
    expect((await t.stripe.sendEvent('checkout.session.completed', forged)).status).toBe(200);
    expect(await missionOf(scene.missionId)).toMatchObject({ depositPaid: false, paymentStatus: 'pending' });
    expect(refundsOf('pi_test_usd')).toMatchObject([{ amount: 6000 }]);
  });
});

describe('no deposit once the mission is completed', () => {
  it('the deposit step is refused, and a deposit page paid after the end is refunded', async () => {
    const scene = await missionScene(t, { price: '450.00' });
    const deposit = await step(scene, 'deposit');
    expect(deposit.statusCode).toBe(200);
    const depositPage = deposit.json().url as string;
    const start = new Date(Date.now() - 9 * HOUR);
    await completeMission(t, scene, start, new Date(start.getTime() + 5 * HOUR));
    const late = await step(scene, 'deposit');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'La fin de mission est confirmée : il n’y a plus d’acompte à payer, réglez le solde depuis la page de paiement.',
    );
    // The old deposit page, still open at Stripe, is paid after the end: 135 € back on the card.
    await payCheckout(t.stripe, depositPage);
    const intent = String(sessionOf(depositPage).payment_intent);
    expect(refundsOf(intent)).toMatchObject([{ amount: 13500 }]);
    expect(await missionOf(scene.missionId)).toMatchObject({ depositPaid: false, paymentStatus: 'pending' });
    // The balance is the whole 450 €: 585 € are never kept for a 450 € mission.
    expect(sessionOf(await openBalance(scene)).amount_total).toBe(45000);
  });
});

describe('a change of what is owed closes the pages for the old amount', () => {
  // Its own application with the job workers on: the regime's change queues the repricing, a worker runs it.
  let main: StripeTestApp;
  beforeAll(async () => {
    main = t;
    t = await createStripeTestApp({ JOBS_WORKER: 'true' });
  });
  afterAll(async () => {
    await t.close();
    t = main;
  });

  it('before the end: the deposit page for the amount without VAT is expired at Stripe and the transporter told', async () => {
    const scene = await independentScene('1000.00');
    const first = await step(scene, 'deposit');
    expect(sessionOf(first.json().url).amount_total).toBe(30000);
    await becomeSubjectToVat(scene);
    await reprice(scene);
    expect(sessionOf(first.json().url).status).toBe('expired');
    expect((await paymentsOf(scene.missionId)).map((row) => row.status)).toEqual(['expired']);
    expect(await alertTitles(scene.transporter.id)).toContain('Montant à payer modifié');
    const next = await step(scene, 'deposit');
    expect(sessionOf(next.json().url).amount_total).toBe(36000);
    // Run again, nothing changes: the page open is for the right amount.
    await reprice(scene);
    expect(sessionOf(next.json().url).status).toBe('open');
  });

  it('after a payment in full: more owed reopens the balance; less owed refunds the excess on the card', async () => {
    const scene = await independentScene('500.00');
    const start = new Date(Date.now() - 9 * HOUR);
    await completeMission(t, scene, start, new Date(start.getTime() + 5 * HOUR));
    await payCheckout(t.stripe, await openBalance(scene));
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'paid' });
    await becomeSubjectToVat(scene);
    await reprice(scene);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'pending' });
    expect((await step(scene, 'validate')).statusCode).toBe(409);
    const rest = await openBalance(scene);
    expect(sessionOf(rest).amount_total).toBe(10000);
    await payCheckout(t.stripe, rest);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'paid' });

    // Back under the franchise: 600 € collected for 500 € owed, 100 € go back, newest payment first.
    const franchise = await scene.chauffeur.put('/api/billing/details', {
      billingAddress: ADDRESS,
      vatRegime: 'franchise',
    });
    expect(franchise.statusCode, franchise.body).toBe(200);
    await reprice(scene);
    const intent = String(sessionOf(rest).payment_intent);
    expect(refundsOf(intent)).toMatchObject([{ amount: 10000 }]);
    expect(await missionOf(scene.missionId)).toMatchObject({ paymentStatus: 'paid' });
    expect(await refundLines(scene.transporter.id, scene.missionId)).toEqual([
      { type: 'credit', amount: '100.00' },
    ]);
    await onboard(t, scene);
    const payout = await step(scene, 'validate');
    expect(payout.statusCode, payout.body).toBe(200);
    expect(payout.json().transferred).toBe('500.00');
  });
});
