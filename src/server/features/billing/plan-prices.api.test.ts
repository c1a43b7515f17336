import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVat } from '#core/rules/money.js';
import { DEFAULT_TARIFFS } from '#core/rules/tariffs.js';
import { migrationsFolder } from '../../db/client.js';
import { siteSettings } from '../../db/schema/admin.js';
import { subscriptions, transactions } from '../../db/schema/payments.js';
import type { Mail } from '../../platform/mailer.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';

/**
 * The transport companies' plan is priced before VAT (decision 041): entered and served HT, charged with the VAT
 * core adds; the drivers' plans stay priced VAT included. And migration 0021, which turned the stored prices with
 * VAT into prices before VAT.
 */
const mails: Mail[] = [];
let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp({
    mailer: { send: async (mail) => void mails.push(mail), close: () => undefined },
  });
  admin = await signIn(t, { userType: 'admin', isAdmin: true, fullName: 'Alice Martin' });
});
afterAll(async () => {
  await t?.close();
});

const served = async () => (await t.app.inject({ method: 'GET', url: '/api/tariffs' })).json();
const storedTariffs = async () => {
  const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.key, 'tariffs'));
  return row?.value ?? null;
};

describe('a transport company’s plan priced before VAT', () => {
  it('is stored and served HT; what a request asks, a grant invoices and the invoice says is its TTC', async () => {
    // The specification's 89,90 € and 889,90 € a month and a year, before VAT.
    expect(await served()).toMatchObject({ transporterMonthly: 74.92, transporterAnnual: 741.58 });
    expect(addVat(7492, 20).grossCents).toBe(8990);
    expect(addVat(74158, 20).grossCents).toBe(88990);

    // The back office enters 100 € HT a month: stored and served as entered.
    const saved = await admin.agent.put('/api/admin/tariffs', {
      ...DEFAULT_TARIFFS,
      transporterMonthly: 100,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.parse((await storedTariffs())!)).toMatchObject({ transporterMonthly: 100 });
    expect(await served()).toMatchObject({ transporterMonthly: 100 });

    // A company asks for it: the administrators read the price before VAT and what to invoice with it.
    const company = await signIn(t, { userType: 'company', companyName: 'Transports Lefèvre' });
    const asked = await company.agent.post('/api/billing/checkout', {
      plan: 'transporter',
      interval: 'month',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await expect
      .poll(() => mails.find((mail) => mail.subject === 'Demande de formule Transporteur')?.text ?? '')
      .toMatch(/100,00\s€\sHT, soit 120,00\s€\sTTC \(TVA 20\s%\s: 20,00\s€\) par mois/);
    const listed = (await admin.agent.get('/api/admin/subscriptions')).json();
    const request = listed.requests.find((row: { user: { id: string } }) => row.user.id === company.user.id);
    expect(request.price).toEqual({
      amountExclTax: '100.00',
      vatAmount: '20.00',
      vatRate: '20.00',
      amount: '120.00',
      exclTax: true,
    });

    // Granted: invoiced and debited with VAT, and the invoice says HT, VAT and TTC.
    const granted = await admin.agent.post(`/api/admin/users/${company.user.id}/plan`, {
      plan: 'transporter',
      interval: 'month',
      invoiceReference: 'RL-2026-0007',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ amount: '120.00', price: { amountExclTax: '100.00' } });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, company.user.id));
    expect(row!.amount).toBe('120.00');
    const debits = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, company.user.id), eq(transactions.category, 'subscription')));
    expect(debits.map((debit) => debit.amount)).toEqual(['120.00']);
    const view = (await company.agent.get('/api/billing/subscription')).json();
    expect(view.invoices).toMatchObject([
      {
        amountExclTax: '100.00',
        vatAmount: '20.00',
        vatRate: '20.00',
        amount: '120.00',
        reference: 'RL-2026-0007',
      },
    ]);

    // A driver's plan stays priced VAT included: 14,90 € is what is charged, its VAT inside.
    const driver = await signIn(t, { userType: 'driver' });
    expect(
      (await driver.agent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' })).statusCode,
    ).toBe(200);
    const again = (await admin.agent.get('/api/admin/subscriptions')).json();
    expect(
      again.requests.find((one: { user: { id: string } }) => one.user.id === driver.user.id).price,
    ).toEqual({
      amountExclTax: '12.42',
      vatAmount: '2.48',
      vatRate: '20.00',
      amount: '14.90',
      exclTax: false,
    });
    expect((await admin.agent.put('/api/admin/tariffs', DEFAULT_TARIFFS)).statusCode).toBe(200);
  });
});

describe('migration 0021', () => {
  let migration: string;
  beforeAll(async () => {
    migration = await readFile(path.join(migrationsFolder, '0021_plan_prices_excl_tax.sql'), 'utf8');
  });
  /** The setting as the app wrote it before (every price with VAT), then the migration run on it. */
  async function migrate(value: string | null) {
    await t.db.delete(siteSettings).where(eq(siteSettings.key, 'tariffs'));
    if (value !== null) await t.db.insert(siteSettings).values({ key: 'tariffs', value, isPublic: false });
    await t.db.execute(sql.raw(migration));
    return storedTariffs();
  }
  const before = {
    ...DEFAULT_TARIFFS,
    transporterMonthly: 89.9,
    transporterAnnual: 889.9,
  };

  it('turns the transporters’ prices with VAT into prices before VAT, charging what was charged', async () => {
    const after = JSON.parse((await migrate(JSON.stringify(before)))!);
    expect(after).toEqual({ ...DEFAULT_TARIFFS, transporterMonthly: 74.92, transporterAnnual: 741.58 });
    expect(await served()).toEqual(DEFAULT_TARIFFS);
  });

  it('never charges more: the largest price before VAT whose price with VAT is not above the old one', async () => {
    let same = 0;
    for (let cents = 0; cents < 600; cents += 2) {
      const after = JSON.parse(
        (await migrate(
          JSON.stringify({
            ...before,
            transporterMonthly: cents / 100,
            transporterAnnual: (cents + 1) / 100,
          }),
        ))!,
      );
      for (const [old, key] of [
        [cents, 'transporterMonthly'],
        [cents + 1, 'transporterAnnual'],
      ] as const) {
        const net = Math.round(after[key] * 100);
        expect(addVat(net, 20).grossCents, `${old} cents`).toBeLessThanOrEqual(old);
        expect(addVat(net + 1, 20).grossCents, `${old} cents`).toBeGreaterThan(old);
        if (addVat(net, 20).grossCents === old) same++;
      }
    }
    // Five prices in six are charged exactly as before; the others one cent less.
    expect(same).toBe(500);
  });

  it('keeps the row, leaves what the app cannot read alone, and does nothing without a setting', async () => {
    expect(await migrate('pas du JSON')).toBe('pas du JSON');
    expect(await migrate('[1, 2]')).toBe('[1, 2]');
    const partial = JSON.parse(
      (await migrate(JSON.stringify({ ...before, transporterMonthly: 'gratuit', transporterAnnual: -5 })))!,
    );
    expect(partial).toMatchObject({ transporterMonthly: 'gratuit', transporterAnnual: -5 });
    expect(await migrate(null)).toBeNull();
    expect(await served()).toEqual(DEFAULT_TARIFFS);
  });
});
