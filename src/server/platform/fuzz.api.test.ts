import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { alerts } from '../db/schema/messaging.js';
import { missionApplications, missions } from '../db/schema/missions.js';
import type { User } from '../db/schema/users.js';
import { createUser, driverPayload, missionPayload, TEST_PASSWORD } from '../test/factories.js';
import { fuzzRoute, targetsOf, type Actor, type FuzzFixtures, type RouteReport } from '../test/fuzz.js';
import { createTestApp, agentFor, sessionCookie, type TestApp } from '../test/harness.js';

/**
 * Every API route, fuzzed from its schemas (test/fuzz.ts). `npm test` runs FUZZ_CASES (300) requests per route;
 * `npm run fuzz` runs 10,000 per route and prints the counts. FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_CASES ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const errorLines: string[] = [];
const reports: RouteReport[] = [];

// Built before the tests are listed: there is one test per route of the running app.
const t: TestApp = await createTestApp({
  // Errors only: the lines of every request would cost more than the requests (and are not read).
  logLevel: 'error',
  logTo: new Writable({
    write(chunk: Buffer, _encoding, done) {
      // Only errors are kept (a long run logs millions of requests).
      const line = String(chunk);
      if (/"level":(50|60)/.test(line) && errorLines.length < 20) errorLines.push(line.slice(0, 2000));
      done();
    },
  }),
});
const fixtures = await createFixtures(t);

async function createFixtures(t: TestApp): Promise<FuzzFixtures> {
  const driver = await createUser(t.db, { subscriptionPlan: 'premium' });
  const transporter = await createUser(t.db, { userType: 'company' });
  const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
  const unverified = await createUser(t.db, { emailVerified: false });
  const company = await agentFor(t, transporter.id);
  const open = (await company.post('/api/missions', missionPayload())).json().mission.id as string;
  const running = (await company.post('/api/missions', missionPayload())).json().mission.id as string;
  const [application] = await t.db
    .insert(missionApplications)
    .values({ missionId: open, driverId: driver.id })
    .returning();
  await t.db
    .insert(missionApplications)
    .values({ missionId: running, driverId: driver.id, status: 'accepted' });
  await t.db
    .update(missions)
    .set({ status: 'assigned', driverId: driver.id })
    .where(eq(missions.id, running));
  const [alert] = await t.db
    .insert(alerts)
    .values({ userId: driver.id, type: 'mission', title: 'Alerte', message: 'Une alerte' })
    .returning();
  const cookies = new Map<Actor, { cookie: Promise<string>; at: number }>();
  const users: Record<Exclude<Actor, 'anonymous'>, string> = {
    driver: driver.id,
    transporter: transporter.id,
    admin: admin.id,
    unverified: unverified.id,
  };
  return {
    ids: [driver.id, transporter.id, admin.id, unverified.id, open, running, application!.id, alert!.id],
    // One session per caller while it lasts: a request that ends it (logout, "déconnecter les autres", a deleted
    // account) gets a 401, and the next request a new session, so it never signs the following ones out for long.
    // A session is also renewed after 4 minutes, before the password "just typed" (5 minutes) goes stale, so the
    // routes that ask for it are reached however long the run. (A session written for every request was 18 % of
    // the fuzzer's time.)
    cookieFor: async (actor) => {
      if (actor === 'anonymous') return null;
      const known = cookies.get(actor);
      if (known && Date.now() - known.at < 4 * 60_000) return known.cookie;
      const cookie = sessionCookie(t.db, users[actor]);
      cookies.set(actor, { cookie, at: Date.now() });
      return cookie;
    },
    // Only if it is still the session in use: a late 401 of an old one must not throw away its successor.
    sessionEnded: (actor, cookie) => {
      const known = cookies.get(actor);
      void known?.cookie.then((current) => {
        if (current === cookie && cookies.get(actor) === known) cookies.delete(actor);
      });
    },
    examples: examplesFor({ driver, transporter, open, running }),
  };
}

let counter = 0;
const fresh = () => `fuzz-${Date.now().toString(36)}-${counter++}@exemple.fr`;
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A request that passes validation, for each route that takes a body or a query. */
function examplesFor(s: {
  driver: User;
  transporter: User;
  open: string;
  running: string;
}): FuzzFixtures['examples'] {
  const password = { password: TEST_PASSWORD };
  return {
    'POST /api/auth/register': { body: () => driverPayload({ email: fresh() }) },
    'POST /api/auth/login': { body: () => ({ email: s.driver.email, password: TEST_PASSWORD }) },
    'POST /api/auth/verify-email': { body: () => ({ token: 'a'.repeat(43) }) },
    'POST /api/alerts/unsubscribe': { body: () => ({ token: `${s.driver.id}.all.${'c'.repeat(27)}` }) },
    'POST /api/auth/password/forgot': { body: () => ({ email: s.driver.email }) },
    'POST /api/auth/password/reset': { body: () => ({ token: 'b'.repeat(43), password: 'nouveau-secret' }) },
    'POST /api/auth/password/reset/check': { body: () => ({ token: 'd'.repeat(43) }) },
    'POST /api/account/password': {
      body: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'nouveau-secret' }),
    },
    'POST /api/account/email': { body: () => ({ newEmail: fresh(), ...password }) },
    'POST /api/account/email/confirm': { body: () => ({ token: 'c'.repeat(43) }) },
    'DELETE /api/account': { body: () => ({ ...password }) },
    'POST /api/admin/setup': {
      body: () => ({ email: fresh(), password: 'motdepasse-admin', fullName: 'Admin' }),
    },
    'GET /api/missions/search': {
      query: () => ({
        q: 'frigo lyon',
        vehicleType: 'semi_frigorifique',
        from: later(1).slice(0, 10),
        to: later(30).slice(0, 10),
        lat: 48.75,
        lng: 2.35,
        radiusKm: 100,
        sort: 'distance',
        page: 1,
        pageSize: 20,
      }),
    },
    'GET /api/missions': { query: () => ({ status: 'available,assigned' }) },
    'GET /api/geocode': { query: () => ({ q: 'Rungis' }) },
    'GET /api/places': { query: () => ({ q: '94150' }) },
    'GET /api/places/locate': { query: () => ({ address: '1 rue de la Tour, 94150 Rungis' }) },
    'GET /api/missions/export.csv': {
      query: () => ({ status: 'completed', from: '2026-01-01', to: later(10).slice(0, 10) }),
    },
    'POST /api/missions': { body: () => missionPayload(), actor: 'transporter' },
    'PUT /api/missions/:id': { body: () => missionPayload(), actor: 'transporter' },
    'POST /api/missions/:id/:action': {
      body: () => ({ reason: 'Camion en panne sur l’A6' }),
      actor: 'transporter',
    },
    'POST /api/missions/:id/apply': { body: () => ({ message: 'Disponible dès 5 h' }), actor: 'driver' },
    'PUT /api/profile': {
      actor: 'driver',
      body: () => ({
        fullName: 'Jean Routier',
        phone: '06 12 34 56 78',
        currentLocation: 'Lyon',
        licenseType: 'CE',
        licenseNumber: '12AB34567',
        yearsExperience: 5,
        vehicleTypes: ['semi_remorque'],
        certifications: ['FIMO'],
      }),
    },
    'GET /api/messages/:userId': {
      query: () => ({ missionId: s.open, before: later(0), limit: 20 }),
    },
    'POST /api/messages/:userId': {
      body: () => ({ content: 'Bonjour, je suis au quai 4.', missionId: s.open }),
      actor: 'transporter',
    },
    'POST /api/messages/:userId/read': { query: () => ({ missionId: s.open }) },
    'GET /api/messages/:userId/rights': { query: () => ({ missionId: s.open }) },
    'GET /api/alerts': { query: () => ({ filtre: 'non-lues' }) },
    'PUT /api/alerts/preferences': {
      body: () => ({ alertTypes: ['mission'], pushTypes: [], emailTypes: ['message'], zoneRadiusKm: 100 }),
    },
    'POST /api/push/subscriptions': {
      body: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQt', auth: 'tBHItJI5svbpez7KI4CCXg' },
      }),
    },
    'DELETE /api/push/subscriptions': {
      body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }),
    },
  };
}

afterAll(async () => {
  if (reports.length > 0) {
    const total = reports.reduce((sum, report) => sum + report.cases, 0);
    const lines = reports.map((report) => {
      const statuses = Object.entries(report.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      return `${report.route.padEnd(40)} ${String(report.cases).padStart(6)}  ${statuses}`;
    });
    const serverErrors = reports.reduce(
      (sum, report) =>
        sum +
        Object.entries(report.statuses).reduce(
          (n, [status, count]) => n + (Number(status) >= 500 ? count : 0),
          0,
        ),
      0,
    );
    console.warn(
      `\nFuzz (seed ${SEED}): ${total} requests on ${reports.length} routes, ${serverErrors} server errors, ${errorLines.length} error logs\n${lines.join('\n')}\n`,
    );
  }
  await t?.close();
});

describe('fuzzing every route from its schemas', () => {
  it('covers every API route', () => {
    expect(targetsOf(t).length).toBe(
      t.app.routeTable.filter((route) => route.url.startsWith('/api/')).length,
    );
  });

  targetsOf(t).forEach((target, index) => {
    it(
      `${target.method} ${target.url}`,
      async () => {
        const report = await fuzzRoute(t, target, fixtures, { runs: RUNS, seed: SEED + index });
        reports.push(report);
        expect(report.failures, report.route).toEqual([]);
        expect(errorLines, report.route).toEqual([]);
      },
      Math.max(60_000, RUNS * 200),
    );
  });
});
