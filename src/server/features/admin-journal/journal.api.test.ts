import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs } from '../../db/schema/admin.js';
import { users, type User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { createUser } from '../../test/factories.js';
import { agentFor, createTestApp, type Agent, type TestApp } from '../../test/harness.js';

let t: TestApp;
let alice: User;
let bruno: User;
let asAlice: Agent;

/** A journal line written as the actions write them, then dated. */
async function line(admin: User, action: string, target: [string, string | null], at: string, details = {}) {
  await logAdminAction(t.db, {
    adminId: admin.id,
    action,
    targetType: target[0],
    targetId: target[1],
    details,
    ipAddress: '203.0.113.7',
  });
  await t.db.execute(
    sql`update admin_logs set created_at = ${at}::timestamptz where id = (select id from admin_logs order by created_at desc limit 1)`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Alice Martin' });
  bruno = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Bruno Lefèvre' });
  asAlice = await agentFor(t, alice.id);
  // Paris days: 23:30 UTC on 14 March is already 15 March in Paris (UTC+1 in winter).
  await line(alice, 'plan.granted', ['user', 'u-1'], '2026-03-14T10:00:00Z', { plan: 'premium' });
  await line(bruno, 'plan.ended', ['user', 'u-1'], '2026-03-14T23:30:00Z');
  await line(alice, 'document.verify', ['document', 'd-9'], '2026-03-16T08:00:00Z');
  await line(bruno, 'plan_request.note', ['user', 'u-2'], '2026-03-17T08:00:00Z');
});
afterAll(async () => {
  await t.close();
});

const read = async (query = '') => {
  const response = await asAlice.get(`/api/admin/logs${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entries: Array<Record<string, unknown>>; total: number; page: number };
};
const actions = (page: { entries: Array<Record<string, unknown>> }) =>
  page.entries.map((entry) => entry.action);

describe('admin journal', () => {
  it('lists every line newest first, with its author’s name, target, details and IP', async () => {
    const page = await read();
    expect(page.total).toBe(4);
    expect(actions(page)).toEqual(['plan_request.note', 'document.verify', 'plan.ended', 'plan.granted']);
    expect(page.entries[3]).toMatchObject({
      adminId: alice.id,
      adminName: 'Alice Martin',
      adminEmail: alice.email,
      targetType: 'user',
      targetId: 'u-1',
      details: { plan: 'premium' },
      ipAddress: '203.0.113.7',
    });
  });

  it('filters by administrator, exact action, a family of actions, target and Paris days; pages', async () => {
    expect(actions(await read(`?adminId=${bruno.id}`))).toEqual(['plan_request.note', 'plan.ended']);
    expect(actions(await read('?action=plan.granted'))).toEqual(['plan.granted']);
    // `plan.*` is the family `plan.` — not `plan_request.` (the underscore is no wildcard).
    expect(actions(await read('?action=plan.*'))).toEqual(['plan.ended', 'plan.granted']);
    expect(actions(await read('?targetType=user&targetId=u-1'))).toEqual(['plan.ended', 'plan.granted']);
    expect(actions(await read('?from=2026-03-15&to=2026-03-16'))).toEqual(['document.verify', 'plan.ended']);
    expect(actions(await read('?to=2026-03-14'))).toEqual(['plan.granted']);
    const second = await read('?pageSize=3&page=2');
    expect(second).toMatchObject({ total: 4, page: 2 });
    expect(actions(second)).toEqual(['plan.granted']);
    for (const bad of ['?from=2026-02-30', '?action=plan%25', '?adminId=moi', '?page=0', '?pageSize=1000']) {
      const response = await asAlice.get(`/api/admin/logs${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toMatch(/\S/);
    }
  });

  it('refuses a target with a NUL or control character (PostgreSQL text cannot hold NUL: no 500)', async () => {
    for (const bad of ['?targetId=%00', '?targetId=u-1%00x', '?targetId=u%1B1']) {
      const response = await asAlice.get(`/api/admin/logs${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ errors: { targetId: 'Cible invalide' } });
    }
  });

  it('keeps the line when its author’s account is gone, and offers the filters’ values', async () => {
    const gone = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Chloé Dupont' });
    await line(gone, 'badge.award', ['user', 'u-3'], '2026-03-18T08:00:00Z');
    await t.db.delete(users).where(eq(users.id, gone.id));
    const [newest] = (await read()).entries;
    expect(newest).toMatchObject({ action: 'badge.award', adminId: null, adminName: null });

    const facets = await asAlice.get('/api/admin/logs/facets');
    expect(facets.statusCode).toBe(200);
    expect(facets.json()).toEqual({
      actions: ['badge.award', 'document.verify', 'plan.ended', 'plan.granted', 'plan_request.note'],
      targetTypes: ['document', 'user'],
      admins: [
        { id: alice.id, fullName: 'Alice Martin', email: alice.email },
        { id: bruno.id, fullName: 'Bruno Lefèvre', email: bruno.email },
      ],
    });
    expect(await t.db.select().from(adminLogs)).toHaveLength(5);
  });

  it('is for administrators only', async () => {
    const driver = await agentFor(t, (await createUser(t.db)).id);
    expect((await driver.get('/api/admin/logs')).statusCode).toBe(403);
    expect((await driver.get('/api/admin/logs/facets')).statusCode).toBe(403);
  });
});
