import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs } from '../../db/schema/admin.js';
import { users } from '../../db/schema/users.js';
import { createUser } from '../../test/factories.js';
import { Agent, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const admin = { email: 'Admin@Relais.fr', password: 'un-long-mot-de-passe', fullName: 'Alice Admin' };

describe('first administrator', () => {
  it('validates the set-up form in French', async () => {
    const response = await new Agent(t.app).post('/api/admin/setup', {
      email: 'x',
      password: 'court',
      fullName: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      email: 'Email invalide',
      password: 'Le mot de passe administrateur doit contenir au moins 10 caractères',
      fullName: 'Nom complet requis',
    });
  });

  it('is created once, even when two set-ups race; the action is logged with the address', async () => {
    // Existing non-admin users do not close the set-up.
    await createUser(t.db);
    expect((await new Agent(t.app).get('/api/admin/setup')).json()).toEqual({ setupRequired: true });

    const racers = [new Agent(t.app, '192.0.2.10'), new Agent(t.app, '192.0.2.11')];
    const responses = await Promise.all([
      racers[0]!.post('/api/admin/setup', admin),
      racers[1]!.post('/api/admin/setup', { ...admin, email: 'autre-admin@relais.fr' }),
    ]);
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 403]);
    const refused = responses.find((r) => r.statusCode === 403)!;
    expect(refused.json().message).toBe(
      'Un administrateur existe déjà : la configuration initiale est terminée.',
    );

    const admins = await t.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ userType: 'admin', emailVerified: true });

    const created = responses.find((r) => r.statusCode === 201)!;
    expect(created.json()).toMatchObject({ isAdmin: true, role: 'admin', secondFactor: 'enrol' });
    expect(created.body).not.toContain('"password"');

    const logs = await t.db.select().from(adminLogs);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      adminId: admins[0]!.id,
      action: 'admin.setup',
      targetType: 'user',
      targetId: admins[0]!.id,
    });
    expect(['192.0.2.10', '192.0.2.11']).toContain(logs[0]!.ipAddress);

    expect((await new Agent(t.app).get('/api/admin/setup')).json()).toEqual({ setupRequired: false });
    // The winner leaves the set-up with a session waiting for the second factor's enrolment: not signed in yet.
    const winner = racers[responses.indexOf(created)]!;
    expect((await winner.get('/api/auth/me')).statusCode).toBe(401);
    expect((await winner.get('/api/admin/second-factor')).json()).toEqual({
      state: 'enrol',
      email: admins[0]!.email,
    });
  });

  it('is refused afterwards', async () => {
    const again = await new Agent(t.app).post('/api/admin/setup', { ...admin, email: 'troisieme@relais.fr' });
    expect(again.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.isAdmin, true))).toHaveLength(1);
  });

  it('lets the administrator sign in', async () => {
    // Either racer may have won the set-up above; both used the same password.
    const [winner] = await t.db.select().from(users).where(eq(users.isAdmin, true));
    const agent = new Agent(t.app);
    const login = await agent.post('/api/auth/login', { email: winner!.email, password: admin.password });
    expect(login.statusCode).toBe(200);
    // The password is only the first step: the authenticator is enrolled next (admin-security tests).
    expect(login.json()).toMatchObject({ isAdmin: true, email: winner!.email, secondFactor: 'enrol' });
    expect((await agent.get('/api/auth/me')).statusCode).toBe(401);
  });
});
