import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDate } from '#core/rules/days.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import type { NewUser, User } from '../../db/schema/users.js';
import { VALID_SIRET } from '../../test/factories.js';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

/**
 * The wallet lists money events, each once, in the state it has reached (decision 040): what a mission owes goes
 * from « À recevoir » to « Reçu » on one line, through the real settlement routes; card payments, refunds and
 * subscriptions are lines of their own; the steps are never lines again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Party {
  user: User;
  agent: Agent;
}
const HOUR = 3_600_000;
let count = 0;
const company = (fields: Partial<NewUser> = {}) =>
  signIn(t, { userType: 'company', billingAddress: '3 avenue du Port, 13002 Marseille', ...fields });
/** An independent carrier subject to VAT who has given everything an invoice needs. */
const carrier = (fields: Partial<NewUser> = {}) =>
  signIn(t, {
    userType: 'driver',
    billingAddress: '12 rue des Lilas, 69007 Lyon',
    siretNumber: VALID_SIRET,
    vatRegime: 'normal',
    vatNumber: 'FR44732829320',
    selfBillingAcceptedAt: new Date('2026-01-05T09:00:00Z'),
    ...fields,
  });

/** A mission the transporter confirmed finished, at a flat 650,50 € HT (780,60 € TTC with VAT at 20 %). */
async function completedMission(
  owner: Party,
  driver: Party,
  fields: Partial<typeof missions.$inferInsert> = {},
) {
  const startedAt = new Date(Date.now() - 10 * HOUR);
  const [row] = await t.db
    .insert(missions)
    .values({
      companyId: owner.user.id,
      driverId: driver.user.id,
      title: `Semi frigo ${++count} Rungis → Lyon`,
      description: 'Palettes de produits frais.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '69007 Lyon',
      vehicleType: 'semi_frigorifique',
      startDate: startedAt,
      endDate: new Date(startedAt.getTime() + 8 * HOUR),
      price: '650.50',
      engagementType: 'independent',
      status: 'completed',
      assignedAt: startedAt,
      startedAt,
      deliveredAt: new Date(startedAt.getTime() + 8 * HOUR),
      completedAt: new Date(startedAt.getTime() + 9 * HOUR),
      ...fields,
    })
    .returning();
  return row!;
}

const lines = async (agent: Agent, query = '') => {
  const response = await agent.get(`/api/transactions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const csvLines = async (agent: Agent, query = '') => {
  const response = await agent.get(`/api/transactions/export${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body.slice(1).trimEnd().split('\r\n');
};
const today = () => parisDate(new Date());

describe('one line per money event', () => {
  it('a mission owed, then declared paid, then confirmed: one line for each party, whose state follows', async () => {
    const owner = await company();
    const driver = await carrier();
    const mission = await completedMission(owner, driver);
    // Opening the payment makes it (as the transporter's confirmation of the end does).
    const opened = await driver.agent.get(`/api/missions/${mission.id}/payment`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().invoiceBlockers).toEqual([]);
    // The opening that issued the invoice already shows its number.
    const invoiceNumber = opened.json().invoiceNumber as string;
    expect(invoiceNumber).toMatch(/^AF-\d{4}-\d{4}$/);
    const line = {
      kind: 'mission',
      missionId: mission.id,
      missionTitle: mission.title,
      amountExclTax: '650.50',
      vatAmount: '130.10',
      vatRate: '20.00',
      amount: '780.60',
      invoiceNumber,
    };
    const states = async () => [(await lines(driver.agent)).items, (await lines(owner.agent)).items];

    expect(await states()).toEqual([
      [expect.objectContaining({ ...line, type: 'credit', state: 'owed' })],
      [expect.objectContaining({ ...line, type: 'debit', state: 'owed' })],
    ]);

    const marked = await owner.agent.post(`/api/missions/${mission.id}/payment/mark-paid`, {
      paidOn: today(),
      reference: 'VIR-2026-1105',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await states()).toEqual([
      [expect.objectContaining({ ...line, state: 'marked_paid', reference: 'VIR-2026-1105' })],
      [expect.objectContaining({ ...line, state: 'marked_paid', paidOn: today() })],
    ]);

    const confirmed = await driver.agent.post(`/api/missions/${mission.id}/payment/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [mine, theirs] = await states();
    expect(mine).toEqual([expect.objectContaining({ ...line, type: 'credit', state: 'confirmed' })]);
    expect(theirs).toEqual([expect.objectContaining({ ...line, type: 'debit', state: 'confirmed' })]);
    expect((await lines(driver.agent)).total).toBe(1);
    // The steps are still recorded (the history of the payment), they are just not lines of their own.
    expect(
      (await t.db.select().from(transactions).where(eq(transactions.missionId, mission.id))).length,
    ).toBe(4);

    // The export: the same one line, its state in words, HT, VAT, TTC and the invoice's number.
    const [header, ...rows] = await csvLines(driver.agent);
    expect(header).toBe(
      'Date;Mission;Type;Catégorie;État;Montant (€);Montant HT de la mission (€);TVA de la mission (€);Montant TTC de la mission (€);N° de facture;Description',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(
      `;${mission.title};Crédit;Règlement de mission;Reçu;780,60;650,50;130,10;780,60;${invoiceNumber};`,
    );
    const [, transporterRow] = await csvLines(owner.agent);
    expect(transporterRow).toContain(
      ';Débit;Règlement de mission;Reçu par le chauffeur;780,60;650,50;130,10;',
    );

    // The totals still come from the payment: received 650,50 € HT, its VAT apart.
    expect((await driver.agent.get('/api/wallet/balance')).json()).toMatchObject({
      settled: '650.50',
      pending: '0.00',
      vat: { settled: '130.10' },
    });
    expect((await owner.agent.get('/api/wallet/balance')).json()).toMatchObject({ settled: '780.60' });
  });

  it('past its due date: « En retard »; disputed: « Contesté »; paid by card, waiting for the payout', async () => {
    const owner = await company();
    const driver = await carrier();
    const late = await completedMission(owner, driver, { paymentTerms: '15_days' });
    const disputed = await completedMission(owner, driver);
    const online = await completedMission(owner, driver);
    for (const id of [late.id, disputed.id, online.id])
      expect((await owner.agent.get(`/api/missions/${id}/payment`)).statusCode).toBe(200);
    await t.db
      .update(driverPayments)
      .set({ dueDate: addDays(today(), -1) })
      .where(eq(driverPayments.missionId, late.id));
    const contested = await driver.agent.post(`/api/missions/${disputed.id}/payment/dispute`, {
      reason: 'Il manque l’attente au déchargement',
    });
    expect(contested.statusCode, contested.body).toBe(200);
    await t.db
      .update(driverPayments)
      .set({ method: 'stripe', stripePaymentStatus: 'processing' })
      .where(eq(driverPayments.missionId, online.id));
    const stateOf = (items: Array<{ missionId: string; state: string }>, id: string) =>
      items.find((item) => item.missionId === id)?.state;
    for (const party of [driver, owner]) {
      const { items, total } = await lines(party.agent);
      expect(total).toBe(3);
      expect(stateOf(items, late.id)).toBe('overdue');
      expect(stateOf(items, disputed.id)).toBe('disputed');
      expect(stateOf(items, online.id)).toBe('paid_online');
    }
    const disputedLine = (await lines(driver.agent, `?missionId=${disputed.id}`)).items[0];
    expect(disputedLine.disputeReason).toBe('Il manque l’attente au déchargement');
    const exported = (await csvLines(driver.agent)).join('\n');
    expect(exported).toContain(';En retard;');
    expect(exported).toContain(';Contesté;');
    expect(exported).toContain(';Payé en ligne, à valider;');
  });

  it('card payments, refunds and subscriptions are lines of their own; a payout is the mission’s line, received', async () => {
    const owner = await company();
    const driver = await carrier();
    const mission = await completedMission(owner, driver);
    expect((await owner.agent.get(`/api/missions/${mission.id}/payment`)).statusCode).toBe(200);
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    // As the Stripe feature writes them: a deposit and a balance by card, a refund of a deposit paid twice…
    await t.db.insert(transactions).values([
      {
        userId: owner.user.id,
        missionId: mission.id,
        type: 'debit',
        category: 'deposit',
        amount: '234.18',
        description: 'Acompte payé par carte',
        createdAt: at(50),
      },
      {
        userId: owner.user.id,
        missionId: mission.id,
        type: 'credit',
        category: 'refund',
        amount: '234.18',
        description: 'Paiement non dû remboursé sur la carte du transporteur',
        createdAt: at(40),
      },
      {
        userId: driver.user.id,
        missionId: mission.id,
        type: 'debit',
        category: 'refund',
        amount: '234.18',
        description: 'Paiement non dû remboursé (ne réduit pas ce qui vous est dû)',
        createdAt: at(40),
      },
      {
        userId: owner.user.id,
        missionId: mission.id,
        type: 'debit',
        category: 'balance',
        amount: '546.42',
        description: 'Solde payé par carte',
        createdAt: at(30),
      },
      // …and the payout that settles the mission for the driver, then a subscription.
      {
        userId: driver.user.id,
        missionId: mission.id,
        type: 'credit',
        category: 'payout',
        amount: '780.60',
        description: 'Versement Stripe reçu',
        createdAt: at(20),
      },
      {
        userId: owner.user.id,
        type: 'debit',
        category: 'subscription',
        amount: '89.90',
        description: 'Abonnement Transporteur (mensuel)',
        createdAt: at(10),
      },
    ]);
    await t.db
      .update(driverPayments)
      .set({
        method: 'stripe',
        stripePaymentStatus: 'paid',
        settlementStatus: 'confirmed',
        confirmedAt: at(20),
        paymentReference: 'tr_123',
        // Owed when the transporter confirmed the end, before the card payments.
        createdAt: at(60),
      })
      .where(eq(driverPayments.missionId, mission.id));

    const summary = (items: Array<{ kind: string; state: string; amount: string; type: string }>) =>
      items.map((item) => [item.kind, item.type, item.state, item.amount]);
    expect(summary((await lines(owner.agent)).items)).toEqual([
      ['subscription', 'debit', 'paid', '89.90'],
      ['balance', 'debit', 'paid', '546.42'],
      ['refund', 'credit', 'refunded', '234.18'],
      ['deposit', 'debit', 'paid', '234.18'],
      ['mission', 'debit', 'confirmed', '780.60'],
    ]);
    expect(summary((await lines(driver.agent)).items)).toEqual([
      ['refund', 'debit', 'refunded', '234.18'],
      ['mission', 'credit', 'confirmed', '780.60'],
    ]);
    // Filters: the kind of line, the type, the mission.
    expect(summary((await lines(owner.agent, '?category=mission')).items)).toEqual([
      ['mission', 'debit', 'confirmed', '780.60'],
    ]);
    expect((await lines(owner.agent, '?type=credit')).total).toBe(1);
    expect((await lines(owner.agent, `?missionId=${mission.id}`)).total).toBe(4);
    // The steps' old categories are no kinds of line.
    for (const category of ['mission_owed', 'mission_confirmed', 'payout']) {
      const refused = await owner.agent.get(`/api/transactions?category=${category}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.category).toBe('Catégorie inconnue');
    }
    const exported = await csvLines(owner.agent);
    expect(exported).toHaveLength(6);
    expect(exported[1]).toContain(';Débit;Abonnement;Payé;89,90;;;;;');
    // A subscription's line says its VAT, as its invoice does (decision 041); the mission's columns stay empty.
    expect((await lines(owner.agent, '?category=subscription')).items[0]).toMatchObject({
      amount: '89.90',
      amountExclTax: '74.92',
      vatAmount: '14.98',
      vatRate: '20.00',
    });
  });

  it('someone else’s payment is never a line of theirs', async () => {
    const owner = await company();
    const driver = await carrier();
    const mission = await completedMission(owner, driver);
    expect((await owner.agent.get(`/api/missions/${mission.id}/payment`)).statusCode).toBe(200);
    for (const stranger of [await carrier(), await company()]) {
      expect(await lines(stranger.agent, `?missionId=${mission.id}`)).toMatchObject({ items: [], total: 0 });
      expect(await csvLines(stranger.agent)).toHaveLength(1);
    }
  });
});
