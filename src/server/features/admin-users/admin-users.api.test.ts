import { SHOWROOM_WORLD } from '../../platform/demo-world.js';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REAUTH_REQUIRED } from '#core/schemas/admin.js';
import { deactivatedMessage } from '#core/schemas/auth.js';
import { adminInvitations, adminLogs } from '../../db/schema/admin.js';
import { reviews } from '../../db/schema/missions.js';
import { sessions } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import { SESSION_COOKIE } from '../../platform/sessions.js';
import { hashToken } from '../../platform/tokens.js';
import { createUser, insertMission, missionPayload, TEST_PASSWORD } from '../../test/factories.js';
import {
  Agent,
  agentFor,
  createTestApp,
  lastOutboxMail,
  passSecondFactor,
  signIn,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    // The person's own resend counter, which the back office's resend shares: 2 an hour here.
    configure: (config) => ({
      ...config,
      rateLimits: { ...config.rateLimits, resendPerAccount: { limit: 2, windowSeconds: 3600 } },
    }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  await t.close();
});

const admin = () => signIn(t, { userType: 'admin', isAdmin: true, fullName: 'Alice Admin' });

async function lastLog(targetId: string) {
  const [row] = await t.db
    .select()
    .from(adminLogs)
    .where(eq(adminLogs.targetId, targetId))
    .orderBy(desc(adminLogs.createdAt))
    .limit(1);
  return row;
}

async function connect(cookie: string | undefined) {
  const ws = new WebSocket(base, {
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, origin: 'http://localhost:5000' },
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed };
}

describe('GET /api/admin/users', () => {
  it('finds by name (case and accents ignored), e-mail, phone and SIRET, and filters', async () => {
    const { agent } = await admin();
    const tag = `zq${Date.now().toString(36)}`;
    const elodie = await createUser(t.db, {
      fullName: `Élodie Bérard ${tag}`,
      email: `elodie.${tag}@exemple.fr`,
      phone: '06 71 22 33 44',
    });
    const company = await createUser(t.db, {
      userType: 'company',
      fullName: `Paul Transport ${tag}`,
      companyName: `Trans ${tag}`,
      siretNumber: '55210055400013',
      subscriptionPlan: 'transporter',
      emailVerified: false,
      phone: '+33 1 98 76 54 32',
    });
    const search = async (query: string) =>
      (await agent.get(`/api/admin/users?${query}`)).json() as {
        users: Array<{ id: string; state: string; role: string }>;
        total: number;
      };

    expect(
      (await search(`q=${encodeURIComponent(`  ELODIE berard ${tag} `)}`)).users.map((u) => u.id),
    ).toEqual([elodie.id]);
    expect((await search(`q=${encodeURIComponent(`elodie.${tag}@EXEMPLE.fr`)}`)).users[0]?.id).toBe(
      elodie.id,
    );
    expect((await search(`q=${encodeURIComponent('+33 6 71 22 33 44')}`)).users.map((u) => u.id)).toContain(
      elodie.id,
    );
    expect((await search(`q=${encodeURIComponent('01.98.76.54.32')}`)).users.map((u) => u.id)).toContain(
      company.id,
    );
    expect((await search(`q=${encodeURIComponent('552 100 554 00013')}`)).users.map((u) => u.id)).toEqual([
      company.id,
    ]);
    // Filters: role, plan, verified; a LIKE wildcard typed is a plain character.
    expect((await search(`q=${tag}&role=transporter`)).users.map((u) => u.id)).toEqual([company.id]);
    expect((await search(`q=${tag}&role=driver`)).users.map((u) => u.id)).toEqual([elodie.id]);
    expect((await search(`q=${tag}&plan=transporter`)).total).toBe(1);
    expect((await search(`q=${tag}&verified=false`)).users.map((u) => u.id)).toEqual([company.id]);
    expect((await search(`q=${tag}%25`)).total).toBe(0);

    // Status and demo, then newest first and paged.
    await t.db.update(users).set({ isDemo: true, sandboxId: SHOWROOM_WORLD }).where(eq(users.id, elodie.id));
    expect((await search(`q=${tag}&demo=true`)).users.map((u) => u.id)).toEqual([elodie.id]);
    await t.db
      .update(users)
      .set({ isActive: false, accountStatus: 'deactivated' })
      .where(eq(users.id, company.id));
    expect((await search(`q=${tag}&status=deactivated`)).users).toMatchObject([
      { id: company.id, state: 'deactivated' },
    ]);
    expect((await search(`q=${tag}&status=active`)).users.map((u) => u.id)).toEqual([elodie.id]);
    const paged = await search(`q=${tag}&pageSize=1&page=2`);
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.users.map((u) => u.id)).toEqual([elodie.id]);
  });

  it('filters by creation day in Paris, and refuses a wrong date in French', async () => {
    const { agent } = await admin();
    const old = await createUser(t.db, {
      fullName: 'Ancien Membre',
      createdAt: new Date('2025-03-10T23:30:00Z'),
    });
    // 23:30 UTC on 10 March is 00:30 on 11 March in Paris.
    const found = (await agent.get('/api/admin/users?createdFrom=2025-03-11&createdTo=2025-03-11')).json();
    expect(found.users.map((u: { id: string }) => u.id)).toEqual([old.id]);
    const none = (await agent.get('/api/admin/users?createdFrom=2025-03-10&createdTo=2025-03-10')).json();
    expect(none.total).toBe(0);
    const wrong = await agent.get('/api/admin/users?createdFrom=2025-02-30');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.createdFrom).toBe('Date invalide (AAAA-MM-JJ)');
  });

  it('is refused to everyone but administrators', async () => {
    const driver = await signIn(t);
    expect((await driver.agent.get('/api/admin/users')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/admin/users')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/users/:id', () => {
  it('shows profile, missions, applications, reviews, sessions and plan, but never messages or secrets', async () => {
    const { agent } = await admin();
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium', totpSecret: 'JBSWY3DPEHPK3PXP' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    expect((await driver.agent.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
    const secret = 'Message privé très confidentiel';
    expect(
      (await company.agent.post(`/api/messages/${driver.user.id}`, { content: secret, missionId }))
        .statusCode,
    ).toBe(201);
    const done = await insertMission(t.db, { companyId: company.user.id, driverId: driver.user.id });
    await t.db.insert(reviews).values([
      {
        reviewerId: company.user.id,
        revieweeId: driver.user.id,
        missionId: done.id,
        rating: 5,
        comment: 'Top',
      },
      { reviewerId: driver.user.id, revieweeId: company.user.id, missionId: done.id, rating: 4 },
    ]);

    const response = await agent.get(`/api/admin/users/${driver.user.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.profile).toMatchObject({
      id: driver.user.id,
      role: 'driver',
      state: 'active',
      plan: 'premium',
    });
    expect(detail.missions.map((m: { id: string }) => m.id)).toEqual([done.id]);
    expect(detail.missions[0]).toMatchObject({ as: 'driver', counterpart: 'Transports Martin' });
    expect(detail.applications).toMatchObject([{ status: 'pending', mission: { id: missionId } }]);
    expect(detail.reviews.received).toMatchObject([
      { rating: 5, comment: 'Top', otherName: 'Claire Martin' },
    ]);
    expect(detail.reviews.given).toMatchObject([{ rating: 4 }]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.underway).toEqual({ missions: [], pendingApplications: 1 });
    const raw = response.body;
    expect(raw).not.toContain(secret);
    for (const field of ['password', 'totpSecret', 'totpPendingSecret', 'verificationToken', 'tokenHash'])
      expect(raw).not.toContain(`"${field}"`);
    expect(raw).not.toContain('JBSWY3DPEHPK3PXP');

    const companyDetail = (await agent.get(`/api/admin/users/${company.user.id}`)).json();
    expect(companyDetail.underway.missions).toMatchObject([
      { id: missionId, as: 'company', status: 'available' },
    ]);
    expect(JSON.stringify(companyDetail)).not.toContain(secret);

    expect((await agent.get(`/api/admin/users/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await driver.agent.get(`/api/admin/users/${driver.user.id}`)).statusCode).toBe(403);
  });
});

describe('deactivation and reactivation', () => {
  it('closes the account with the reason: sessions, /ws, sign-in refused and told why; logged', async () => {
    const { agent, user: actor } = await admin();
    const driver = await signIn(t);
    const socket = await connect(driver.agent.cookie);
    const other = await agentFor(t, driver.user.id);

    const short = await agent.post(`/api/admin/users/${driver.user.id}/deactivate`, { reason: ' abc ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.reason).toBe('Indiquez le motif (5 caractères au moins)');
    const long = await agent.post(`/api/admin/users/${driver.user.id}/deactivate`, {
      reason: 'x'.repeat(501),
    });
    expect(long.json().errors.reason).toBe('Le motif ne doit pas dépasser 500 caractères');

    const reason = 'Fausses déclarations sur le permis';
    const response = await agent.post(`/api/admin/users/${driver.user.id}/deactivate`, { reason });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain('désactivé');

    // At once: every session is gone, the socket closes.
    expect((await driver.agent.get('/api/auth/me')).statusCode).toBe(401);
    expect((await other.get('/api/auth/me')).statusCode).toBe(401);
    expect(await socket.closed).toBe(1008);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, driver.user.id))).toEqual([]);

    const [row] = await t.db.select().from(users).where(eq(users.id, driver.user.id));
    expect(row).toMatchObject({ isActive: false, accountStatus: 'deactivated', deactivationReason: reason });
    expect(row!.deactivatedAt).toBeInstanceOf(Date);

    const login = await new Agent(t.app).post('/api/auth/login', {
      email: driver.user.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(deactivatedMessage(reason));

    expect(await lastLog(driver.user.id)).toMatchObject({
      adminId: actor.id,
      action: 'user.deactivate',
      targetType: 'user',
      targetId: driver.user.id,
      details: { reason, sessionsEnded: 2 },
      ipAddress: '127.0.0.1',
    });

    // Twice is refused; reactivation opens it again and clears the reason.
    expect((await agent.post(`/api/admin/users/${driver.user.id}/deactivate`, { reason })).statusCode).toBe(
      409,
    );
    const back = await agent.post(`/api/admin/users/${driver.user.id}/reactivate`, {
      reason: 'Erreur levée',
    });
    expect(back.statusCode).toBe(200);
    const [reopened] = await t.db.select().from(users).where(eq(users.id, driver.user.id));
    expect(reopened).toMatchObject({
      isActive: true,
      accountStatus: 'active',
      deactivationReason: null,
      deactivatedAt: null,
    });
    expect(await lastLog(driver.user.id)).toMatchObject({
      adminId: actor.id,
      action: 'user.reactivate',
      details: { reason: 'Erreur levée', previousReason: reason },
      ipAddress: '127.0.0.1',
    });
    expect((await agent.post(`/api/admin/users/${driver.user.id}/reactivate`, {})).statusCode).toBe(409);
    const again = await new Agent(t.app).post('/api/auth/login', {
      email: driver.user.email,
      password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
  });

  it('leaves missions under way as they are and lists them', async () => {
    const { agent } = await admin();
    const company = await signIn(t, { userType: 'company' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    const response = await agent.post(`/api/admin/users/${company.user.id}/deactivate`, {
      reason: 'Entreprise radiée du registre',
    });
    expect(response.json().underway.missions).toMatchObject([{ id: missionId, status: 'available' }]);
    expect((await lastLog(company.user.id))?.details).toMatchObject({ missionsUnderway: [missionId] });
    // No one applies to a publisher who can no longer answer; reactivated, the mission takes applications again.
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const refused = await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Ce transporteur n’est plus actif sur Relais : sa mission ne prend pas de candidatures',
    );
    await agent.post(`/api/admin/users/${company.user.id}/reactivate`, {});
    expect((await driver.agent.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
  });

  it('asks for the password again after 5 minutes', async () => {
    const { agent, user } = await admin();
    const driver = await createUser(t.db);
    await passSecondFactor(t, user.id, 6 * 60_000);
    for (const [path, body] of [
      ['deactivate', { reason: 'Motif suffisant' }],
      ['reactivate', {}],
      ['resend-verification', undefined],
      ['demo', undefined],
    ] as const) {
      const response = await agent.post(`/api/admin/users/${driver.id}/${path}`, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(REAUTH_REQUIRED);
    }
    for (const response of [
      await agent.post(`/api/admin/users/${driver.id}/plan`, { plan: 'premium', interval: 'month' }),
      await agent.request({
        method: 'DELETE',
        url: `/api/admin/users/${driver.id}/plan`,
        payload: { reason: 'Facture impayée après relance' },
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(REAUTH_REQUIRED);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
    expect(row).toMatchObject({ isActive: true, subscriptionPlan: 'basic' });
  });

  it('refuses a deleted account and the administrator themself', async () => {
    const { agent, user } = await admin();
    const gone = await createUser(t.db, { accountStatus: 'deleted', isActive: false });
    for (const path of ['deactivate', 'reactivate']) {
      const response = await agent.post(`/api/admin/users/${gone.id}/${path}`, { reason: 'Motif suffisant' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('supprimé');
    }
    const self = await agent.post(`/api/admin/users/${user.id}/deactivate`, { reason: 'Motif suffisant' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Vous ne pouvez pas désactiver votre propre compte.');
  });
});

describe('resend verification and demo mark', () => {
  it('mails a new link to an address not confirmed, logged and limited; refused once confirmed', async () => {
    const { agent, user: actor } = await admin();
    const newcomer = await createUser(t.db, { emailVerified: false });
    const response = await agent.post(`/api/admin/users/${newcomer.id}/resend-verification`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain(newcomer.email);
    const mail = await lastOutboxMail(t.config);
    expect(mail.raw).toContain(newcomer.email);
    expect(mail.link).toBeDefined();
    expect(await lastLog(newcomer.id)).toMatchObject({
      adminId: actor.id,
      action: 'user.resend_verification',
      targetType: 'user',
      details: { email: newcomer.email },
      ipAddress: '127.0.0.1',
    });
    // The link works and confirms the address.
    const token = new URL(mail.link!).searchParams.get('token');
    expect((await new Agent(t.app).post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const confirmed = await agent.post(`/api/admin/users/${newcomer.id}/resend-verification`);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe('L’adresse e-mail de ce compte est déjà confirmée.');
    // The person's own counter (2 an hour here) is spent: a third request waits.
    const limited = await agent.post(`/api/admin/users/${newcomer.id}/resend-verification`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Trop de tentatives/);
  });

  it('marks and unmarks a member as demo, logged; never an administrator', async () => {
    const { agent, user: actor } = await admin();
    const driver = await createUser(t.db);
    expect((await agent.post(`/api/admin/users/${driver.id}/demo`)).statusCode).toBe(200);
    expect(await lastLog(driver.id)).toMatchObject({ adminId: actor.id, action: 'user.mark_demo' });
    expect((await agent.post(`/api/admin/users/${driver.id}/demo`)).statusCode).toBe(409);
    const [marked] = await t.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, driver.id));
    expect(marked?.isDemo).toBe(true);
    expect((await agent.delete(`/api/admin/users/${driver.id}/demo`)).statusCode).toBe(200);
    expect(await lastLog(driver.id)).toMatchObject({ action: 'user.unmark_demo', ipAddress: '127.0.0.1' });
    const other = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const refused = await agent.post(`/api/admin/users/${other.id}/demo`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Un compte administrateur ne peut pas être un compte de démonstration.',
    );
  });
});

describe('closing an administrator’s account', () => {
  it('withdraws the invitations they sent that nobody followed yet', async () => {
    const alice = await admin();
    const mallory = await signIn(t, { userType: 'admin', isAdmin: true, fullName: 'Mallory' });
    const token = 'invitation-de-mallory-0123456789';
    const [sent] = await t.db
      .insert(adminInvitations)
      .values({
        email: 'complice@exemple.fr',
        tokenHash: hashToken(token),
        invitedBy: mallory.user.id,
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    const closed = await alice.agent.post(`/api/admin/users/${mallory.user.id}/deactivate`, {
      reason: 'Session volée',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await t.db.select().from(adminInvitations).where(eq(adminInvitations.id, sent!.id));
    expect(row!.revokedAt).not.toBeNull();
    const accept = await new Agent(t.app).post('/api/admin/invitation/accept', {
      token,
      fullName: 'Complice Anonyme',
      password: 'un-long-mot-de-passe',
    });
    expect(accept.statusCode).toBe(404);
    expect((await lastLog(mallory.user.id))!.details).toMatchObject({
      invitationsWithdrawn: ['complice@exemple.fr'],
    });
  });
});

describe('an administrator removed', () => {
  it('is not reopened here (no second factor left, the old password would enrol one): invited again instead', async () => {
    const alice = await admin();
    const bob = await signIn(t, { userType: 'admin', isAdmin: true, fullName: 'Bob' });
    await t.db.update(users).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, bob.user.id));
    expect((await alice.agent.delete(`/api/admin/administrators/${bob.user.id}`)).statusCode).toBe(200);
    const reopened = await alice.agent.post(`/api/admin/users/${bob.user.id}/reactivate`, {});
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toMatch(/invitez-le à nouveau/);
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.user.id));
    expect(row).toMatchObject({ isActive: false, totpSecret: null });
    const login = await new Agent(t.app).post('/api/auth/login', {
      email: bob.user.email,
      password: TEST_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('the last active administrator', () => {
  // A database of its own: the administrators of the other tests would count.
  let solo: TestApp;
  beforeAll(async () => {
    solo = await createTestApp();
  });
  afterAll(async () => {
    await solo.close();
  });
  const openAdmins = async () =>
    (
      await solo.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdmin, true), eq(users.isActive, true), eq(users.accountStatus, 'active')))
    ).length;

  it('two administrators closing each other at once: one wins, one stays open', async () => {
    const a = await signIn(solo, { userType: 'admin', isAdmin: true, fullName: 'Anne' });
    const b = await signIn(solo, { userType: 'admin', isAdmin: true, fullName: 'Bruno' });
    for (let round = 0; round < 4; round++) {
      const [ab, ba] = await Promise.all([
        a.agent.post(`/api/admin/users/${b.user.id}/deactivate`, { reason: 'Départ de l’équipe' }),
        b.agent.post(`/api/admin/users/${a.user.id}/deactivate`, { reason: 'Départ de l’équipe' }),
      ]);
      const codes = [ab.statusCode, ba.statusCode].sort();
      // The second one waits for the first, then finds its own account closed (its session no longer stands).
      expect(codes).toEqual([200, 401]);
      expect(await openAdmins()).toBe(1);
      // Both open again and signed in for the next round.
      await solo.db
        .update(users)
        .set({ isActive: true, accountStatus: 'active', deactivationReason: null, deactivatedAt: null })
        .where(eq(users.isAdmin, true));
      for (const one of [a, b]) {
        one.agent.cookie = undefined;
        const login = await one.agent.post('/api/auth/login', {
          email: one.user.email,
          password: TEST_PASSWORD,
        });
        expect(login.statusCode).toBe(200);
        await passSecondFactor(solo, one.user.id);
      }
    }
  });
});
