import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { bugReports, siteSettings } from './schema/admin.js';
import { missions, reviews } from './schema/missions.js';
import { users } from './schema/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Drizzle wraps the driver error; the SQLSTATE is on the cause. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

async function mission(companyId: string) {
  const [row] = await t.db
    .insert(missions)
    .values({
      companyId,
      title: 'Livraison Lyon → Marseille',
      description: 'Palettes',
      pickupAddress: 'Lyon',
      deliveryAddress: 'Marseille',
      vehicleType: 'semi-remorque',
      startDate: new Date(Date.now() + 86400_000),
      endDate: new Date(Date.now() + 2 * 86400_000),
      price: '450.5',
    })
    .returning();
  return row!;
}

describe('database rules (they hold even if a service forgets them)', () => {
  it('has the extensions later features need', async () => {
    const { rows } = await t.db.execute<{ extname: string }>(sql`select extname from pg_extension`);
    expect(rows.map((r) => r.extname)).toEqual(
      expect.arrayContaining(['citext', 'cube', 'earthdistance', 'pg_trgm', 'unaccent']),
    );
  });

  it('keeps e-mails unique regardless of case', async () => {
    await createUser(t.db, { email: 'unique@exemple.fr' });
    expect(await sqlState(createUser(t.db, { email: 'UNIQUE@exemple.fr' }))).toBe('23505');
  });

  it('applies the docs/specification.md defaults', async () => {
    const user = await createUser(t.db, { emailVerified: undefined });
    expect(user).toMatchObject({
      subscriptionPlan: 'basic',
      isActive: true,
      accountStatus: 'active',
      reputationScore: '0.00',
      emailVerified: false,
      isAdmin: false,
    });
    const row = await mission(user.id);
    expect(row).toMatchObject({
      status: 'available',
      pricingType: 'flat',
      paymentStatus: 'pending',
      price: '450.50',
      urgency: false,
    });
    const [bug] = await t.db
      .insert(bugReports)
      .values({ title: 'Bouton', description: 'Ne répond pas' })
      .returning();
    expect(bug).toMatchObject({ status: 'new', priority: 'medium', category: 'other' });
  });

  it('refuses licence types other than C, CE, C1, C1E', async () => {
    expect(await sqlState(createUser(t.db, { licenseType: 'B' }))).toBe('23514');
    for (const type of ['C', 'CE', 'C1', 'C1E']) {
      await expect(createUser(t.db, { licenseType: type })).resolves.toBeDefined();
    }
  });

  it('refuses review scores outside 1–5', async () => {
    const company = await createUser(t.db, { userType: 'company' });
    const driver = await createUser(t.db);
    const m = await mission(company.id);
    const base = { reviewerId: company.id, revieweeId: driver.id, missionId: m.id };
    expect(await sqlState(t.db.insert(reviews).values({ ...base, rating: 6 }))).toBe('23514');
    expect(await sqlState(t.db.insert(reviews).values({ ...base, rating: 0 }))).toBe('23514');
    expect(await sqlState(t.db.insert(reviews).values({ ...base, rating: 5, safetyScore: 9 }))).toBe('23514');
    await expect(t.db.insert(reviews).values({ ...base, rating: 5, safetyScore: 4 })).resolves.toBeDefined();
  });

  it('refuses unknown statuses, priorities and categories', async () => {
    const user = await createUser(t.db);
    expect(
      await sqlState(t.db.insert(bugReports).values({ title: 'x', description: 'y', status: 'open' })),
    ).toBe('23514');
    expect(
      await sqlState(t.db.insert(bugReports).values({ title: 'x', description: 'y', priority: 'urgent' })),
    ).toBe('23514');
    expect(
      await sqlState(t.db.insert(bugReports).values({ title: 'x', description: 'y', category: 'ux' })),
    ).toBe('23514');
    const m = await mission(user.id);
    expect(await sqlState(t.db.execute(sql`update missions set status = 'lost' where id = ${m.id}`))).toBe(
      '23514',
    );
    expect(
      await sqlState(t.db.execute(sql`update users set account_status = 'zombie' where id = ${user.id}`)),
    ).toBe('23514');
  });

  it('keeps site setting keys unique and money at 2 decimals', async () => {
    await t.db.insert(siteSettings).values({ key: 'logoLightUrl', value: '/a.svg', isPublic: true });
    expect(await sqlState(t.db.insert(siteSettings).values({ key: 'logoLightUrl', value: '/b.svg' }))).toBe(
      '23505',
    );
    const user = await createUser(t.db);
    const m = await mission(user.id);
    const { rows } = await t.db.execute<{ price: string }>(
      sql`update missions set price = 12.345 where id = ${m.id} returning price`,
    );
    expect(rows[0]!.price).toBe('12.35');
  });

  it('cascades a deleted company to its missions and detaches a deleted driver', async () => {
    const company = await createUser(t.db, { userType: 'company' });
    const driver = await createUser(t.db);
    const m = await mission(company.id);
    await t.db.execute(sql`update missions set driver_id = ${driver.id} where id = ${m.id}`);
    await t.db.delete(users).where(sql`${users.id} = ${driver.id}`);
    const { rows } = await t.db.execute<{ driver_id: string | null }>(
      sql`select driver_id from missions where id = ${m.id}`,
    );
    expect(rows[0]!.driver_id).toBeNull();
    await t.db.delete(users).where(sql`${users.id} = ${company.id}`);
    const { rows: gone } = await t.db.execute(sql`select 1 from missions where id = ${m.id}`);
    expect(gone).toHaveLength(0);
  });
});
