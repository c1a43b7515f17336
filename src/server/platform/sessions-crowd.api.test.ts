import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sessions } from '../db/schema/platform.js';
import { createUser } from '../test/factories.js';
import { agentFor, createTestApp, type TestApp } from '../test/harness.js';
import { SESSION_COOKIE } from './sessions.js';
import { hashToken } from './tokens.js';

/**
 * A crowd on one instance (decision 026): every phone reconnecting after a restart opens its socket and reads its
 * screens again, thousands of requests in a second. The session lookups of one moment go as one statement, a
 * session is touched once for its requests of that moment, and reads take turns so that writes find the database.
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

/** The text of each statement the app's pool is sent while `run` runs (the pool itself does the work). */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const pool = t.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
    const [first] = args;
    texts.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
    return query(...args);
  }) as typeof pool.query);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return texts;
}
/** Session lookups, of one token or of many. */
const sessionLookups = (texts: string[]) =>
  texts.filter((text) => text.includes('from "sessions" inner join "users"')).length;

/** Signed-in agents of new users, with their ids. */
const crowd = (size: number) =>
  Promise.all(
    Array.from({ length: size }, async () => {
      const user = await createUser(t.db);
      return { id: user.id, agent: await agentFor(t, user.id) };
    }),
  );

describe('a crowd of requests and sockets on one instance', () => {
  it('looks up the sessions of requests and socket upgrades arriving together in a few statements', async () => {
    const members = await crowd(40);
    // The first lookup waits for a lock on users until every request has arrived: a crowd, whatever the machine.
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    const crowded = async (arriving: 'request' | 'upgrade', send: () => Promise<unknown>) => {
      let arrived = 0;
      const count = () => void arrived++;
      t.app.server.on(arriving, count);
      try {
        return await statementsDuring(async () => {
          await locker.query('begin');
          await locker.query('lock table users in access exclusive mode');
          const sent = send();
          await vi.waitFor(() => expect(arrived).toBe(members.length), { timeout: 10_000, interval: 20 });
          await locker.query('commit');
          await sent;
        });
      } finally {
        t.app.server.off(arriving, count);
      }
    };
    try {
      const reads = await crowded('request', async () => {
        const answers = await Promise.all(
          members.map(({ agent }) =>
            fetch(`${base.replace('ws:', 'http:').replace('/ws', '')}/api/auth/me`, {
              headers: { cookie: `${SESSION_COOKIE}=${agent.cookie}` },
            }).then((answer) => answer.json() as Promise<{ id: string }>),
          ),
        );
        // Each answer is its own user's, as when each looked its session up alone.
        expect(answers.map((answer) => answer.id)).toEqual(members.map(({ id }) => id));
      });
      // One statement per request before: 40.
      expect(sessionLookups(reads)).toBeGreaterThan(0);
      expect(sessionLookups(reads)).toBeLessThanOrEqual(2);

      const sockets: WebSocket[] = [];
      const upgrades = await crowded('upgrade', async () => {
        for (const { agent } of members)
          sockets.push(new WebSocket(base, { headers: { cookie: `${SESSION_COOKIE}=${agent.cookie}` } }));
        await Promise.all(sockets.map((ws) => new Promise((resolve) => ws.once('open', resolve))));
      });
      for (const ws of sockets) ws.close();
      expect(sessionLookups(upgrades)).toBeGreaterThan(0);
      expect(sessionLookups(upgrades)).toBeLessThanOrEqual(2);
    } finally {
      await locker.end();
    }
  });

  it('touches a session once for the requests it sends at once, and moves its expiry', async () => {
    const agent = (await crowd(1))[0]!.agent;
    const token = hashToken(agent.cookie!);
    const stale = new Date(Date.now() - 3600_000);
    await t.db.update(sessions).set({ lastSeenAt: stale }).where(eq(sessions.tokenHash, token));
    const texts = await statementsDuring(async () => {
      const answers = await Promise.all(
        ['/api/auth/me', '/api/conversations', '/api/alerts'].map((url) => agent.get(url)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    });
    // Each of the three found the session last seen an hour ago: one write, not three.
    expect(texts.filter((text) => /update "?sessions"?/i.test(text))).toHaveLength(1);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(stale.getTime());
  });

  it('lets a write through while the reads ahead of it wait for the database', async () => {
    // The test pool has 5 connections: at most 3 reads at once, 2 connections always left to writes.
    const readers = await crowd(8);
    const [writer] = await crowd(1);
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table alerts in access exclusive mode');
      const reads = readers.map(({ agent }) => agent.get('/api/alerts'));
      const waitingForTheLock = async () => {
        const { rows } = await locker.query<{ count: number }>(
          `select count(*)::int as count from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        return rows[0]!.count;
      };
      await vi.waitFor(async () => expect(await waitingForTheLock()).toBe(3), {
        timeout: 10_000,
        interval: 50,
      });
      // Without turns the 8 reads would hold the 5 connections, and this write would wait for the lock as well.
      const write = await Promise.race([
        writer!.agent.post('/api/auth/logout'),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 8000)),
      ]);
      expect(write === 'still waiting' ? write : write.statusCode).toBe(200);
      expect(await waitingForTheLock()).toBe(3);
      await locker.query('commit');
      expect((await Promise.all(reads)).map((answer) => answer.statusCode)).toEqual(readers.map(() => 200));
    } finally {
      await locker.end();
    }
  });
});
