import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs } from '../../db/schema/admin.js';
import { subscriptions, transactions } from '../../db/schema/payments.js';
import { users, type User } from '../../db/schema/users.js';
import { createEventBus } from '../../platform/events.js';
import { createLogger } from '../../platform/logger.js';
import { createUser } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, type TestApp } from '../../test/harness.js';
import { LIVE_STATUSES } from './shared.js';
import { expireGrantedPlans } from './admin.js';

/**
 * A hostile member and careless administrators against plans and subscriptions (no Stripe): granting oneself a
 * plan, plans of the other role, closed or demo accounts, and the races that must leave one live subscription
 * and a users.subscriptionPlan in step with it.
 */
let t: TestApp;
let admin: User;
let adminAgent: Agent;
let otherAdminAgent: Agent;
beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async () => undefined, close: () => undefined } });
  admin = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Admin Relais' });
  adminAgent = await agentFor(t, admin.id);
  const other = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Autre Admin' });
  otherAdminAgent = await agentFor(t, other.id);
});
afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';
const grant = (agent: Agent, userId: string, body: object) =>
  agent.post(`/api/admin/users/${userId}/plan`, body);
const end = (agent: Agent, userId: string, reason = 'Facture impayée après relance') =>
  agent.request({ method: 'DELETE', url: `/api/admin/users/${userId}/plan`, payload: { reason } });
const member = async (fields: Parameters<typeof createUser>[1] = {}) => {
  const user = await createUser(t.db, { userType: 'driver', ...fields });
  return { user, agent: await agentFor(t, user.id) };
};
const planOf = async (userId: string) =>
  (await t.db.select({ plan: users.subscriptionPlan }).from(users).where(eq(users.id, userId)))[0]!.plan;
const liveOf = (userId: string) =>
  t.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
const debitsOf = (userId: string) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.category, 'subscription')));

/** One live subscription at most, and the plan on the user row is its plan (Freemium without one). */
async function consistent(userId: string) {
  const live = await liveOf(userId);
  expect(live.length).toBeLessThanOrEqual(1);
  expect(await planOf(userId)).toBe(live[0]?.plan ?? 'basic');
  return live[0];
}

describe('who may change a plan', () => {
  it('a driver or a transporter cannot grant themselves (or anyone) a plan, list, or end one', async () => {
    for (const fields of [{ userType: 'driver' }, { userType: 'company' }] as const) {
      const { user, agent } = await member(fields);
      const target = await member();
      for (const userId of [user.id, target.user.id]) {
        const granted = await grant(agent, userId, {
          plan: 'premium',
          interval: 'year',
          invoiceReference: 'F-1',
        });
        expect(granted.statusCode).toBe(403);
        expect((await end(agent, userId)).statusCode).toBe(403);
        expect(await planOf(userId)).toBe('basic');
      }
      expect((await agent.get('/api/admin/subscriptions')).statusCode).toBe(403);
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
    }
    const visitor = new Agent(t.app);
    expect((await grant(visitor, admin.id, { plan: 'premium', interval: 'year' })).statusCode).toBe(401);
  });

  it('plans of the other role, administrators, demo, closed, deleted or unknown accounts: refused, nothing written', async () => {
    const transporter = await member({ userType: 'company' });
    for (const plan of ['elite', 'premium']) {
      expect(
        (await transporter.agent.post('/api/billing/checkout', { plan, interval: 'month' })).statusCode,
      ).toBe(400);
      const granted = await grant(adminAgent, transporter.user.id, { plan, interval: 'month' });
      expect(granted.statusCode).toBe(400);
      expect(granted.json().errors.plan).toBeTruthy();
    }
    const driver = await member();
    expect(
      (await grant(adminAgent, driver.user.id, { plan: 'transporter', interval: 'month' })).statusCode,
    ).toBe(400);
    expect((await grant(adminAgent, driver.user.id, { plan: 'basic', interval: 'month' })).statusCode).toBe(
      400,
    );
    // A demo account and an administrator neither ask nor receive.
    const demo = await member({ isDemo: true });
    expect(
      (await demo.agent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' })).statusCode,
    ).toBe(403);
    expect((await grant(adminAgent, demo.user.id, { plan: 'premium', interval: 'month' })).statusCode).toBe(
      409,
    );
    expect(
      (await adminAgent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' })).statusCode,
    ).toBe(403);
    expect((await grant(otherAdminAgent, admin.id, { plan: 'premium', interval: 'month' })).statusCode).toBe(
      409,
    );
    const deactivated = await member({ isActive: false, accountStatus: 'deactivated' });
    expect(
      (await grant(adminAgent, deactivated.user.id, { plan: 'premium', interval: 'month' })).statusCode,
    ).toBe(409);
    const deleted = await member({ accountStatus: 'deleted' });
    expect(
      (await grant(adminAgent, deleted.user.id, { plan: 'premium', interval: 'month' })).statusCode,
    ).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await grant(adminAgent, unknown, { plan: 'premium', interval: 'month' })).statusCode).toBe(404);
    expect((await end(adminAgent, unknown)).statusCode).toBe(404);
    // Their sessions no longer stand: a closed account asks nothing.
    expect(
      (await deactivated.agent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' }))
        .statusCode,
    ).toBe(401);
    for (const id of [
      transporter.user.id,
      driver.user.id,
      demo.user.id,
      admin.id,
      deactivated.user.id,
      deleted.user.id,
    ]) {
      expect(await liveOf(id)).toEqual([]);
      expect(await debitsOf(id)).toEqual([]);
    }
  });

  it('ending a plan that is not there, cancelling or resuming nothing: refused, nothing changes', async () => {
    const driver = await member();
    expect((await end(adminAgent, driver.user.id)).statusCode).toBe(409);
    expect((await driver.agent.post('/api/billing/cancel')).statusCode).toBe(409);
    expect((await driver.agent.post('/api/billing/resume')).statusCode).toBe(409);
    expect((await driver.agent.delete('/api/billing/request')).statusCode).toBe(404);
    expect((await adminAgent.post('/api/billing/cancel')).statusCode).toBe(403);
    expect(await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, driver.user.id))).toEqual([]);
  });

  it('hostile texts in a grant or an end: refused under the field, never a 500', async () => {
    const driver = await member();
    for (const invoiceReference of [`F-2026${NUL}`, 'F\u001b[2J', 'x'.repeat(101), 'x'.repeat(100_000)]) {
      const response = await grant(adminAgent, driver.user.id, {
        plan: 'premium',
        interval: 'month',
        invoiceReference,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.invoiceReference).toBeTruthy();
    }
    expect((await grant(adminAgent, driver.user.id, { plan: 'premium', interval: 'month' })).statusCode).toBe(
      200,
    );
    for (const reason of [`Facture impayée${NUL}`, 'x'.repeat(501), '\u200b'.repeat(20)]) {
      const response = await end(adminAgent, driver.user.id, reason);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.reason).toMatch(/^(Indiquez|La raison|Ce texte)/);
    }
    expect(await planOf(driver.user.id)).toBe('premium');
  });
});

describe('races on one holder', () => {
  it('two requests at once: one waits for the administrators, the other is told so', async () => {
    const driver = await member();
    const answers = await Promise.all([
      driver.agent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' }),
      driver.agent.post('/api/billing/checkout', { plan: 'elite', interval: 'year' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const requested = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, driver.user.id), eq(subscriptions.status, 'requested')));
    expect(requested).toHaveLength(1);
  });

  it('two administrators grant different plans at once: one live subscription, the user’s plan is its plan', async () => {
    const driver = await member();
    const answers = await Promise.all([
      grant(adminAgent, driver.user.id, { plan: 'premium', interval: 'month', invoiceReference: 'F-A' }),
      grant(otherAdminAgent, driver.user.id, { plan: 'elite', interval: 'year', invoiceReference: 'F-B' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const live = await consistent(driver.user.id);
    expect(live).toBeDefined();
    // The later one replaced the earlier one: both invoices are recorded, each once.
    expect((await debitsOf(driver.user.id)).map((row) => row.amount).sort()).toHaveLength(2);
  });

  it('the same invoice granted twice at once (a double click): recorded once, one period, one debit', async () => {
    const driver = await member();
    const body = { plan: 'premium', interval: 'month', invoiceReference: 'F-2026-0099' };
    const answers = await Promise.all([
      grant(adminAgent, driver.user.id, body),
      grant(adminAgent, driver.user.id, body),
      grant(otherAdminAgent, driver.user.id, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toMatch(/F-2026-0099/);
    const live = await consistent(driver.user.id);
    expect(live!.invoiceReference).toBe('F-2026-0099');
    expect(await debitsOf(driver.user.id)).toHaveLength(1);
    const all = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, driver.user.id));
    expect(all).toHaveLength(1);
  });

  it('a grant and an end at once: whichever comes last, the user’s plan follows the live subscription', async () => {
    for (let round = 0; round < 3; round++) {
      const driver = await member();
      expect(
        (await grant(adminAgent, driver.user.id, { plan: 'premium', interval: 'month' })).statusCode,
      ).toBe(200);
      const answers = await Promise.all([
        grant(otherAdminAgent, driver.user.id, { plan: 'elite', interval: 'month' }),
        end(adminAgent, driver.user.id),
      ]);
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      await consistent(driver.user.id);
    }
  });

  it('the expiry job racing a renewal: the renewed plan stays, with one live subscription', async () => {
    const events = createEventBus(createLogger({ ...t.config, logLevel: 'silent' }));
    for (let round = 0; round < 3; round++) {
      const driver = await member();
      expect(
        (await grant(adminAgent, driver.user.id, { plan: 'premium', interval: 'month' })).statusCode,
      ).toBe(200);
      await t.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
        .where(eq(subscriptions.userId, driver.user.id));
      const [, renewed] = await Promise.all([
        expireGrantedPlans({ db: t.db, events }),
        grant(otherAdminAgent, driver.user.id, {
          plan: 'premium',
          interval: 'month',
          invoiceReference: `R-${round}`,
        }),
      ]);
      expect(renewed.statusCode).toBe(200);
      const live = await consistent(driver.user.id);
      expect(live?.plan).toBe('premium');
      expect(live!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
      // A later run finds nothing to end.
      expect((await expireGrantedPlans({ db: t.db, events })).expired).toBe(0);
      expect(await planOf(driver.user.id)).toBe('premium');
    }
  });
});
