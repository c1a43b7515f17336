import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, monthLabel, toCents } from '#core/rules/money.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { agentFor, Agent, createTestApp, type TestApp } from '../../test/harness.js';
import { addDays, parisDate } from '#core/rules/days.js';

/**
 * The wallet's balance and chart read driver_payments, written here straight into the database (the settlement
 * itself is the payments feature's and has its own tests): sums exact to the cent, each side's own rows only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
let missionCount = 0;

async function completedMission(companyId: string, driverId: string, completedAt = new Date()) {
  const start = new Date(completedAt.getTime() - 10 * 3600_000);
  const [row] = await t.db
    .insert(missions)
    .values({
      companyId,
      driverId,
      title: `Mission ${++missionCount} Rungis → Lille`,
      description: 'Palettes.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '59810 Lesquin',
      vehicleType: 'semi_frigorifique',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * 3600_000),
      price: '100.00',
      status: 'completed',
      assignedAt: start,
      startedAt: start,
      deliveredAt: completedAt,
      completedAt,
    })
    .returning();
  return row!;
}

/** One payment of `amount` (no VAT) on a new completed mission of the pair. */
async function payment(
  driver: User,
  transporter: User,
  amount: string,
  fields: Partial<typeof driverPayments.$inferInsert> = {},
) {
  const completedAt = fields.completedAt ?? new Date();
  const mission = await completedMission(transporter.id, driver.id, completedAt);
  await t.db.insert(driverPayments).values({
    missionId: mission.id,
    driverId: driver.id,
    transporterId: transporter.id,
    amount,
    unitPrice: amount,
    amountExclTax: amount,
    dueDate: parisDate(completedAt),
    completedAt,
    ...fields,
  });
  return mission;
}

describe('wallet balance and chart', () => {
  let driver: User;
  let transporter: User;
  let otherDriver: User;
  let otherTransporter: User;
  const today = parisDate(new Date());
  const thisMonth = today.slice(0, 7);
  /** A row earlier this year but not this month (only when this month is not January). */
  const earlierThisYear = thisMonth.endsWith('-01') ? null : new Date(`${today.slice(0, 4)}-01-15T12:00:00Z`);

  beforeAll(async () => {
    driver = await createUser(t.db, { userType: 'driver' });
    transporter = await createUser(t.db, { userType: 'company' });
    otherDriver = await createUser(t.db, { userType: 'driver' });
    otherTransporter = await createUser(t.db, { userType: 'company' });
    const later = addDays(today, 10);
    const yesterday = addDays(today, -1);
    // Received: 0.10 and 0.20 five times each (1.50: a float sum would not be).
    for (let i = 0; i < 5; i++) {
      for (const amount of ['0.10', '0.20'])
        await payment(driver, transporter, amount, {
          settlementStatus: 'confirmed',
          paidOn: today,
          confirmedAt: new Date(),
        });
    }
    // Received more than a year ago: settled, but neither this month nor this year nor in the chart.
    const old = new Date(Date.now() - 400 * DAY);
    await payment(driver, transporter, '5.00', {
      completedAt: old,
      settlementStatus: 'confirmed',
      paidOn: parisDate(old),
      confirmedAt: old,
    });
    // Owed, not yet due: 0.30.
    for (let i = 0; i < 3; i++) await payment(driver, transporter, '0.10', { dueDate: later });
    // Declared paid, waiting for the driver's confirmation.
    await payment(driver, transporter, '0.20', {
      dueDate: later,
      settlementStatus: 'marked_paid',
      paidOn: today,
      paymentReference: 'VIR-1',
      markedPaidAt: new Date(),
    });
    // Overdue: owed since yesterday (0.30), disputed since yesterday (0.70).
    await payment(driver, transporter, '0.10', { dueDate: yesterday });
    await payment(driver, transporter, '0.20', { dueDate: yesterday });
    await payment(driver, transporter, '0.70', {
      dueDate: yesterday,
      settlementStatus: 'disputed',
      disputedAt: new Date(),
      disputeReason: 'Montant incomplet',
    });
    // Disputed, not yet due.
    await payment(driver, transporter, '0.05', {
      dueDate: later,
      settlementStatus: 'disputed',
      disputedAt: new Date(),
      disputeReason: 'Montant incomplet',
    });
    // Another driver's payment by the same transporter, and the driver's payment by another transporter.
    await payment(otherDriver, transporter, '1000.00', {
      settlementStatus: 'confirmed',
      confirmedAt: new Date(),
    });
    await payment(driver, otherTransporter, '2000.00', { dueDate: yesterday });
    if (earlierThisYear)
      await payment(driver, transporter, '0.40', {
        completedAt: earlierThisYear,
        settlementStatus: 'confirmed',
        paidOn: parisDate(earlierThisYear),
        confirmedAt: earlierThisYear,
      });
  });

  /** What the row earlier this year adds to a sum, exactly. */
  const plus = (decimal: string) => centsToDecimal(toCents(decimal) + (earlierThisYear ? 40 : 0));

  it('a driver: received, pending, overdue, disputed, this month and year, to the cent', async () => {
    const agent = await agentFor(t, driver.id);
    const response = await agent.get('/api/wallet/balance');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      role: 'driver',
      currency: 'eur',
      settled: plus('6.50'),
      pending: '0.50',
      overdue: '2001.00',
      disputed: '0.75',
      thisMonth: '2003.05',
      thisYear: plus('2003.05'),
      counts: { pending: 4, overdue: 4, disputed: 2 },
      vat: { settled: '0.00', thisMonth: '0.00', thisYear: '0.00' },
    });
  });

  it('a transporter: paid (declared or confirmed), due, overdue, disputed — their own missions only', async () => {
    const agent = await agentFor(t, transporter.id);
    const response = await agent.get('/api/wallet/balance');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      role: 'transporter',
      currency: 'eur',
      settled: plus('1006.70'),
      pending: '0.30',
      overdue: '1.00',
      disputed: '0.75',
      thisMonth: '1003.05',
      thisYear: plus('1003.05'),
      counts: { pending: 3, overdue: 3, disputed: 2 },
      vat: null,
    });
  });

  it('someone with nothing yet: zeros; an administrator is refused', async () => {
    const newcomer = await createUser(t.db, { userType: 'driver' });
    const empty = await (await agentFor(t, newcomer.id)).get('/api/wallet/balance');
    expect(empty.json()).toMatchObject({
      settled: '0.00',
      pending: '0.00',
      overdue: '0.00',
      disputed: '0.00',
      thisMonth: '0.00',
      thisYear: '0.00',
      counts: { pending: 0, overdue: 0, disputed: 0 },
    });
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const adminAgent = await agentFor(t, admin.id);
    for (const url of ['/api/wallet/balance', '/api/wallet/chart', '/api/transactions']) {
      const refused = await adminAgent.get(url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Le portefeuille concerne les chauffeurs et les transporteurs');
    }
    expect((await new Agent(t.app).get('/api/wallet/balance')).statusCode).toBe(401);
  });

  /** The 12 months ending with this one, oldest first. */
  function twelveMonths(): string[] {
    const [year, month] = thisMonth.split('-').map(Number) as [number, number];
    return Array.from({ length: 12 }, (_, i) => {
      const index = year * 12 + (month - 1) - (11 - i);
      return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    });
  }

  it('the chart: 12 months, zero-filled, earned by completion month and settled by payment month', async () => {
    const months = twelveMonths();
    const january = earlierThisYear ? `${today.slice(0, 4)}-01` : null;
    const expected = (earnedNow: string, settledNow: string) =>
      months.map((month) => ({
        month,
        label: monthLabel(month),
        earned: month === thisMonth ? earnedNow : month === january ? '0.40' : '0.00',
        settled: month === thisMonth ? settledNow : month === january ? '0.40' : '0.00',
      }));
    const mine = await (await agentFor(t, driver.id)).get('/api/wallet/chart');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ role: 'driver', months: expected('2003.05', '1.50') });
    const theirs = await (await agentFor(t, transporter.id)).get('/api/wallet/chart');
    // Paid this month: 1.50 received, 0.20 declared paid, 1000.00 confirmed by the other driver.
    expect(theirs.json()).toEqual({ role: 'transporter', months: expected('1003.05', '1001.70') });
  });
});
