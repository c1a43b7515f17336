import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema/messaging.js';
import { missions } from '../db/schema/missions.js';
import { missionIncidents, waitingPeriods } from '../db/schema/road.js';
import { idempotentRequests } from '../db/schema/platform.js';
import { missionPayload } from './factories.js';
import { createTestApp, signIn, type Agent, type TestApp } from './harness.js';

/**
 * An action queued on a phone without network is sent again when the phone cannot know whether the first sending
 * arrived: with the same Idempotency-Key, it is done once and the second sending gets the first answer
 * (decision 055). Messages and incidents are the actions a driver queues in the cab.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const withKey = (agent: Agent, url: string, key: string, payload: object) =>
  agent.request({ method: 'POST', url, payload, headers: { 'idempotency-key': key } });

async function assignedPair() {
  const company = await signIn(t, { userType: 'company', subscriptionPlan: 'transporter' });
  const driver = await signIn(t, { subscriptionPlan: 'premium' });
  const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id as string;
  const application = await driver.agent.post(`/api/missions/${missionId}/apply`, {});
  expect(application.statusCode, application.body).toBe(201);
  return { company, driver, missionId };
}

/** An assigned mission starting in 30 minutes, its engagement waived: the driver may start it. */
async function readyToStart() {
  const pair = await assignedPair();
  const { company, missionId } = pair;
  const detail = (await company.agent.get(`/api/missions/${missionId}`)).json();
  const accepted = await company.agent.post(`/api/applications/${detail.applications[0].id}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const waived = await company.agent.post(`/api/missions/${missionId}/engagement/waive`, {
    reason: 'Contrat signé sur papier au dépôt ce matin.',
  });
  expect(waived.statusCode, waived.body).toBe(200);
  await t.db
    .update(missions)
    .set({ startDate: new Date(Date.now() + 30 * 60_000) })
    .where(eq(missions.id, missionId));
  return pair;
}

const countMessages = async (senderId: string) =>
  (await t.db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, senderId))).length;

describe('an action sent twice with the same key is done once', () => {
  it('a message sent again gets the first answer and is stored once', async () => {
    const { company, driver, missionId } = await assignedPair();
    const url = `/api/messages/${company.user.id}`;
    const body = { content: 'Bloqué au quai 4, je vous rappelle', missionId };
    const first = await withKey(driver.agent, url, 'msg-0001-abcdef', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await withKey(driver.agent, url, 'msg-0001-abcdef', body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await countMessages(driver.user.id)).toBe(1);

    // Another key is another message; no key at all keeps today's behaviour.
    expect((await withKey(driver.agent, url, 'msg-0002-abcdef', body)).statusCode).toBe(201);
    expect((await driver.agent.post(url, body)).statusCode).toBe(201);
    expect(await countMessages(driver.user.id)).toBe(3);
  });

  it('five sendings at the same moment: one message, the others answered with it or told to wait', async () => {
    const { company, driver, missionId } = await assignedPair();
    const url = `/api/messages/${company.user.id}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        withKey(driver.agent, url, 'race-key-0001', { content: 'Arrivé', missionId }),
      ),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id)).size).toBe(1);
    expect(await countMessages(driver.user.id)).toBe(1);
  });

  it('a key is the member’s own: another member’s same key is another action', async () => {
    const { company, driver, missionId } = await assignedPair();
    await withKey(driver.agent, `/api/messages/${company.user.id}`, 'shared-key-01', {
      content: 'A',
      missionId,
    });
    const other = await withKey(company.agent, `/api/messages/${driver.user.id}`, 'shared-key-01', {
      content: 'B',
      missionId,
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().content).toBe('B');
  });

  it('a refusal is kept as the answer; a key reused for another action or malformed is refused in French', async () => {
    const { company, driver, missionId } = await assignedPair();
    const url = `/api/messages/${company.user.id}`;
    const empty = await withKey(driver.agent, url, 'refused-key-01', { content: '   ', missionId });
    expect(empty.statusCode).toBe(400);
    const reused = await withKey(driver.agent, `/api/messages/${company.user.id}/read`, 'msg-reused-01', {});
    expect(reused.statusCode).toBeLessThan(300);
    const clash = await withKey(driver.agent, url, 'msg-reused-01', { content: 'Bonjour', missionId });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toBe('Cette clé d’idempotence a déjà servi pour une autre action');
    const malformed = await withKey(driver.agent, url, 'a b', { content: 'Bonjour', missionId });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^Clé d’idempotence invalide/);
    expect(await countMessages(driver.user.id)).toBe(0);
  });

  it('an incident with photos (multipart) reported twice is one incident', async () => {
    const { driver, missionId } = await readyToStart();
    expect((await driver.agent.post(`/api/missions/${missionId}/start`)).statusCode).toBe(200);
    const report = () =>
      driver.agent.request({
        method: 'POST',
        url: `/api/missions/${missionId}/incidents`,
        ...multipart({ type: 'delay', note: 'Bouchon A1' }),
      });
    const first = await report();
    expect(first.statusCode, first.body).toBe(201);
    expect((await report()).statusCode).toBe(201);
    const rows = await t.db
      .select({ id: missionIncidents.id })
      .from(missionIncidents)
      .where(eq(missionIncidents.missionId, missionId));
    expect(rows).toHaveLength(1);
  });

  it('an answer left unfinished by a stopped instance is taken over after a minute; a day-old answer is forgotten', async () => {
    const { company, driver, missionId } = await assignedPair();
    const url = `/api/messages/${company.user.id}`;
    await t.db.insert(idempotentRequests).values({
      userId: driver.user.id,
      key: 'abandoned-key-01',
      method: 'POST',
      path: url,
      createdAt: new Date(Date.now() - 5_000),
    });
    const waiting = await withKey(driver.agent, url, 'abandoned-key-01', { content: 'Arrivé', missionId });
    expect(waiting.statusCode).toBe(409);
    await t.db
      .update(idempotentRequests)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(
        and(eq(idempotentRequests.userId, driver.user.id), eq(idempotentRequests.key, 'abandoned-key-01')),
      );
    const taken = await withKey(driver.agent, url, 'abandoned-key-01', { content: 'Arrivé', missionId });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await countMessages(driver.user.id)).toBe(1);
  });
});

/** A multipart body of text fields, as the incident form sends it. */
function multipart(fields: Record<string, string>) {
  const boundary = '----relais-idempotency';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': 'incident-key-01',
    },
  };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('a step done without network keeps the time it was done', () => {
  it('a start and a wait sent later are dated from the phone, within bounds', async () => {
    const { driver, missionId } = await readyToStart();
    const base = `/api/missions/${missionId}`;
    const ahead = await driver.agent.post(`${base}/start`, {
      at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().errors.at).toBe('L’heure de l’action ne peut pas être dans le futur');
    const unreadable = await driver.agent.post(`${base}/start`, { at: 'hier' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors.at).toBe('Heure invalide');
    const startedAt = minutesAgo(20);
    expect((await driver.agent.post(`${base}/start`, { at: startedAt.toISOString() })).statusCode).toBe(200);
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, missionId));
    expect(mission!.startedAt!.getTime()).toBe(startedAt.getTime());

    // A wait said to begin before the start is counted from the start; its end from the phone too.
    const early = await driver.agent.post(`${base}/waiting/start`, {
      place: 'pickup',
      at: minutesAgo(30).toISOString(),
    });
    expect(early.statusCode, early.body).toBe(200);
    const tooOld = await driver.agent.post(`${base}/waiting/stop`, { at: minutesAgo(13 * 60).toISOString() });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().errors.at).toMatch(/12 dernières heures/);
    const stoppedAt = minutesAgo(5);
    expect(
      (await driver.agent.post(`${base}/waiting/stop`, { at: stoppedAt.toISOString() })).statusCode,
    ).toBe(200);
    const [period] = await t.db.select().from(waitingPeriods).where(eq(waitingPeriods.missionId, missionId));
    expect(period!.startedAt.getTime()).toBe(startedAt.getTime());
    expect(period!.endedAt!.getTime()).toBe(stoppedAt.getTime());
  });

  it('a start dated before the mission may start is refused as an early start is', async () => {
    const { driver, missionId } = await readyToStart();
    const refused = await driver.agent.post(`/api/missions/${missionId}/start`, {
      at: minutesAgo(11 * 60).toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, missionId));
    expect(mission!.status).toBe('assigned');
  });
});
