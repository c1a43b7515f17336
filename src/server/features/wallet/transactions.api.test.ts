import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDate } from '#core/rules/days.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { agentFor, createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The wallet's lines in pages and in a spreadsheet: the caller's own only, in a stable order, filtered, with the
 * payment of a mission and the transactions written straight into the database (the settlement through the real
 * routes is in wallet-lines.api.test.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A hired driver's payment of `amount` (no VAT) on a new completed mission of the pair. */
async function payment(
  driver: User,
  transporter: User,
  amount: string,
  fields: Partial<typeof driverPayments.$inferInsert> = {},
) {
  const completedAt = new Date();
  const start = new Date(completedAt.getTime() - 10 * 3600_000);
  const [mission] = await t.db
    .insert(missions)
    .values({
      companyId: transporter.id,
      driverId: driver.id,
      title: 'Mission Rungis → Lille',
      description: 'Palettes.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '59810 Lesquin',
      vehicleType: 'semi_frigorifique',
      startDate: start,
      endDate: new Date(start.getTime() + 8 * 3600_000),
      price: amount,
      status: 'completed',
      assignedAt: start,
      startedAt: start,
      deliveredAt: completedAt,
      completedAt,
    })
    .returning();
  await t.db.insert(driverPayments).values({
    missionId: mission!.id,
    driverId: driver.id,
    transporterId: transporter.id,
    amount,
    unitPrice: amount,
    amountExclTax: amount,
    dueDate: parisDate(completedAt),
    completedAt,
    ...fields,
  });
  return mission!;
}

describe('transactions', () => {
  let driver: User;
  let transporter: User;
  let otherDriver: User;
  let missionId: string;
  let missionTitle: string;
  const dueDate = addDays(parisDate(new Date()), 30);

  beforeAll(async () => {
    driver = await createUser(t.db, { userType: 'driver' });
    transporter = await createUser(t.db, { userType: 'company' });
    otherDriver = await createUser(t.db, { userType: 'driver' });
    const now = Date.now();
    // The mission's payment, owed half an hour ago: one line, whatever its steps.
    const mission = await payment(driver, transporter, '0.50', {
      dueDate,
      createdAt: new Date(now - 30 * 60_000),
    });
    missionId = mission.id;
    missionTitle = mission.title;
    // 22 refunds noted in the driver's wallet, a minute apart (the newest is i = 0), the first three about the mission.
    for (let i = 0; i < 22; i++)
      await t.db.insert(transactions).values({
        userId: driver.id,
        missionId: i < 3 ? missionId : null,
        type: 'debit',
        category: 'refund',
        amount: i % 2 === 0 ? '0.10' : '0.20',
        description: `Ligne ${i}`,
        createdAt: new Date(now - i * 60_000),
      });
    // A step of the payment is its state, never a line.
    await t.db.insert(transactions).values({
      userId: driver.id,
      missionId,
      type: 'credit',
      category: 'mission_confirmed',
      amount: '0.50',
      description: 'Étape',
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
    // The transporter's card payment for the mission, and another driver's rows: never the driver's.
    await t.db.insert(transactions).values([
      {
        userId: transporter.id,
        missionId,
        type: 'debit',
        category: 'deposit',
        amount: '0.10',
        description: 'Côté transporteur',
      },
      {
        userId: otherDriver.id,
        type: 'debit',
        category: 'refund',
        amount: '999.99',
        description: 'Pas à vous',
      },
    ]);
  });

  const describedAs = (items: Array<{ kind: string; description: string | null }>) =>
    items.map((item) => (item.kind === 'mission' ? 'Mission' : item.description));

  it('the caller’s own lines only, newest first, in pages, with the mission’s title', async () => {
    const agent = await agentFor(t, driver.id);
    const first = (await agent.get('/api/transactions')).json();
    expect(first.total).toBe(24);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);
    expect(describedAs(first.items).slice(0, 3)).toEqual(['Ligne 0', 'Ligne 1', 'Ligne 2']);
    expect(first.items[0]).toMatchObject({
      kind: 'refund',
      missionId,
      missionTitle,
      type: 'debit',
      state: 'refunded',
      amount: '0.10',
      amountExclTax: null,
      invoiceNumber: null,
    });
    expect(first.items[5]).toMatchObject({ missionId: null, missionTitle: null });
    const second = (await agent.get('/api/transactions?page=2&pageSize=20')).json();
    expect(describedAs(second.items)).toEqual([
      'Ligne 20',
      'Ligne 21',
      'Mission',
      '=HYPERLINK("http://exemple.fr";"Premium")',
    ]);
    expect(second.items[2]).toMatchObject({
      kind: 'mission',
      missionId,
      type: 'credit',
      state: 'owed',
      amount: '0.50',
      amountExclTax: '0.50',
      vatAmount: '0.00',
      vatRate: null,
    });
    const everything = describedAs([...first.items, ...second.items]);
    expect(everything.some((text) => ['Pas à vous', 'Côté transporteur', 'Étape'].includes(text!))).toBe(
      false,
    );
    const theirs = (await (await agentFor(t, transporter.id)).get('/api/transactions')).json();
    expect(describedAs(theirs.items)).toEqual(['Côté transporteur', 'Mission']);
    expect(theirs.items[1]).toMatchObject({ type: 'debit', state: 'owed' });
  });

  it('rows of the same instant: by id, newest first, the same on every read, each on exactly one page', async () => {
    const member = await createUser(t.db, { userType: 'driver' });
    const at = new Date();
    const inserted = await t.db
      .insert(transactions)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          userId: member.id,
          type: 'debit',
          category: 'subscription',
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

  it('filters: type, kind, mission, Paris days; a reversed period and unknown values are refused', async () => {
    const agent = await agentFor(t, driver.id);
    const descriptions = async (query: string) => {
      const response = await agent.get(`/api/transactions?${query}`);
      expect(response.statusCode, query).toBe(200);
      return describedAs(response.json().items);
    };
    expect(await descriptions('type=credit')).toEqual(['Mission']);
    expect(await descriptions('category=mission')).toEqual(['Mission']);
    expect(await descriptions('category=subscription')).toEqual([
      '=HYPERLINK("http://exemple.fr";"Premium")',
    ]);
    expect(await descriptions('category=refund&pageSize=100')).toHaveLength(22);
    expect(await descriptions(`missionId=${missionId}&pageSize=2`)).toEqual(['Ligne 0', 'Ligne 1']);
    expect((await agent.get(`/api/transactions?missionId=${missionId}&pageSize=2`)).json().total).toBe(4);
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
      'Date;Mission;Type;Catégorie;État;Montant (€);Montant HT de la mission (€);TVA de la mission (€);Montant TTC de la mission (€);N° de facture;Description',
    );
    expect(lines).toHaveLength(25);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;${missionTitle};Débit;Remboursement;Remboursé au transporteur;0,10;;;;;Ligne 0$`,
      ),
    );
    // The mission's line: its state, HT / VAT / TTC, and what it says (a hired driver here).
    expect(lines[23]).toContain(
      `;${missionTitle};Crédit;Règlement de mission;À recevoir;0,50;0,50;0,00;0,50;;Rémunération brute, versée avec la paie · échéance le ${formatNumericDay(dueDate)}`,
    );
    // A cell a spreadsheet would run is written as text.
    expect(lines[24]).toBe(
      `11/03/2025 00:30;;Débit;Abonnement;Payé;149,00;;;;;"'=HYPERLINK(""http://exemple.fr"";""Premium"")"`,
    );
    expect(body).not.toContain('Pas à vous');
    expect(body).not.toContain('Côté transporteur');
    const filtered = await agent.get('/api/transactions/export?type=credit');
    expect(filtered.body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
    expect((await agent.get('/api/transactions/export?category=cadeau')).statusCode).toBe(400);
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    expect((await (await agentFor(t, admin.id)).get('/api/transactions/export')).statusCode).toBe(403);
  });
});
