import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, monthLabel, toCents } from '#core/rules/money.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { agentFor, Agent, createTestApp, type TestApp } from '../../test/harness.js';
import { addDays, parisDate } from '#core/rules/days.js';

/**
 * The wallet reads driver_payments and transactions, written here straight into the database (the settlement
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

describe('transactions', () => {
  let driver: User;
  let transporter: User;
  let otherDriver: User;
  let missionId: string;
  let missionTitle: string;

  beforeAll(async () => {
    driver = await createUser(t.db, { userType: 'driver' });
    transporter = await createUser(t.db, { userType: 'company' });
    otherDriver = await createUser(t.db, { userType: 'driver' });
    const mission = await completedMission(transporter.id, driver.id);
    missionId = mission.id;
    missionTitle = mission.title;
    const now = Date.now();
    // 25 credits for the driver, a minute apart (the newest is i = 0), the first three about the mission.
    for (let i = 0; i < 25; i++)
      await t.db.insert(transactions).values({
        userId: driver.id,
        missionId: i < 3 ? missionId : null,
        type: 'credit',
        category: i < 3 ? 'mission_owed' : 'mission_confirmed',
        amount: i % 2 === 0 ? '0.10' : '0.20',
        description: `Ligne ${i}`,
        createdAt: new Date(now - i * 60_000),
      });
    // The driver's subscription debit, on 11 March 2025 in Paris (23:30 UTC the day before).
    await t.db.insert(transactions).values({
      userId: driver.id,
      type: 'debit',
      category: 'subscription',
      amount: '149.00',
      description: '=HYPERLINK("http://exemple.fr";"Premium")',
      createdAt: new Date('2025-03-10T23:30:00Z'),
    });
    // The transporter's side of the mission, and another driver's rows: never the driver's.
    await t.db.insert(transactions).values([
      {
        userId: transporter.id,
        missionId,
        type: 'debit',
        category: 'mission_owed',
        amount: '0.10',
        description: 'Côté transporteur',
      },
      {
        userId: otherDriver.id,
        type: 'credit',
        category: 'mission_owed',
        amount: '999.99',
        description: 'Pas à vous',
      },
    ]);
  });

  it('the caller’s own rows only, newest first, in pages, with the mission’s title', async () => {
    const agent = await agentFor(t, driver.id);
    const first = (await agent.get('/api/transactions')).json();
    expect(first.total).toBe(26);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);
    expect(first.items.map((item: { description: string }) => item.description).slice(0, 3)).toEqual([
      'Ligne 0',
      'Ligne 1',
      'Ligne 2',
    ]);
    expect(first.items[0]).toMatchObject({
      missionId,
      missionTitle,
      type: 'credit',
      category: 'mission_owed',
      amount: '0.10',
    });
    expect(first.items[5]).toMatchObject({ missionId: null, missionTitle: null });
    const second = (await agent.get('/api/transactions?page=2&pageSize=20')).json();
    expect(second.items.map((item: { description: string }) => item.description)).toEqual([
      'Ligne 20',
      'Ligne 21',
      'Ligne 22',
      'Ligne 23',
      'Ligne 24',
      '=HYPERLINK("http://exemple.fr";"Premium")',
    ]);
    const everything = [...first.items, ...second.items] as Array<{ description: string }>;
    expect(everything.some((item) => ['Pas à vous', 'Côté transporteur'].includes(item.description))).toBe(
      false,
    );
    const theirs = (await (await agentFor(t, transporter.id)).get('/api/transactions')).json();
    expect(theirs.items.map((item: { description: string }) => item.description)).toEqual([
      'Côté transporteur',
    ]);
  });

  it('rows of the same instant: by id, newest first, the same on every read, each on exactly one page', async () => {
    const member = await createUser(t.db, { userType: 'driver' });
    const at = new Date();
    const inserted = await t.db
      .insert(transactions)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          userId: member.id,
          type: 'credit',
          category: 'mission_confirmed',
          amount: '1.00',
          description: `Même instant ${i}`,
          createdAt: at,
        })),
      )
      .returning({ id: transactions.id, description: transactions.description });
    // PostgreSQL orders uuids as their bytes, as the lowercase text sorts.
    const expected = inserted.map((row) => row.id).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    const agent = await agentFor(t, member.id);
    const read = async () => {
      const ids: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const { items } = (await agent.get(`/api/transactions?page=${page}&pageSize=8`)).json<{
          items: Array<{ id: string }>;
        }>();
        ids.push(...items.map((item) => item.id));
      }
      return ids;
    };
    expect(await read()).toEqual(expected);
    expect(await read()).toEqual(expected);
    const described = new Map(inserted.map((row) => [row.id, row.description]));
    const csv = (await agent.get('/api/transactions/export')).body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(csv.map((line) => line.split(';').at(-1))).toEqual(expected.map((id) => described.get(id)));
  });

  it('filters: type, category, mission, Paris days; a reversed period and unknown values are refused', async () => {
    const agent = await agentFor(t, driver.id);
    const descriptions = async (query: string) => {
      const response = await agent.get(`/api/transactions?${query}`);
      expect(response.statusCode, query).toBe(200);
      return (response.json().items as Array<{ description: string }>).map((item) => item.description);
    };
    expect(await descriptions('type=debit')).toEqual(['=HYPERLINK("http://exemple.fr";"Premium")']);
    expect(await descriptions('category=mission_owed')).toEqual(['Ligne 0', 'Ligne 1', 'Ligne 2']);
    expect(await descriptions(`missionId=${missionId}&pageSize=2`)).toEqual(['Ligne 0', 'Ligne 1']);
    expect((await agent.get(`/api/transactions?missionId=${missionId}&pageSize=2`)).json().total).toBe(3);
    expect(await descriptions('from=2025-03-11&to=2025-03-11')).toHaveLength(1);
    expect(await descriptions('from=2025-03-10&to=2025-03-10')).toEqual([]);
    expect(await descriptions('from=2025-03-12&to=2025-03-31')).toEqual([]);
    const reversed = await agent.get('/api/transactions?from=2025-03-12&to=2025-03-11');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('La date de fin doit suivre la date de début');
    const unknown = await agent.get('/api/transactions?category=cadeau');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.category).toBe('Catégorie inconnue');
    expect((await agent.get('/api/transactions?pageSize=500')).statusCode).toBe(400);
  });

  it('the CSV export: the same filters, French headers, decimal commas, formula-safe cells, own rows only', async () => {
    const agent = await agentFor(t, driver.id);
    const response = await agent.get('/api/transactions/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="transactions-relais-${parisDate(new Date())}.csv"`,
    );
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date;Mission;Type;Catégorie;Montant (€);Montant HT de la mission (€);TVA de la mission (€);Montant TTC de la mission (€);N° de facture;Description',
    );
    expect(lines).toHaveLength(27);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;${missionTitle};Crédit;Montant dû;0,10;[^;]*;[^;]*;[^;]*;[^;]*;Ligne 0$`,
      ),
    );
    // A cell a spreadsheet would run is written as text.
    expect(lines[26]).toBe(
      `11/03/2025 00:30;;Débit;Abonnement;149,00;;;;;"'=HYPERLINK(""http://exemple.fr"";""Premium"")"`,
    );
    expect(body).not.toContain('Pas à vous');
    expect(body).not.toContain('Côté transporteur');
    const filtered = await agent.get('/api/transactions/export?type=debit');
    expect(filtered.body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
    expect((await agent.get('/api/transactions/export?category=cadeau')).statusCode).toBe(400);
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    expect((await (await agentFor(t, admin.id)).get('/api/transactions/export')).statusCode).toBe(403);
  });
});
