import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeEvent } from '#core/events.js';
import { missionPayload } from '../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../test/harness.js';
import { createRealtimeBus } from './realtime-bus.js';
import { SESSION_COOKIE } from './sessions.js';

/**
 * The instance that publishes an event delivers it to its own sockets at once (decision 026): a message reaches a
 * screen on the same instance even while PostgreSQL keeps the event's publication waiting, and only once.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  await t.close();
});

async function connect(cookie: string) {
  const ws = new WebSocket(base, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
  const events: RealtimeEvent[] = [];
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, events };
}
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe('events for sockets on the publishing instance', () => {
  it('reach them before the publication is written, and once', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const missionId = (await company.agent.post('/api/missions', missionPayload())).json().mission.id;
    expect((await driver.agent.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
    const phone = await connect(driver.agent.cookie!);
    const said = (content: string) =>
      phone.events.filter((event) => event.type === 'new-message' && event.message.content === content);

    // The publication (kept event + NOTIFY) waits for this lock; the message itself is committed.
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table realtime_events in access exclusive mode');
      const sent = company.agent.post(`/api/messages/${driver.user.id}`, { content: 'Bonjour !', missionId });
      await waitFor(() => expect(said('Bonjour !')).toHaveLength(1));
      await locker.query('commit');
      expect((await sent).statusCode).toBe(201);
    } finally {
      await locker.end();
    }

    // Another instance's event, published after that one's NOTIFY: once it has arrived through the listener, the
    // instance has read its own notification too, and skipped it.
    const pool = new pg.Pool({ connectionString: t.database.url, max: 1 });
    const other = createRealtimeBus({
      pool,
      url: t.database.url,
      log: pino({ level: 'silent' }),
      isHere: () => false,
      deliverHere: () => undefined,
    });
    try {
      await other.publish([driver.user.id], {
        type: 'mission-update',
        mission: { id: missionId, status: null },
      });
      await waitFor(() => expect(phone.events.some((event) => event.type === 'mission-update')).toBe(true));
      expect(said('Bonjour !')).toHaveLength(1);
    } finally {
      await other.close();
      await pool.end();
      phone.ws.close();
    }
  });

  it('closes with 1013 (try again), not 1008 (never again), when the session cannot be read', async () => {
    const driver = await signIn(t, { subscriptionPlan: 'premium' });
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      // The session lookup waits for this lock; its connection is then cut, as a database going away would.
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      const ws = new WebSocket(base, { headers: { cookie: `${SESSION_COOKIE}=${driver.agent.cookie}` } });
      ws.on('error', () => undefined);
      const closed = new Promise<number>((resolve) => ws.once('close', resolve));
      const waiting = async () =>
        (
          await locker.query<{ pid: number }>(
            `select pid from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          )
        ).rows;
      let pids: Array<{ pid: number }> = [];
      await waitFor(async () => {
        pids = await waiting();
        expect(pids).toHaveLength(1);
      });
      await locker.query('select pg_terminate_backend($1)', [pids[0]!.pid]);
      expect(await closed).toBe(1013);
      await locker.query('commit');
      // Once the database answers again, the app's next attempt is let in.
      const again = await connect(driver.agent.cookie!);
      again.ws.close();
    } finally {
      await locker.end();
    }
  });
});
