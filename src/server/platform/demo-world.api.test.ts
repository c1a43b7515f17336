import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugReports } from '../db/schema/admin.js';
import { documents } from '../db/schema/documents.js';
import { alerts, conversations, messages } from '../db/schema/messaging.js';
import { missionApplications, missionEvents, missions, reviews } from '../db/schema/missions.js';
import { subscriptions } from '../db/schema/payments.js';
import { reviewReports } from '../db/schema/road.js';
import type { NewUser, User } from '../db/schema/users.js';
import { createUser, insertMission, missionPayload } from '../test/factories.js';
import { Agent, agentFor, createTestApp, type TestApp } from '../test/harness.js';
import { WORLD_BOUNDARY_CODE } from './demo-world.js';
import { databaseErrorCode, NOT_FOUND_ACROSS_WORLDS } from './errors.js';
import { createStorage } from './storage.js';
import { addDays, parisToday } from '#core/rules/days.js';

/**
 * The demonstration boundary (decision 022) across the features, one test per data path: a real member
 * or a visitor never reads a demo row, a demo member reads only its own sandbox, and a write across the boundary
 * is answered 404 with nothing written. Each sandbox here is a fresh world id, as a visitor's demo gets.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sandbox = () => randomUUID();
/** A word no other test's mission holds: searches below find only what the test published. */
const tag = () => `relaistag${randomUUID().slice(0, 8)}`;
const day = 86_400_000;
const paris = { currentLocation: 'Paris', currentLat: '48.856600', currentLng: '2.352200' };

async function account(overrides: Partial<NewUser> = {}): Promise<{ user: User; agent: Agent }> {
  const user = await createUser(t.db, overrides);
  return { user, agent: await agentFor(t, user.id) };
}
const real = (overrides: Partial<NewUser> = {}) => account(overrides);
const demo = (world: string, overrides: Partial<NewUser> = {}) =>
  account({ isDemo: true, sandboxId: world, ...overrides });
const anonymous = () => new Agent(t.app);

/** A conversation between two accounts, written straight into the table (as any code of Relais would). */
function conversationOf(a: string, b: string) {
  const [one, two] = [a, b].sort();
  return t.db.insert(conversations).values({ userOneId: one!, userTwoId: two! }).returning();
}

async function publish(agent: Agent, title: string): Promise<string> {
  const response = await agent.post(
    '/api/missions',
    missionPayload({ title, pickupLat: 48.7467, pickupLng: 2.3522 }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().mission.id as string;
}

async function found(agent: Agent, query: string): Promise<string[]> {
  const response = await agent.get(`/api/missions/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Array<{ id: string }>).map((item) => item.id);
}

describe('reading: each world sees its own rows only', () => {
  it('search, list and map: a visitor and a real member never find a demo mission', async () => {
    const word = tag();
    const realMission = await publish((await real({ userType: 'company' })).agent, `Frigo ${word}`);
    await publish((await demo(sandbox(), { userType: 'company' })).agent, `Frigo ${word}`);
    const driver = await real({ ...paris });
    const map = `q=${word}&lat=48.7467&lng=2.3522&radiusKm=50`;
    for (const agent of [anonymous(), driver.agent]) {
      expect(await found(agent, `q=${word}`)).toEqual([realMission]);
      expect(await found(agent, map)).toEqual([realMission]);
    }
  });

  it('search: a demo member finds its sandbox’s missions, never a real one nor another sandbox’s', async () => {
    const word = tag();
    const world = sandbox();
    await publish((await real({ userType: 'company' })).agent, `Benne ${word}`);
    const mine = await publish((await demo(world, { userType: 'company' })).agent, `Benne ${word}`);
    expect(await found((await demo(world)).agent, `q=${word}`)).toEqual([mine]);
    expect(await found((await demo(sandbox())).agent, `q=${word}`)).toEqual([]);
  });

  it('search cache: a page found in a demo sandbox is never served to a real member', async () => {
    const word = tag();
    const world = sandbox();
    const mission = await publish((await demo(world, { userType: 'company' })).agent, `Plateau ${word}`);
    // The same query, one after the other, within the cache's few seconds.
    expect(await found((await demo(world)).agent, `q=${word}`)).toEqual([mission]);
    expect(await found((await real()).agent, `q=${word}`)).toEqual([]);
  });

  it('mission detail: a mission of another world is not found, for members and visitors', async () => {
    const world = sandbox();
    const realMission = await publish((await real({ userType: 'company' })).agent, 'Citerne Caen');
    const demoMission = await publish((await demo(world, { userType: 'company' })).agent, 'Citerne Caen');
    const inWorld = await demo(world);
    const realDriver = await real();
    for (const [agent, id] of [
      [anonymous(), demoMission],
      [realDriver.agent, demoMission],
      [inWorld.agent, realMission],
      [(await demo(sandbox())).agent, demoMission],
    ] as const) {
      const response = await agent.get(`/api/missions/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Mission introuvable');
    }
    expect((await inWorld.agent.get(`/api/missions/${demoMission}`)).statusCode).toBe(200);
    expect((await realDriver.agent.get(`/api/missions/${realMission}`)).statusCode).toBe(200);
  });

  it('new-mission alerts: a mission alerts the drivers of its own world only', async () => {
    const world = sandbox();
    const realDriver = await real({ ...paris });
    const demoDriver = await demo(world, { ...paris });
    const otherSandboxDriver = await demo(sandbox(), { ...paris });
    const demoMission = await publish((await demo(world, { userType: 'company' })).agent, 'Frigo Rungis');
    const realMission = await publish((await real({ userType: 'company' })).agent, 'Frigo Rungis');
    const alerted = async (missionId: string) =>
      (
        await t.db
          .select({ userId: alerts.userId })
          .from(alerts)
          .where(
            and(
              eq(alerts.missionId, missionId),
              eq(alerts.type, 'new_mission'),
              inArray(alerts.userId, [realDriver.user.id, demoDriver.user.id, otherSandboxDriver.user.id]),
            ),
          )
      ).map((row) => row.userId);
    expect(await alerted(demoMission)).toEqual([demoDriver.user.id]);
    expect(await alerted(realMission)).toEqual([realDriver.user.id]);
  });

  it('drivers’ availability search: a transporter finds the drivers of its own world only', async () => {
    const date = addDays(parisToday(), 5);
    const world = sandbox();
    const visible = async (who: { user: User; agent: Agent }) => {
      await who.agent.put('/api/availability/settings', { visibleToTransporters: true });
      const set = await who.agent.put(`/api/availability/${date}`, { status: 'available' });
      expect(set.statusCode, set.body).toBe(200);
      return who.user.id;
    };
    const realDriver = await visible(await real({ ...paris }));
    const demoDriver = await visible(await demo(world, { ...paris }));
    await visible(await demo(sandbox(), { ...paris }));
    const search = async (agent: Agent) => {
      const response = await agent.get(`/api/availability/drivers?date=${date}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().drivers as Array<{ id: string }>).map((driver) => driver.id);
    };
    expect(await search((await real({ userType: 'company' })).agent)).toEqual([realDriver]);
    expect(await search((await demo(world, { userType: 'company' })).agent)).toEqual([demoDriver]);
  });

  it('public profile: a member of another world is not found', async () => {
    const world = sandbox();
    const demoMember = await demo(world);
    const realMember = await real();
    for (const [agent, id] of [
      [anonymous(), demoMember.user.id],
      [realMember.agent, demoMember.user.id],
      [demoMember.agent, realMember.user.id],
    ] as const) {
      const response = await agent.get(`/api/users/${id}/profile`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Profil introuvable');
    }
    expect((await (await demo(world)).agent.get(`/api/users/${demoMember.user.id}/profile`)).statusCode).toBe(
      200,
    );
  });

  it('badges: a member of another world is not found', async () => {
    const world = sandbox();
    const demoMember = await demo(world);
    const realMember = await real();
    for (const [agent, id] of [
      [anonymous(), demoMember.user.id],
      [realMember.agent, demoMember.user.id],
      [demoMember.agent, realMember.user.id],
    ] as const) {
      const response = await agent.get(`/api/users/${id}/badges`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Profil introuvable');
    }
    expect((await (await demo(world)).agent.get(`/api/users/${demoMember.user.id}/badges`)).statusCode).toBe(
      200,
    );
  });

  it('reviews and their photos: a demo member’s are not found from the real world', async () => {
    const world = sandbox();
    const company = await demo(world, { userType: 'company' });
    const driver = await demo(world);
    const mission = await insertMission(t.db, { companyId: company.user.id, driverId: driver.user.id });
    const reviewId = randomUUID();
    const photo = `reviews/${reviewId}/0.png`;
    await createStorage(t.config).put(photo, Buffer.from('photo'));
    await t.db.insert(reviews).values({
      id: reviewId,
      reviewerId: company.user.id,
      revieweeId: driver.user.id,
      missionId: mission.id,
      rating: 5,
      photos: [photo],
      publishedAt: new Date(),
    });
    const reviewsUrl = `/api/reviews/user/${driver.user.id}`;
    const photoUrl = `/api/reviews/${reviewId}/photos/0`;
    for (const agent of [anonymous(), (await real({ userType: 'company' })).agent]) {
      const list = await agent.get(reviewsUrl);
      expect(list.statusCode).toBe(404);
      expect(list.json().message).toBe('Profil introuvable');
      expect((await agent.get(photoUrl)).statusCode).toBe(404);
    }
    const inWorld = (await demo(world, { userType: 'company' })).agent;
    const list = await inWorld.get(reviewsUrl);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().reviews.map((review: { id: string }) => review.id)).toEqual([reviewId]);
    expect((await inWorld.get(photoUrl)).statusCode).toBe(200);
  });
});

describe('a member’s own screens', () => {
  it('dashboard and analytics: whole demo sandboxes opening beside real members move none of their figures', async () => {
    const driver = await real({ ...paris, subscriptionPlan: 'premium' });
    const company = await real({ userType: 'company', ...paris });
    const mission = await publish(company.agent, `Navette ${tag()}`);
    expect((await driver.agent.post(`/api/missions/${mission}/apply`, {})).statusCode).toBe(201);
    const screens = async () =>
      Promise.all(
        [driver, company].flatMap(({ agent }) =>
          ['/api/dashboard/stats', '/api/analytics'].map(async (path) => {
            const response = await agent.get(path);
            expect(response.statusCode, path).toBe(200);
            return response.json();
          }),
        ),
      );
    const before = await screens();
    // Two visitors open the demo (full data sets: missions in Paris, applications, payments, reviews).
    for (const role of ['driver', 'transporter'] as const) {
      const response = await new Agent(t.app, `10.30.0.${role.length}`).post('/api/demo/login', { role });
      expect(response.statusCode).toBe(201);
    }
    expect(await screens()).toEqual(before);
  });
});

describe('the back office: the real world’s figures and queues', () => {
  const admin = () => account({ userType: 'admin', isAdmin: true });

  async function paper(userId: string) {
    const [row] = await t.db
      .insert(documents)
      .values({
        userId,
        type: 'permis',
        fileName: 'permis.pdf',
        fileUrl: `documents/${userId}/permis.pdf`,
        status: 'pending',
      })
      .returning();
    return row!.id;
  }

  /** A completed mission between the two, its published review of the driver, and the driver's report of it. */
  async function reportedReview(companyId: string, driverId: string) {
    const mission = await insertMission(t.db, { companyId, driverId, completedAt: new Date() });
    const [review] = await t.db
      .insert(reviews)
      .values({
        reviewerId: companyId,
        revieweeId: driverId,
        missionId: mission.id,
        rating: 1,
        publishedAt: new Date(),
      })
      .returning();
    const [report] = await t.db
      .insert(reviewReports)
      .values({ reviewId: review!.id, reporterId: driverId, reason: 'Avis injuste' })
      .returning();
    return { mission, reportId: report!.id };
  }

  it('overview: a demo sandbox’s whole life moves no figure', async () => {
    const { agent } = await admin();
    const overview = async () => {
      const response = await agent.get('/api/admin/overview');
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as unknown;
    };
    const before = await overview();

    const world = sandbox();
    // Registered today; the driver waits for validation.
    const driver = await createUser(t.db, { userType: 'driver', isDemo: true, sandboxId: world });
    const company = await createUser(t.db, { userType: 'company', isDemo: true, sandboxId: world });
    const now = new Date();
    const open = await insertMission(t.db, { companyId: company.id, status: 'available', createdAt: now });
    for (const status of ['in_progress', 'delivered'] as const)
      await insertMission(t.db, { companyId: company.id, driverId: driver.id, status, createdAt: now });
    const { mission: done } = await reportedReview(company.id, driver.id);
    await t.db
      .insert(missionEvents)
      .values({ missionId: done.id, actorId: company.id, type: 'assigned', status: 'assigned' });
    await t.db.insert(missionApplications).values({ missionId: open.id, driverId: driver.id });
    const [conversation] = await conversationOf(driver.id, company.id);
    await t.db.insert(messages).values({
      conversationId: conversation!.id,
      senderId: company.id,
      receiverId: driver.id,
      content: 'Bonjour',
    });
    await paper(driver.id);
    await t.db.insert(bugReports).values({ userId: driver.id, title: 'Démo', description: 'Carte vide.' });

    expect(await overview()).toEqual(before);
  });

  it('documents queue: a demo account’s papers are not listed', async () => {
    const { agent } = await admin();
    const realPaper = await paper((await createUser(t.db)).id);
    const demoPaper = await paper((await createUser(t.db, { isDemo: true, sandboxId: sandbox() })).id);
    const response = await agent.get('/api/admin/documents?status=pending');
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json().documents as Array<{ id: string }>).map((row) => row.id);
    expect(ids).toContain(realPaper);
    expect(ids).not.toContain(demoPaper);
    expect(response.json().total).toBe(ids.length);
  });

  it('drivers’ validation queue: a demo driver is not listed', async () => {
    const { agent } = await admin();
    const realDriver = await createUser(t.db);
    const demoDriver = await createUser(t.db, { isDemo: true, sandboxId: sandbox() });
    const response = await agent.get('/api/admin/drivers?status=pending_validation');
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json().drivers as Array<{ id: string }>).map((row) => row.id);
    expect(ids).toContain(realDriver.id);
    expect(ids).not.toContain(demoDriver.id);
  });

  it('plan requests: a demo account’s request is not listed', async () => {
    const { agent } = await admin();
    const realDriver = await createUser(t.db);
    const demoDriver = await createUser(t.db, { isDemo: true, sandboxId: sandbox() });
    for (const user of [realDriver, demoDriver])
      await t.db.insert(subscriptions).values({
        userId: user.id,
        plan: 'premium',
        interval: 'month',
        status: 'requested',
        source: 'admin',
      });
    const response = await agent.get('/api/admin/subscriptions');
    expect(response.statusCode, response.body).toBe(200);
    const holders = (response.json().requests as Array<{ user: { id: string } }>).map((row) => row.user.id);
    expect(holders).toContain(realDriver.id);
    expect(holders).not.toContain(demoDriver.id);
  });

  it('bug reports: a demo account’s are neither listed nor counted; a visitor’s are', async () => {
    const { agent } = await admin();
    const reporter = await createUser(t.db);
    const demoReporter = await createUser(t.db, { isDemo: true, sandboxId: sandbox() });
    const rows = await t.db
      .insert(bugReports)
      .values([
        { userId: reporter.id, title: 'Carte vide', description: 'La carte ne s’affiche pas.' },
        { userId: null, title: 'Formulaire', description: 'Le formulaire de contact se fige.' },
        { userId: demoReporter.id, title: 'Démo', description: 'Signalement de démonstration.' },
      ])
      .returning({ id: bugReports.id });
    const response = await agent.get('/api/admin/bug-reports');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json();
    expect((list.reports as Array<{ id: string }>).map((row) => row.id).sort()).toEqual(
      [rows[0]!.id, rows[1]!.id].sort(),
    );
    expect(list.total).toBe(2);
    expect(list.counts.new).toBe(2);
    expect(list.open).toBe(2);
  });

  it('reported reviews: a demo account’s report is neither listed nor counted', async () => {
    const { agent } = await admin();
    const world = sandbox();
    const { reportId: realReport } = await reportedReview(
      (await createUser(t.db, { userType: 'company' })).id,
      (await createUser(t.db)).id,
    );
    const { reportId: demoReport } = await reportedReview(
      (await createUser(t.db, { userType: 'company', isDemo: true, sandboxId: world })).id,
      (await createUser(t.db, { isDemo: true, sandboxId: world })).id,
    );
    const response = await agent.get('/api/admin/review-reports');
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json().reports as Array<{ id: string }>).map((row) => row.id);
    expect(ids).toEqual([realReport]);
    expect(ids).not.toContain(demoReport);
    expect(response.json().open).toBe(1);
  });
});

describe('writing across worlds: 404, nothing written', () => {
  it('applying: a real driver to a demo mission, a demo driver to a real one', async () => {
    const world = sandbox();
    const demoMission = await publish((await demo(world, { userType: 'company' })).agent, 'Porteur Nancy');
    const realMission = await publish((await real({ userType: 'company' })).agent, 'Porteur Nancy');
    const realDriver = await real();
    const demoDriver = await demo(world);
    for (const [driver, missionId] of [
      [realDriver, demoMission],
      [demoDriver, realMission],
    ] as const) {
      const response = await driver.agent.post(`/api/missions/${missionId}/apply`, {});
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Mission introuvable');
    }
    const written = await t.db
      .select()
      .from(missionApplications)
      .where(inArray(missionApplications.missionId, [demoMission, realMission]));
    expect(written).toEqual([]);
  });

  it('messages: a real member and a demo member cannot write to each other', async () => {
    const realMember = await real({ userType: 'company' });
    const demoMember = await demo(sandbox());
    for (const [from, to] of [
      [realMember, demoMember],
      [demoMember, realMember],
    ] as const) {
      const response = await from.agent.post(`/api/messages/${to.user.id}`, { content: 'Bonjour' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Destinataire invalide');
    }
    const pair = [realMember.user.id, demoMember.user.id];
    expect(
      await t.db
        .select()
        .from(messages)
        .where(or(inArray(messages.senderId, pair), inArray(messages.receiverId, pair))),
    ).toEqual([]);
    expect(await t.db.select().from(conversations).where(inArray(conversations.userOneId, pair))).toEqual([]);

    // Whatever code would write them, the database refuses the conversation and the message themselves.
    const refused = await conversationOf(realMember.user.id, demoMember.user.id).catch(
      (error: unknown) => error,
    );
    expect(databaseErrorCode(refused)).toBe(WORLD_BOUNDARY_CODE);
    const [shared] = await conversationOf((await createUser(t.db)).id, realMember.user.id);
    const message = await t.db
      .insert(messages)
      .values({
        conversationId: shared!.id,
        senderId: realMember.user.id,
        receiverId: demoMember.user.id,
        content: 'Bonjour',
      })
      .catch((error: unknown) => error);
    expect(databaseErrorCode(message)).toBe(WORLD_BOUNDARY_CODE);
  });

  it('links made before an account joined the showroom: the database refuses the assignment, the review and the message', async () => {
    const { agent: admin } = await account({ userType: 'admin', isAdmin: true });
    const company = await real({ userType: 'company' });
    const driver = await real();
    const missionId = await publish(company.agent, 'Savoyarde Annecy');
    const applied = await driver.agent.post(`/api/missions/${missionId}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(201);
    const done = await insertMission(t.db, {
      companyId: company.user.id,
      driverId: driver.user.id,
      completedAt: new Date(Date.now() - day / 2),
    });

    const marked = await admin.post(`/api/admin/users/${driver.user.id}/demo`);
    expect(marked.statusCode, marked.body).toBe(200);

    // Nothing on the way tells the two apart: the triggers of migration 0014 refuse the write itself.
    const accepted = await company.agent.post(`/api/applications/${applied.json().id}/accept`);
    expect(accepted.statusCode).toBe(404);
    expect(accepted.json().message).toBe(NOT_FOUND_ACROSS_WORLDS);
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, missionId));
    expect(mission).toMatchObject({ status: 'available', driverId: null });
    const [application] = await t.db
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.id, applied.json().id));
    expect(application!.status).toBe('pending');

    const reviewed = await company.agent.postForm(`/api/missions/${done.id}/review`, {
      rating: 5,
      professionalismScore: 5,
      communicationScore: 5,
      drivingSkillScore: 5,
      safetyScore: 5,
    });
    expect(reviewed.statusCode).toBe(404);
    expect(reviewed.json().message).toBe(NOT_FOUND_ACROSS_WORLDS);
    expect(await t.db.select().from(reviews).where(eq(reviews.missionId, done.id))).toEqual([]);

    // Their relation still stands in the rows, but the one now in the showroom is no one to write to.
    const wrote = await company.agent.post(`/api/messages/${driver.user.id}`, {
      content: 'Bonjour',
      missionId: done.id,
    });
    expect(wrote.statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(conversations)
        .where(sql`${company.user.id} in (${conversations.userOneId}, ${conversations.userTwoId})`),
    ).toEqual([]);
  });
});
