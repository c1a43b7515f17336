import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersMessages } from '#core/schemas/admin-users.js';
import { missions, reviews } from '../../db/schema/missions.js';
import { users } from '../../db/schema/users.js';
import { createUser, insertMission } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, type TestApp } from '../../test/harness.js';
import { parisDate } from '#core/rules/days.js';

/**
 * The hostile review of the demonstration (decision 022), reading side: whatever a real member, a visitor or an administrator asks for, with
 * whatever id, no row of a visitor's sandbox comes back; whatever a demo visitor asks for, no real row does. The
 * sandboxes here are opened through the doors, with their whole data set (dated up to years back).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let address = 1;
async function door(role: 'driver' | 'transporter') {
  const agent = new Agent(t.app, `10.40.0.${address++}`);
  const response = await agent.post('/api/demo/login', { role });
  expect(response.statusCode).toBe(201);
  const id = response.json<{ id: string }>().id;
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return { agent, user: row! };
}

const admin = async () =>
  agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Admin Relais' })).id);

/** Ids of one world's rows, by the kind of id a route takes (`null`: the real world). */
async function idsOf(world: string | null): Promise<Record<string, string[]>> {
  const w = world === null ? sql`is null` : sql`= ${world}::uuid`;
  const ids = async (query: ReturnType<typeof sql>) =>
    (await t.db.execute<{ id: string }>(query)).rows.map((row) => row.id);
  return {
    user: await ids(sql`select id from users where sandbox_id ${w} and not is_admin order by id limit 12`),
    mission: await ids(sql`select id from missions where sandbox_id ${w} order by status, id`),
    review: await ids(sql`select r.id from reviews r join users u on u.id = r.reviewer_id
      where u.sandbox_id ${w} order by r.id limit 6`),
    document: await ids(sql`select d.id from documents d join users u on u.id = d.user_id
      where u.sandbox_id ${w} order by d.id limit 6`),
    incident: await ids(sql`select i.id from mission_incidents i join missions m on m.id = i.mission_id
      where m.sandbox_id ${w} order by i.id limit 3`),
  };
}

/** What betrays a world's rows in an answer: its accounts' and missions' ids, its companies' names. */
async function tracesOf(world: string | null, except: string[] = []): Promise<string[]> {
  const w = world === null ? sql`is null` : sql`= ${world}::uuid`;
  const { rows } = await t.db.execute<{ trace: string }>(sql`
    select id::text as trace from users where sandbox_id ${w} and not is_admin
    union select company_name from users where sandbox_id ${w} and company_name is not null and not is_admin
    union select id::text from missions where sandbox_id ${w}`);
  return rows.map((row) => row.trace).filter((trace) => !except.includes(trace));
}

/** Every signed-in or public GET of the API, its path parameters filled with the given world's ids. */
function urlsWith(ids: Record<string, string[]>, idRoutes: boolean): string[] {
  const urls: string[] = [];
  for (const { method, url } of t.app.routeTable) {
    if (
      method !== 'GET' ||
      !url.startsWith('/api/') ||
      url.startsWith('/api/demo/') ||
      url === '/api/docs/json'
    )
      continue;
    if (!url.includes(':')) {
      urls.push(url);
      continue;
    }
    if (!idRoutes || url.includes(':file') || url.includes(':name') || url.startsWith('/api/bug-reports'))
      continue;
    const kind = url.startsWith('/api/missions/')
      ? 'mission'
      : url.startsWith('/api/reviews/:id')
        ? 'review'
        : url.startsWith('/api/documents/')
          ? 'document'
          : 'user';
    for (const [index, id] of (ids[kind] ?? []).entries())
      urls.push(
        url
          .replace(':id', id)
          .replace(':userId', id)
          .replace(':documentId', ids.document![index % ids.document!.length] ?? id)
          .replace(':incidentId', ids.incident![0] ?? id)
          .replace(':index', '0'),
      );
  }
  // Every way through the search and the map, and the back office's lists with their demo filter.
  return [
    ...urls,
    '/api/missions/search?sort=price',
    '/api/missions/search?urgent=true&limit=100',
    '/api/missions/search?lat=46.6&lng=2.4&radiusKm=1000&sort=distance&limit=100',
    '/api/missions/search?city=Lyon',
    '/api/missions/search?q=palettes',
    '/api/admin/users?demo=true&pageSize=100',
    '/api/admin/users?q=demo.relais.invalid',
    '/api/admin/missions?status=available',
    '/api/admin/missions?q=Lyon',
  ];
}

/** The answers (under 300) that show one of `traces`, and any 500. */
async function leaks(agent: Agent, urls: string[], traces: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    const response = await agent.get(url);
    if (response.statusCode >= 500) found.push(`${url} → ${response.statusCode}`);
    const trace =
      response.statusCode < 300 ? traces.find((value) => response.body.includes(value)) : undefined;
    if (trace) found.push(`${url} shows ${trace}`);
  }
  return found;
}

describe('every read of the API, with every kind of id', () => {
  // A sweep of every read of the API with every id, three callers: 17 s on a quiet machine, past a minute beside
  // the browsers and the other PostgreSQL pass.
  it(
    'a visitor, a real member and an administrator never see a row of a demo sandbox',
    { timeout: 240_000 },
    async () => {
      const realDriver = await createUser(t.db, {
        ...{ currentLocation: 'Lyon', currentLat: '45.750000', currentLng: '4.850000' },
        subscriptionPlan: 'premium',
      });
      const realCompany = await createUser(t.db, { userType: 'company', companyName: 'Transports Réels' });
      const done = await insertMission(t.db, { companyId: realCompany.id, driverId: realDriver.id });
      await t.db
        .insert(reviews)
        .values({ reviewerId: realCompany.id, revieweeId: realDriver.id, missionId: done.id, rating: 5 });
      const sandboxes = [await door('driver'), await door('transporter')];
      const members = {
        visitor: new Agent(t.app),
        driver: await agentFor(t, realDriver.id),
        company: await agentFor(t, realCompany.id),
      };
      const found: string[] = [];
      for (const { user } of sandboxes) {
        const ids = await idsOf(user.sandboxId);
        const traces = await tracesOf(user.sandboxId);
        for (const [who, agent] of Object.entries(members))
          found.push(...(await leaks(agent, urlsWith(ids, true), traces)).map((leak) => `${who}: ${leak}`));
        // An administrator may open any account or mission by its id (support); it is the lists and figures that
        // must hold none of a sandbox's.
        found.push(
          ...(await leaks(await admin(), urlsWith(ids, false), traces)).map((leak) => `admin: ${leak}`),
        );
      }
      expect(found).toEqual([]);
    },
  );

  it('a demo visitor, on every path, with every real id, never sees a real row', async () => {
    const realDriver = await createUser(t.db, { subscriptionPlan: 'premium' });
    const realCompany = await createUser(t.db, { userType: 'company', companyName: 'Transports Réels Bis' });
    await insertMission(t.db, { companyId: realCompany.id, driverId: realDriver.id });
    await insertMission(t.db, {
      companyId: realCompany.id,
      driverId: null,
      status: 'available',
      startDate: new Date(Date.now() + 3 * 86_400_000),
      endDate: new Date(Date.now() + 4 * 86_400_000),
    });
    const ids = await idsOf(null);
    const found: string[] = [];
    for (const role of ['driver', 'transporter'] as const) {
      const { agent, user } = await door(role);
      found.push(...(await leaks(agent, urlsWith(ids, true), await tracesOf(null, [user.id]))));
    }
    expect(found).toEqual([]);
  });
});

describe('the back office', () => {
  it('site analytics: a sandbox’s accounts, dated a year back, are no registrations of that day', async () => {
    const agent = await admin();
    const { user } = await door('driver');
    // The visitor's account is written as registered a year ago: the period around that day.
    const day = (offset: number) => parisDate(new Date(user.createdAt.getTime() + offset * 86_400_000));
    const period = `/api/admin/analytics/overview?from=${day(-3)}&to=${day(3)}`;
    const response = await agent.get(period);
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json<{
      registrations: { total: number };
      daily: Array<{ registrations: number }>;
    }>();
    expect(overview.registrations.total).toBe(0);
    expect(overview.daily.map((row) => row.registrations)).toEqual(overview.daily.map(() => 0));
  });

  it('users and missions lists: the showroom’s are listed, a visitor’s sandbox’s never', async () => {
    const agent = await admin();
    const showroomCompany = await createUser(t.db, { userType: 'company', isDemo: true });
    const showroomMission = await insertMission(t.db, {
      companyId: showroomCompany.id,
      driverId: null,
      status: 'available',
    });
    const { user } = await door('transporter');
    const sandboxMissions = await t.db
      .select({ id: missions.id })
      .from(missions)
      .where(eq(missions.sandboxId, user.sandboxId!));
    expect(sandboxMissions.length).toBeGreaterThan(10);

    const listed = await agent.get('/api/admin/users?demo=true&pageSize=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const accounts = listed.json<{ users: Array<{ id: string; email: string }>; total: number }>();
    expect(accounts.users.map((row) => row.id)).toContain(showroomCompany.id);
    expect(accounts.users.filter((row) => row.email.endsWith('demo.relais.invalid'))).toEqual([]);
    expect(accounts.total).toBe(accounts.users.length);

    const all = await agent.get(`/api/admin/missions?companyId=${user.id}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ missions: [], total: 0 });
    const open = await agent.get('/api/admin/missions?status=available');
    const ids = open.json<{ missions: Array<{ id: string }> }>().missions.map((row) => row.id);
    expect(ids).toContain(showroomMission.id);
    expect(ids.filter((id) => sandboxMissions.some((row) => row.id === id))).toEqual([]);
  });

  it('a visitor’s sandbox account cannot be taken out of it (nor its rows into the real world)', async () => {
    const agent = await admin();
    const { user } = await door('driver');
    const [persona] = await t.db
      .select()
      .from(users)
      .where(sql`${users.sandboxId} = ${user.sandboxId} and ${users.id} <> ${user.id}`)
      .limit(1);
    for (const id of [user.id, persona!.id]) {
      const response = await agent.delete(`/api/admin/users/${id}/demo`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: adminUsersMessages.sandboxAccount });
    }
    const after = await t.db.select().from(users).where(eq(users.sandboxId, user.sandboxId!));
    expect(after.map((row) => row.id)).toEqual(expect.arrayContaining([user.id, persona!.id]));
    expect(after.every((row) => row.isDemo)).toBe(true);
    // The team's own marking still works both ways.
    const member = await createUser(t.db);
    expect((await agent.post(`/api/admin/users/${member.id}/demo`)).statusCode).toBe(200);
    expect((await agent.delete(`/api/admin/users/${member.id}/demo`)).statusCode).toBe(200);
  });
});
