import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDate, parisToday } from '#core/rules/days.js';
import { isoWeekday } from '#core/rules/availability.js';
import { occurrencesBetween } from '#core/rules/recurrence.js';
import type { MissionTemplate } from '#core/schemas/recurrence.js';
import { missions } from '../../db/schema/missions.js';
import { missionOccurrences, missionTemplates } from '../../db/schema/recurrence.js';
import { users } from '../../db/schema/users.js';
import { TEST_PASSWORD, templatePayload } from '../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { createEventBus } from '../../platform/events.js';
import { publishDueOccurrences } from './recurring-publisher.js';

/**
 * Recurring missions (decision 056): a series publishes each of its days once, `leadDays` ahead, from any number
 * of instances and runs; a stop is caught up; an edit changes the missions not yet published; a stopped series
 * publishes nothing; the company's alone.
 */
let t: TestApp;
/** The calls made here (another instance, a later day) publish on a bus of their own. */
let bus: ReturnType<typeof createEventBus>;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKER: 'true' } });
  bus = createEventBus(t.app.log);
});
afterAll(async () => {
  await t?.close();
});

/** Tomorrow 06:00–14:00 in Paris, on the weekdays of tomorrow and the day after next, 5 missions, 7 days ahead. */
function body(rule: Record<string, unknown> = {}, mission: Record<string, unknown> = {}) {
  const first = addDays(parisToday(), 1);
  return templatePayload(
    { startDate: `${first}T06:00`, endDate: `${first}T14:00`, ...mission },
    {
      weekdays: [isoWeekday(first), isoWeekday(addDays(first, 2))],
      end: 'count',
      count: 5,
      leadDays: 7,
      holidays: 'next_working_day',
      ...rule,
    },
  );
}

const missionsOf = (templateId: string) =>
  t.db
    .select({ due: missionOccurrences.due, mission: missions })
    .from(missionOccurrences)
    .innerJoin(missions, eq(missions.id, missionOccurrences.missionId))
    .where(eq(missionOccurrences.templateId, templateId))
    .orderBy(missionOccurrences.due);

describe('recurring missions', () => {
  it('publishes the days within reach at once, each once, however often and from wherever the job runs', async () => {
    const { user, agent } = await signIn(t, { userType: 'company' });
    const created = await agent.post('/api/mission-templates', body());
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<MissionTemplate>();
    const today = parisToday();
    const rule = { ...template.rule };
    const expected = occurrencesBetween(rule, today, addDays(today, 7)).map((o) => o.day);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    let published = await missionsOf(template.id);
    expect(published.map((row) => parisDate(row.mission.startDate))).toEqual(expected);
    for (const { mission } of published) {
      expect(mission.companyId).toBe(user.id);
      expect(mission.status).toBe('available');
      expect(mission.title).toBe('Livraison frigo Rungis → Lille');
      // 06:00 to 14:00 in Paris, whatever the day.
      expect(
        new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(
          mission.startDate,
        ),
      ).toBe('06:00');
      expect(mission.endDate.getTime() - mission.startDate.getTime()).toBe(8 * 3_600_000);
    }
    expect(template.publishedCount).toBe(expected.length);
    expect(template.summary).toMatch(
      /^Chaque .+, 5 missions en tout · publiée 7 jours avant · jours fériés : décalée au jour ouvré suivant$/,
    );

    // The job, twice, and two runs at once: nothing more.
    await t.app.jobs.runNow('recurring-missions');
    await t.app.jobs.runNow('recurring-missions');
    await Promise.all(
      [0, 1, 2].map(() => publishDueOccurrences(t.db, bus, t.app.log, { templateId: template.id })),
    );
    published = await missionsOf(template.id);
    expect(published).toHaveLength(expected.length);

    // A week later (the server was stopped meanwhile): the next days, up to five in all.
    const later = new Date(Date.now() + 7 * 86_400_000);
    await publishDueOccurrences(t.db, bus, t.app.log, { now: later, templateId: template.id });
    await publishDueOccurrences(t.db, bus, t.app.log, { now: later, templateId: template.id });
    const all = occurrencesBetween(rule, today, addDays(today, 14)).map((o) => o.day);
    expect((await missionsOf(template.id)).map((row) => parisDate(row.mission.startDate))).toEqual(all);
    expect(all.length).toBeLessThanOrEqual(5);

    const listed = await agent.get('/api/missions');
    expect(listed.json<Array<{ id: string }>>().length).toBeGreaterThanOrEqual(all.length);
  });

  it('an edit changes the missions not yet published; a stopped series publishes nothing more', async () => {
    const { agent } = await signIn(t, { userType: 'company' });
    const template = (
      await agent.post('/api/mission-templates', body({ end: 'never' }))
    ).json<MissionTemplate>();
    const before = await missionsOf(template.id);
    expect(before.length).toBeGreaterThan(0);

    const edited = await agent.put(
      `/api/mission-templates/${template.id}`,
      body({ end: 'never' }, { price: '515' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await missionsOf(template.id);
    expect(after.map((row) => row.mission.price)).toEqual(before.map(() => '420.00'));

    const later = new Date(Date.now() + 7 * 86_400_000);
    await publishDueOccurrences(t.db, bus, t.app.log, { now: later, templateId: template.id });
    const next = (await missionsOf(template.id)).slice(before.length);
    expect(next.length).toBeGreaterThan(0);
    expect(next.map((row) => row.mission.price)).toEqual(next.map(() => '515.00'));

    const stopped = await agent.post(`/api/mission-templates/${template.id}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<MissionTemplate>().stoppedAt).not.toBeNull();
    expect(stopped.json<MissionTemplate>().upcoming).toEqual([]);
    const count = (await missionsOf(template.id)).length;
    await publishDueOccurrences(t.db, bus, t.app.log, {
      now: new Date(Date.now() + 14 * 86_400_000),
      templateId: template.id,
    });
    expect(await missionsOf(template.id)).toHaveLength(count);
    const refused = await agent.put(`/api/mission-templates/${template.id}`, body());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Cette série est arrêtée' });
  });

  it('says in French what is wrong, under each field, and keeps a series to its company', async () => {
    const { agent } = await signIn(t, { userType: 'company' });
    const noDay = await agent.post('/api/mission-templates', body({ weekdays: [] }));
    expect(noDay.statusCode).toBe(400);
    expect(noDay.json().errors['rule.weekdays']).toBe('Choisissez au moins un jour de la semaine');
    const noEnd = await agent.post('/api/mission-templates', body({ end: 'until', until: '' }));
    expect(noEnd.json().errors['rule.until']).toBe('Indiquez la date de la dernière mission');
    const early = await agent.post('/api/mission-templates', body({ end: 'until', until: parisToday() }));
    expect(early.json().errors['rule.until']).toBe(
      'La dernière date doit suivre le début de la première mission',
    );
    const far = await agent.post(
      '/api/mission-templates',
      body({ end: 'until', until: addDays(parisToday(), 400) }),
    );
    expect(far.json().errors['rule.until']).toBe(
      'Une série s’arrête au plus tard un an après sa première mission',
    );
    const zero = await agent.post('/api/mission-templates', body({ count: 0 }));
    expect(zero.json().errors['rule.count']).toBe('Indiquez un nombre de missions entre 1 et 200');
    const notTicked = await agent.post(
      '/api/mission-templates',
      body({ weekdays: [isoWeekday(addDays(parisToday(), 2))] }),
    );
    expect(notTicked.json().errors['rule.weekdays']).toMatch(
      /^La première mission tombe un \p{L}+ : cochez ce jour, ou changez la date de début$/u,
    );
    const lead = await agent.post('/api/mission-templates', body({ leadDays: 45 }));
    expect(lead.json().errors['rule.leadDays']).toBe('Publiez entre 1 et 30 jours à l’avance');
    const title = await agent.post('/api/mission-templates', body({}, { title: '' }));
    expect(title.json().errors['mission.title']).toBe('Le titre est requis');
    const homonym = await agent.post(
      '/api/mission-templates',
      body({}, { pickupAddress: 'Saint-Denis', pickupLat: undefined, pickupLng: undefined }),
    );
    expect(homonym.statusCode).toBe(400);
    expect(Object.keys(homonym.json().errors)).toEqual(['mission.pickupAddress']);
    expect(await agent.get('/api/mission-templates').then((r) => r.json())).toEqual([]);

    const mine = (await agent.post('/api/mission-templates', body())).json<MissionTemplate>();
    const other = await signIn(t, { userType: 'company' });
    expect((await other.agent.get(`/api/mission-templates/${mine.id}`)).statusCode).toBe(403);
    expect((await other.agent.post(`/api/mission-templates/${mine.id}/stop`)).statusCode).toBe(403);
    expect((await other.agent.put(`/api/mission-templates/${mine.id}`, body())).statusCode).toBe(403);
    expect(await other.agent.get('/api/mission-templates').then((r) => r.json())).toEqual([]);
    const driver = await signIn(t, { userType: 'driver' });
    expect((await driver.agent.post('/api/mission-templates', body())).statusCode).toBe(403);
  });

  it('lets a day go once its mission would have started, skips a closed account, and goes with the account', async () => {
    const { user, agent } = await signIn(t, { userType: 'company' });
    const template = (
      await agent.post('/api/mission-templates', body({ end: 'never', leadDays: 2 }))
    ).json<MissionTemplate>();
    const first = addDays(parisToday(), 1);
    const published = await missionsOf(template.id);
    expect(published.map((row) => row.due)).toContain(first);
    // Tomorrow's mission withdrawn (as if the job had been down); tomorrow at 07:00 its 06:00 start has passed.
    await t.db.delete(missionOccurrences).where(eq(missionOccurrences.templateId, template.id));
    await t.db.delete(missions).where(eq(missions.companyId, user.id));
    await publishDueOccurrences(t.db, bus, t.app.log, {
      now: new Date(`${first}T07:00:00+01:00`),
      templateId: template.id,
    });
    const caughtUp = (await missionsOf(template.id)).map((row) => row.due);
    expect(caughtUp).not.toContain(first);
    expect(caughtUp.length).toBeGreaterThan(0);

    // In the account's export.
    const exported = (await agent.get('/api/account/export')).json<{
      recurringMissions: Array<{ id: string }>;
    }>();
    expect(exported.recurringMissions.map((row) => row.id)).toEqual([template.id]);

    // A deactivated account publishes nothing.
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const before = (await missionsOf(template.id)).length;
    await publishDueOccurrences(t.db, bus, t.app.log, { now: new Date(Date.now() + 10 * 86_400_000) });
    expect(await missionsOf(template.id)).toHaveLength(before);
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));

    // Deleted, the account takes its series with it; the missions stay.
    const gone = await agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.db.select().from(missionTemplates).where(eq(missionTemplates.companyId, user.id))).toEqual(
      [],
    );
    expect((await t.db.select().from(missions).where(eq(missions.companyId, user.id))).length).toBe(before);
  });

  it('a series the database refuses is logged and skipped; the others are published', async () => {
    const { agent } = await signIn(t, { userType: 'company' });
    const broken = (
      await agent.post('/api/mission-templates', body({ end: 'never' }))
    ).json<MissionTemplate>();
    const sound = (
      await agent.post('/api/mission-templates', body({ end: 'never' }))
    ).json<MissionTemplate>();
    // Its end before its start (what a change of clocks could make of a night mission).
    await t.db
      .update(missionTemplates)
      .set({
        mission: sql`jsonb_set(${missionTemplates.mission}, '{endDate}', to_jsonb('2020-01-01T00:00:00.000Z'::text))`,
      })
      .where(eq(missionTemplates.id, broken.id));
    const [brokenBefore, soundBefore] = [
      (await missionsOf(broken.id)).length,
      (await missionsOf(sound.id)).length,
    ];
    await publishDueOccurrences(t.db, bus, t.app.log, { now: new Date(Date.now() + 7 * 86_400_000) });
    expect(await missionsOf(broken.id)).toHaveLength(brokenBefore);
    expect((await missionsOf(sound.id)).length).toBeGreaterThan(soundBefore);
  });
});
