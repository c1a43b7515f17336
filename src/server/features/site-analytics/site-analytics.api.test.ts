import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteAnalyticsMessages } from '#core/schemas/site-analytics.js';
import {
  analyticsAudience,
  analyticsEvents,
  analyticsSessions,
  analyticsVisits,
} from '../../db/schema/analytics.js';
import { createUser, driverPayload } from '../../test/factories.js';
import { Agent, agentFor, createTestApp, waitForOutboxMail, type TestApp } from '../../test/harness.js';
import { AnalyticsBuffer, flushSiteAnalytics } from './buffer.js';
import { BeaconLimiter } from './collect.js';

let t: TestApp;
beforeAll(async () => {
  // Workers on: the retention job is run through the queue.
  t = await createTestApp({ env: { JOBS_WORKER: 'true' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(
    sql`truncate analytics_audience, analytics_events, analytics_visits, analytics_sessions cascade`,
  );
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const MISSION = '6f1c2a4e-1b2c-4d3e-8f90-123456789abc';
const minute = 60_000;

const ids = () => ({ visitorId: randomUUID(), sessionId: randomUUID() });
const pageView = (path: string, agoMs = 0) => ({
  type: 'page_view',
  path,
  title: 'Relais',
  at: new Date(Date.now() - agoMs).toISOString(),
});

/** What navigator.sendBeacon sends from one of our pages: a JSON string as text/plain, same-origin. */
function send(
  agent: Agent,
  body: unknown,
  headers: Record<string, string> = {},
): ReturnType<Agent['request']> {
  return agent.request({
    method: 'POST',
    url: '/api/analytics/collect',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': IPHONE,
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

describe('without consent', () => {
  it('only the anonymous count by day, page and device grows; ids, IP and account sent anyway are not kept', async () => {
    const user = await createUser(t.db, { userType: 'driver' });
    const agent = new Agent(t.app, '203.0.113.42');
    agent.cookie = (await agentFor(t, user.id)).cookie;
    const sent = ids();
    const response = await send(agent, {
      consent: false,
      ...sent,
      referrer: 'https://www.google.fr/search?q=relais',
      events: [
        pageView(`/mission/${MISSION}?tab=paiement`),
        pageView(`/mission/${MISSION}`),
        pageView('/pricing'),
        { type: 'sign_up', path: '/register', at: new Date().toISOString() },
      ],
    });
    expect(response.statusCode).toBe(204);
    const rows = await tables();
    expect(rows.sessions).toEqual([]);
    expect(rows.visits).toEqual([]);
    expect(rows.events).toEqual([]);
    expect(
      rows.audience
        .map(({ page, deviceType, views }) => ({ page, deviceType, views }))
        .sort((a, b) => a.page.localeCompare(b.page)),
    ).toEqual([
      { page: '/mission/:id', deviceType: 'mobile', views: 2 },
      { page: '/pricing', deviceType: 'mobile', views: 1 },
    ]);
    // Nothing anywhere that points back to the browser, the address or the account.
    const everything = JSON.stringify(rows);
    for (const secret of [sent.visitorId, sent.sessionId, '203.0.113', user.id, 'google', 'iPhone'])
      expect(everything).not.toContain(secret);
  });

  it('DNT: 1 or Sec-GPC: 1 count as a refusal, whatever the page says', async () => {
    for (const header of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Array<Record<string, string>>) {
      expect(
        (await send(new Agent(t.app), { consent: true, ...ids(), events: [pageView('/missions')] }, header))
          .statusCode,
      ).toBe(204);
    }
    const rows = await tables();
    expect(rows.sessions).toEqual([]);
    expect(rows.visits).toEqual([]);
    expect(rows.audience.map((row) => row.views)).toEqual([2]);
  });

  it('consent without the browser ids is counted anonymously', async () => {
    await send(new Agent(t.app), { consent: true, events: [pageView('/')] });
    const rows = await tables();
    expect(rows.sessions).toEqual([]);
    expect(rows.audience).toMatchObject([{ page: '/', views: 1 }]);
  });

  it('robots are not counted at all', async () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(
      (
        await send(
          new Agent(t.app),
          { consent: true, ...ids(), events: [pageView('/')] },
          { 'user-agent': googlebot },
        )
      ).statusCode,
    ).toBe(204);
    const rows = await tables();
    expect(rows.audience).toEqual([]);
    expect(rows.sessions).toEqual([]);
  });
});

describe('with consent', () => {
  it('records the session (truncated IP, referrer site, landing page, device, duration) and one visit per page', async () => {
    const sent = ids();
    const agent = new Agent(t.app, '203.0.113.42');
    await send(agent, {
      consent: true,
      ...sent,
      referrer: 'https://www.google.fr/search?q=chauffeur+poids+lourd',
      events: [
        pageView('/', 4 * minute),
        pageView(`/mission/${MISSION}?from=search`, 3 * minute),
        {
          type: 'cta_click',
          path: '/',
          category: 'landing',
          label: 'Je suis chauffeur',
          at: new Date(Date.now() - 4 * minute).toISOString(),
        },
      ],
    });
    // Later pages of the same session (another beacon; the referrer is not sent again).
    await send(agent, { consent: true, ...sent, events: [pageView('/pricing', minute)] });
    const rows = await tables();
    expect(rows.sessions).toHaveLength(1);
    const session = rows.sessions[0]!;
    expect(session).toMatchObject({
      sessionId: sent.sessionId,
      userId: null,
      ipAddress: '203.0.113.0',
      referrer: 'google.fr',
      landingPage: '/',
      deviceType: 'mobile',
      pageViews: 3,
      userAgent: IPHONE,
      country: null,
      city: null,
    });
    expect(session.duration).toBeGreaterThanOrEqual(179);
    expect(session.duration).toBeLessThanOrEqual(181);
    expect(rows.visits.map((v) => v.page).sort()).toEqual(['/', '/mission/:id', '/pricing']);
    expect(rows.visits.every((v) => v.visitorId === sent.visitorId && v.sessionId === sent.sessionId)).toBe(
      true,
    );
    expect(rows.visits.every((v) => v.userType === 'visitor' && v.userId === null && !v.converted)).toBe(
      true,
    );
    expect(rows.events).toMatchObject([
      {
        sessionId: sent.sessionId,
        eventType: 'cta_click',
        eventCategory: 'landing',
        eventLabel: 'Je suis chauffeur',
        pagePath: '/',
      },
    ]);
    // Page views with consent count in the total too.
    expect(rows.audience.reduce((sum, row) => sum + row.views, 0)).toBe(3);
  });

  it('keeps an IPv6 address to its /48 and ties a signed-in visit to its account and role', async () => {
    const user = await createUser(t.db, { userType: 'company', companyName: 'Transports Martin' });
    const agent = new Agent(t.app, '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    agent.cookie = (await agentFor(t, user.id)).cookie;
    const sent = ids();
    await send(
      agent,
      { consent: true, ...sent, events: [pageView('/dashboard')] },
      { 'user-agent': WINDOWS },
    );
    const rows = await tables();
    expect(rows.sessions[0]).toMatchObject({
      ipAddress: '2001:db8:85a3::',
      userId: user.id,
      deviceType: 'desktop',
      referrer: null,
    });
    expect(rows.visits[0]).toMatchObject({ userType: 'transporter', userId: user.id, page: '/dashboard' });
  });

  it('our own site as referrer is no referrer', async () => {
    await send(new Agent(t.app), {
      consent: true,
      ...ids(),
      referrer: `${t.config.publicUrl}/pricing`,
      events: [pageView('/register')],
    });
    expect((await tables()).sessions[0]!.referrer).toBeNull();
  });
});

describe('conversion', () => {
  it('a fresh account’s sign_up marks the visits of its browser converted, an old account’s does not', async () => {
    const sent = ids();
    const browser = new Agent(t.app);
    await send(browser, {
      consent: true,
      ...sent,
      events: [pageView('/', 2 * minute), pageView('/register', minute)],
    });
    // The sign-up's link, opened in the same browser, creates the account and signs in (decision 039).
    const email = `conv-${Date.now()}@exemple.fr`;
    expect((await browser.post('/api/auth/register', driverPayload({ email }))).statusCode).toBe(202);
    const link = (await waitForOutboxMail(t.config, email)).link!;
    const created = await browser.post('/api/auth/verify-email', {
      token: new URL(link).searchParams.get('token'),
    });
    expect(created.statusCode).toBe(200);
    const userId = created.json().user.id as string;
    await send(browser, {
      consent: true,
      ...sent,
      events: [{ type: 'sign_up', path: '/register', at: new Date().toISOString() }],
    });

    const old = await createUser(t.db, { createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const oldBrowser = await agentFor(t, old.id);
    const oldIds = ids();
    await send(oldBrowser, {
      consent: true,
      ...oldIds,
      events: [pageView('/dashboard'), { type: 'sign_up', path: '/register', at: new Date().toISOString() }],
    });

    const rows = await tables();
    const mine = rows.visits.filter((v) => v.visitorId === sent.visitorId);
    expect(mine).toHaveLength(2);
    expect(mine.every((v) => v.converted && v.userId === userId)).toBe(true);
    const theirs = rows.visits.filter((v) => v.visitorId === oldIds.visitorId);
    expect(theirs.every((v) => !v.converted)).toBe(true);
    // The event itself is kept (with consent).
    expect(rows.events.filter((e) => e.eventType === 'sign_up')).toHaveLength(2);
  });

  it('a sign_up without a signed-in account converts nothing', async () => {
    const sent = ids();
    await send(new Agent(t.app), {
      consent: true,
      ...sent,
      events: [pageView('/register'), { type: 'sign_up', path: '/register', at: new Date().toISOString() }],
    });
    expect((await tables()).visits.every((v) => !v.converted)).toBe(true);
  });
});

describe('what the endpoint refuses', () => {
  it('a payload too large or malformed: 400 with a French message', async () => {
    const agent = new Agent(t.app);
    const many = await send(agent, {
      consent: false,
      events: Array.from({ length: 21 }, () => pageView('/')),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe(siteAnalyticsMessages.tooManyEvents);
    const long = await send(agent, {
      consent: false,
      events: [{ ...pageView('/'), title: 'x'.repeat(121) }],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(siteAnalyticsMessages.tooLong);
    const badId = await send(agent, {
      consent: true,
      visitorId: 'court',
      sessionId: randomUUID(),
      events: [pageView('/')],
    });
    expect(badId.json().message).toBe(siteAnalyticsMessages.badId);
    const badPath = await send(agent, { consent: false, events: [pageView('https://ailleurs.example/')] });
    expect(badPath.json().message).toBe(siteAnalyticsMessages.badPath);
    const none = await send(agent, { consent: false, events: [] });
    expect(none.json().message).toBe(siteAnalyticsMessages.noEvent);
    const notJson = await send(agent, 'bonjour');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('Le corps de la requête n’est pas un JSON valide');
    const huge = await send(agent, { consent: false, events: [pageView('/')], referrer: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('La requête est trop volumineuse');
    // application/json (a Blob from the tracker) is read as well.
    const asJson = await agent.request({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: { 'user-agent': IPHONE, 'sec-fetch-site': 'same-origin' },
      payload: { consent: false, events: [pageView('/pricing')] },
    });
    expect(asJson.statusCode).toBe(204);
    expect((await tables()).audience).toMatchObject([{ page: '/pricing', views: 1 }]);
  });

  it('a beacon from another site is refused, ours passes', async () => {
    const agent = new Agent(t.app);
    const body = { consent: false, events: [pageView('/')] };
    expect((await send(agent, body, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const foreign = await agent.request({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: { 'content-type': 'text/plain', 'user-agent': IPHONE, origin: 'https://pirate.example' },
      payload: JSON.stringify(body),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/origine/);
    const own = await agent.request({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: { 'content-type': 'text/plain', 'user-agent': IPHONE, origin: t.config.publicUrl },
      payload: JSON.stringify(body),
    });
    expect(own.statusCode).toBe(204);
    expect((await tables()).audience).toMatchObject([{ views: 1 }]);
  });

  it('one address is held to its limit per window (IPv6 by its /64); another is not', () => {
    const limiter = new BeaconLimiter({ limit: 3, windowSeconds: 60 });
    const now = Date.now();
    for (let i = 0; i < 3; i++) expect(limiter.allow('198.51.100.7', now)).toBe(true);
    expect(limiter.allow('198.51.100.7', now)).toBe(false);
    expect(limiter.allow('198.51.100.8', now)).toBe(true);
    for (let i = 0; i < 3; i++) expect(limiter.allow(`2001:db8:1:2::${i + 1}`, now)).toBe(true);
    expect(limiter.allow('2001:db8:1:2::ffff', now)).toBe(false);
    expect(limiter.allow('198.51.100.7', now + 61_000)).toBe(true);
    // Bounded: it never holds more addresses than its size.
    const small = new BeaconLimiter({ limit: 1, windowSeconds: 60 }, 2);
    expect([
      small.allow('10.0.0.1', now),
      small.allow('10.0.0.2', now),
      small.allow('10.0.0.3', now),
      small.allow('10.0.0.3', now),
    ]).toEqual([true, true, true, true]);
  });

  it('the buffer is bounded: beyond its size beacons are dropped and counted; a flush writes what it holds', async () => {
    const buffer = new AnalyticsBuffer(t.db, t.app.log, {
      maxItems: 3,
      flushAtItems: 100,
      flushEveryMs: 60_000,
    });
    const item = (page: string) => ({
      audience: [{ day: '2026-01-05', page, deviceType: 'mobile' }],
      session: null,
      visits: [],
      events: [],
      conversions: [],
      size: 1,
    });
    expect([1, 2, 3, 4, 5].map((n) => buffer.add(item(`/p${n % 2}`)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(buffer.snapshot()).toMatchObject({ pending: 3, accepted: 3, dropped: 2 });
    await buffer.flush();
    expect(buffer.snapshot()).toMatchObject({ pending: 0, flushes: 1, rowsWritten: 2 });
    const rows = await t.db.select().from(analyticsAudience);
    expect(rows.map((r) => [r.page, r.views]).sort()).toEqual([
      ['/p0', 1],
      ['/p1', 2],
    ]);
  });

  it('what waits is written when the app closes', async () => {
    const other = await createTestApp({ databaseUrl: t.database.url });
    const agent = new Agent(other.app);
    const response = await agent.request({
      method: 'POST',
      url: '/api/analytics/collect',
      headers: { 'content-type': 'text/plain', 'user-agent': IPHONE, 'sec-fetch-site': 'same-origin' },
      payload: JSON.stringify({ consent: false, events: [pageView('/closing')] }),
    });
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(analyticsAudience)).toEqual([]);
    await other.app.close();
    await other.database.close();
    expect(await t.db.select().from(analyticsAudience)).toMatchObject([{ page: '/closing', views: 1 }]);
  });
});

describe('admin figures', () => {
  /** Three days in March 2025 (Paris), written straight into the tables. */
  async function dataSet() {
    await t.db.execute(sql`delete from users where created_at >= '2025-03-01' and created_at < '2025-04-01'`);
    await t.db.insert(analyticsAudience).values([
      { day: '2025-03-10', page: '/', deviceType: 'mobile', views: 40 },
      { day: '2025-03-10', page: '/pricing', deviceType: 'desktop', views: 10 },
      { day: '2025-03-11', page: '/', deviceType: 'desktop', views: 20 },
      { day: '2025-03-11', page: '/register', deviceType: 'mobile', views: 5 },
      { day: '2025-03-12', page: '/mission/:id', deviceType: 'tablet', views: 7 },
      // Outside the period.
      { day: '2025-03-13', page: '/', deviceType: 'mobile', views: 1000 },
    ]);
    const at = (iso: string) => new Date(iso);
    await t.db.insert(analyticsSessions).values([
      {
        sessionId: 's1-aaaaaaaaaaaaaaaa',
        startedAt: at('2025-03-10T08:00:00Z'),
        endedAt: at('2025-03-10T08:02:00Z'),
        duration: 120,
        pageViews: 3,
        referrer: 'google.fr',
        deviceType: 'mobile',
        landingPage: '/',
      },
      {
        sessionId: 's2-aaaaaaaaaaaaaaaa',
        startedAt: at('2025-03-10T23:30:00Z'),
        endedAt: at('2025-03-10T23:30:00Z'),
        duration: 0,
        pageViews: 1,
        referrer: 'google.fr',
        deviceType: 'mobile',
        landingPage: '/',
      },
      {
        sessionId: 's3-aaaaaaaaaaaaaaaa',
        startedAt: at('2025-03-12T10:00:00Z'),
        endedAt: at('2025-03-12T10:05:00Z'),
        duration: 300,
        pageViews: 2,
        referrer: 'routiers.fr',
        deviceType: 'desktop',
        landingPage: '/pricing',
      },
      {
        sessionId: 's4-aaaaaaaaaaaaaaaa',
        startedAt: at('2025-03-14T10:00:00Z'),
        duration: 999,
        pageViews: 9,
        referrer: 'ailleurs.fr',
        deviceType: 'desktop',
      },
    ]);
    await t.db.insert(analyticsVisits).values([
      // Visitor A: three pages on the 10th, then registered (converted).
      {
        visitorId: 'A',
        sessionId: 's1-aaaaaaaaaaaaaaaa',
        page: '/',
        userType: 'visitor',
        converted: true,
        createdAt: at('2025-03-10T08:00:00Z'),
      },
      {
        visitorId: 'A',
        sessionId: 's1-aaaaaaaaaaaaaaaa',
        page: '/pricing',
        userType: 'visitor',
        converted: true,
        createdAt: at('2025-03-10T08:01:00Z'),
      },
      {
        visitorId: 'A',
        sessionId: 's1-aaaaaaaaaaaaaaaa',
        page: '/register',
        userType: 'visitor',
        converted: true,
        createdAt: at('2025-03-10T08:02:00Z'),
      },
      // Visitor B: 23:30 UTC on the 10th is the 11th in Paris.
      {
        visitorId: 'B',
        sessionId: 's2-aaaaaaaaaaaaaaaa',
        page: '/',
        userType: 'visitor',
        createdAt: at('2025-03-10T23:30:00Z'),
      },
      {
        visitorId: 'C',
        sessionId: 's3-aaaaaaaaaaaaaaaa',
        page: '/pricing',
        userType: 'visitor',
        createdAt: at('2025-03-12T10:00:00Z'),
      },
      {
        visitorId: 'C',
        sessionId: 's3-aaaaaaaaaaaaaaaa',
        page: '/mission/:id',
        userType: 'visitor',
        createdAt: at('2025-03-12T10:05:00Z'),
      },
      // Outside.
      {
        visitorId: 'D',
        sessionId: 's4-aaaaaaaaaaaaaaaa',
        page: '/',
        userType: 'visitor',
        converted: true,
        createdAt: at('2025-03-14T10:00:00Z'),
      },
    ]);
    await createUser(t.db, { userType: 'driver', createdAt: at('2025-03-10T08:03:00Z') });
    await createUser(t.db, { userType: 'driver', createdAt: at('2025-03-11T09:00:00Z') });
    await createUser(t.db, { userType: 'company', createdAt: at('2025-03-12T23:30:00Z') }); // 13th in Paris: outside
    await createUser(t.db, { userType: 'company', createdAt: at('2025-03-12T12:00:00Z') });
    await createUser(t.db, { userType: 'admin', isAdmin: true, createdAt: at('2025-03-11T12:00:00Z') });
  }

  it('overview: every figure on a known data set', async () => {
    await dataSet();
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const response = await (
      await agentFor(t, admin.id)
    ).get('/api/admin/analytics/overview?from=2025-03-10&to=2025-03-12');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.from).toBe('2025-03-10');
    expect(body.to).toBe('2025-03-12');
    expect(body.totals).toEqual({
      pageViews: 82,
      visits: 6,
      uniqueVisitors: 3,
      sessions: 3,
      averageSessionSeconds: 140,
      pagesPerSession: 2,
    });
    expect(body.registrations).toEqual({ total: 3, drivers: 2, transporters: 1 });
    expect(body.conversion).toEqual({ visitors: 3, converted: 1, rate: 0.3333 });
    expect(body.daily).toEqual([
      { day: '2025-03-10', pageViews: 50, visits: 3, sessions: 1, registrations: 1 },
      { day: '2025-03-11', pageViews: 25, visits: 1, sessions: 1, registrations: 1 },
      { day: '2025-03-12', pageViews: 7, visits: 2, sessions: 1, registrations: 1 },
    ]);
    expect(body.topPages).toEqual([
      { page: '/', views: 60 },
      { page: '/pricing', views: 10 },
      { page: '/mission/:id', views: 7 },
      { page: '/register', views: 5 },
    ]);
    expect(body.topReferrers).toEqual([
      { referrer: 'google.fr', sessions: 2 },
      { referrer: 'routiers.fr', sessions: 1 },
    ]);
    expect(body.devices).toEqual([
      { deviceType: 'mobile', views: 45 },
      { deviceType: 'desktop', views: 30 },
      { deviceType: 'tablet', views: 7 },
    ]);
  });

  it('an empty period gives zeros for each day; a reversed or too long one is refused in French', async () => {
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const agent = await agentFor(t, admin.id);
    const empty = (await agent.get('/api/admin/analytics/overview?from=2024-02-28&to=2024-03-01')).json();
    expect(empty.totals).toEqual({
      pageViews: 0,
      visits: 0,
      uniqueVisitors: 0,
      sessions: 0,
      averageSessionSeconds: 0,
      pagesPerSession: 0,
    });
    expect(empty.conversion).toEqual({ visitors: 0, converted: 0, rate: 0 });
    expect(empty.daily.map((d: { day: string }) => d.day)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    const reversed = await agent.get('/api/admin/analytics/overview?from=2025-03-12&to=2025-03-10');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(siteAnalyticsMessages.periodReversed);
    const long = await agent.get('/api/admin/analytics/overview?from=2024-01-01&to=2025-03-10');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(siteAnalyticsMessages.periodTooLong);
    // Default: the last 30 days.
    const recent = (await agent.get('/api/admin/analytics/overview')).json();
    expect(recent.daily).toHaveLength(30);
  });

  it('events: counts by type, category and label, the latest first, filtered by type', async () => {
    const sent = ids();
    const agent = new Agent(t.app);
    const event = (type: string, label: string) => ({
      type,
      path: '/',
      category: 'landing',
      label,
      at: new Date().toISOString(),
    });
    await send(agent, {
      consent: true,
      ...sent,
      events: [
        event('cta_click', 'chauffeur'),
        event('cta_click', 'chauffeur'),
        event('cta_click', 'transporteur'),
        event('faq_open', 'prix'),
      ],
    });
    await flushSiteAnalytics(t.db);
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const adminAgent = await agentFor(t, admin.id);
    const all = (await adminAgent.get('/api/admin/analytics/events')).json();
    expect(all.counts).toEqual([
      { type: 'cta_click', category: 'landing', label: 'chauffeur', count: 2 },
      { type: 'cta_click', category: 'landing', label: 'transporteur', count: 1 },
      { type: 'faq_open', category: 'landing', label: 'prix', count: 1 },
    ]);
    expect(all.recent).toHaveLength(4);
    expect(all.recent[0]).toMatchObject({ page: '/', signedIn: false });
    const faq = (await adminAgent.get('/api/admin/analytics/events?type=faq_open')).json();
    expect(faq.counts).toEqual([{ type: 'faq_open', category: 'landing', label: 'prix', count: 1 }]);
    expect(faq.recent).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const driver = await agentFor(t, (await createUser(t.db, { userType: 'driver' })).id);
    const company = await agentFor(t, (await createUser(t.db, { userType: 'company' })).id);
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    for (const url of [
      '/api/admin/analytics/overview',
      '/api/admin/analytics/events',
      '/api/admin/analytics/ingest',
    ]) {
      expect((await new Agent(t.app).get(url)).statusCode, url).toBe(401);
      for (const member of [driver, company]) {
        const refused = await member.get(url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe('Cette action est réservée aux administrateurs');
      }
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
  });

  it('ingest: this instance’s queue, accepted and written', async () => {
    await send(new Agent(t.app), { consent: false, events: [pageView('/'), pageView('/pricing')] });
    await flushSiteAnalytics(t.db);
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    const stats = (await admin.get('/api/admin/analytics/ingest')).json();
    expect(stats.pending).toBe(0);
    expect(stats.accepted).toBeGreaterThanOrEqual(2);
    expect(stats.flushes).toBeGreaterThanOrEqual(1);
    expect(stats.rowsWritten).toBeGreaterThanOrEqual(2);
    expect(stats.dropped).toBe(0);
  });
});

describe('retention', () => {
  it('deletes sessions, visits and events older than 13 months, keeps younger ones and every count', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000);
    const recent = new Date(Date.now() - 380 * 86_400_000);
    await t.db.insert(analyticsSessions).values([
      { sessionId: 'old-aaaaaaaaaaaaaaaa', startedAt: old, pageViews: 1 },
      { sessionId: 'new-aaaaaaaaaaaaaaaa', startedAt: recent, pageViews: 1 },
    ]);
    await t.db.insert(analyticsVisits).values([
      { visitorId: 'old', sessionId: 'old-aaaaaaaaaaaaaaaa', page: '/', createdAt: old },
      { visitorId: 'new', sessionId: 'new-aaaaaaaaaaaaaaaa', page: '/', createdAt: recent },
    ]);
    await t.db.insert(analyticsEvents).values([
      { sessionId: 'old-aaaaaaaaaaaaaaaa', eventType: 'cta_click', createdAt: old },
      { sessionId: 'new-aaaaaaaaaaaaaaaa', eventType: 'cta_click', createdAt: recent },
    ]);
    await t.db
      .insert(analyticsAudience)
      .values({ day: '2020-01-01', page: '/', deviceType: 'mobile', views: 12 });
    await t.app.jobs.runNow('site-analytics-retention');
    const rows = await tables();
    expect(rows.sessions.map((s) => s.sessionId)).toEqual(['new-aaaaaaaaaaaaaaaa']);
    expect(rows.visits.map((v) => v.visitorId)).toEqual(['new']);
    expect(rows.events.map((e) => e.sessionId)).toEqual(['new-aaaaaaaaaaaaaaaa']);
    expect(rows.audience).toMatchObject([{ day: '2020-01-01', views: 12 }]);
  });
});
