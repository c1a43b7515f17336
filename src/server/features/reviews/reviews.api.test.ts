import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reputationScore } from '#core/rules/reviews.js';
import { adminLogs } from '../../db/schema/admin.js';
import { alerts } from '../../db/schema/messaging.js';
import { missions, reviews } from '../../db/schema/missions.js';
import { reviewReports } from '../../db/schema/road.js';
import { users, type User } from '../../db/schema/users.js';
import { createUser, insertMission } from '../../test/factories.js';
import { agentFor, createTestApp, type Agent, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  // Workers on: the publication job runs through the real queue (runNow).
  t = await createTestApp({ env: { JOBS_WORKER: 'true' } });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What the transporter writes about the driver (the four sub-scores). */
const ofDriver = (rating = 5, extra: Record<string, unknown> = {}) => ({
  rating,
  professionalismScore: 5,
  communicationScore: 4,
  drivingSkillScore: 5,
  safetyScore: 5,
  comment: 'Ponctuel, soigneux, à recommander.',
  ...extra,
});
/** What the driver writes about the transporter (no driving skill). */
const ofTransporter = (rating = 4, extra: Record<string, unknown> = {}) => ({
  rating,
  professionalismScore: 4,
  communicationScore: 4,
  safetyScore: 3,
  comment: 'Quai encombré mais consignes claires.',
  ...extra,
});

interface Pair {
  driver: User;
  company: User;
  asDriver: Agent;
  asCompany: Agent;
  missionId: string;
}

async function completedPair(completedDaysAgo = 1, fields: Partial<typeof missions.$inferInsert> = {}) {
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
  } satisfies Pair;
}

const scoreOf = async (id: string) =>
  (await t.db.select({ score: users.reputationScore }).from(users).where(eq(users.id, id)))[0]!.score;

const alertsOf = (userId: string, event: string) =>
  t.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.type, 'reputation')))
    .then((rows) => rows.filter((row) => (row.metadata as { event?: string } | null)?.event === event));

describe('who may review, and when', () => {
  it('only the two parties; an administrator reads but does not write', async () => {
    const p = await completedPair();
    const stranger = await agentFor(t, (await createUser(t.db)).id);
    const otherCompany = await agentFor(t, (await createUser(t.db, { userType: 'company' })).id);
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    for (const agent of [stranger, otherCompany]) {
      expect((await agent.get(`/api/missions/${p.missionId}/review`)).statusCode).toBe(404);
      expect((await agent.postForm(`/api/missions/${p.missionId}/review`, ofDriver())).statusCode).toBe(404);
    }
    expect((await admin.get(`/api/missions/${p.missionId}/review`)).statusCode).toBe(200);
    expect((await admin.postForm(`/api/missions/${p.missionId}/review`, ofDriver())).statusCode).toBe(403);
    const state = (await p.asDriver.get(`/api/missions/${p.missionId}/review`)).json();
    expect(state).toMatchObject({
      viewerRole: 'driver',
      canWrite: true,
      subScores: ['professionalismScore', 'communicationScore', 'safetyScore'],
      reviewee: { id: p.company.id, role: 'transporter' },
      mine: null,
      theirs: null,
      otherWritten: false,
    });
    expect(await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId))).toHaveLength(0);
  });

  it('only after completion', async () => {
    for (const status of ['in_progress', 'delivered'] as const) {
      const p = await completedPair(1, { status, completedAt: null });
      const answer = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver());
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('Vous pourrez donner votre avis quand la mission sera terminée.');
      expect((await p.asCompany.get(`/api/missions/${p.missionId}/review`)).json().canWrite).toBe(false);
    }
  });

  it('within 14 days of completion, not after', async () => {
    const late = await completedPair(14.01);
    const refused = await late.asDriver.postForm(`/api/missions/${late.missionId}/review`, ofTransporter());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/délai de 14 jours/);
    const state = (await late.asDriver.get(`/api/missions/${late.missionId}/review`)).json();
    expect(state).toMatchObject({ canWrite: false, windowOpen: false });
    const inTime = await completedPair(13.9);
    expect(
      (await inTime.asDriver.postForm(`/api/missions/${inTime.missionId}/review`, ofTransporter()))
        .statusCode,
    ).toBe(201);
  });

  it('asks the sub-scores that apply to the member reviewed and refuses the others', async () => {
    const p = await completedPair();
    const missing = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, {
      ...ofDriver(),
      drivingSkillScore: undefined,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('drivingSkillScore');
    const foreign = await p.asDriver.postForm(
      `/api/missions/${p.missionId}/review`,
      ofTransporter(4, { drivingSkillScore: 5 }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.drivingSkillScore).toBe('Cette note ne concerne pas ce membre');
    const outOfRange = await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter(6));
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().errors.rating).toBe('Choisissez une note de 1 à 5 étoiles');
    const tooLong = await p.asDriver.postForm(
      `/api/missions/${p.missionId}/review`,
      ofTransporter(4, { comment: 'x'.repeat(1001) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId))).toHaveLength(0);
  });

  it('once per party: a second review is refused, and two sent at the same instant make one', async () => {
    const p = await completedPair();
    const answers = await Promise.all([
      p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(5)),
      p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(3)),
      p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(4)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const again = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(1));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vous avez déjà donné votre avis sur cette mission.');
    expect(await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId))).toHaveLength(1);
  });

  it('keeps photos checked by their content, and refuses what is not an image', async () => {
    const p = await completedPair();
    const notImage = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, {
      ...ofDriver(),
      photos: [Buffer.from('%PDF-1.4 pas une photo')],
    });
    expect(notImage.statusCode).toBe(415);
    const tooMany = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, {
      ...ofDriver(),
      photos: Array(4).fill(PNG),
    });
    expect(tooMany.statusCode).toBe(400);
    const answer = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, {
      ...ofDriver(),
      photos: [PNG],
    });
    expect(answer.statusCode).toBe(201);
    const url = answer.json().mine.photos[0] as string;
    expect((await p.asCompany.get(url)).headers['content-type']).toBe('image/png');
    // Unpublished: its author only; the member reviewed and visitors are told it is not there.
    expect((await p.asDriver.get(url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter());
    // Published: whoever may read the profile.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('double-blind', () => {
  it('a review waits unseen until the other party writes; then both show and both reputations move', async () => {
    const p = await completedPair();
    const first = await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(5));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ canWrite: false, mine: { rating: 5, publishedAt: null } });
    // Nobody sees it: not the driver, not the driver's profile.
    const list = (await t.app.inject({ method: 'GET', url: `/api/reviews/user/${p.driver.id}` })).json();
    expect(list).toMatchObject({ total: 0, reviews: [], summary: { count: 0, reputationScore: '0.00' } });
    const driverView = (await p.asDriver.get(`/api/missions/${p.missionId}/review`)).json();
    expect(driverView).toMatchObject({ otherWritten: true, theirs: null, canWrite: true });
    expect(JSON.stringify(driverView)).not.toContain('Ponctuel');
    // The driver is invited to write theirs.
    const invited = await alertsOf(p.driver.id, 'review.submitted');
    expect(invited).toHaveLength(1);
    expect(invited[0]!.message).toMatch(/^Transports Lemaire a donné son avis/);
    expect(await scoreOf(p.driver.id)).toBe('0.00');

    const second = await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter(4));
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ mine: { rating: 4 }, theirs: { rating: 5 } });
    expect(second.json().mine.publishedAt).toBe(second.json().theirs.publishedAt);
    expect(await scoreOf(p.driver.id)).toBe(reputationScore(1, 5).toFixed(2));
    expect(await scoreOf(p.company.id)).toBe(reputationScore(1, 4).toFixed(2));
    const shown = (await t.app.inject({ method: 'GET', url: `/api/reviews/user/${p.driver.id}` })).json();
    expect(shown).toMatchObject({
      total: 1,
      summary: { count: 1, average: 5, reputationScore: '4.17', subScores: { drivingSkillScore: 5 } },
      reviews: [
        {
          rating: 5,
          missionTitle: 'Livraison frigo Rungis → Lille',
          reviewer: { id: p.company.id, role: 'transporter', companyName: 'Transports Lemaire' },
          canReport: false,
        },
      ],
    });
    expect(await alertsOf(p.driver.id, 'review.published')).toHaveLength(1);
    expect(await alertsOf(p.company.id, 'review.published')).toHaveLength(1);
  });

  it('both parties writing at the same instant still end with both published', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await completedPair();
      const answers = await Promise.all([
        p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver(5)),
        p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter(3)),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      const rows = await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId));
      expect(rows.every((row) => row.publishedAt !== null)).toBe(true);
      expect(await scoreOf(p.company.id)).toBe(reputationScore(1, 3).toFixed(2));
    }
  });

  it('the hourly job publishes a lone review once its 14 days are over, not before', async () => {
    const p = await completedPair(10);
    await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter(2));
    await t.app.jobs.runNow('reviews-publish', { timeoutMs: 60_000 });
    const [waiting] = await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId));
    expect(waiting!.publishedAt).toBeNull();
    // The window closes (the mission's completion moved 15 days back).
    await t.db
      .update(missions)
      .set({ completedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(missions.id, p.missionId));
    await t.app.jobs.runNow('reviews-publish', { timeoutMs: 60_000 });
    const [published] = await t.db.select().from(reviews).where(eq(reviews.missionId, p.missionId));
    expect(published!.publishedAt).not.toBeNull();
    expect(await scoreOf(p.company.id)).toBe(reputationScore(1, 2).toFixed(2));
    const listed = (await t.app.inject({ method: 'GET', url: `/api/reviews/user/${p.company.id}` })).json();
    expect(listed.total).toBe(1);
    expect(await alertsOf(p.company.id, 'review.published')).toHaveLength(1);
    // The transporter can no longer write theirs, and now sees the driver's.
    const state = (await p.asCompany.get(`/api/missions/${p.missionId}/review`)).json();
    expect(state).toMatchObject({ canWrite: false, windowOpen: false, theirs: { rating: 2 } });
    // Run again: nothing published twice, no second alert.
    await t.app.jobs.runNow('reviews-publish', { timeoutMs: 60_000 });
    expect(await alertsOf(p.company.id, 'review.published')).toHaveLength(1);
  });
});

describe('reputation', () => {
  it('fifty 4.8★ reviews rank above a single 5★ one, through the API', async () => {
    const veteran = await createUser(t.db, { fullName: 'Vétéran' });
    const newcomer = await createUser(t.db, { fullName: 'Nouveau' });
    // Forty 5★ and ten 4★: an average of 4.8 over fifty missions, written straight (the rule is the formula).
    const company = await createUser(t.db, { userType: 'company' });
    for (let i = 0; i < 50; i++) {
      const mission = await insertMission(t.db, { companyId: company.id, driverId: veteran.id });
      await t.db.insert(reviews).values({
        reviewerId: company.id,
        revieweeId: veteran.id,
        missionId: mission.id,
        rating: i < 40 ? 5 : 4,
        publishedAt: new Date(),
      });
    }
    // The last one through the API, so that the score is recomputed by the publication.
    const last = await insertMission(t.db, { companyId: company.id, driverId: veteran.id });
    const asCompany = await agentFor(t, company.id);
    const asVeteran = await agentFor(t, veteran.id);
    await asCompany.postForm(`/api/missions/${last.id}/review`, ofDriver(5));
    await asVeteran.postForm(`/api/missions/${last.id}/review`, ofTransporter(5));
    const lone = await completedPair();
    await t.db.update(missions).set({ driverId: newcomer.id }).where(eq(missions.id, lone.missionId));
    await lone.asCompany.postForm(`/api/missions/${lone.missionId}/review`, ofDriver(5));
    await (
      await agentFor(t, newcomer.id)
    ).postForm(`/api/missions/${lone.missionId}/review`, ofTransporter(5));
    const veteranScore = Number(await scoreOf(veteran.id));
    const newcomerScore = Number(await scoreOf(newcomer.id));
    expect(newcomerScore).toBe(4.17);
    expect(veteranScore).toBeGreaterThan(newcomerScore);
    expect(veteranScore).toBe(reputationScore(51, 40 * 5 + 10 * 4 + 5));
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/reviews/user/${veteran.id}?pageSize=20&page=3` })
    ).json();
    expect(page).toMatchObject({ total: 51, page: 3, pageSize: 20 });
    expect(page.reviews).toHaveLength(11);
  });

  it('a deactivated member’s reviews are not listed', async () => {
    const p = await completedPair();
    await p.asCompany.postForm(`/api/missions/${p.missionId}/review`, ofDriver());
    await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter());
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, p.driver.id));
    expect((await t.app.inject({ method: 'GET', url: `/api/reviews/user/${p.driver.id}` })).statusCode).toBe(
      404,
    );
  });
});

describe('reports', () => {
  async function publishedPair() {
    const p = await completedPair();
    await p.asCompany.postForm(
      `/api/missions/${p.missionId}/review`,
      ofDriver(1, { comment: 'Avis injuste' }),
    );
    await p.asDriver.postForm(`/api/missions/${p.missionId}/review`, ofTransporter(5));
    const [review] = await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.missionId, p.missionId), eq(reviews.revieweeId, p.driver.id)));
    return { ...p, reviewId: review!.id };
  }

  it('the member reviewed reports it once; nobody else may', async () => {
    const p = await publishedPair();
    const reason = 'Ce commentaire est faux : j’étais à l’heure.';
    expect((await p.asCompany.post(`/api/reviews/${p.reviewId}/report`, { reason })).statusCode).toBe(403);
    const short = await p.asDriver.post(`/api/reviews/${p.reviewId}/report`, { reason: 'faux' });
    expect(short.statusCode).toBe(400);
    const answers = await Promise.all([
      p.asDriver.post(`/api/reviews/${p.reviewId}/report`, { reason }),
      p.asDriver.post(`/api/reviews/${p.reviewId}/report`, { reason }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(
      await t.db.select().from(reviewReports).where(eq(reviewReports.reviewId, p.reviewId)),
    ).toHaveLength(1);
    const mine = (await p.asDriver.get(`/api/reviews/user/${p.driver.id}`)).json();
    expect(mine.reviews[0]).toMatchObject({ reported: true, canReport: false });
  });

  it('an administrator removes it: hidden, not counted, reputation recomputed, logged', async () => {
    const p = await publishedPair();
    expect(await scoreOf(p.driver.id)).toBe(reputationScore(1, 1).toFixed(2));
    await p.asDriver.post(`/api/reviews/${p.reviewId}/report`, { reason: 'Propos injurieux et faux.' });
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const asAdmin = await agentFor(t, admin.id);
    const listed = (await asAdmin.get('/api/admin/review-reports')).json();
    const report = listed.reports.find((r: { review: { id: string } }) => r.review.id === p.reviewId);
    expect(report).toMatchObject({ status: 'open', review: { rating: 1, comment: 'Avis injuste' } });
    expect(listed.open).toBeGreaterThan(0);
    expect((await p.asDriver.get('/api/admin/review-reports')).statusCode).toBe(403);
    expect(
      (
        await p.asDriver.post(`/api/admin/review-reports/${report.id}`, {
          decision: 'remove',
          reason: 'Abus',
        })
      ).statusCode,
    ).toBe(403);
    const decided = await asAdmin.post(`/api/admin/review-reports/${report.id}`, {
      decision: 'remove',
      reason: 'Propos contraires aux règles',
    });
    expect(decided.statusCode).toBe(200);
    expect(await scoreOf(p.driver.id)).toBe('0.00');
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, p.reviewId));
    expect(row!.removedAt).not.toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/reviews/user/${p.driver.id}` })).json().total,
    ).toBe(0);
    const [log] = await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, p.reviewId));
    expect(log).toMatchObject({ adminId: admin.id, action: 'review.remove' });
    const again = await asAdmin.post(`/api/admin/review-reports/${report.id}`, {
      decision: 'dismiss',
      reason: 'Finalement non',
    });
    expect(again.statusCode).toBe(409);
  });

  it('a dismissed report keeps the review and its score', async () => {
    const p = await publishedPair();
    await p.asDriver.post(`/api/reviews/${p.reviewId}/report`, {
      reason: 'Je ne suis pas d’accord du tout.',
    });
    const [report] = await t.db.select().from(reviewReports).where(eq(reviewReports.reviewId, p.reviewId));
    const asAdmin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    const answer = await asAdmin.post(`/api/admin/review-reports/${report!.id}`, {
      decision: 'dismiss',
      reason: 'Avis argumenté, conforme aux règles',
    });
    expect(answer.statusCode).toBe(200);
    expect(await scoreOf(p.driver.id)).toBe(reputationScore(1, 1).toFixed(2));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/reviews/user/${p.driver.id}` })).json().total,
    ).toBe(1);
  });
});
