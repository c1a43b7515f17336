import { parisDate, parisToday } from '#core/rules/days.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAUTH_REQUIRED } from '#core/schemas/admin.js';
import type { AdminMissionDetail, AdminMissionList } from '#core/schemas/admin-missions.js';
import { adminLogs } from '../../db/schema/admin.js';
import { alerts } from '../../db/schema/messaging.js';
import { missionApplications, missionEvents, missions } from '../../db/schema/missions.js';
import { stripePayments } from '../../db/schema/payments.js';
import type { User } from '../../db/schema/users.js';
import { createUser, insertMission, missionPayload } from '../../test/factories.js';
import { Agent, createTestApp, passSecondFactor, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: { user: User; agent: Agent };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { userType: 'admin', isAdmin: true, fullName: 'Alice Admin' });
});
afterAll(async () => {
  await t.close();
});

const day = 86_400_000;

/** A mission published, two applications, the first driver chosen (through the API). */
async function assignedScene(title = 'Frigo Rungis → Lille') {
  const company = await signIn(t, { userType: 'company', companyName: 'Transports Durand' });
  const chosen = await signIn(t, { userType: 'driver', fullName: 'Paul Chauffeur' });
  const waiting = await signIn(t, { userType: 'driver', fullName: 'Marc Attente' });
  const published = await company.agent.post('/api/missions', missionPayload({ title }));
  expect(published.statusCode, published.body).toBe(201);
  const id = published.json().mission.id as string;
  for (const driver of [chosen, waiting])
    expect((await driver.agent.post(`/api/missions/${id}/apply`, { message: 'Dispo' })).statusCode).toBe(201);
  const [application] = await t.db
    .select()
    .from(missionApplications)
    .where(and(eq(missionApplications.missionId, id), eq(missionApplications.driverId, chosen.user.id)));
  const accepted = await company.agent.post(`/api/applications/${application!.id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id, company, chosen, waiting };
}

const alertsOf = (userId: string) => t.db.select().from(alerts).where(eq(alerts.userId, userId));

describe('GET /api/admin/missions', () => {
  let company: User;
  let driver: User;
  beforeAll(async () => {
    company = await createUser(t.db, { userType: 'company', companyName: 'Cargo Zéphyr' });
    driver = await createUser(t.db, { userType: 'driver', fullName: 'Octave Volant' });
    // 22 missions of this company, one a day back from today; the newest has the driver and is urgent.
    for (let index = 0; index < 22; index++)
      await insertMission(t.db, {
        companyId: company.id,
        title: index === 0 ? 'Benne Évreux → Caen' : `Navette ${index}`,
        searchText: index === 0 ? 'benne evreux caen' : `navette ${index} rungis lesquin`,
        pickupCity: index === 0 ? 'Évreux' : 'Rungis',
        deliveryCity: index === 0 ? 'Caen' : 'Lesquin',
        driverId: index === 0 ? driver.id : null,
        status: index === 0 ? 'assigned' : 'available',
        urgency: index === 0,
        createdAt: new Date(Date.now() - index * day),
        startDate: new Date(Date.now() + (index + 1) * day),
        endDate: new Date(Date.now() + (index + 1) * day + 8 * 3600_000),
      });
  });
  const list = async (query: string) => {
    const response = await admin.agent.get(`/api/admin/missions?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminMissionList;
  };

  it('pages the company’s missions, newest first', async () => {
    const first = await list(`companyId=${company.id}`);
    expect(first.total).toBe(22);
    expect(first.missions).toHaveLength(20);
    expect(first.missions[0]).toMatchObject({
      title: 'Benne Évreux → Caen',
      company: { id: company.id, name: 'Cargo Zéphyr' },
      driver: { id: driver.id, name: 'Octave Volant' },
      urgency: true,
      demo: false,
    });
    expect(first.missions.map((m) => m.createdAt)).toEqual(
      [...first.missions.map((m) => m.createdAt)].sort().reverse(),
    );
    const second = await list(`companyId=${company.id}&page=2`);
    expect(second.missions.map((m) => m.title)).toEqual(['Navette 20', 'Navette 21']);
  });

  it('finds by title or city (without accents), company, driver and reference', async () => {
    expect((await list('q=evreux')).missions.map((m) => m.title)).toEqual(['Benne Évreux → Caen']);
    expect((await list('q=BENNE')).total).toBe(1);
    expect((await list('q=zéphyr')).total).toBe(22);
    expect((await list('q=octave')).missions.map((m) => m.title)).toEqual(['Benne Évreux → Caen']);
    const target = (await list(`companyId=${company.id}`)).missions[3]!;
    const byReference = await list(`q=${target.reference}`);
    expect(byReference.missions.map((m) => m.id)).toContain(target.id);
    expect(byReference.total).toBeLessThan(3);
    expect((await list('q=%25')).total).toBe(0);
  });

  it('filters by status, driver, urgency and period (publication or start, Paris days)', async () => {
    expect((await list(`companyId=${company.id}&status=assigned`)).total).toBe(1);
    expect((await list(`driverId=${driver.id}`)).total).toBe(1);
    expect((await list(`companyId=${company.id}&urgent=true`)).total).toBe(1);
    expect((await list(`companyId=${company.id}&urgent=false`)).total).toBe(21);
    const today = parisToday();
    const fiveDaysAgo = parisDate(new Date(Date.now() - 5 * day));
    const recent = await list(`companyId=${company.id}&from=${fiveDaysAgo}&to=${today}`);
    expect(recent.total).toBe(6);
    const tomorrow = parisDate(new Date(Date.now() + day));
    const starting = await list(`companyId=${company.id}&dateField=start&from=${tomorrow}&to=${tomorrow}`);
    expect(starting.missions.map((m) => m.title)).toEqual(['Benne Évreux → Caen']);
  });

  it('refuses bad filters in French, and everyone but administrators', async () => {
    const bad = await admin.agent.get('/api/admin/missions?status=lost&from=2026-02-30&companyId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      status: 'Statut inconnu',
      from: 'Date invalide (AAAA-MM-JJ)',
      companyId: 'Identifiant invalide',
    });
    const reversed = await admin.agent.get('/api/admin/missions?from=2026-03-02&to=2026-03-01');
    expect(reversed.json().errors.from).toBe('La date de début de la période doit précéder sa date de fin');
    const transporter = await signIn(t, { userType: 'company' });
    expect((await transporter.agent.get('/api/admin/missions')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/api/admin/missions')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/missions/:id', () => {
  it('gives the parties, the applications and the whole timeline', async () => {
    const scene = await assignedScene();
    const response = await admin.agent.get(`/api/admin/missions/${scene.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as AdminMissionDetail;
    expect(detail.company).toMatchObject({ id: scene.company.user.id, companyName: 'Transports Durand' });
    expect(detail.driver).toMatchObject({ id: scene.chosen.user.id, fullName: 'Paul Chauffeur' });
    expect(detail.applications.map((a) => [a.driver.fullName, a.status])).toEqual([
      ['Paul Chauffeur', 'accepted'],
      ['Marc Attente', 'rejected'],
    ]);
    const labels = detail.timeline.map((entry) => entry.label);
    expect(labels[0]).toBe('Mission publiée');
    expect(labels).toEqual(expect.arrayContaining(['Candidature reçue', 'Chauffeur retenu']));
    expect(labels.filter((label) => label === 'Candidature reçue')).toHaveLength(2);
    const assigned = detail.timeline.find((entry) => entry.label === 'Chauffeur retenu')!;
    expect(assigned.actor).toMatchObject({ id: scene.company.user.id, role: 'transporter' });
    expect(detail.cancellable).toBe(true);
    expect(detail.mission).toMatchObject({ applicationCount: 2, pendingApplicationCount: 0 });
    expect(detail.capturedPayments).toEqual([]);
    expect(JSON.stringify(detail)).not.toContain('Bonjour');
  });

  it('answers 404 for an unknown mission and 400 for a bad id', async () => {
    expect(
      (await admin.agent.get('/api/admin/missions/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await admin.agent.get('/api/admin/missions/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/missions/:id/cancel', () => {
  it('cancels an assigned mission: applications, timeline, log line, and the parties’ alerts', async () => {
    const scene = await assignedScene('Mission douteuse');
    const response = await admin.agent.post(`/api/admin/missions/${scene.id}/cancel`, {
      reason: 'Annonce frauduleuse signalée par plusieurs chauffeurs',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as AdminMissionDetail;
    expect(detail.mission.status).toBe('cancelled');
    expect(detail.mission.cancellationReason).toBe(
      'Annulée par l’équipe Relais : Annonce frauduleuse signalée par plusieurs chauffeurs',
    );
    expect(detail.cancellable).toBe(false);
    const last = detail.timeline.at(-1)!;
    expect(last).toMatchObject({
      label: 'Mission annulée par l’équipe Relais',
      actor: { id: admin.user.id, role: 'admin' },
      detail: 'Annonce frauduleuse signalée par plusieurs chauffeurs',
    });
    const [event] = await t.db
      .select()
      .from(missionEvents)
      .where(and(eq(missionEvents.missionId, scene.id), eq(missionEvents.type, 'cancelled')));
    expect(event).toMatchObject({ actorId: admin.user.id, status: 'cancelled' });
    const [log] = await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, scene.id));
    expect(log).toMatchObject({
      adminId: admin.user.id,
      action: 'mission.cancel',
      targetType: 'mission',
      ipAddress: '127.0.0.1',
      details: expect.objectContaining({
        reason: 'Annonce frauduleuse signalée par plusieurs chauffeurs',
        previousStatus: 'assigned',
      }),
    });
    for (const party of [scene.company, scene.chosen]) {
      const told = (await alertsOf(party.user.id)).filter((alert) => alert.title === 'Mission annulée');
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toBe(
        '« Mission douteuse » a été annulée par l’équipe Relais. Motif : Annonce frauduleuse signalée par plusieurs chauffeurs',
      );
    }
    // The transporter sees it cancelled on their own mission page.
    const seen = await scene.company.agent.get(`/api/missions/${scene.id}`);
    expect(seen.json().mission.status).toBe('cancelled');

    const again = await admin.agent.post(`/api/admin/missions/${scene.id}/cancel`, {
      reason: 'Encore une fois',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cette mission est déjà annulée.');
  });

  it('rejects pending applications of an open mission and tells their drivers', async () => {
    const company = await signIn(t, { userType: 'company' });
    const applicant = await signIn(t, { userType: 'driver' });
    const id = (await company.agent.post('/api/missions', missionPayload({ title: 'Fausse annonce' }))).json()
      .mission.id as string;
    await applicant.agent.post(`/api/missions/${id}/apply`, {});
    const before = (await admin.agent.get(`/api/admin/missions/${id}`)).json() as AdminMissionDetail;
    expect(before.mission.pendingApplicationCount).toBe(1);
    const response = await admin.agent.post(`/api/admin/missions/${id}/cancel`, {
      reason: 'Société inexistante',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [application] = await t.db
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.missionId, id));
    expect(application!.status).toBe('rejected');
    const told = (await alertsOf(applicant.user.id)).filter((alert) => alert.title === 'Mission annulée');
    expect(told[0]!.message).toContain('par l’équipe Relais');
    expect((await alertsOf(company.user.id)).some((alert) => alert.title === 'Mission annulée')).toBe(true);
  });

  it('cancels a mission under way, refuses a finished one', async () => {
    const company = await createUser(t.db, { userType: 'company' });
    const driver = await createUser(t.db, { userType: 'driver' });
    const running = await insertMission(t.db, {
      companyId: company.id,
      driverId: driver.id,
      status: 'in_progress',
    });
    const ok = await admin.agent.post(`/api/admin/missions/${running.id}/cancel`, {
      reason: 'Fraude avérée',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const done = await insertMission(t.db, {
      companyId: company.id,
      driverId: driver.id,
      status: 'completed',
    });
    const refused = await admin.agent.post(`/api/admin/missions/${done.id}/cancel`, {
      reason: 'Fraude avérée',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cette mission est terminée : elle ne peut plus être annulée.');
    const [row] = await t.db.select().from(missions).where(eq(missions.id, done.id));
    expect(row!.status).toBe('completed');
  });

  it('asks for a reason of 5 to 500 characters, in French under the field', async () => {
    const company = await createUser(t.db, { userType: 'company' });
    const open = await insertMission(t.db, { companyId: company.id, status: 'available' });
    const short = await admin.agent.post(`/api/admin/missions/${open.id}/cancel`, { reason: 'non' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({
      reason: 'Indiquez le motif de l’annulation (5 caractères au moins)',
    });
    const long = await admin.agent.post(`/api/admin/missions/${open.id}/cancel`, { reason: 'x'.repeat(501) });
    expect(long.json().errors).toEqual({ reason: 'Le motif ne doit pas dépasser 500 caractères' });
    const [row] = await t.db.select().from(missions).where(eq(missions.id, open.id));
    expect(row!.status).toBe('available');
  });

  it('refuses while a captured card payment is not acknowledged, and logs it when it is', async () => {
    const company = await createUser(t.db, { userType: 'company' });
    const driver = await createUser(t.db, { userType: 'driver' });
    const mission = await insertMission(t.db, {
      companyId: company.id,
      driverId: driver.id,
      status: 'assigned',
      depositPaid: true,
      depositAmount: '126.00',
      paymentStatus: 'deposit_paid',
    });
    await t.db.insert(stripePayments).values({
      userId: company.id,
      missionId: mission.id,
      kind: 'deposit',
      amount: '126.00',
      status: 'succeeded',
      stripePaymentIntentId: `pi_${mission.id.slice(0, 8)}`,
    });
    const refused = await admin.agent.post(`/api/admin/missions/${mission.id}/cancel`, {
      reason: 'Fraude à la carte',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payment_captured');
    expect(refused.json().message).toContain('126,00');
    const detail = (await admin.agent.get(`/api/admin/missions/${mission.id}`)).json() as AdminMissionDetail;
    expect(detail.capturedPayments).toMatchObject([{ kind: 'deposit', amount: '126.00' }]);
    const ok = await admin.agent.post(`/api/admin/missions/${mission.id}/cancel`, {
      reason: 'Fraude à la carte',
      refundAcknowledged: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [log] = await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, mission.id));
    expect(log!.details).toMatchObject({
      refundToMakeOnStripe: true,
      capturedPayments: [{ kind: 'deposit' }],
    });
  });

  it('takes one of two simultaneous cancellations (row lock)', async () => {
    const company = await createUser(t.db, { userType: 'company' });
    const open = await insertMission(t.db, { companyId: company.id, status: 'available' });
    const other = await signIn(t, { userType: 'admin', isAdmin: true });
    const answers = await Promise.all([
      admin.agent.post(`/api/admin/missions/${open.id}/cancel`, { reason: 'Doublon frauduleux' }),
      other.agent.post(`/api/admin/missions/${open.id}/cancel`, { reason: 'Doublon frauduleux' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const events = await t.db.select().from(missionEvents).where(eq(missionEvents.missionId, open.id));
    expect(events.filter((event) => event.type === 'cancelled')).toHaveLength(1);
    const logs = await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, open.id));
    expect(logs).toHaveLength(1);
  });

  it('needs the password typed within 5 minutes, and an administrator', async () => {
    const company = await signIn(t, { userType: 'company' });
    const open = await insertMission(t.db, { companyId: company.user.id, status: 'available' });
    const stale = await signIn(t, { userType: 'admin', isAdmin: true });
    await passSecondFactor(t, stale.user.id, 6 * 60_000);
    const response = await stale.agent.post(`/api/admin/missions/${open.id}/cancel`, {
      reason: 'Fraude avérée',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(REAUTH_REQUIRED);
    const own = await company.agent.post(`/api/admin/missions/${open.id}/cancel`, {
      reason: 'Fraude avérée',
    });
    expect(own.statusCode).toBe(403);
    const [row] = await t.db.select().from(missions).where(eq(missions.id, open.id));
    expect(row!.status).toBe('available');
    expect(await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, open.id))).toHaveLength(0);
  });
});
