import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateFor, paymentDueDate } from '#core/rules/money.js';
import { alerts } from '../../db/schema/messaging.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import type { NewUser, User } from '../../db/schema/users.js';
import { deliverWithProof, missionPayload, VALID_SIRET } from '../../test/factories.js';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { parisDate } from '#core/rules/days.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Party {
  user: User;
  agent: Agent;
}
const company = (overrides: Partial<NewUser> = {}) => signIn(t, { userType: 'company', ...overrides });
const driver = (overrides: Partial<NewUser> = {}) =>
  signIn(t, { userType: 'driver', subscriptionPlan: 'premium', ...overrides });

/**
 * A mission walked through the API up to "delivered": published, applied for, accepted, the engagement signed by
 * both, started and delivered. `times` sets the real start and delivery (the driver's clicks) in the database.
 */
async function delivered(
  owner: Party,
  carrier: Party,
  mission: Record<string, unknown> = {},
  times?: { startedAt: Date; deliveredAt: Date },
): Promise<string> {
  const created = await owner.agent.post('/api/missions', missionPayload(mission));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().mission.id as string;
  expect((await carrier.agent.post(`/api/missions/${id}/apply`, {})).statusCode).toBe(201);
  const detail = (await owner.agent.get(`/api/missions/${id}`)).json();
  const accepted = await owner.agent.post(`/api/applications/${detail.applications[0].id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  for (const party of [carrier, owner]) {
    const signed = await party.agent.post(`/api/missions/${id}/engagement/sign`, {
      typedName: party.user.fullName,
      consent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
  }
  await t.db
    .update(missions)
    .set({ startDate: new Date(Date.now() + 30 * 60_000) })
    .where(eq(missions.id, id));
  expect((await carrier.agent.post(`/api/missions/${id}/start`)).statusCode).toBe(200);
  expect((await deliverWithProof(carrier.agent, id)).statusCode).toBe(200);
  if (times) await t.db.update(missions).set(times).where(eq(missions.id, id));
  return id;
}

async function completed(
  owner: Party,
  carrier: Party,
  mission: Record<string, unknown> = {},
  times?: { startedAt: Date; deliveredAt: Date },
): Promise<string> {
  const id = await delivered(owner, carrier, mission, times);
  const done = await owner.agent.post(`/api/missions/${id}/complete`);
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

const paymentOf = async (agent: Agent, id: string) => {
  const response = await agent.get(`/api/missions/${id}/payment`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const transactionsOf = (userId: string, missionId: string) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.missionId, missionId)))
    .orderBy(transactions.createdAt);

const paymentAlertsOf = (userId: string, missionId: string) =>
  t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.missionId, missionId), eq(alerts.type, 'payment')))
    .orderBy(alerts.createdAt);

const paymentAlerts = async (userId: string, missionId: string) =>
  (await paymentAlertsOf(userId, missionId)).map((alert) => [alert.title, alert.message]);

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const ADDRESS = '12 rue des Lilas, 69007 Lyon';

describe('what a completed mission owes', () => {
  it('a flat price, employment: the agreed price, no VAT, due with the month’s pay; a transaction for each party', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completed(owner, carrier, { price: '420', pricingType: 'flat' });
    const [row] = await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, id));
    expect(row).toMatchObject({
      amount: '420.00',
      amountExclTax: '420.00',
      vatAmount: '0.00',
      vatRate: null,
      quantity: '1.00',
      unitPrice: '420.00',
      engagementType: 'employment',
      settlementStatus: 'owed',
      paymentTerms: 'reception',
      dueDate: paymentDueDate('employment', 'reception', parisDate(new Date())),
      method: 'transfer',
    });
    const seen = await paymentOf(carrier.agent, id);
    expect(seen).toMatchObject({
      viewerRole: 'driver',
      amount: '420.00',
      detail: 'Forfait',
      currency: 'eur',
      status: 'owed',
      overdue: false,
      actions: ['confirm', 'dispute'],
      stripe: null,
    });
    expect((await paymentOf(owner.agent, id)).actions).toEqual(['markPaid', 'uploadPayslip']);
    const driverSide = await transactionsOf(carrier.user.id, id);
    const companySide = await transactionsOf(owner.user.id, id);
    expect(driverSide.map((row) => [row.type, row.category, row.amount])).toEqual([
      ['credit', 'mission_owed', '420.00'],
    ]);
    expect(companySide.map((row) => [row.type, row.category, row.amount])).toEqual([
      ['debit', 'mission_owed', '420.00'],
    ]);
    expect(companySide[0]!.description).toContain('« Livraison frigo Rungis → Lille »');
    expect((await paymentAlertsOf(carrier.user.id, id)).map((alert) => alert.title)).toEqual([
      'Rémunération à venir',
    ]);
    expect((await paymentAlertsOf(owner.user.id, id))[0]!.link).toBe(`/mission/${id}/payment`);
  });

  it('hourly: 7 h 10 min of work is 7,25 h, to the cent; 30-day terms', async () => {
    const owner = await company();
    const carrier = await driver({ vatRegime: 'franchise' });
    const startedAt = hoursAgo(8);
    const deliveredAt = new Date(startedAt.getTime() + (7 * 60 + 10) * 60_000);
    const id = await completed(
      owner,
      carrier,
      { price: '32.00', pricingType: 'hourly', engagementType: 'independent', paymentTerms: '30_days' },
      { startedAt, deliveredAt },
    );
    const seen = await paymentOf(owner.agent, id);
    expect(seen).toMatchObject({
      pricingType: 'hourly',
      quantity: '7.25',
      unitPrice: '32.00',
      detail: '7,25 h × 32,00\u00a0€',
      amountExclTax: '232.00',
      vatAmount: '0.00',
      vatRate: null,
      amount: '232.00',
      paymentTerms: '30_days',
      dueDate: dueDateFor('30_days', parisDate(new Date())),
      engagementType: 'independent',
    });
  });

  it('daily: three Paris days, from a start late in the evening to a delivery two mornings later', async () => {
    const owner = await company();
    const carrier = await driver({ vatRegime: 'franchise' });
    // Paris days D-2 (late evening), D-1 and D (early morning): 3 days, though less than 48 hours pass.
    const today = parisDate(new Date());
    const dayBefore = (days: number) => {
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() - days);
      return date.toISOString().slice(0, 10);
    };
    // Read at UTC+1: the same Paris day in winter (UTC+1) and in summer (UTC+2).
    const paris = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
    const startedAt = paris(dayBefore(2), '22:30');
    const deliveredAt = paris(dayBefore(0), '00:30');
    expect(parisDate(startedAt)).toBe(dayBefore(2));
    expect(parisDate(deliveredAt)).toBe(dayBefore(0));
    const id = await completed(
      owner,
      carrier,
      { price: '250', pricingType: 'daily', engagementType: 'independent' },
      { startedAt, deliveredAt },
    );
    expect(await paymentOf(carrier.agent, id)).toMatchObject({
      quantity: '3.00',
      detail: '3 jours × 250,00\u00a0€',
      amount: '750.00',
    });
  });

  it('VAT at 20 % for a carrier subject to it; none while the regime is unknown, then in step once it is given', async () => {
    const owner = await company();
    const subject = await driver({ vatRegime: 'normal', vatNumber: 'FR12732829320' });
    const startedAt = hoursAgo(8);
    const deliveredAt = new Date(startedAt.getTime() + (7 * 60 + 10) * 60_000);
    const hourly = { price: '32.00', pricingType: 'hourly', engagementType: 'independent' };
    const id = await completed(owner, subject, hourly, { startedAt, deliveredAt });
    expect(await paymentOf(subject.agent, id)).toMatchObject({
      amountExclTax: '232.00',
      vatAmount: '46.40',
      vatRate: '20.00',
      amount: '278.40',
    });

    const unknown = await driver();
    const other = await completed(owner, unknown, hourly, { startedAt, deliveredAt });
    const before = await paymentOf(unknown.agent, other);
    expect(before).toMatchObject({ amount: '232.00', vatAmount: '0.00', vatRate: null });
    expect(before.invoiceBlockers).toContain('Le chauffeur doit indiquer son régime de TVA.');
    // Nobody is shown a total with VAT that is not known yet: the amount is said to be before VAT.
    expect(before.vatKnown).toBe(false);
    expect(await paymentAlerts(owner.user.id, other)).toContainEqual([
      'Règlement à effectuer',
      expect.stringMatching(
        /232,00\u00a0€ HT à régler au chauffeur, .* Le montant TTC sera connu quand il aura indiqué son régime de TVA\.$/,
      ),
    ]);
    // The regime given (no mandate yet: no invoice), the payment still owed follows at once.
    const saved = await unknown.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      siretNumber: VALID_SIRET,
      vatRegime: 'normal',
      vatNumber: 'FR 44 732829320',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await paymentOf(unknown.agent, other);
    expect(after).toMatchObject({ amountExclTax: '232.00', vatAmount: '46.40', amount: '278.40' });
    expect(after.vatKnown).toBe(true);
    // Both parties hear the amount now owed, with VAT, and what it replaces.
    expect(await paymentAlerts(unknown.user.id, other)).toContainEqual([
      'Montant dû mis à jour',
      expect.stringContaining('278,40\u00a0€ TTC vous sont dus (au lieu de 232,00\u00a0€)'),
    ]);
    expect(await paymentAlerts(owner.user.id, other)).toContainEqual([
      'Montant dû mis à jour',
      expect.stringContaining('278,40\u00a0€ TTC à régler (au lieu de 232,00\u00a0€)'),
    ]);
    expect(after.invoiceNumber).toBeNull();
    expect((await transactionsOf(unknown.user.id, other)).map((row) => row.amount)).toEqual(['278.40']);
    expect((await transactionsOf(owner.user.id, other)).map((row) => row.amount)).toEqual(['278.40']);
    // The wallet's export says the same amounts, HT, VAT and TTC, from the payment.
    const exported = (await unknown.agent.get(`/api/transactions/export?missionId=${other}`)).body;
    expect(exported).toContain(';Crédit;Règlement de mission;À recevoir;278,40;232,00;46,40;278,40;;');
    // Earnings are before VAT; the VAT collected is shown apart.
    const balance = (await unknown.agent.get('/api/wallet/balance')).json();
    expect(balance).toMatchObject({ thisMonth: '232.00', vat: { thisMonth: '46.40' }, pending: '278.40' });
    // A payment no longer owed keeps its amounts.
    await t.db
      .update(driverPayments)
      .set({ settlementStatus: 'confirmed' })
      .where(eq(driverPayments.missionId, other));
    await unknown.agent.put('/api/billing/details', { billingAddress: ADDRESS, vatRegime: 'franchise' });
    expect((await paymentOf(unknown.agent, other)).amount).toBe('278.40');
  });
});

describe('who sees a payment', () => {
  it('its transporter, its driver and administrators; anyone else is told it does not exist', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completed(owner, carrier);
    const otherDriver = await driver();
    const otherCompany = await company();
    for (const stranger of [otherDriver, otherCompany]) {
      const response = await stranger.agent.get(`/api/missions/${id}/payment`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Règlement introuvable');
    }
    const admin = await signIn(t, { userType: 'admin', isAdmin: true });
    expect(await paymentOf(admin.agent, id)).toMatchObject({ viewerRole: 'admin', actions: [] });
    expect((await paymentOf(owner.agent, id)).viewerRole).toBe('transporter');
    expect((await paymentOf(carrier.agent, id)).driver).toEqual({
      id: carrier.user.id,
      fullName: carrier.user.fullName,
    });
  });

  it('a mission not completed yet has no payment (its parties are told why, others nothing)', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await delivered(owner, carrier);
    const early = await owner.agent.get(`/api/missions/${id}/payment`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Le règlement s’ouvre quand le transporteur a confirmé la fin de mission.',
    );
    expect((await (await driver()).agent.get(`/api/missions/${id}/payment`)).statusCode).toBe(404);
    expect((await carrier.agent.post(`/api/missions/${id}/payment/confirm`)).statusCode).toBe(409);
    expect(await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, id))).toEqual([]);
  });

  it('made lazily when the completion event did not make it, once even when asked twice at once', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completed(owner, carrier);
    await t.db.delete(driverPayments).where(eq(driverPayments.missionId, id));
    await t.db.delete(transactions).where(eq(transactions.missionId, id));
    const both = await Promise.all([
      owner.agent.get(`/api/missions/${id}/payment`),
      carrier.agent.get(`/api/missions/${id}/payment`),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, id))).toHaveLength(1);
    expect(await t.db.select().from(transactions).where(eq(transactions.missionId, id))).toHaveLength(2);
  });
});

describe('settling a payment', () => {
  it('every step by its party only, from the right state, each with its transaction and alert', async () => {
    const owner = await company();
    // A carrier whose VAT regime is known: the amount is final (attacks.api.test.ts: not before).
    const carrier = await driver({ vatRegime: 'franchise' });
    const id = await completed(owner, carrier, { price: '420', engagementType: 'independent' });
    const admin = await signIn(t, { userType: 'admin', isAdmin: true });
    const today = parisDate(new Date());
    const paid = { paidOn: today, reference: 'VIR-2026-118' };

    // Wrong party: 403; a stranger: 404.
    for (const [agent, url, body] of [
      [carrier.agent, 'mark-paid', paid],
      [admin.agent, 'mark-paid', paid],
      [owner.agent, 'confirm', undefined],
      [admin.agent, 'confirm', undefined],
      [owner.agent, 'dispute', { reason: 'Le virement n’est pas arrivé' }],
    ] as const) {
      const response = await agent.post(`/api/missions/${id}/payment/${url}`, body);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
    }
    const stranger = await company();
    expect((await stranger.agent.post(`/api/missions/${id}/payment/mark-paid`, paid)).statusCode).toBe(404);

    // The date of the transfer: not in the future, not before the mission.
    const future = await owner.agent.post(`/api/missions/${id}/payment/mark-paid`, {
      ...paid,
      paidOn: dueDateFor('15_days', today),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      message: 'La date du paiement ne peut pas être dans le futur',
      errors: { paidOn: 'La date du paiement ne peut pas être dans le futur' },
    });
    const before = await owner.agent.post(`/api/missions/${id}/payment/mark-paid`, {
      ...paid,
      paidOn: '2020-01-02',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe('La date du paiement ne peut pas précéder la mission');
    const noReference = await owner.agent.post(`/api/missions/${id}/payment/mark-paid`, {
      paidOn: today,
      reference: '  ',
    });
    expect(noReference.json().errors.reference).toBe('Indiquez la référence du virement');

    const marked = await owner.agent.post(`/api/missions/${id}/payment/mark-paid`, paid);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      status: 'marked_paid',
      paidOn: today,
      reference: 'VIR-2026-118',
      actions: [],
    });
    expect(marked.json().markedPaidAt).not.toBeNull();
    const twice = await owner.agent.post(`/api/missions/${id}/payment/mark-paid`, paid);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Action impossible : le règlement est « payé — réception à confirmer ».',
    );
    expect((await paymentOf(carrier.agent, id)).actions).toEqual(['confirm', 'dispute']);

    const shortReason = await carrier.agent.post(`/api/missions/${id}/payment/dispute`, { reason: 'non' });
    expect(shortReason.statusCode).toBe(400);
    const disputed = await carrier.agent.post(`/api/missions/${id}/payment/dispute`, {
      reason: 'Rien reçu sur mon compte à ce jour',
    });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({
      status: 'disputed',
      disputeReason: 'Rien reçu sur mon compte à ce jour',
      actions: ['confirm'],
    });
    expect(
      (await carrier.agent.post(`/api/missions/${id}/payment/dispute`, { reason: 'Toujours rien reçu' }))
        .statusCode,
    ).toBe(409);
    expect((await paymentOf(owner.agent, id)).actions).toEqual(['markPaid']);
    const again = await owner.agent.post(`/api/missions/${id}/payment/mark-paid`, {
      paidOn: today,
      reference: 'VIR-2026-131',
    });
    expect(again.json()).toMatchObject({ status: 'marked_paid', reference: 'VIR-2026-131' });

    const confirmed = await carrier.agent.post(`/api/missions/${id}/payment/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', actions: [] });
    expect(confirmed.json().confirmedAt).not.toBeNull();
    for (const [agent, url, body] of [
      [carrier.agent, 'confirm', undefined],
      [carrier.agent, 'dispute', { reason: 'Finalement un souci' }],
      [owner.agent, 'mark-paid', paid],
    ] as const)
      expect((await agent.post(`/api/missions/${id}/payment/${url}`, body)).statusCode).toBe(409);
    const [row] = await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, id));
    expect(row!.paidAt).not.toBeNull();
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, id));
    expect(mission!.paymentStatus).toBe('paid');

    // Each step: a transaction for the user who took it.
    expect(
      (await transactionsOf(owner.user.id, id)).map((row) => [row.type, row.category, row.amount]),
    ).toEqual([
      ['debit', 'mission_owed', '420.00'],
      ['debit', 'mission_marked_paid', '420.00'],
      ['debit', 'mission_marked_paid', '420.00'],
    ]);
    const driverRows = await transactionsOf(carrier.user.id, id);
    expect(driverRows.map((row) => [row.type, row.category])).toEqual([
      ['credit', 'mission_owed'],
      ['credit', 'mission_disputed'],
      ['credit', 'mission_confirmed'],
    ]);
    expect(driverRows[2]!.description).toBe(
      'Mission « Livraison frigo Rungis → Lille » : réception du paiement confirmée (réf. VIR-2026-131)',
    );
    expect((await transactionsOf(owner.user.id, id))[1]!.description).toBe(
      `Mission « Livraison frigo Rungis → Lille » : virement déclaré payé le ${today.split('-').reverse().join('/')} (réf. VIR-2026-118)`,
    );
    // And an alert to the other party.
    expect((await paymentAlertsOf(carrier.user.id, id)).map((alert) => alert.title)).toEqual(
      expect.arrayContaining(['Règlement ouvert', 'Paiement déclaré']),
    );
    expect((await paymentAlertsOf(owner.user.id, id)).map((alert) => alert.title)).toEqual(
      expect.arrayContaining(['Règlement à effectuer', 'Paiement contesté', 'Paiement reçu']),
    );
  });

  it('the driver may confirm straight away; two confirmations at once: one passes, one transaction', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completed(owner, carrier);
    const both = await Promise.all([
      carrier.agent.post(`/api/missions/${id}/payment/confirm`),
      carrier.agent.post(`/api/missions/${id}/payment/confirm`),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const rows = await transactionsOf(carrier.user.id, id);
    expect(rows.filter((row) => row.category === 'mission_confirmed')).toHaveLength(1);
    expect((await paymentOf(owner.agent, id)).paidOn).toBeNull();
  });
});

describe('billing details', () => {
  it('a driver gives address, SIRET, VAT and the mandate (accepted once); checked in French', async () => {
    const carrier = await driver();
    expect((await carrier.agent.get('/api/billing/details')).json()).toEqual({
      billingAddress: null,
      siretNumber: null,
      vatRegime: null,
      vatNumber: null,
      selfBillingAcceptedAt: null,
      iban: null,
      vatOnDebits: false,
    });
    const noNumber = await carrier.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      vatRegime: 'normal',
    });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().errors.vatNumber).toBe(
      'Indiquez votre numéro de TVA intracommunautaire (assujetti à la TVA)',
    );
    const badSiret = await carrier.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      siretNumber: '73282932000075',
    });
    expect(badSiret.json().errors.siretNumber).toBe(
      'Numéro SIRET invalide : la clé de contrôle ne correspond pas',
    );
    const shortAddress = await carrier.agent.put('/api/billing/details', { billingAddress: 'Lyon' });
    expect(shortAddress.json().errors.billingAddress).toBe(
      'Indiquez l’adresse de facturation (numéro, rue, code postal, ville)',
    );
    const saved = await carrier.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      siretNumber: '732 829 320 00074',
      vatRegime: 'franchise',
      acceptSelfBillingMandate: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      billingAddress: ADDRESS,
      siretNumber: VALID_SIRET,
      vatRegime: 'franchise',
    });
    const acceptedAt = saved.json().selfBillingAcceptedAt as string;
    expect(acceptedAt).not.toBeNull();
    const again = await carrier.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      acceptSelfBillingMandate: true,
    });
    expect(again.json()).toMatchObject({ selfBillingAcceptedAt: acceptedAt, siretNumber: VALID_SIRET });
  });

  it('a transporter gives its address only; its SIRET stays the registered one; admins have none', async () => {
    const owner = await company();
    const refused = await owner.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      siretNumber: '55210055400013',
      acceptSelfBillingMandate: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toMatchObject({
      siretNumber: expect.stringContaining('Réservé aux chauffeurs indépendants'),
      acceptSelfBillingMandate: expect.stringContaining('Réservé aux chauffeurs indépendants'),
    });
    const saved = await owner.agent.put('/api/billing/details', { billingAddress: ADDRESS });
    expect(saved.json()).toMatchObject({
      billingAddress: ADDRESS,
      siretNumber: VALID_SIRET,
      vatRegime: null,
    });
    const admin = await signIn(t, { userType: 'admin', isAdmin: true });
    expect((await admin.agent.get('/api/billing/details')).statusCode).toBe(403);
    expect((await admin.agent.put('/api/billing/details', { billingAddress: ADDRESS })).statusCode).toBe(403);
  });
});

describe('with Stripe configured', () => {
  it('the payment also says where the deposit and balance stand, and what each party may do there', async () => {
    const stripeApp = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_relais', STRIPE_WEBHOOK_SECRET: 'whsec_relais' },
    });
    try {
      const owner = await signIn(stripeApp, { userType: 'company' });
      const carrier = await signIn(stripeApp, { userType: 'driver' });
      const start = hoursAgo(30);
      const [mission] = await stripeApp.db
        .insert(missions)
        .values({
          companyId: owner.user.id,
          driverId: carrier.user.id,
          title: 'Semi frigo Rungis → Lyon',
          description: 'Palettes de produits frais.',
          pickupAddress: 'MIN de Rungis, 94150 Rungis',
          deliveryAddress: '69007 Lyon',
          vehicleType: 'semi_frigorifique',
          startDate: start,
          endDate: new Date(start.getTime() + 8 * 3_600_000),
          startedAt: start,
          deliveredAt: new Date(start.getTime() + 6 * 3_600_000),
          completedAt: new Date(start.getTime() + 7 * 3_600_000),
          price: '500.00',
          depositAmount: '150.00',
          depositPaid: true,
          paymentStatus: 'deposit_paid',
          status: 'completed',
        })
        .returning();
      const url = `/api/missions/${mission!.id}/payment`;
      const company = (await owner.agent.get(url)).json();
      expect(company).toMatchObject({ method: 'transfer', amount: '500.00' });
      expect(company.stripe).toEqual({
        depositAmount: '150.00',
        depositPaid: true,
        finalPaymentDue: null,
        paymentStatus: 'deposit_paid',
        transferStatus: 'pending',
        paidAt: null,
        validatedAt: null,
        actions: ['payBalance'],
      });
      expect((await carrier.agent.get(url)).json().stripe.actions).toEqual(['connect']);
      await stripeApp.db.update(missions).set({ paymentStatus: 'paid' }).where(eq(missions.id, mission!.id));
      expect((await owner.agent.get(url)).json().stripe.actions).toEqual(['validate']);
    } finally {
      await stripeApp.close();
    }
  });
});
