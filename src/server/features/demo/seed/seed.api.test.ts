import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnedBadges, type DriverBadgeFigures } from '#core/rules/badges.js';
import { MISSION_STATUSES } from '#core/rules/enums.js';
import { reputationScore } from '#core/rules/reviews.js';
import { isValidSiret } from '#core/rules/siret.js';
import { demoSandboxes } from '../../../db/schema/demo.js';
import { verifyPassword } from '../../../platform/passwords.js';
import { agentFor, createTestApp, type TestApp } from '../../../test/harness.js';
import {
  buildSandbox,
  DEMO_PERSONAS,
  demoEmail,
  isSandboxPersona,
  personaOf,
  prepareDemoSeed,
  seedSandbox,
  type SeedInput,
} from './index.js';
import { addDays, parisDate } from '#core/rules/days.js';

/**
 * The demonstration data set (decision 022): both doors seeded into a real database, what each visitor must find,
 * the rules the app's own features would apply to these rows (reputation, badges, unread counts), and the
 * visitor's real endpoints answering with data.
 */
let t: TestApp;
const specimen = {
  key: 'demo/specimen.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 2048,
  sha256: 'a'.repeat(64),
};

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  prepareDemoSeed();
  process.stdout.write(`demo seed: prepared in ${(performance.now() - started).toFixed(0)} ms\n`);
});
afterAll(async () => {
  await t?.close();
});

async function seed(role: SeedInput['role']): Promise<SeedInput> {
  const input: SeedInput = { sandboxId: randomUUID(), userId: randomUUID(), role, now: new Date(), specimen };
  const started = performance.now();
  await t.db.transaction(async (tx) => {
    await tx
      .insert(demoSandboxes)
      .values({ id: input.sandboxId, role, userId: input.userId, addressKey: 'test' });
    await seedSandbox(tx, input);
  });
  process.stdout.write(`demo seed (${role}): ${(performance.now() - started).toFixed(1)} ms\n`);
  return input;
}

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.execute<T>(query)).rows;

async function missionStatuses(sandboxId: string) {
  return (
    await rows<{ status: string }>(sql`select distinct status from missions where sandbox_id = ${sandboxId}`)
  ).map((row) => row.status);
}

/** Checks shared by both doors: the world, the visitor, and what the features would compute from the rows. */
async function checkWorld(input: SeedInput) {
  const [visitor] = await rows<{
    email: string;
    is_demo: boolean;
    sandbox_id: string;
    user_type: string;
    email_verified: boolean;
    password: string;
  }>(
    sql`select email, is_demo, sandbox_id, user_type, email_verified, password from users where id = ${input.userId}`,
  );
  expect(visitor).toMatchObject({
    email: demoEmail(input.sandboxId),
    is_demo: true,
    sandbox_id: input.sandboxId,
    user_type: input.role === 'driver' ? 'driver' : 'company',
    email_verified: true,
  });
  expect(visitor!.email).toBe(`demo-${input.sandboxId.slice(0, 8)}@demo.relais.invalid`);
  expect(await verifyPassword('motdepasse', visitor!.password)).toBe(false);

  const people = await rows<{
    id: string;
    email: string;
    sandbox_id: string | null;
    is_demo: boolean;
    password: string;
  }>(sql`select id, email, sandbox_id, is_demo, password from users where sandbox_id = ${input.sandboxId}`);
  expect(people).toHaveLength(1 + DEMO_PERSONAS.length);
  expect(people.every((person) => person.is_demo && person.password === visitor!.password)).toBe(true);
  const personas = people.filter((person) => person.id !== input.userId);
  expect(
    personas.every((person) => isSandboxPersona({ email: person.email, sandboxId: person.sandbox_id })),
  ).toBe(true);
  expect(isSandboxPersona({ email: visitor!.email, sandboxId: input.sandboxId })).toBe(false);
  expect(
    new Set(personas.map((person) => personaOf({ email: person.email, sandboxId: person.sandbox_id })!.key))
      .size,
  ).toBe(DEMO_PERSONAS.length);

  // Every account the sandbox's rows point at is one of its own.
  const [outside] = await rows<{ count: number }>(sql`
    with mine as (select id from missions where sandbox_id = ${input.sandboxId})
    select count(*)::int as count from (
      select driver_id as id from mission_applications where mission_id in (select id from mine)
      union all select driver_id from missions where id in (select id from mine) and driver_id is not null
      union all select reviewer_id from reviews where mission_id in (select id from mine)
      union all select sender_id from messages where receiver_id = ${input.userId} or sender_id = ${input.userId}
      union all select user_id from alerts where mission_id in (select id from mine)
      union all select driver_id from driver_payments where mission_id in (select id from mine)
    ) linked where not exists (select 1 from users u where u.id = linked.id and u.sandbox_id = ${input.sandboxId})`);
  expect(outside!.count).toBe(0);

  expect(await missionStatuses(input.sandboxId)).toEqual(expect.arrayContaining([...MISSION_STATUSES]));
  // Each status with the columns the lifecycle sets on the way to it.
  const [incoherent] = await rows<{ count: number }>(sql`
    select count(*)::int as count from missions where sandbox_id = ${input.sandboxId} and not (
      (status in ('available', 'cancelled') or (driver_id is not null and assigned_at is not null))
      and (status not in ('in_progress', 'delivered', 'completed') or started_at is not null)
      and (status not in ('delivered', 'completed') or delivered_at is not null)
      and (status <> 'completed' or completed_at is not null)
      and (status <> 'cancelled' or (cancelled_at is not null and cancellation_reason is not null))
      and (status = 'cancelled' or cancelled_at is null))`);
  expect(incoherent!.count).toBe(0);
  // Nothing has happened yet that is dated after now.
  const [future] = await rows<{ count: number }>(sql`
    with mine as (select id from missions where sandbox_id = ${input.sandboxId}),
      people as (select id from users where sandbox_id = ${input.sandboxId})
    select count(*)::int as count from (
      select greatest(created_at, assigned_at, started_at, delivered_at, completed_at, cancelled_at) as at
        from missions where id in (select id from mine)
      union all select greatest(created_at, updated_at) from mission_applications where mission_id in (select id from mine)
      union all select created_at from mission_events where mission_id in (select id from mine)
      union all select greatest(created_at, read_at) from messages where sender_id in (select id from people)
      union all select last_message_at from conversations where user_one_id in (select id from people)
      union all select created_at from alerts where user_id in (select id from people)
      union all select greatest(created_at, published_at) from reviews where mission_id in (select id from mine)
      union all select created_at from transactions where user_id in (select id from people)
      union all select greatest(created_at, marked_paid_at, confirmed_at, disputed_at, overdue_alerted_at)
        from driver_payments where mission_id in (select id from mine)
      union all select received_at from gps_positions where mission_id in (select id from mine)
      union all select greatest(uploaded_at, verified_at, signed_at) from documents where user_id in (select id from people)
      union all select s.signed_at from document_signatures s join documents d on d.id = s.document_id
        where d.mission_id in (select id from mine)
      union all select earned_at from badges where user_id in (select id from people)
      union all select last_viewed_at from tracking_views where mission_id in (select id from mine)
      union all select created_at from users where id in (select id from people)
    ) happened where at > now()`);
  expect(future!.count).toBe(0);

  // Reputation: what the reviews feature would store from the published reviews.
  const reputations = await rows<{ id: string; stored: string; count: number; total: number }>(sql`
    select u.id, u.reputation_score as stored,
      (select count(*)::int from reviews r where r.reviewee_id = u.id and r.published_at is not null) as count,
      (select coalesce(sum(r.rating), 0)::int from reviews r where r.reviewee_id = u.id and r.published_at is not null) as total
    from users u where u.sandbox_id = ${input.sandboxId}`);
  for (const row of reputations) expect(Number(row.stored)).toBe(reputationScore(row.count, row.total));
  expect(reputations.find((row) => row.id === input.userId)!.count).toBeGreaterThan(5);

  // Badges: the computed ones are exactly those the badge job's own measure gives (GET /api/badges/mine answers
  // the figures measured now): the job would change nothing.
  const drivers = await rows<{ id: string }>(
    sql`select id from users where sandbox_id = ${input.sandboxId} and user_type = 'driver'`,
  );
  let computed = 0;
  for (const { id } of drivers) {
    const mine = await (await agentFor(t, id)).get('/api/badges/mine');
    expect(mine.statusCode).toBe(200);
    const { badges, figures } = mine.json<{
      badges: Array<{ type: string; awarded: boolean }>;
      figures: DriverBadgeFigures;
    }>();
    const held = badges.filter((badge) => !badge.awarded).map((badge) => badge.type);
    expect(held.sort()).toEqual(earnedBadges(figures).sort());
    computed += held.length;
  }
  expect(computed).toBeGreaterThan(0);

  // Unread counts: each side's count is its unread messages.
  const conversations = await rows<{ one: number; two: number; unread_one: number; unread_two: number }>(sql`
    select c.unread_count_one as one, c.unread_count_two as two,
      (select count(*)::int from messages m where m.conversation_id = c.id and m.receiver_id = c.user_one_id and not m.read) as unread_one,
      (select count(*)::int from messages m where m.conversation_id = c.id and m.receiver_id = c.user_two_id and not m.read) as unread_two
    from conversations c where c.user_one_id = ${input.userId} or c.user_two_id = ${input.userId}`);
  expect(conversations.length).toBeGreaterThanOrEqual(4);
  for (const row of conversations) expect([row.one, row.two]).toEqual([row.unread_one, row.unread_two]);

  const sirets = await rows<{ siret: string }>(
    sql`select siret_number as siret from users where sandbox_id = ${input.sandboxId} and siret_number is not null`,
  );
  expect(sirets.length).toBeGreaterThanOrEqual(7);
  for (const { siret } of sirets) expect(isValidSiret(siret)).toBe(true);

  // Open missions to find: starting in the next days, some urgent, placed on the map.
  const [market] = await rows<{ open: number; urgent: number; placed: number }>(sql`
    select count(*)::int as open, (count(*) filter (where urgency))::int as urgent,
      (count(*) filter (where pickup_lat is not null and search_text <> ''))::int as placed
    from missions where sandbox_id = ${input.sandboxId} and status = 'available' and start_date > now()`);
  expect(market!.open).toBeGreaterThanOrEqual(15);
  expect(market!.urgent).toBeGreaterThanOrEqual(3);
  expect(market!.placed).toBe(market!.open);
}

/** The visitor's real endpoints answer with data. */
async function checkEndpoints(input: SeedInput) {
  const agent = await agentFor(t, input.userId);
  const stats = await agent.get('/api/dashboard/stats');
  expect(stats.statusCode).toBe(200);
  const counts = stats.json<{ counts: Record<string, number>; recent: unknown[] }>();
  expect(Object.values(counts.counts).some((value) => value > 0)).toBe(true);
  expect(counts.recent.length).toBeGreaterThan(0);
  const balance = await agent.get('/api/wallet/balance');
  expect(balance.statusCode).toBe(200);
  expect(Number(balance.json<{ settled: string }>().settled)).toBeGreaterThan(0);
  const chart = await agent.get('/api/wallet/chart');
  expect(chart.statusCode).toBe(200);
  const months = chart.json<{ months: Array<{ earned: string }> }>().months;
  expect(months.filter((month) => Number(month.earned) > 0).length).toBeGreaterThanOrEqual(6);
  const talks = await agent.get('/api/conversations');
  expect(talks.statusCode).toBe(200);
  const list = talks.json<Array<{ unreadCount: number }>>();
  expect(list.length).toBeGreaterThanOrEqual(4);
  expect(list.some((conversation) => conversation.unreadCount > 0)).toBe(true);
  const missions = await agent.get('/api/missions');
  expect(missions.statusCode).toBe(200);
  expect(missions.json<unknown[]>().length).toBeGreaterThan(5);
  return { agent, counts: counts.counts };
}

describe('demo seed', () => {
  let first: SeedInput;

  it('gives the driver door a living account: a trip under way, papers, alerts, conversations', async () => {
    const input = await seed('driver');
    first = input;
    await checkWorld(input);
    const [live] = await rows<{ id: string; points: number; tracked: boolean }>(sql`
      select m.id, (select count(*)::int from gps_positions g where g.mission_id = m.id) as points,
        exists (select 1 from mission_tracking k where k.mission_id = m.id and k.last_position_at is not null) as tracked
      from missions m where m.driver_id = ${input.userId} and m.status = 'in_progress'`);
    expect(live!.points).toBeGreaterThanOrEqual(20);
    expect(live!.tracked).toBe(true);
    const today = parisDate(new Date());
    const [expiring] = await rows<{ count: number }>(sql`
      select count(*)::int as count from documents where user_id = ${input.userId} and status = 'verified'
        and expiration_date between ${today}::date and ${addDays(today, 30)}::date`);
    expect(expiring!.count).toBe(1);
    const [alerts] = await rows<{ unread: number }>(
      sql`select (count(*) filter (where not read))::int as unread from alerts where user_id = ${input.userId}`,
    );
    expect(alerts!.unread).toBeGreaterThan(0);
    const [applications] = await rows<{ pending: number; accepted: number; rejected: number }>(sql`
      select (count(*) filter (where status = 'pending'))::int as pending,
        (count(*) filter (where status = 'accepted'))::int as accepted,
        (count(*) filter (where status = 'rejected'))::int as rejected
      from mission_applications where driver_id = ${input.userId}`);
    expect(applications).toMatchObject({ pending: 3 });
    expect(applications!.accepted).toBeGreaterThan(0);
    expect(applications!.rejected).toBeGreaterThan(0);

    const { agent, counts } = await checkEndpoints(input);
    expect(counts).toMatchObject({ applicationsPending: 3 });
    expect(counts.missionsInProgress).toBeGreaterThanOrEqual(3);
    const tracking = await agent.get(`/api/missions/${live!.id}/tracking`);
    expect(tracking.statusCode).toBe(200);
    expect(tracking.json<{ positions: unknown[] }>().positions.length).toBe(live!.points);
    // A driver with a year of missions is a validated one: not « Étape 2 : l’entretien » on Mes documents.
    const papers = await agent.get('/api/documents');
    expect(papers.json<{ validation: { status: string } }>().validation.status).toBe('approved');
  });

  it('gives the transporter door its missions in every status, with applications waiting for an answer', async () => {
    const input = await seed('transporter');
    await checkWorld(input);
    const statuses = (
      await rows<{ status: string }>(
        sql`select distinct status from missions where company_id = ${input.userId}`,
      )
    ).map((row) => row.status);
    expect(statuses).toEqual(expect.arrayContaining([...MISSION_STATUSES]));
    const [waiting] = await rows<{ count: number }>(sql`
      select count(*)::int as count from mission_applications a join missions m on m.id = a.mission_id
      where m.company_id = ${input.userId} and m.status = 'available' and a.status = 'pending'`);
    expect(waiting!.count).toBeGreaterThanOrEqual(5);
    const [trail] = await rows<{ points: number }>(sql`
      select count(*)::int as points from gps_positions g join missions m on m.id = g.mission_id
      where m.company_id = ${input.userId} and m.status = 'in_progress'`);
    expect(trail!.points).toBeGreaterThanOrEqual(20);
    const { agent, counts } = await checkEndpoints(input);
    expect(counts.applicationsWaiting).toBe(waiting!.count);
    expect(counts.missionsToConfirm).toBe(1);
    // The candidates are drivers Relais has validated: none is shown « Non vérifié ».
    const [open] = await rows<{ id: string }>(sql`
      select m.id from missions m where m.company_id = ${input.userId} and m.status = 'available'
        and exists (select 1 from mission_applications a where a.mission_id = m.id) limit 1`);
    const detail = await agent.get(`/api/missions/${open!.id}`);
    const applicants = detail.json<{ applications: Array<{ driver: { validationStatus: string } }> }>()
      .applications;
    expect(applicants.length).toBeGreaterThan(0);
    expect(applicants.map((application) => application.driver.validationStatus)).toEqual(
      applicants.map(() => 'approved'),
    );
  });

  it('seeds another sandbox beside the others without any clash', async () => {
    const input = await seed('driver');
    await checkWorld(input);
    const [sandboxes] = await rows<{ count: number }>(
      sql`select count(distinct sandbox_id)::int as count from users where sandbox_id is not null`,
    );
    expect(sandboxes!.count).toBeGreaterThanOrEqual(3);
    // The same story in every sandbox (a reset gives back what the visitor first saw), only its ids differ.
    const story = async (sandboxId: string) =>
      (
        await rows<{ line: string }>(sql`
          select m.status || ' ' || m.title || ' ' || m.price || ' ' || coalesce(d.full_name, '-') as line
          from missions m left join users d on d.id = m.driver_id
          where m.sandbox_id = ${sandboxId} order by line`)
      ).map((row) => row.line);
    expect(await story(input.sandboxId)).toEqual(await story(first.sandboxId));
    // Whatever the minute it opens (the trail's length, the windows closed, depend on it; the story does not).
    const told = (now: Date) =>
      buildSandbox({ ...input, now })
        .rows.missions.map((row) => `${row.status} ${row.title} ${row.price}`)
        .sort();
    expect(told(new Date(Date.now() + 157 * 60_000))).toEqual(told(new Date()));
  });
});
