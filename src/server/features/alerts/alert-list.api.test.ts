import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '#core/schemas/alerts.js';
import { alerts } from '../../db/schema/messaging.js';
import { insertMission } from '../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { ALL_ALERTS } from './alert-list.js';
import { toAlert } from './to-alert.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** What the list answered before PostgreSQL assembled it: the rows through toAlert, newest first. */
async function mapped(userId: string) {
  const rows = await t.db
    .select()
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt))
    .limit(200);
  return rows.map(toAlert);
}

describe('GET /api/alerts, assembled by PostgreSQL', () => {
  it('answers what toAlert gives for the same rows: every field, nulls, metadata, microseconds, newest first', async () => {
    const company = await signIn(t, { userType: 'company' });
    const driver = await signIn(t);
    const mission = await insertMission(t.db, { companyId: company.user.id, driverId: driver.user.id });
    // Times with microseconds (a Date keeps milliseconds, truncated), text that JSON escapes, nested metadata.
    await t.db.execute(sql`
      insert into alerts (user_id, type, title, message, link, mission_id, metadata, read, created_at) values
        (${driver.user.id}, 'mission', 'Mission « attribuée »', 'Ligne 1
Ligne 2 "citée" \\ fin', ${`/mission/${mission.id}`}, ${mission.id},
          '{"conversationId": "c1", "amount": 1.50, "nested": {"list": [1, "deux", null]}, "emoji": "🚚"}', false,
          '2026-03-01 10:00:00.123999+00'),
        (${driver.user.id}, 'message', 'Nouveau message', 'Bonjour', null, null, null, true,
          '2026-03-02 23:59:59.999999+01'),
        (${driver.user.id}, 'document', 'Document', 'À renouveler', '/documents', null, '{}', false,
          '2026-02-28 00:00:00+00'),
        (${company.user.id}, 'application', 'Pas pour lui', 'Autre', null, null, null, false, now())`);

    const answer = await driver.agent.get('/api/alerts');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = answer.json();
    expect(list).toEqual(await mapped(driver.user.id));
    expect(list.map((alert: { createdAt: string }) => alert.createdAt)).toEqual([
      '2026-03-02T22:59:59.999Z',
      '2026-03-01T10:00:00.123Z',
      '2026-02-28T00:00:00.000Z',
    ]);
    // What the response schema describes, with no field more.
    for (const alert of list) expect(alertSchema.strict().parse(alert)).toEqual(alert);
    expect((await company.agent.get('/api/alerts')).json()).toEqual(await mapped(company.user.id));
  });

  it('keeps each filter and the 200 newest of a user who gathered more', async () => {
    const { user, agent } = await signIn(t);
    await t.db.execute(sql`
      insert into alerts (user_id, type, title, message, read, created_at)
      select ${user.id}, (array['new_mission', 'mission', 'application', 'message', 'document'])[1 + g % 5],
        'Alerte ' || g, 'Texte', g % 3 = 0, now() - g * interval '1 minute'
      from generate_series(1, 260) g`);
    const all = (await agent.get('/api/alerts')).json();
    expect(all).toHaveLength(200);
    expect(all).toEqual(await mapped(user.id));
    expect(all[0].title).toBe('Alerte 1');
    expect(all[199].title).toBe('Alerte 200');

    const titles = (rows: Array<{ title: string }>) => rows.map((row) => row.title);
    const expected = (keep: (g: number) => boolean) =>
      Array.from({ length: 260 }, (_, i) => i + 1)
        .filter(keep)
        .slice(0, 200)
        .map((g) => `Alerte ${g}`);
    expect(titles((await agent.get('/api/alerts?filtre=non-lues')).json())).toEqual(
      expected((g) => g % 3 !== 0),
    );
    // missions: new_mission, mission, application (g % 5 in 0, 1, 2).
    expect(titles((await agent.get('/api/alerts?filtre=missions')).json())).toEqual(
      expected((g) => g % 5 < 3),
    );
    expect(titles((await agent.get('/api/alerts?filtre=messages')).json())).toEqual(
      expected((g) => g % 5 === 3),
    );
    expect(titles((await agent.get('/api/alerts?filtre=documents')).json())).toEqual(
      expected((g) => g % 5 === 4),
    );
    const none = await signIn(t);
    expect((await none.agent.get('/api/alerts?filtre=documents')).body).toBe('[]');
    expect((await none.agent.get('/api/alerts')).body).toBe('[]');
  });

  it('reads no more alerts than the 200 it answers, for a user who gathered thousands, in the plan kept for all', async () => {
    const { user } = await signIn(t);
    // A thousand users of three alerts each beside one of 3,000: the average user PostgreSQL plans for has few.
    await t.db.execute(sql`
      insert into users (email, password, user_type, full_name)
      select 'lecteur-' || g || '-' || ${user.id} || '@exemple.fr', 'x', 'driver', 'Lecteur ' || g
      from generate_series(1, 1000) g`);
    await t.db.execute(sql`
      insert into alerts (user_id, type, title, message, read, created_at)
      select u.id, 'new_mission', 'Alerte', 'Texte', false, now() - k * interval '1 hour'
      from users u, generate_series(1, 3) k where u.email like 'lecteur-%'`);
    await t.db.execute(sql`
      insert into alerts (user_id, type, title, message, read, created_at)
      select ${user.id}, 'new_mission', 'Alerte ' || g, 'Texte', g % 2 = 0, now() - g * interval '1 minute'
      from generate_series(1, 3000) g`);
    // As autovacuum leaves a table between its bursts of writes: statistics gathered, pages marked all-visible (the
    // index-only read of the ids counts on it; decision 025 says what happens to a table vacuum has not reached).
    await t.db.execute(sql`vacuum (analyze) alerts`);

    // After a few calls on a connection, PostgreSQL keeps one generic plan for the prepared statement: that one.
    const client = await t.database.pool.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare polled(uuid) as ${ALL_ALERTS}`);
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (analyze, format json) execute polled('${user.id}')`,
      );
      const scans = nodes(rows[0]!['QUERY PLAN'][0]!.Plan).filter(
        (node) => node['Relation Name'] === 'alerts',
      );
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans)
        expect(
          scan['Actual Rows'] * scan['Actual Loops'] + (scan['Rows Removed by Filter'] ?? 0),
        ).toBeLessThanOrEqual(200);
    } finally {
      await client.query('deallocate all');
      await client.query('reset plan_cache_mode');
      client.release();
    }
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
