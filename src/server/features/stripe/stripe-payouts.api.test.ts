import { and, eq } from 'drizzle-orm';
import { paymentMessages } from '#core/schemas/payments.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import { users } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { agentFor } from '../../test/harness.js';
import {
  onboard,
  completeMission,
  createStripeTestApp,
  missionScene,
  payCheckout,
  type MissionScene,
  type StripeTestApp,
} from '../../test/stripe-app.js';

/** The driver's Stripe Express account and the Connect transfer the transporter's validation releases. */
let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const validate = (scene: MissionScene) =>
  scene.company.post(`/api/missions/${scene.missionId}/payment/validate`, {});
const userOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A completed mission of 1 234,56 €, paid in full on Stripe (no deposit: the balance is everything). */
async function paidMission(): Promise<MissionScene> {
  const scene = await missionScene(t, { price: '1234.56' });
  const start = new Date(Date.now() - 9 * HOUR);
  await completeMission(t, scene, start, new Date(start.getTime() + 6 * HOUR));
  const balance = await scene.company.post(`/api/missions/${scene.missionId}/payment/balance`, {});
  expect(balance.statusCode, balance.body).toBe(200);
  expect(t.stripe.checkoutSessions.get(balance.json().url.split('/').pop())!.amount_total).toBe(123456);
  await payCheckout(t.stripe, balance.json().url);
  return scene;
}

describe('the driver’s payout account', () => {
  it('is an Express account made once, even when the driver clicks twice at the same time', async () => {
    const driver = await createUser(t.db);
    const agent = await agentFor(t, driver.id);
    const [first, second] = await Promise.all([
      agent.post('/api/billing/connect', {}),
      agent.post('/api/billing/connect', {}),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().url).toMatch(new RegExp(`^${t.stripe.url}/connect/onboarding/`));
    const accountId = (await userOf(driver.id)).stripeAccountId;
    expect(accountId).toMatch(/^acct_/);
    const made = [...t.stripe.accounts.values()].filter((account) => account.email === driver.email);
    expect(made).toMatchObject([
      { id: accountId, type: 'express', country: 'FR', metadata: { userId: driver.id } },
    ]);
    // Again later: the same account, a new onboarding link (back to the wallet without a mission).
    const again = await agent.post('/api/billing/connect');
    expect(again.statusCode).toBe(200);
    expect((await userOf(driver.id)).stripeAccountId).toBe(accountId);
    const link = [...t.stripe.accountLinks.values()].at(-1)!;
    expect(link).toMatchObject({
      account: accountId,
      return_url: `${t.config.publicUrl}/wallet?versements=ok`,
    });
  });

  it('is for drivers only', async () => {
    const transporter = await agentFor(t, (await createUser(t.db, { userType: 'company' })).id);
    const response = await transporter.post('/api/billing/connect', {});
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Les versements concernent les chauffeurs');
  });
});

describe('validating a paid mission pays the driver', () => {
  it('waits for the payment in full and for the driver’s activated account', async () => {
    const scene = await missionScene(t, { price: '300.00' });
    const start = new Date(Date.now() - 9 * HOUR);
    await completeMission(t, scene, start, new Date(start.getTime() + 6 * HOUR));
    const notPaid = await validate(scene);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toMatch(/^Le paiement de la mission n’est pas encore complet/);
    const balance = await scene.company.post(`/api/missions/${scene.missionId}/payment/balance`, {});
    await payCheckout(t.stripe, balance.json().url);
    // Paid by card: never declared paid, confirmed or disputed by hand, never late while it waits for validation.
    const payment = (await scene.company.get(`/api/missions/${scene.missionId}/payment`)).json();
    expect(payment.actions).not.toContain('markPaid');
    expect(payment.overdue).toBe(false);
    const byHand = await scene.company.post(`/api/missions/${scene.missionId}/payment/mark-paid`, {
      paidOn: new Date().toISOString().slice(0, 10),
      reference: 'VIR-1',
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toBe(paymentMessages.paidOnline);
    expect(
      (await scene.chauffeur.post(`/api/missions/${scene.missionId}/payment/confirm`, {})).statusCode,
    ).toBe(409);
    const noAccount = await validate(scene);
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().message).toMatch(/configuré ses versements/);
    // The account exists but Stripe's onboarding is not finished: no transfer capability yet.
    await scene.chauffeur.post('/api/billing/connect', {});
    const inactive = await validate(scene);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toMatch(/pas encore activé/);
    expect(t.stripe.transfers.size).toBe(0);
  });

  it('makes exactly one transfer when the transporter validates twice at the same time', async () => {
    const scene = await paidMission();
    const account = await onboard(t, scene);
    const answers = await Promise.all([validate(scene), validate(scene)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((answer) => answer.statusCode === 200)!;
    expect(ok.json()).toEqual({ url: null, refunded: null, transferred: '1234.56' });
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      'Le versement au chauffeur est déjà fait.',
    );
    const transfers = [...t.stripe.transfers.values()].filter((transfer) => transfer.destination === account);
    expect(transfers).toMatchObject([
      {
        amount: 123456,
        currency: 'eur',
        transfer_group: scene.missionId,
        metadata: { missionId: scene.missionId },
      },
    ]);
    const [payment] = await t.db
      .select()
      .from(driverPayments)
      .where(eq(driverPayments.missionId, scene.missionId));
    expect(payment).toMatchObject({
      stripeTransferId: transfers[0]!.id,
      stripePaymentStatus: 'paid',
      method: 'stripe',
      settlementStatus: 'confirmed',
      paymentReference: transfers[0]!.id,
    });
    expect(payment!.validatedAt).not.toBeNull();
    expect(payment!.paidAt).not.toBeNull();
    expect(
      t.stripe.requests.filter((request) => request.path === '/v1/transfers').map((r) => r.idempotencyKey),
    ).toContain(`payout-${payment!.id}`);
    const payouts = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, scene.driver.id), eq(transactions.category, 'payout')));
    expect(payouts).toMatchObject([{ type: 'credit', amount: '1234.56', missionId: scene.missionId }]);
    const driverAlerts = await t.db.select().from(alerts).where(eq(alerts.userId, scene.driver.id));
    expect(driverAlerts.map((alert) => alert.title)).toContain('Versement envoyé');
    expect((await validate(scene)).statusCode).toBe(409);
  });

  it('is the mission’s own transporter’s to do', async () => {
    const scene = await paidMission();
    await onboard(t, scene);
    const other = await agentFor(t, (await createUser(t.db, { userType: 'company' })).id);
    const before = t.stripe.transfers.size;
    expect((await other.post(`/api/missions/${scene.missionId}/payment/validate`, {})).statusCode).toBe(404);
    expect(
      (await scene.chauffeur.post(`/api/missions/${scene.missionId}/payment/validate`, {})).statusCode,
    ).toBe(403);
    expect(t.stripe.transfers.size).toBe(before);
  });
});
