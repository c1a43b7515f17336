import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reputationScore } from '#core/rules/reviews.js';
import { alerts } from '../../db/schema/messaging.js';
import { missions, reviews } from '../../db/schema/missions.js';
import { users } from '../../db/schema/users.js';
import { createUser, insertMission } from '../../test/factories.js';
import { agentFor, createTestApp, type TestApp } from '../../test/harness.js';

/** The edges of the review rules found by attacking them: the window's close, refusals, cancelled missions. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKER: 'true' } });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const ofDriver = (rating = 5, extra: Record<string, unknown> = {}) => ({
  rating,
  professionalismScore: 5,
  communicationScore: 4,
  drivingSkillScore: 5,
  safetyScore: 5,
  ...extra,
});
const ofTransporter = (rating = 4) => ({
  rating,
  professionalismScore: 4,
  communicationScore: 4,
  safetyScore: 3,
});

async function pair(completedDaysAgo = 1, fields: Partial<typeof missions.$inferInsert> = {}) {
  const driver = await createUser(t.db, { fullName: 'Paul Routier' });
  const company = await createUser(t.db, { userType: 'company', companyName: 'Transports Lemaire' });
  const completedAt = new Date(Date.now() - completedDaysAgo * DAY);
  const mission = await insertMission(t.db, {
    companyId: company.id,
    driverId: driver.id,
    startDate: new Date(completedAt.getTime() - 9 * 3_600_000),
    endDate: new Date(completedAt.getTime() - 3_600_000),
    completedAt,
    ...fields,
  });
  return {
    driver,
    company,
    asDriver: await agentFor(t, driver.id),
    asCompany: await agentFor(t, company.id),
    missionId: mission.id,
  };
}

const scoreOf = async (id: string) =>
  (await t.db.select({ score: users.reputationScore }).from(users).where(eq(users.id, id)))[0]!.score;
const alertsOf = (userId: string, event: string) =>
  t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.type, 'reputation')))
    .then((rows) => rows.filter((row) => (row.metadata as { event?: string } | null)?.event === event));

describe('the window’s close', () => {
  it('a review arrived in time, after the job published the other one, is published at once', async () => {
    const p = await pair(10);
    expect((await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(5))).statusCode).toBe(
      201,
    );
    // The job runs at the window's close and publishes the transporter's review alone…
    await t.db
      .update(missions)
      .set({ completedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(missions.id, p.missionId));
    await t.app.jobs.runNow('reviews-publish', { timeoutMs: 60_000 });
    expect(await scoreOf(p.driver.id)).toBe(reputationScore(1, 5).toFixed(2));
    // …while the driver's request, which arrived just before the close, waited for the locks (the request's
    // instant is what counts: the mission is put back inside the window to let it through).
    await t.db
      .update(missions)
      .set({ completedAt: new Date(Date.now() - 13.99 * DAY) })
      .where(eq(missions.id, p.missionId));
    const late = await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter(2));
    expect(late.statusCode).toBe(201);
    expect(late.json().mine.publishedAt).not.toBeNull();
    expect(late.json().theirs).toMatchObject({ rating: 5 });
    const rows = await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId));
    expect(rows.every((row) => row.publishedAt !== null)).toBe(true);
    // Both reputations count both reviews, and the transporter is told of a published review, not invited to
    // write theirs (which they already did).
    expect(await scoreOf(p.company.id)).toBe(reputationScore(1, 2).toFixed(2));
    expect(await scoreOf(p.driver.id)).toBe(reputationScore(1, 5).toFixed(2));
    expect(await alertsOf(p.company.id, 'review.submitted')).toHaveLength(0);
    expect(await alertsOf(p.company.id, 'review.published')).toHaveLength(1);
    // The job has nothing left to publish nor to announce again.
    await t.app.jobs.runNow('reviews-publish', { timeoutMs: 60_000 });
    expect(await alertsOf(p.company.id, 'review.published')).toHaveLength(1);
    expect(await alertsOf(p.driver.id, 'review.published')).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('a second review is refused before its photos are looked at', async () => {
    const p = await pair();
    expect((await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver())).statusCode).toBe(
      201,
    );
    const again = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, {
      ...ofDriver(),
      photos: [Buffer.from('pas une image')],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vous avez déjà donné votre avis sur cette mission.');
  });

  it('a cancelled mission says it will never be reviewed', async () => {
    const p = await pair(1, { status: 'cancelled', completedAt: null });
    const answer = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver());
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Cette mission a été annulée : il n’y a pas d’avis à donner.');
    const state = (await p.asDriver.get(`/api/missions/${p.missionId}/review`)).json();
    expect(state).toMatchObject({
      canWrite: false,
      blockedReason: 'Cette mission a été annulée : il n’y a pas d’avis à donner.',
    });
  });

  it('a driver replaced on the mission is not a party to it', async () => {
    const p = await pair();
    const replaced = await createUser(t.db, { fullName: 'Ancien Chauffeur' });
    const asReplaced = await agentFor(t, replaced.id);
    // The mission went to another driver: whoever held it before has nothing to review.
    expect((await asReplaced.get(`/api/missions/${p.missionId}/review`)).statusCode).toBe(404);
    expect(
      (await asReplaced.postForm(`/api/missions/${p.missionId}/review`, ofTransporter())).statusCode,
    ).toBe(404);
  });

  it('an unpublished review cannot be reported, nor its existence learnt that way', async () => {
    const p = await pair();
    await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(1));
    const [review] = await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId));
    const reason = 'Je n’ai pas encore vu cet avis.';
    const answer = await p.asDriver.post(`/api/reviews/${review!.id}/report`, { reason });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('Avis introuvable');
  });
});

describe('a review removed after a report', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  it('its author is told and still sees what they wrote; nobody else does', async () => {
    const p = await pair();
    const written = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, {
      ...ofDriver(1),
      photos: [PNG],
    });
    const photo = written.json().mine.photos[0] as string;
    await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter(5));
    const reviewId = written.json().mine.id as string;
    expect(
      (await p.asDriver.post(`/api/reviews/${reviewId}/report`, { reason: 'Propos faux et injurieux.' }))
        .statusCode,
    ).toBe(201);
    const asAdmin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    const { reports } = (await asAdmin.get('/api/admin/review-reports')).json();
    const report = reports.find((r: { review: { id: string } }) => r.review.id === reviewId);
    expect(
      (
        await asAdmin.post(`/api/admin/review-reports/${report.id}`, {
          decision: 'remove',
          reason: 'Contraire aux règles',
        })
      ).statusCode,
    ).toBe(200);
    const authorView = (await p.asCompany.get(`/api/missions/${p.missionId}/review`)).json();
    expect(authorView).toMatchObject({ mineRemoved: true, mine: { rating: 1 }, theirs: { rating: 5 } });
    expect((await p.asCompany.get(photo)).statusCode).toBe(200);
    const reviewedView = (await p.asDriver.get(`/api/missions/${p.missionId}/review`)).json();
    expect(reviewedView).toMatchObject({ mineRemoved: false, theirs: null, otherWritten: true });
    expect((await p.asDriver.get(photo)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404);
    expect((await asAdmin.get(photo)).statusCode).toBe(200);
  });
});
