import { demoMessages } from '#core/schemas/demo.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnd as periodEndOf } from '#core/rules/billing.js';
import { APPLICATION_LIMIT_MESSAGE, MESSAGE_LIMIT_MESSAGE } from '#core/rules/plans.js';
import { adminBillingMessages, billingMessages } from '#core/schemas/billing.js';
import { EMAIL_NOT_VERIFIED } from '#core/schemas/users.js';
import { adminLogs } from '../../db/schema/admin.js';
import { alerts } from '../../db/schema/messaging.js';
import { missions } from '../../db/schema/missions.js';
import { subscriptions, transactions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { createEventBus, type DomainEvent } from '../../platform/events.js';
import { createLogger } from '../../platform/logger.js';
import type { Mail } from '../../platform/mailer.js';
import { createUser } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, type TestApp } from '../../test/harness.js';
import { expireGrantedPlans } from './admin.js';

/** Plans without Stripe: requests, grants and ends by an administrator, usage and limits that follow the plan. */
const mails: Mail[] = [];
let t: TestApp;
let admin: User;
let adminAgent: Agent;
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      send: async (mail) => void mails.push(mail),
      close: () => undefined,
    },
  });
  admin = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Admin Relais' });
  adminAgent = await agentFor(t, admin.id);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
async function mission(companyId: string, fields: Partial<typeof missions.$inferInsert> = {}) {
  const start = new Date(Date.now() + 48 * HOUR);
  const [row] = await t.db
    .insert(missions)
    .values({
      companyId,
      title: 'Semi frigo Rungis → Lyon',
      description: 'Palettes de produits frais.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '69007 Lyon',
      vehicleType: 'semi_frigorifique',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * HOUR),
      price: '450.00',
      ...fields,
    })
    .returning();
  return row!;
}

const view = async (agent: Agent) => {
  const response = await agent.get('/api/billing/subscription');
  expect(response.statusCode).toBe(200);
  return response.json();
};
const grant = (userId: string, body: object) => adminAgent.post(`/api/admin/users/${userId}/plan`, body);
const end = (userId: string, reason = 'Facture impayée après relance') =>
  adminAgent.request({ method: 'DELETE', url: `/api/admin/users/${userId}/plan`, payload: { reason } });
const paymentAlerts = (userId: string) =>
  t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.type, 'payment')))
    .orderBy(alerts.createdAt);
const planOf = async (userId: string) =>
  (await t.db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, userId)))[0]!.plan;

describe('the plan page', () => {
  it('a Freemium driver: the plan, its limits, and today’s usage counted as the limits count it', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const transporter = await createUser(t.db, { userType: 'company' });
    const agent = await agentFor(t, driver.id);
    const open = [await mission(transporter.id), await mission(transporter.id)];
    for (const row of open)
      expect((await agent.post(`/api/missions/${row.id}/apply`, {})).statusCode).toBe(201);
    // Two messages about an open mission count; those of a mission the two run together do not.
    for (const content of ['Bonjour', 'Je suis disponible'])
      expect(
        (await agent.post(`/api/messages/${transporter.id}`, { content, missionId: open[0]!.id })).statusCode,
      ).toBe(201);
    const assigned = await mission(transporter.id, {
      status: 'assigned',
      driverId: driver.id,
      assignedAt: new Date(),
    });
    for (let i = 0; i < 3; i++)
      expect(
        (
          await agent.post(`/api/messages/${transporter.id}`, {
            content: `Point ${i}`,
            missionId: assigned.id,
          })
        ).statusCode,
      ).toBe(201);
    expect(await view(agent)).toEqual({
      role: 'driver',
      plan: 'basic',
      planName: 'Freemium',
      limits: ['3 candidatures par mois', '5 messages par jour'],
      subscription: null,
      request: null,
      usage: {
        applicationsLeft: 1,
        applicationsUsed: 2,
        messagesLeftToday: 3,
        messagesUsedToday: 2,
        labels: ['1 candidature restante ce mois-ci', '3 messages restants aujourd’hui'],
      },
      stripeEnabled: false,
      invoices: [],
      billingAddressMissing: true,
    });
    const theirs = await view(await agentFor(t, transporter.id));
    expect(theirs).toMatchObject({
      role: 'transporter',
      plan: 'basic',
      planName: 'Gratuit',
      usage: {
        applicationsLeft: null,
        applicationsUsed: 0,
        messagesLeftToday: 5,
        messagesUsedToday: 0,
        labels: ['5 messages restants aujourd’hui'],
      },
    });
  });

  it('a paid plan: unlimited; an administrator has no plan page; a visitor signs in first', async () => {
    const driver = await createUser(t.db, { userType: 'driver', subscriptionPlan: 'elite' });
    expect((await view(await agentFor(t, driver.id))).usage).toEqual({
      applicationsLeft: null,
      applicationsUsed: 0,
      messagesLeftToday: null,
      messagesUsedToday: 0,
      labels: ['Candidatures illimitées', 'Messages illimités'],
    });
    const refused = await adminAgent.get('/api/billing/subscription');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Les formules concernent les chauffeurs et les transporteurs');
    expect((await new Agent(t.app).get('/api/billing/subscription')).statusCode).toBe(401);
  });
});

describe('asking for a plan without Stripe', () => {
  it('records one request at a time, tells the administrators by e-mail, and can be withdrawn', async () => {
    const otherAdmin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const formerAdmin = await createUser(t.db, { userType: 'admin', isAdmin: true, isActive: false });
    const driver = await createUser(t.db, { userType: 'driver', fullName: 'Paul Routier' });
    const agent = await agentFor(t, driver.id);
    mails.length = 0;
    // Two at once: one request is recorded, the other is told one is waiting.
    const both = await Promise.all([
      agent.post('/api/billing/checkout', { plan: 'premium', interval: 'year' }),
      agent.post('/api/billing/checkout', { plan: 'elite', interval: 'month' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((response) => response.statusCode === 200)!.json()).toEqual({
      url: null,
      requested: true,
    });
    expect(both.find((response) => response.statusCode === 409)!.json().message).toBe(
      billingMessages.requestPending,
    );
    const again = await agent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' });
    expect(again.statusCode).toBe(409);
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, driver.id));
    expect(rows).toHaveLength(1);
    const current = await view(agent);
    expect(current.request).toMatchObject({ plan: rows[0]!.plan, interval: rows[0]!.interval });
    expect(current.plan).toBe('basic');
    // Every open administrator account, in the background.
    await expect.poll(() => mails.length).toBe(2);
    expect(mails.map((mail) => mail.to).sort()).toEqual([admin.email, otherAdmin.email].sort());
    expect(mails.map((mail) => mail.to)).not.toContain(formerAdmin.email);
    expect(mails[0]!.text).toContain('Paul Routier');
    expect(mails[0]!.text).toMatch(
      /demande la formule (Premium|Elite) Chauffeur en facturation (annuelle|mensuelle)/,
    );
    expect(mails[0]!.link).toBe(`${t.config.publicUrl}/admin/abonnements`);

    const withdrawn = await agent.delete('/api/billing/request');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().request).toBeNull();
    const none = await agent.delete('/api/billing/request');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Aucune demande en cours');
    expect((await agent.post('/api/billing/checkout', { plan: 'elite', interval: 'month' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a plan of the other role, the plan held, a demo account, an unconfirmed address, an administrator', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const agent = await agentFor(t, driver.id);
    const wrong = await agent.post('/api/billing/checkout', { plan: 'transporter', interval: 'month' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(billingMessages.planForRole);
    const transporter = await createUser(t.db, { userType: 'company' });
    expect(
      (
        await (
          await agentFor(t, transporter.id)
        ).post('/api/billing/checkout', { plan: 'premium', interval: 'month' })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await (
          await agentFor(t, transporter.id)
        ).post('/api/billing/checkout', {
          plan: 'transporter',
          interval: 'year',
        })
      ).json(),
    ).toEqual({ url: null, requested: true });
    const unknown = await agent.post('/api/billing/checkout', { plan: 'platine', interval: 'month' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.plan).toBe('Formule inconnue');

    const premium = await createUser(t.db, { userType: 'driver', subscriptionPlan: 'premium' });
    const held = await (
      await agentFor(t, premium.id)
    ).post('/api/billing/checkout', {
      plan: 'premium',
      interval: 'month',
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(billingMessages.alreadyOnPlan);

    const demo = await createUser(t.db, { userType: 'driver', isDemo: true });
    const demoAnswer = await (
      await agentFor(t, demo.id)
    ).post('/api/billing/checkout', {
      plan: 'premium',
      interval: 'month',
    });
    expect(demoAnswer.statusCode).toBe(403);
    // The demo guard answers before billing's own rule (platform/demo-guard.ts).
    expect(demoAnswer.json()).toEqual({ message: demoMessages.notInDemo, code: 'not_in_demo' });

    const newcomer = await createUser(t.db, { userType: 'driver', emailVerified: false });
    const unconfirmed = await (
      await agentFor(t, newcomer.id)
    ).post('/api/billing/checkout', {
      plan: 'premium',
      interval: 'month',
    });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().code).toBe(EMAIL_NOT_VERIFIED);

    expect(
      (await adminAgent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' })).statusCode,
    ).toBe(403);
    // Nothing recorded for any of them.
    for (const user of [driver, premium, demo, newcomer])
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
  });

  it('the Stripe routes say online payment is off', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const portal = await (await agentFor(t, driver.id)).post('/api/billing/portal');
    expect(portal.statusCode).toBe(409);
    expect(portal.json().message).toBe(billingMessages.stripeOff);
  });
});

describe('an administrator grants and ends plans', () => {
  it('grants a requested plan: one transaction with the period, the invoice, the log, and an alert', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const agent = await agentFor(t, driver.id);
    await agent.post('/api/billing/checkout', { plan: 'premium', interval: 'year' });
    const listed = await adminAgent.get('/api/admin/subscriptions');
    expect(listed.statusCode).toBe(200);
    const waiting = listed.json().requests.find((row: { user: { id: string } }) => row.user.id === driver.id);
    expect(waiting).toMatchObject({
      plan: 'premium',
      interval: 'year',
      status: 'requested',
      // A driver's plan is priced VAT included: 149,00 €, of which 24,83 € of VAT (decision 041).
      price: { amount: '149.00', amountExclTax: '124.17', vatAmount: '24.83', exclTax: false },
      user: { email: driver.email, fullName: driver.fullName, role: 'driver', currentPlan: 'basic' },
    });
    expect(listed.json().stripeEnabled).toBe(false);

    const before = Date.now();
    const granted = await grant(driver.id, {
      plan: 'premium',
      interval: 'year',
      invoiceReference: 'F-2026-0042',
    });
    expect(granted.statusCode).toBe(200);
    const row = granted.json();
    expect(row).toMatchObject({
      plan: 'premium',
      interval: 'year',
      status: 'active',
      source: 'admin',
      amount: '149.00',
      invoiceReference: 'F-2026-0042',
      cancelAtPeriodEnd: false,
      user: { id: driver.id, currentPlan: 'premium' },
    });
    const periodEnd = new Date(row.currentPeriodEnd).getTime();
    expect(periodEnd).toBeGreaterThan(before + 364 * 24 * HOUR);
    expect(periodEnd).toBeLessThan(Date.now() + 367 * 24 * HOUR);

    expect(await planOf(driver.id)).toBe('premium');
    const [debit] = await t.db.select().from(transactions).where(eq(transactions.userId, driver.id));
    expect(debit).toMatchObject({ type: 'debit', category: 'subscription', amount: '149.00' });
    expect(debit!.description).toMatch(
      /^Formule Premium Chauffeur, annuelle, du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4} — réf. F-2026-0042$/,
    );
    const [log] = await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, driver.id));
    expect(log).toMatchObject({ adminId: admin.id, action: 'plan.granted', targetType: 'user' });
    expect(log!.details).toMatchObject({ plan: 'premium', interval: 'year', amount: '149.00' });
    const [alert] = await paymentAlerts(driver.id);
    expect(alert).toMatchObject({ title: 'Formule activée', link: '/driver/subscription' });
    expect(alert!.message).toMatch(
      /^Relais a activé votre formule Premium Chauffeur jusqu’au \d\d\/\d\d\/\d{4}\. Ses avantages s’appliquent dès maintenant\.$/,
    );

    const mine = await view(agent);
    expect(mine).toMatchObject({
      plan: 'premium',
      planName: 'Premium Chauffeur',
      request: null,
      subscription: { status: 'active', interval: 'year', source: 'admin', cancelAtPeriodEnd: false },
      invoices: [
        {
          amount: '149.00',
          description: 'Formule Premium Chauffeur, annuelle',
          url: null,
          reference: 'F-2026-0042',
        },
      ],
    });
    const after = (await adminAgent.get('/api/admin/subscriptions')).json();
    expect(after.requests.some((r: { user: { id: string } }) => r.user.id === driver.id)).toBe(false);
    expect(after.subscriptions.filter((r: { user: { id: string } }) => r.user.id === driver.id)).toHaveLength(
      1,
    );

    // A second grant (Elite, monthly) ends the first: one live subscription.
    expect((await grant(driver.id, { plan: 'elite', interval: 'month' })).json()).toMatchObject({
      plan: 'elite',
      amount: '24.90',
      invoiceReference: null,
    });
    const theirs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, driver.id));
    expect(theirs.map((s) => `${s.plan}:${s.status}`).sort()).toEqual(['elite:active', 'premium:ended']);
    expect(await planOf(driver.id)).toBe('elite');
    // Elite renewed before its end: the new month follows the one paid for.
    const first = theirs.find((s) => s.status === 'active')!;
    const renewed = (await grant(driver.id, { plan: 'elite', interval: 'month' })).json();
    expect(renewed.currentPeriodEnd).toBe(periodEndOf(first.currentPeriodEnd!, 'month').toISOString());
    const live = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, driver.id), eq(subscriptions.status, 'active')));
    expect(live.map((s) => s.currentPeriodStart!.toISOString())).toEqual([
      first.currentPeriodEnd!.toISOString(),
    ]);
  });

  it('refuses a plan of the other role, an administrator, a demo account, someone unknown; only administrators may', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const wrong = await grant(driver.id, { plan: 'transporter', interval: 'month' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(adminBillingMessages.planForRole);
    const transporter = await createUser(t.db, { userType: 'company' });
    expect((await grant(transporter.id, { plan: 'elite', interval: 'month' })).statusCode).toBe(400);
    expect((await grant(transporter.id, { plan: 'transporter', interval: 'year' })).json()).toMatchObject({
      plan: 'transporter',
      amount: '889.90',
      user: { role: 'transporter' },
    });
    const toAdmin = await grant(admin.id, { plan: 'premium', interval: 'month' });
    expect(toAdmin.statusCode).toBe(409);
    expect(toAdmin.json().message).toBe(adminBillingMessages.adminAccount);
    const demo = await createUser(t.db, { userType: 'driver', isDemo: true });
    const toDemo = await grant(demo.id, { plan: 'premium', interval: 'month' });
    expect(toDemo.statusCode).toBe(409);
    expect(toDemo.json().message).toBe(adminBillingMessages.demoAccount);
    const unknown = await grant('00000000-0000-4000-8000-000000000000', {
      plan: 'premium',
      interval: 'month',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(adminBillingMessages.userNotFound);
    for (const caller of [driver, transporter]) {
      const agent = await agentFor(t, caller.id);
      expect(
        (await agent.post(`/api/admin/users/${driver.id}/plan`, { plan: 'premium', interval: 'month' }))
          .statusCode,
      ).toBe(403);
      expect((await agent.get('/api/admin/subscriptions')).statusCode).toBe(403);
    }
    expect(await planOf(driver.id)).toBe('basic');
    expect(await planOf(demo.id)).toBe('basic');
  });

  it('ends a plan with a reason: back to the free plan, logged, the holder told why', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    await grant(driver.id, { plan: 'premium', interval: 'month' });
    const short = await end(driver.id, 'Non');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(billingMessages.reasonRequired);
    const ended = await end(driver.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe(
      'La formule Premium Chauffeur de Jean Routier est terminée : retour à la formule gratuite.',
    );
    expect(await planOf(driver.id)).toBe('basic');
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, driver.id));
    expect(row!.status).toBe('ended');
    expect(row!.endedAt).not.toBeNull();
    const logs = await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, driver.id));
    expect(logs.map((log) => log.action).sort()).toEqual(['plan.ended', 'plan.granted']);
    expect(logs.find((log) => log.action === 'plan.ended')!.details).toMatchObject({
      reason: 'Facture impayée après relance',
      plan: 'premium',
    });
    const told = await paymentAlerts(driver.id);
    expect(told.map((alert) => alert.title)).toEqual(['Formule activée', 'Formule terminée']);
    expect(told[1]!.message).toBe(
      'Relais a mis fin à votre formule Premium Chauffeur. Motif : Facture impayée après relance. Vous revenez à la formule gratuite.',
    );
    const again = await end(driver.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(adminBillingMessages.noPaidPlan);
  });
});

describe('the holder cancels a granted plan at the end of its period, or takes it back', () => {
  it('sets cancelAtPeriodEnd on a granted subscription; without one, there is nothing to cancel', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const agent = await agentFor(t, driver.id);
    const nothing = await agent.post('/api/billing/cancel');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(billingMessages.noSubscription);
    expect((await agent.post('/api/billing/resume')).statusCode).toBe(409);
    await grant(driver.id, { plan: 'elite', interval: 'year' });
    const cancelled = await agent.post('/api/billing/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    // The rights stay until the end of the period.
    expect(cancelled.json().plan).toBe('elite');
    // Someone else's cancel never touches it.
    const other = await createUser(t.db, { userType: 'driver' });
    expect((await (await agentFor(t, other.id)).post('/api/billing/resume')).statusCode).toBe(409);
    const resumed = await agent.post('/api/billing/resume');
    expect(resumed.json().subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await adminAgent.post('/api/billing/cancel')).statusCode).toBe(403);
  });
});

describe('the nightly expiry of granted plans', () => {
  it('ends a granted plan whose period is over, once even when two runs race, and tells its holder', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const current = await createUser(t.db, { userType: 'driver' });
    await grant(driver.id, { plan: 'premium', interval: 'month' });
    await grant(current.id, { plan: 'premium', interval: 'month' });
    await t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(subscriptions.userId, driver.id));
    const published: DomainEvent[] = [];
    const events = createEventBus(createLogger({ ...t.config, logLevel: 'silent' }));
    events.subscribe((event) => void published.push(event));
    const runs = await Promise.all([
      expireGrantedPlans({ db: t.db, events }),
      expireGrantedPlans({ db: t.db, events }),
    ]);
    expect(runs.map((run) => run.expired).sort()).toEqual([0, 1]);
    expect(published).toEqual([
      {
        type: 'plan.changed',
        userId: driver.id,
        plan: 'basic',
        previousPlan: 'premium',
        cause: 'expired',
        periodEnd: null,
        reason: null,
      },
    ]);
    expect(await planOf(driver.id)).toBe('basic');
    expect(await planOf(current.id)).toBe('premium');
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, driver.id));
    expect(row!.status).toBe('ended');
    expect((await expireGrantedPlans({ db: t.db, events })).expired).toBe(0);
  });
});

describe('the plan’s limits follow the plan at once', () => {
  it('applications: the 4th is refused on Freemium, accepted once Premium is granted, refused again once ended', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const transporter = await createUser(t.db, { userType: 'company' });
    const agent = await agentFor(t, driver.id);
    const open: Array<typeof missions.$inferSelect> = [];
    for (let i = 0; i < 5; i++) open.push(await mission(transporter.id));
    const apply = (i: number) => agent.post(`/api/missions/${open[i]!.id}/apply`, {});
    for (let i = 0; i < 3; i++) expect((await apply(i)).statusCode).toBe(201);
    const refused = await apply(3);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(APPLICATION_LIMIT_MESSAGE);
    expect((await view(agent)).usage.labels[0]).toBe('Aucune candidature restante ce mois-ci');

    await grant(driver.id, { plan: 'premium', interval: 'month' });
    expect((await apply(3)).statusCode).toBe(201);
    expect((await view(agent)).usage.labels[0]).toBe('Candidatures illimitées');

    await end(driver.id);
    expect((await apply(4)).statusCode).toBe(402);
    expect((await view(agent)).usage).toMatchObject({ applicationsUsed: 4, applicationsLeft: 0 });
  });

  it('messages: the 6th of the day is refused on Freemium, sent once Premium is granted, refused again once ended', async () => {
    const driver = await createUser(t.db, { userType: 'driver' });
    const transporter = await createUser(t.db, { userType: 'company' });
    const agent = await agentFor(t, driver.id);
    const open = await mission(transporter.id);
    expect((await agent.post(`/api/missions/${open.id}/apply`, {})).statusCode).toBe(201);
    const send = (content: string) =>
      agent.post(`/api/messages/${transporter.id}`, { content, missionId: open.id });
    for (let i = 1; i <= 5; i++) expect((await send(`Message ${i}`)).statusCode).toBe(201);
    const refused = await send('Message 6');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(MESSAGE_LIMIT_MESSAGE);
    expect((await view(agent)).usage.labels[1]).toBe('Aucun message restant aujourd’hui');

    await grant(driver.id, { plan: 'premium', interval: 'month' });
    expect((await send('Message 6')).statusCode).toBe(201);
    await end(driver.id);
    expect((await send('Message 7')).statusCode).toBe(402);

    // A transporter on the free plan, then on the Transporteur plan.
    const company = await agentFor(t, transporter.id);
    const answer = (content: string) =>
      company.post(`/api/messages/${driver.id}`, { content, missionId: open.id });
    for (let i = 1; i <= 5; i++) expect((await answer(`Réponse ${i}`)).statusCode).toBe(201);
    expect((await answer('Réponse 6')).statusCode).toBe(402);
    await grant(transporter.id, { plan: 'transporter', interval: 'month' });
    expect((await answer('Réponse 6')).statusCode).toBe(201);
  });
});
