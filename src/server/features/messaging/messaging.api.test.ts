import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_LIMIT_MESSAGE } from '#core/rules/plans.js';
import { alerts, messages } from '../../db/schema/messaging.js';
import { missions } from '../../db/schema/missions.js';
import type { NewUser } from '../../db/schema/users.js';
import { missionPayload } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);

/** A transporter with a mission and a driver who applied to it. */
async function pair(driverPlan = 'premium') {
  const company = await signedIn({ userType: 'company', subscriptionPlan: 'transporter' });
  const driver = await signedIn({ subscriptionPlan: driverPlan });
  const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id as string;
  expect((await driver.agent.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
  return { company, driver, missionId };
}

describe('who may write to whom', () => {
  it('lets the two sides of an application write; refuses strangers, admins and oneself', async () => {
    const { company, driver, missionId } = await pair();
    const sent = await company.agent.post(`/api/messages/${driver.user.id}`, {
      content: 'Bonjour, dispo demain 5 h ?',
      missionId,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ senderId: company.user.id, receiverId: driver.user.id, read: false });
    expect(
      (await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'Oui !' })).statusCode,
    ).toBe(201);

    const stranger = await signedIn();
    const refused = await stranger.agent.post(`/api/messages/${company.user.id}`, { content: 'Bonjour' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Vous pouvez écrire uniquement aux personnes avec qui vous partagez une mission ou une candidature',
    );
    const admin = await signedIn({ userType: 'admin', isAdmin: true });
    expect((await admin.agent.post(`/api/messages/${driver.user.id}`, { content: 'x' })).statusCode).toBe(
      403,
    );
    expect((await admin.agent.get(`/api/messages/${driver.user.id}`)).json().items).toEqual([]);
    expect((await stranger.agent.get(`/api/messages/${driver.user.id}`)).json().items).toEqual([]);
    const self = await driver.agent.post(`/api/messages/${driver.user.id}`, { content: 'moi' });
    expect(self.json().message).toBe('Vous ne pouvez pas vous écrire à vous-même');
    const empty = await driver.agent.post(`/api/messages/${company.user.id}`, { content: '   ' });
    expect(empty.json().errors).toEqual({ content: 'Le message ne peut pas être vide' });
    expect((await new Agent(t.app).get('/api/conversations')).statusCode).toBe(401);
  });
});

describe('conversations, unread counts and read marks', () => {
  it('keeps the unread count equal to the unread messages when reading races sending', async () => {
    // Found by the crash loop (npm run chaos): a read marked the messages it saw, then set the count to 0 over the
    // +1 of a message committed in between. The read now locks the conversation first.
    const { company, driver, missionId } = await pair();
    for (let burst = 0; burst < 12; burst++) {
      await Promise.all([
        ...Array.from({ length: 6 }, (_, i) =>
          company.agent.post(`/api/messages/${driver.user.id}`, {
            content: `Salve ${burst}.${i}`,
            missionId,
          }),
        ),
        ...Array.from({ length: 3 }, () =>
          driver.agent.post(`/api/messages/${company.user.id}/read?missionId=${missionId}`, {}),
        ),
      ]);
      const [conversation] = (await driver.agent.get('/api/conversations')).json();
      const unread = await t.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.receiverId, driver.user.id), eq(messages.read, false)));
      expect(conversation.unreadCount, `burst ${burst}`).toBe(unread.length);
    }
  });

  it('counts unread per side and clears them when read', async () => {
    const { company, driver, missionId } = await pair();
    for (const content of ['Un', 'Deux', 'Trois'])
      await company.agent.post(`/api/messages/${driver.user.id}`, { content, missionId });
    const [conversation] = (await driver.agent.get('/api/conversations')).json();
    expect(conversation).toMatchObject({
      unreadCount: 3,
      otherUser: { id: company.user.id, role: 'transporter' },
      mission: { id: missionId },
      lastMessage: { content: 'Trois' },
    });
    expect((await company.agent.get('/api/conversations')).json()[0].unreadCount).toBe(0);

    const page = (await driver.agent.get(`/api/messages/${company.user.id}?limit=2`)).json();
    expect(page.items.map((m: { content: string }) => m.content)).toEqual(['Deux', 'Trois']);
    expect(page.hasMore).toBe(true);
    const older = (
      await driver.agent.get(
        `/api/messages/${company.user.id}?limit=2&before=${encodeURIComponent(page.items[0].createdAt)}`,
      )
    ).json();
    expect(older.items.map((m: { content: string }) => m.content)).toEqual(['Un']);

    expect((await driver.agent.post(`/api/messages/${company.user.id}/read`)).json()).toEqual({ read: 3 });
    expect((await driver.agent.get('/api/conversations')).json()[0].unreadCount).toBe(0);
    const seen = (await company.agent.get(`/api/messages/${driver.user.id}`)).json().items;
    expect(seen.every((m: { read: boolean; readAt: string | null }) => m.read && m.readAt)).toBe(true);
  });

  it('alerts once per burst, not per message', async () => {
    const { company, driver, missionId } = await pair();
    for (const content of ['a', 'b', 'c'])
      await company.agent.post(`/api/messages/${driver.user.id}`, { content, missionId });
    const messageAlerts = () =>
      t.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, driver.user.id), eq(alerts.type, 'message')));
    expect(await messageAlerts()).toHaveLength(1);
    expect((await messageAlerts())[0]).toMatchObject({ title: 'Nouveau message', read: false });
    await t.db.update(alerts).set({ read: true }).where(eq(alerts.userId, driver.user.id));
    await company.agent.post(`/api/messages/${driver.user.id}`, { content: 'd', missionId });
    expect(await messageAlerts()).toHaveLength(2);

    // Sent at the same moment (two tabs): still one alert for the burst.
    await t.db.update(alerts).set({ read: true }).where(eq(alerts.userId, driver.user.id));
    const sends = await Promise.all(
      ['e', 'f', 'g', 'h', 'i', 'j'].map((content) =>
        company.agent.post(`/api/messages/${driver.user.id}`, { content, missionId }),
      ),
    );
    expect(sends.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect((await messageAlerts()).filter((alert) => !alert.read)).toHaveLength(1);
  });
});

describe('Freemium', () => {
  it('holds 5 messages a day under concurrent sends; paid plans have no limit', async () => {
    const { company, driver } = await pair('basic');
    const sends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        driver.agent.post(`/api/messages/${company.user.id}`, { content: `m${i}` }),
      ),
    );
    expect(sends.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 402, 402, 402]);
    expect(sends.find((r) => r.statusCode === 402)!.json().message).toBe(MESSAGE_LIMIT_MESSAGE);
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        company.agent.post(`/api/messages/${driver.user.id}`, { content: `r${i}` }),
      ),
    );
    expect(many.every((r) => r.statusCode === 201)).toBe(true);
  });

  it('never counts nor stops the messages that run a mission, both ways, until 48 h after it ends', async () => {
    const company = await signedIn({ userType: 'company', subscriptionPlan: 'basic' });
    const driver = await signedIn({ subscriptionPlan: 'basic' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission
      .id as string;
    const application = (await driver.agent.post(`/api/missions/${missionId}/apply`, {})).json().id;
    // Before a driver is chosen, writing is prospecting: counted.
    for (let i = 0; i < 2; i++)
      expect(
        (await driver.agent.post(`/api/messages/${company.user.id}`, { content: `avant ${i}`, missionId }))
          .statusCode,
      ).toBe(201);
    await company.agent.post(`/api/applications/${application}/accept`);
    // Chosen: eight messages each way about the mission, on Freemium both, all sent.
    for (let i = 0; i < 8; i++) {
      const out = await driver.agent.post(`/api/messages/${company.user.id}`, {
        content: `route ${i}`,
        missionId,
      });
      const back = await company.agent.post(`/api/messages/${driver.user.id}`, {
        content: `ok ${i}`,
        missionId,
      });
      expect([out.statusCode, back.statusCode]).toEqual([201, 201]);
    }
    // They did not use the day's allowance: three prospecting messages are left to the driver (5 − 2).
    const stranger = await signedIn({ userType: 'company', subscriptionPlan: 'transporter' });
    // Three days later: a driver does not apply to a mission that overlaps the one they hold.
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const otherMission = (
      await stranger.agent.post(
        '/api/missions',
        missionPayload({ startDate: later(96), endDate: later(104) }),
      )
    ).json().mission.id;
    await driver.agent.post(`/api/missions/${otherMission}/apply`, {});
    const prospecting = [];
    for (let i = 0; i < 4; i++)
      prospecting.push(
        (
          await driver.agent.post(`/api/messages/${stranger.user.id}`, {
            content: `dispo ${i}`,
            missionId: otherMission,
          })
        ).statusCode,
      );
    expect(prospecting).toEqual([201, 201, 201, 402]);
    // 47 h after completion it is still the mission's own; 49 h after, it is not.
    await t.db
      .update(missions)
      .set({ status: 'completed', completedAt: new Date(Date.now() - 47 * 3_600_000) })
      .where(eq(missions.id, missionId));
    expect(
      (await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'facture ?', missionId }))
        .statusCode,
    ).toBe(201);
    await t.db
      .update(missions)
      .set({ completedAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(missions.id, missionId));
    expect(
      (await driver.agent.post(`/api/messages/${company.user.id}`, { content: 'merci', missionId }))
        .statusCode,
    ).toBe(402);
  });
});
