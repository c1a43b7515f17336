import { parisToday } from '#core/rules/days.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDate } from '#core/schemas/dates.js';
import type { AdminOverview } from '#core/schemas/admin-overview.js';
import { bugReports } from '../../db/schema/admin.js';
import { documents } from '../../db/schema/documents.js';
import { conversations, messages } from '../../db/schema/messaging.js';
import { missionApplications, missionEvents, reviews } from '../../db/schema/missions.js';
import { reviewReports } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { createUser, insertMission } from '../../test/factories.js';
import { agentFor, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const day = 86_400_000;
/** Today's first instant in Paris (the test's clock and the database's are the same machine's). */
const parisMidnight = () => (parseDate(parisToday()) as { date: Date }).date;

async function talk(from: User, to: User) {
  const [one, two] = [from.id, to.id].sort();
  const [conversation] = await t.db
    .insert(conversations)
    .values({ userOneId: one!, userTwoId: two! })
    .returning();
  await t.db
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: from.id, receiverId: to.id, content: 'Bonjour' });
}

async function pendingLicence(user: User) {
  await t.db.insert(documents).values({
    userId: user.id,
    type: 'permis',
    fileName: 'permis.pdf',
    fileUrl: `documents/${user.id}/permis.pdf`,
    status: 'pending',
  });
}

describe('GET /api/admin/overview', () => {
  it('is for administrators only', async () => {
    // A demonstration account: it stays out of the figures of the next test.
    const driver = await createUser(t.db, { userType: 'driver', isDemo: true });
    expect((await (await agentFor(t, driver.id)).get('/api/admin/overview')).statusCode).toBe(403);
  });

  it('counts the Paris day, the day before and the trends, without demonstration accounts', async () => {
    // Not in the first minute of a Paris day: the boundary rows below would fall on the wrong side.
    const midnight = parisMidnight();
    if (Date.now() - midnight.getTime() < 60_000) await new Promise((resolve) => setTimeout(resolve, 61_000));
    const { agent } = await signIn(t, { userType: 'admin', isAdmin: true });
    const justAfter = new Date(midnight.getTime() + 30_000);
    const justBefore = new Date(midnight.getTime() - 30_000);

    const driverToday = await createUser(t.db, { userType: 'driver', createdAt: justAfter });
    const driverYesterday = await createUser(t.db, { userType: 'driver', createdAt: justBefore });
    const demoDriver = await createUser(t.db, { userType: 'driver', isDemo: true });
    const transporter = await createUser(t.db, { userType: 'company' });
    const demoTransporter = await createUser(t.db, { userType: 'company', isDemo: true });
    await createUser(t.db, { userType: 'company', createdAt: new Date(Date.now() - 20 * day) });

    const now = new Date();
    const open = await insertMission(t.db, {
      companyId: transporter.id,
      status: 'available',
      createdAt: now,
    });
    const assigned = await insertMission(t.db, {
      companyId: transporter.id,
      driverId: driverToday.id,
      status: 'assigned',
      createdAt: now,
    });
    await t.db
      .insert(missionEvents)
      .values({ missionId: assigned.id, actorId: transporter.id, type: 'assigned', status: 'assigned' });
    await insertMission(t.db, {
      companyId: transporter.id,
      status: 'cancelled',
      createdAt: now,
      cancelledAt: now,
    });
    const done = await insertMission(t.db, {
      companyId: transporter.id,
      driverId: driverYesterday.id,
      status: 'completed',
      createdAt: new Date(Date.now() - 10 * day),
      completedAt: now,
    });
    // The demonstration world's own life counts nowhere (its rows never meet real ones: decision 022).
    const demoOpen = await insertMission(t.db, {
      companyId: demoTransporter.id,
      status: 'available',
      createdAt: now,
    });
    const demoAssigned = await insertMission(t.db, {
      companyId: demoTransporter.id,
      driverId: demoDriver.id,
      status: 'completed',
      createdAt: now,
      completedAt: now,
    });
    await t.db.insert(missionEvents).values({
      missionId: demoAssigned.id,
      actorId: demoTransporter.id,
      type: 'assigned',
      status: 'assigned',
    });

    await t.db.insert(missionApplications).values([
      { missionId: open.id, driverId: driverToday.id },
      { missionId: demoOpen.id, driverId: demoDriver.id },
    ]);
    await talk(transporter, driverToday);
    await talk(demoTransporter, demoDriver);
    await pendingLicence(driverToday);
    await pendingLicence(demoDriver);
    await t.db.insert(bugReports).values([
      { userId: driverToday.id, title: 'Carte vide', description: 'La carte ne s’affiche pas.' },
      { userId: demoDriver.id, title: 'Démo', description: 'Signalement de démonstration.' },
      { userId: driverToday.id, title: 'Réglé', description: 'Déjà traité.', status: 'resolved' },
    ]);
    const [review] = await t.db
      .insert(reviews)
      .values({ reviewerId: transporter.id, revieweeId: driverYesterday.id, missionId: done.id, rating: 2 })
      .returning();
    const [demoReview] = await t.db
      .insert(reviews)
      .values({
        reviewerId: demoTransporter.id,
        revieweeId: demoDriver.id,
        missionId: demoAssigned.id,
        rating: 1,
      })
      .returning();
    await t.db.insert(reviewReports).values([
      { reviewId: review!.id, reporterId: driverYesterday.id, reason: 'Avis injuste' },
      { reviewId: demoReview!.id, reporterId: demoDriver.id, reason: 'Avis de démonstration' },
    ]);

    const response = await agent.get('/api/admin/overview');
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json() as AdminOverview;
    expect(overview.today).toBe(parisToday());
    expect(overview.windows.today).toEqual({
      newDrivers: 1,
      newTransporters: 1,
      published: 3,
      assigned: 1,
      completed: 1,
      cancelled: 1,
      applications: 1,
      messages: 1,
      fillRate: 1 / 3,
    });
    expect(overview.windows.yesterday).toMatchObject({ newDrivers: 1, newTransporters: 0, published: 0 });
    expect(overview.windows.yesterday.fillRate).toBeNull();
    expect(overview.windows.last7).toMatchObject({ newDrivers: 2, newTransporters: 1, published: 3 });
    expect(overview.windows.last30).toMatchObject({ newDrivers: 2, newTransporters: 2, published: 4 });
    expect(overview.windows.last30.fillRate).toBe(2 / 4);
    expect(overview.windows.previous30).toMatchObject({ newDrivers: 0, published: 0 });
    expect(overview.daily).toHaveLength(30);
    expect(overview.daily.at(-1)).toMatchObject({ day: parisToday(), published: 3, newDrivers: 1 });
    expect(overview.daily.at(-2)).toMatchObject({ newDrivers: 1 });
    expect(overview.waiting).toMatchObject({
      documents: 1,
      driverValidations: 2,
      bugReports: 1,
      reviewReports: 1,
    });
    expect(overview.waiting.oldestDocumentAt).not.toBeNull();
    expect(overview.live).toEqual({ openMissions: 1, underWay: 1, awaitingCompletion: 0 });
  });
});
