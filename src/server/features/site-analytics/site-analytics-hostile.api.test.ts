import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analyticsAudience,
  analyticsEvents,
  analyticsSessions,
  analyticsVisits,
} from '../../db/schema/analytics.js';
import { createUser } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, type TestApp } from '../../test/harness.js';
import { AnalyticsBuffer, flushSiteAnalytics } from './buffer.js';

/** A hostile visitor against POST /api/analytics/collect and the admin reports (decision 020). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(
    sql`truncate analytics_audience, analytics_events, analytics_visits, analytics_sessions cascade`,
  );
});

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const ids = () => ({ visitorId: randomUUID(), sessionId: randomUUID() });
const now = () => new Date().toISOString();
const pageView = (path: string) => ({ type: 'page_view', path, at: now() });

function send(agent: Agent, body: unknown, headers: Record<string, string> = {}) {
  return agent.request({
    method: 'POST',
    url: '/api/analytics/collect',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': UA,
      'sec-fetch-site': 'same-origin',
      origin: t.config.publicUrl,
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function tables() {
  await flushSiteAnalytics(t.db);
  return {
    audience: await t.db.select().from(analyticsAudience),
    sessions: await t.db.select().from(analyticsSessions),
    visits: await t.db.select().from(analyticsVisits),
    events: await t.db.select().from(analyticsEvents),
  };
}

describe('one bad item does not poison a flush', () => {
  it('a lone UTF-16 surrogate (which PostgreSQL’s jsonb refuses) in a label or title loses nobody’s rows', async () => {
    const honest = ids();
    await send(new Agent(t.app, '198.51.100.1'), {
      consent: true,
      ...honest,
      events: [pageView('/pricing')],
    });
    // Written by hand: JSON.stringify would keep the escape, and so does the server's JSON.parse.
    const hostile = ids();
    const body = `{"consent":true,"visitorId":"${hostile.visitorId}","sessionId":"${hostile.sessionId}","events":[${JSON.stringify(pageView('/'))},{"type":"cta_click","path":"/","title":"x\\ud800","label":"\\udc00y","category":"\\ud83d","at":"${now()}"}]}`;
    expect((await send(new Agent(t.app, '198.51.100.2'), body)).statusCode).toBe(204);
    const rows = await tables();
    expect(rows.sessions.map((s) => s.sessionId).sort()).toEqual(
      [honest.sessionId, hostile.sessionId].sort(),
    );
    expect(rows.audience.reduce((sum, row) => sum + row.views, 0)).toBe(2);
    expect(rows.events).toHaveLength(1);
    expect(rows.events[0]).toMatchObject({ pageTitle: 'x', eventLabel: '\ufffdy', eventCategory: null });
  });

  it('a label cut at its limit in the middle of an emoji is still written', async () => {
    const sent = ids();
    await send(new Agent(t.app), {
      consent: true,
      ...sent,
      events: [{ type: 'cta_click', path: '/', label: `${'a'.repeat(99)}🚚`, at: now() }],
    });
    await send(new Agent(t.app), { consent: true, ...sent, events: [pageView('/')] });
    const rows = await tables();
    expect(rows.events).toHaveLength(1);
    expect(rows.events[0]!.eventLabel).toBe('a'.repeat(99));
  });

  it('NUL bytes and other control characters never reach the database', async () => {
    const sent = ids();
    await send(new Agent(t.app), {
      consent: true,
      ...sent,
      referrer: 'https://exa\u0000mple.com/\u0000',
      events: [
        pageView('/mi\u0000ssions'),
        {
          type: 'cta_click',
          path: '/\u0000',
          title: 'a\u0000b',
          label: '\u0000',
          category: 'c\u0000',
          at: now(),
        },
      ],
    });
    const rows = await tables();
    expect(rows.sessions).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('\\u0000');
    expect(rows.events[0]).toMatchObject({ pageTitle: 'a b', eventLabel: null, eventCategory: 'c' });
  });

  it('if the database still refuses a batch, the other rows of that batch are written', async () => {
    const buffer = new AnalyticsBuffer(t.db, t.app.log);
    const good = ids();
    const at = new Date();
    const session = (sessionId: string, userId: string | null) => ({
      sessionId,
      userId,
      userAgent: UA,
      ipAddress: null,
      referrer: null,
      landingPage: '/',
      deviceType: 'desktop',
      startedAt: at,
      endedAt: at,
      pageViews: 1,
    });
    buffer.add({
      audience: [{ day: '2026-01-05', page: '/', deviceType: 'desktop' }],
      session: session(good.sessionId, null),
      visits: [{ ...good, page: '/', userType: 'visitor', userId: null, at }],
      events: [],
      conversions: [],
      size: 1,
    });
    // Not a uuid: the cast fails, as any row PostgreSQL refuses would.
    const bad = ids();
    buffer.add({
      audience: [],
      session: session(bad.sessionId, 'not-a-uuid'),
      visits: [{ ...bad, page: '/', userType: 'visitor', userId: 'not-a-uuid', at }],
      events: [],
      conversions: [],
      size: 1,
    });
    await buffer.flush();
    const rows = await tables();
    expect(rows.audience).toHaveLength(1);
    expect(rows.sessions.map((s) => s.sessionId)).toEqual([good.sessionId]);
    expect(rows.visits.map((v) => v.sessionId)).toEqual([good.sessionId]);
    // The bad session and the bad visit: counted as lost, alone.
    expect(buffer.snapshot().failed).toBe(2);
  });
});

describe('conversion abuse', () => {
  it('a fresh account cannot claim the visits another account made under that visitor id', async () => {
    const victim = await createUser(t.db, { createdAt: new Date(Date.now() - 30 * 86_400_000) });
    const victimAgent = await agentFor(t, victim.id);
    const theirs = ids();
    await send(victimAgent, { consent: true, ...theirs, events: [pageView('/dashboard')] });
    const attacker = await createUser(t.db);
    await send(await agentFor(t, attacker.id), {
      consent: true,
      visitorId: theirs.visitorId,
      sessionId: randomUUID(),
      events: [pageView('/register'), { type: 'sign_up', path: '/register', at: now() }],
    });
    const rows = await tables();
    const victimVisits = rows.visits.filter((v) => v.sessionId === theirs.sessionId);
    expect(victimVisits).toHaveLength(1);
    expect(victimVisits[0]).toMatchObject({ userId: victim.id, converted: false });
  });
});

describe('odd bodies', () => {
  it('arrays, nested objects, wrong types, huge and unknown content types get 4xx, never 5xx nor a row', async () => {
    const agent = new Agent(t.app);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const cases: Array<[unknown, Record<string, string>?]> = [
      [[]],
      [[{ consent: true }]],
      ['null'],
      ['""'],
      [''],
      [deep],
      [{ consent: 'true', events: [pageView('/')] }],
      [{ consent: true, events: [{ ...pageView('/'), metadata: { a: { b: { c: 1 } } }, path: { a: 1 } }] }],
      [{ consent: true, events: Array.from({ length: 10_000 }, () => pageView('/')) }],
      [{ consent: true, events: [pageView(`/${'a'.repeat(10_000)}`)] }],
      [{ consent: true, events: [pageView('/')] }, { 'content-type': 'application/x-www-form-urlencoded' }],
      [{ consent: true, events: [pageView('/')] }, { 'content-type': 'multipart/form-data; boundary=x' }],
      [{ consent: true, visitorId: '../../etc', sessionId: 'x'.repeat(65), events: [pageView('/')] }],
      [{ consent: true, events: [{ ...pageView('/'), at: '+275760-09-13T00:00:00.000Z' }] }],
    ];
    for (const [body, headers] of cases) {
      const response = await send(agent, body, headers);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const rows = await tables();
    expect(rows.audience).toEqual([]);
  });

  it('extra fields cannot forge the account, the IP or the device: they come from the request only', async () => {
    const sent = ids();
    const other = await createUser(t.db);
    await send(new Agent(t.app, '203.0.113.9'), {
      consent: true,
      ...sent,
      userId: other.id,
      ipAddress: '1.2.3.4',
      deviceType: 'tablet',
      events: [{ ...pageView('/'), userId: other.id }],
    });
    const rows = await tables();
    expect(rows.sessions[0]).toMatchObject({ userId: null, ipAddress: '203.0.113.0', deviceType: 'desktop' });
    expect(rows.visits[0]).toMatchObject({ userId: null, userType: 'visitor' });
  });

  it('a path carrying an e-mail, a token or a base64 segment keeps none of it', async () => {
    await send(new Agent(t.app), {
      consent: false,
      events: [
        pageView('/reinitialiser-mot-de-passe?token=AbCdEf123'),
        pageView('/verify-email/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc'),
        pageView('/profile/jean.dupont@exemple.fr'),
        pageView('/profile/jean%2Edupont%40exemple.fr'),
        pageView('/confirmer-email#token=abc'),
        pageView('//evil.example/x'),
        pageView('/a/b/c/d/e/f/g'),
      ],
    });
    const pages = (await tables()).audience.map((row) => row.page).sort();
    expect(pages).toEqual([
      '/:id/x',
      '/a/b/c/d',
      '/confirmer-email',
      '/profile/:id',
      '/reinitialiser-mot-de-passe',
      '/verify-email/:id',
    ]);
  });
});

describe('admin reports', () => {
  it('odd periods are French 400s, not 500s; non-admins are refused', async () => {
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    for (const query of [
      'from=2024-02-30',
      'from=0000-01-01',
      'to=9999-12-31',
      'from=1900-01-01&to=1900-01-02',
      'from=2020-01-01',
      'from=2025-01-02&to=2025-01-01',
      'from=2025-01-01T00:00:00Z',
    ]) {
      for (const route of ['overview', 'events']) {
        const response = await admin.request({
          method: 'GET',
          url: `/api/admin/analytics/${route}?${query}`,
        });
        expect(response.statusCode, `${route}?${query}`).toBe(400);
        expect(response.json().message).toMatch(/[éèàû]|invalide|période/i);
      }
    }
    const bad = await admin.request({ method: 'GET', url: '/api/admin/analytics/events?type=DROP%20TABLE' });
    expect(bad.statusCode).toBe(400);
    const driver = await agentFor(t, (await createUser(t.db)).id);
    for (const route of ['overview', 'events', 'ingest'])
      expect((await driver.request({ method: 'GET', url: `/api/admin/analytics/${route}` })).statusCode).toBe(
        403,
      );
  });
});
