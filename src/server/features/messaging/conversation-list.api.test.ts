import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSchema } from '#core/schemas/messaging.js';
import { createUser, insertMission } from '../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { listConversations } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A conversation between two users (the pair stored ordered), its messages written straight into the tables. */
async function conversation(
  a: string,
  b: string,
  missionId: string | null,
  unread: [number, number],
  messages: Array<{ from: string; at: string; readAt?: string }>,
) {
  const [one, two] = a < b ? [a, b] : [b, a];
  const last = messages.at(-1)?.at ?? null;
  const {
    rows: [row],
  } = await t.db.execute<{ id: string }>(sql`
    insert into conversations (user_one_id, user_two_id, mission_id, unread_count_one, unread_count_two,
      last_message_at)
    values (${one}, ${two}, ${missionId}, ${unread[0]}, ${unread[1]}, ${last}::timestamptz) returning id`);
  for (const message of messages)
    await t.db.execute(sql`
      insert into messages (conversation_id, sender_id, receiver_id, mission_id, content, read, read_at, created_at)
      values (${row!.id}, ${message.from}, ${message.from === a ? b : a}, ${missionId},
        ${`« ${message.at} » "ok" \\ é`}, ${message.readAt !== undefined}, ${message.readAt ?? null}::timestamptz,
        ${message.at}::timestamptz)`);
  return row!.id;
}

describe('GET /api/conversations, assembled by PostgreSQL', () => {
  it('answers what listConversations gives: other person and role, mission, last message, own unread count', async () => {
    const me = await signIn(t, { userType: 'company', subscriptionPlan: 'transporter' });
    const { user: driver, agent: driverAgent } = await signIn(t, { avatar: '/uploads/avatar.png' });
    const other = await createUser(t.db, { fullName: 'Luc Volant' });
    const transporter = await createUser(t.db, { userType: 'company', companyName: null });
    const admin = await createUser(t.db, { userType: 'driver', isAdmin: true });
    const mission = await insertMission(t.db, {
      companyId: me.user.id,
      driverId: driver.id,
      title: 'Frigo « A »',
    });
    const id = me.user.id;
    await conversation(
      id,
      driver.id,
      mission.id,
      [2, 1],
      [
        { from: driver.id, at: '2026-03-01 08:00:00.5+00', readAt: '2026-03-01 09:00:00.123456+00' },
        { from: id, at: '2026-03-01 10:00:00.123999+00' },
      ],
    );
    await conversation(id, driver.id, null, [0, 3], [{ from: driver.id, at: '2026-03-03 07:00:00+01' }]);
    await conversation(id, other.id, null, [1, 0], [{ from: other.id, at: '2026-02-01 00:00:00+00' }]);
    await conversation(id, transporter.id, null, [0, 0], [{ from: id, at: '2026-02-15 12:00:00+00' }]);
    await conversation(id, admin.id, null, [0, 0], [{ from: admin.id, at: '2026-01-10 12:00:00+00' }]);
    // No message yet: last at the end, no last message.
    await conversation(id, other.id, mission.id, [0, 0], []);

    const answer = await me.agent.get('/api/conversations');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = answer.json();
    expect(list).toHaveLength(6);
    expect(list).toEqual(await listConversations(t.db, me.user));
    for (const item of list) expect(conversationSchema.strict().parse(item)).toEqual(item);
    expect(list[0].lastMessage.createdAt).toBe('2026-03-03T06:00:00.000Z');
    expect(list.map((item: { otherUser: { role: string } }) => item.otherUser.role)).toEqual([
      'driver',
      'driver',
      'transporter',
      'driver',
      'admin',
      'driver',
    ]);
    expect(list[1].lastMessage.createdAt).toBe('2026-03-01T10:00:00.123Z');
    expect(list[1].mission).toEqual({ id: mission.id, title: 'Frigo « A »' });
    expect(list[5]).toMatchObject({ lastMessage: null, lastMessageAt: null });

    // Each side reads its own unread count.
    const mine = (one: number, two: number) => (id < driver.id ? one : two);
    expect(list.map((item: { unreadCount: number }) => item.unreadCount)).toEqual([
      mine(0, 3),
      mine(2, 1),
      0,
      id < other.id ? 1 : 0,
      0,
      0,
    ]);
    const theirs = (await driverAgent.get('/api/conversations')).json();
    expect(theirs).toEqual(await listConversations(t.db, driver));
    expect(theirs.map((item: { unreadCount: number }) => item.unreadCount)).toEqual([
      id < driver.id ? 3 : 0,
      id < driver.id ? 1 : 2,
    ]);
    expect(theirs[0].otherUser).toEqual({
      id,
      fullName: me.user.fullName,
      avatar: null,
      role: 'transporter',
      companyName: me.user.companyName,
    });
  });

  it('keeps the 200 most recent of a user who has more', async () => {
    const me = await signIn(t);
    for (let i = 0; i < 205; i++) {
      const company = await createUser(t.db, { userType: 'company', fullName: `Transporteur ${i}` });
      const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      await conversation(me.user.id, company.id, null, [0, 0], [{ from: company.id, at }]);
    }
    const list = (await me.agent.get('/api/conversations')).json();
    expect(list).toHaveLength(200);
    expect(list[0].otherUser.fullName).toBe('Transporteur 204');
    expect(list[199].otherUser.fullName).toBe('Transporteur 5');
    expect(list).toEqual(await listConversations(t.db, me.user));
  });
});
