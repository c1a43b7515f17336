import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/messaging.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { createUser } from '../../test/factories.js';
import { agentFor, createTestApp, type TestApp } from '../../test/harness.js';
import { addDays, parisDate } from '#core/rules/days.js';

/** Two instances working jobs on one database: the daily overdue check alerts each party once. */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env: { JOBS_WORKER: 'true' } });
  b = await createTestApp({ env: { JOBS_WORKER: 'true' }, databaseUrl: a.database.url });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A completed mission (inserted as the lifecycle leaves it) and its payment, opened through the API. */
async function settled(title: string) {
  const driver = await createUser(a.db, { userType: 'driver' });
  const company = await createUser(a.db, { userType: 'company' });
  const start = new Date(Date.now() - 2 * 86_400_000);
  const [mission] = await a.db
    .insert(missions)
    .values({
      companyId: company.id,
      driverId: driver.id,
      title,
      description: 'Palettes de produits frais.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '69007 Lyon',
      vehicleType: 'semi_frigorifique',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * 3_600_000),
      startedAt: start,
      deliveredAt: new Date(start.getTime() + 6 * 3_600_000),
      completedAt: new Date(start.getTime() + 7 * 3_600_000),
      price: '380.00',
      engagementType: 'independent',
      status: 'completed',
    })
    .returning();
  const agent = await agentFor(a, driver.id);
  expect((await agent.get(`/api/missions/${mission!.id}/payment`)).statusCode).toBe(200);
  return { driver, company, missionId: mission!.id, agent };
}

const overdueAlerts = (userId: string, missionId: string) =>
  a.db
    .select()
    .from(alerts)
    .where(
      and(eq(alerts.userId, userId), eq(alerts.missionId, missionId), eq(alerts.title, 'Paiement en retard')),
    );

describe('overdue payments', () => {
  it('alert both parties once, the job run by two instances and then again', async () => {
    const late = await settled('Semi frigo Rungis → Lyon');
    const onTime = await settled('Porte-char Lyon → Dijon');
    const disputed = await settled('Citerne Fos → Lyon');
    const today = parisDate(new Date());
    await a.db
      .update(driverPayments)
      .set({ dueDate: addDays(today, -3) })
      .where(eq(driverPayments.missionId, late.missionId));
    await a.db
      .update(driverPayments)
      .set({ dueDate: addDays(today, -1), settlementStatus: 'disputed' })
      .where(eq(driverPayments.missionId, disputed.missionId));
    // Due today: not late yet.
    await a.db
      .update(driverPayments)
      .set({ dueDate: today })
      .where(eq(driverPayments.missionId, onTime.missionId));

    await Promise.all([a.app.jobs.runNow('payments-overdue'), b.app.jobs.runNow('payments-overdue')]);
    await b.app.jobs.runNow('payments-overdue');

    for (const { driver, company, missionId } of [late, disputed]) {
      const [toDriver] = await overdueAlerts(driver.id, missionId);
      const [toCompany] = await overdueAlerts(company.id, missionId);
      expect(await overdueAlerts(driver.id, missionId)).toHaveLength(1);
      expect(await overdueAlerts(company.id, missionId)).toHaveLength(1);
      expect(toDriver!.link).toBe(`/mission/${missionId}/payment`);
      expect(toCompany!.message).toContain('Réglez-le ou indiquez-le comme payé.');
    }
    expect(await overdueAlerts(onTime.driver.id, onTime.missionId)).toEqual([]);
    expect((await overdueAlerts(late.driver.id, late.missionId))[0]!.message).toBe(
      `Le règlement de « Semi frigo Rungis → Lyon » (380,00\u00a0€) était attendu le ${addDays(today, -3).split('-').reverse().join('/')}.`,
    );
    const seen = (await late.agent.get(`/api/missions/${late.missionId}/payment`)).json();
    expect(seen).toMatchObject({ overdue: true, status: 'owed' });
    expect((await onTime.agent.get(`/api/missions/${onTime.missionId}/payment`)).json().overdue).toBe(false);
  });
});
