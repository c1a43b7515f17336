import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMessages } from '#core/schemas/demo.js';
import { demoSandboxes } from '../../db/schema/demo.js';
import { documents } from '../../db/schema/documents.js';
import { messages } from '../../db/schema/messaging.js';
import { sessions } from '../../db/schema/platform.js';
import { users } from '../../db/schema/users.js';
import { REFUSED_IN_DEMO } from '../../platform/demo-guard.js';
import { createStorage } from '../../platform/storage.js';
import { SPECIMEN_KEY } from './specimen.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A visitor's browser taking a door, from its own address (the per-address limit is another test's). */
let address = 1;
async function door(role: 'driver' | 'transporter') {
  const agent = new Agent(t.app, `10.18.0.${address++}`);
  const response = await agent.post('/api/demo/login', { role });
  expect(response.statusCode).toBe(201);
  return { agent, user: response.json<{ id: string; isDemo: boolean; email: string; userType: string }>() };
}

/** docs/specification.md §7's twins and the normal path each leads to. */
const twins = (userId: string, otherId: string) => [
  ['/api/demo/missions', '/api/missions'],
  ['/api/demo/missions/search', '/api/missions/search'],
  ['/api/demo/missions/search?urgent=true', '/api/missions/search?urgent=true'],
  ['/api/demo/transactions', '/api/transactions'],
  ['/api/demo/wallet/balance', '/api/wallet/balance'],
  ['/api/demo/wallet/chart', '/api/wallet/chart'],
  ['/api/demo/alerts', '/api/alerts'],
  ['/api/demo/dashboard/stats', '/api/dashboard/stats'],
  ['/api/demo/conversations', '/api/conversations'],
  [`/api/demo/messages/${otherId}`, `/api/messages/${otherId}`],
  [`/api/demo/reviews/${userId}`, `/api/reviews/user/${userId}`],
];

/** Someone the visitor has a conversation with. */
async function counterpart(agent: Agent): Promise<string> {
  const conversations = (await agent.get('/api/conversations')).json<Array<{ otherUser: { id: string } }>>();
  expect(conversations.length).toBeGreaterThan(0);
  return conversations[0]!.otherUser.id;
}

describe('the doors', () => {
  it.each(['driver', 'transporter'] as const)(
    'the %s door opens a signed-in demo account with its own sandbox',
    async (role) => {
      const { agent, user } = await door(role);
      expect(user.isDemo).toBe(true);
      expect(user.userType).toBe(role === 'driver' ? 'driver' : 'company');
      expect(user.email).toMatch(/@demo\.relais\.invalid$/);
      const me = await agent.get('/api/demo/me');
      expect(me.statusCode).toBe(200);
      expect(me.json<{ id: string }>().id).toBe(user.id);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      const [sandbox] = await t.db.select().from(demoSandboxes).where(eq(demoSandboxes.userId, user.id));
      expect(row!.sandboxId).toBe(sandbox!.id);
      expect(sandbox!.role).toBe(role);
    },
  );

  it('every /api/demo/* twin answers what the normal path answers, for a demo session only', async () => {
    const { agent, user } = await door('driver');
    const other = await counterpart(agent);
    for (const [twin, normal] of twins(user.id, other)) {
      const [a, b] = [await agent.get(twin!), await agent.get(normal!)];
      expect(a.statusCode, twin).toBe(200);
      expect(b.statusCode, normal).toBe(200);
      expect(a.json(), twin).toEqual(b.json());
    }
    const { agent: member } = await signIn(t, { email: 'membre-twins@exemple.fr' });
    for (const [twin] of twins(user.id, other)) {
      expect((await member.get(twin!)).statusCode, twin).toBe(403);
      expect((await new Agent(t.app).get(twin!)).statusCode, twin).toBe(401);
    }
    expect((await member.get('/api/demo/missions')).json()).toEqual({ message: demoMessages.notDemo });
  });

  it('a member signed in with a real account is told to sign out first, and nothing is created', async () => {
    const { agent } = await signIn(t, { email: 'membre-porte@exemple.fr' });
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(demoSandboxes);
    const response = await agent.post('/api/demo/login', { role: 'driver' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: demoMessages.signedIn });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(demoSandboxes)).toEqual(before);
  });

  it('a demo visitor taking the other door leaves the first sandbox, removed with its people', async () => {
    const { agent, user } = await door('driver');
    const [first] = await t.db.select().from(users).where(eq(users.id, user.id));
    const again = await agent.post('/api/demo/login', { role: 'transporter' });
    expect(again.statusCode).toBe(201);
    expect(await t.db.select().from(users).where(eq(users.sandboxId, first!.sandboxId!))).toEqual([]);
    expect(await t.db.select().from(demoSandboxes).where(eq(demoSandboxes.id, first!.sandboxId!))).toEqual(
      [],
    );
    expect((await agent.get('/api/demo/me')).json<{ userType: string }>().userType).toBe('company');
  });

  it('an unknown role is refused with a French message', async () => {
    const response = await new Agent(t.app, '10.18.9.1').post('/api/demo/login', { role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string> }>().errors.role).toBe(
      'Choisissez chauffeur ou transporteur',
    );
  });
});

/** What the visitor's screens show, without what a new seed changes by nature (ids, instants). */
function shape(value: unknown): unknown {
  // Rows dated alike come in id order, and the ids are new: compare the lists as sets.
  if (Array.isArray(value))
    return value.map(shape).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(
          ([key]) => !/(^id$|Id$|At$|^date$|Date$|^at$|url$|Url$|^avatar$|Key$|^month$|^label$)/.test(key),
        )
        .map(([key, inner]) => [key, shape(inner)]),
    );
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) return 'date';
  // Ids, and the transfer references the data set derives from them (« VIR-20261123-D9A1 »).
  if (typeof value === 'string')
    return value
      .replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, 'id')
      .replace(/VIR-(\d{8})-[0-9A-F]{4}/g, 'VIR-$1');
  return value;
}

async function screens(agent: Agent, userId: string) {
  // The paged lists whole: their order ends with the ids, new after a reset, so two rows of the same instant at
  // the end of a page (in the wallet, two transfers confirmed the same minute) could swap pages.
  const paths = [
    '/api/dashboard/stats',
    '/api/missions',
    '/api/missions/search?pageSize=50',
    '/api/conversations',
    '/api/alerts',
    '/api/wallet/balance',
    '/api/transactions?pageSize=100',
    `/api/reviews/user/${userId}?pageSize=50`,
  ];
  return Object.fromEntries(
    await Promise.all(
      paths.map(async (p) => {
        const body = (await agent.get(p)).json<{ items?: unknown[]; reviews?: unknown[]; total?: number }>();
        const page = body.items ?? body.reviews;
        if (page && body.total !== undefined)
          expect(page, `${p}: one page holds it all`).toHaveLength(body.total);
        return [p, shape(body)];
      }),
    ),
  );
}

describe('reset', () => {
  it('restores the sandbox exactly, keeps the visitor signed in with the same account', async () => {
    const { agent, user } = await door('driver');
    const before = await screens(agent, user.id);
    // The visitor breaks things: applies, writes, reads every alert.
    const open = (await agent.get('/api/missions/search')).json<{ items: Array<{ id: string }> }>().items;
    // The first open mission the visitor has not applied to yet (the data set has applications already).
    let applied = 0;
    for (const mission of open) {
      const response = await agent.post(`/api/missions/${mission.id}/apply`, {
        message: 'Disponible demain.',
      });
      if (response.statusCode === 201) {
        applied++;
        break;
      }
    }
    expect(applied).toBe(1);
    const other = await counterpart(agent);
    expect((await agent.post(`/api/messages/${other}`, { content: 'Bonjour !' })).statusCode).toBe(201);
    expect((await agent.post('/api/alerts/read-all')).statusCode).toBe(200);
    expect(await screens(agent, user.id)).not.toEqual(before);

    const reset = await agent.post('/api/demo/reset');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: demoMessages.resetDone });
    expect((await agent.get('/api/demo/me')).json<{ id: string }>().id).toBe(user.id);
    expect(await screens(agent, user.id)).toEqual(before);
  });

  it('is refused to a member and to a visitor', async () => {
    const { agent } = await signIn(t, { email: 'membre-reset@exemple.fr' });
    expect((await agent.post('/api/demo/reset')).statusCode).toBe(403);
    expect((await new Agent(t.app).post('/api/demo/reset')).statusCode).toBe(401);
  });
});

describe('what a demo account may not do', () => {
  it('every refused route answers 403 not_in_demo before its own code runs', async () => {
    const { agent, user } = await door('driver');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    for (const route of REFUSED_IN_DEMO) {
      const [method, pattern] = route.split(' ') as ['POST' | 'DELETE', string];
      const url = pattern.replace(':id', '00000000-0000-4000-8000-000000000001');
      const response = await agent.request({ method, url, payload: {} });
      expect(response.statusCode, route).toBe(403);
      expect(response.json(), route).toEqual({ message: demoMessages.notInDemo, code: 'not_in_demo' });
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(row);
  });
});

describe('the shared specimen', () => {
  it('outlives a visitor deleting a demonstration paper (every sandbox points at it)', async () => {
    const { agent, user } = await door('driver');
    const [paper] = await t.db.select().from(documents).where(eq(documents.userId, user.id));
    expect(paper!.fileUrl).toBe(SPECIMEN_KEY);
    expect((await agent.delete(`/api/documents/${paper!.id}`)).statusCode).toBe(204);
    expect(await createStorage(t.config).stat(SPECIMEN_KEY)).not.toBeNull();
    const other = await door('driver');
    const [theirs] = await t.db.select().from(documents).where(eq(documents.userId, other.user.id));
    expect((await other.agent.get(`/api/documents/${theirs!.id}/file`)).statusCode).toBe(200);
  });
});

describe('the people of the sandbox answer', () => {
  it('a message to a persona gets a scripted reply a few seconds later, in the same conversation', async () => {
    const { agent, user } = await door('driver');
    const other = await counterpart(agent);
    const sent = await agent.post(`/api/messages/${other}`, {
      content: 'À quelle heure est le chargement ?',
    });
    expect(sent.statusCode).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await t.db.select({ content: messages.content }).from(messages)
              .where(sql`${messages.senderId} = ${other} and ${messages.receiverId} = ${user.id}
                and ${messages.createdAt} > now() - interval '1 minute'`)
          ).map((m) => m.content),
        { timeout: 10_000, interval: 250 },
      )
      .toContain(
        'Chargement à partir de 7 h, le quai est ouvert jusqu’à 18 h. Prévenez-moi ici si vous avez du retard.',
      );
    // The persona's session lived for that one request (it goes once the request has answered).
    await expect
      .poll(async () => t.db.select().from(sessions).where(eq(sessions.userId, other)), { timeout: 5000 })
      .toEqual([]);
  });
});

describe('limits, logout and expiry', () => {
  it('logout ends the session and removes the sandbox', async () => {
    const { agent, user } = await door('driver');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    const token = agent.cookie;
    expect((await agent.post('/api/demo/logout')).statusCode).toBe(200);
    expect(agent.cookie).toBeUndefined();
    const replay = new Agent(t.app);
    replay.cookie = token;
    expect((await replay.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.sandboxId, row!.sandboxId!))).toEqual([]);
  });
});

describe('caps and the scheduled cleanup', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({
      env: { JOBS_WORKER: 'true' },
      configure: (config) => ({
        ...config,
        demo: { maxSandboxes: 3 },
        rateLimits: { ...config.rateLimits, demoPerIp: { limit: 2, windowSeconds: 3600 } },
      }),
    });
  });
  afterAll(async () => {
    await capped.close();
  });

  it('an address opens 2 sandboxes an hour here, then is told to wait; the total is capped', async () => {
    const from = (ip: string) => new Agent(capped.app, ip).post('/api/demo/login', { role: 'driver' });
    expect((await from('10.20.0.1')).statusCode).toBe(201);
    expect((await from('10.20.0.1')).statusCode).toBe(201);
    const third = await from('10.20.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: demoMessages.tooManyFromAddress });
    // Concurrent doors from other addresses: the cap of 3 holds (one more at most).
    const rush = await Promise.all(['10.20.1.1', '10.20.1.2', '10.20.1.3'].map(from));
    expect(rush.map((r) => r.statusCode).sort()).toEqual([201, 503, 503]);
    expect(rush.find((r) => r.statusCode === 503)!.json()).toEqual({ message: demoMessages.full });
    const [open] = await capped.db.select({ n: sql<number>`count(*)::int` }).from(demoSandboxes);
    expect(open!.n).toBe(3);
  });

  it('the scheduled cleanup removes sandboxes idle for 24 hours, and only those', async () => {
    const door2 = async (ip: string) => {
      const agent = new Agent(capped.app, ip);
      const response = await agent.post('/api/demo/login', { role: 'driver' });
      expect(response.statusCode).toBe(201);
      return { agent, id: response.json<{ id: string }>().id };
    };
    // The cap test above filled the 3 places.
    await capped.db.execute(sql`delete from users where sandbox_id is not null`);
    await capped.db.delete(demoSandboxes);
    const idle = await door2('10.21.0.1');
    const active = await door2('10.21.0.2');
    const [idleRow] = await capped.db.select().from(users).where(eq(users.id, idle.id));
    await capped.db.execute(sql`update demo_sandboxes set last_active_at = now() - interval '25 hours'
      where user_id = ${idle.id}`);
    await capped.db.execute(sql`update sessions set last_seen_at = now() - interval '25 hours'
      where user_id = ${idle.id}`);
    await capped.app.jobs.runNow('demo-cleanup');
    expect(await capped.db.select().from(users).where(eq(users.sandboxId, idleRow!.sandboxId!))).toEqual([]);
    expect((await active.agent.get('/api/demo/me')).statusCode).toBe(200);
    expect((await idle.agent.get('/api/auth/me')).statusCode).toBe(401);
  });
});
