import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodMessages, resolvePeriod } from '#core/rules/analytics-period.js';
import { haversineKm, ROAD_FACTOR, routeKm } from '#core/rules/tracking.js';
import type { DriverAnalytics, TransporterAnalytics } from '#core/schemas/analytics.js';
import type { missions } from '../../db/schema/missions.js';
import { gpsPositions, missionApplications, reviews } from '../../db/schema/missions.js';
import { driverPayments } from '../../db/schema/payments.js';
import { missionTracking } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { createUser, insertMission } from '../../test/factories.js';
import { agentFor, type Agent, createTestApp, type TestApp } from '../../test/harness.js';
import { parisDate } from '#core/rules/days.js';

/**
 * A known data set written straight into the database, on fixed dates: January 2025 (custom period, Paris days)
 * against December 2024. Each figure is asserted exactly, for a driver and for a transporter.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const JANUARY = '/api/analytics?period=custom&from=2025-01-01&to=2025-01-31';
const at = (iso: string) => new Date(iso);
const H = 3600_000;
const RUNGIS = { latitude: 48.746, longitude: 2.35 };
const LESQUIN = { latitude: 50.589, longitude: 3.111 };
const ROUTE = [
  { latitude: 48.8566, longitude: 2.3522 },
  { latitude: 49.0, longitude: 2.5 },
  { latitude: 49.4, longitude: 2.8 },
];
const round1 = (value: number) => Math.round(value * 10) / 10;

/** A completed mission of `companyId` driven by `driverId`, completed at `completedAt` (planned 8 h before). */
function completed(
  companyId: string,
  driverId: string,
  completedAt: string,
  fields: Partial<typeof missions.$inferInsert> = {},
) {
  const end = at(completedAt);
  const start = new Date(end.getTime() - 10 * H);
  return insertMission(t.db, {
    companyId,
    driverId,
    status: 'completed',
    createdAt: new Date(start.getTime() - 48 * H),
    startDate: start,
    endDate: new Date(start.getTime() + 9 * H),
    assignedAt: new Date(start.getTime() - 24 * H),
    startedAt: start,
    deliveredAt: new Date(start.getTime() + 8 * H),
    completedAt: end,
    ...fields,
  });
}

async function pay(mission: typeof missions.$inferSelect, amount: string) {
  await t.db.insert(driverPayments).values({
    missionId: mission.id,
    driverId: mission.driverId!,
    transporterId: mission.companyId,
    amount,
    unitPrice: amount,
    amountExclTax: amount,
    dueDate: parisDate(mission.completedAt!),
    completedAt: mission.completedAt,
  });
}

async function apply(missionId: string, driverId: string, status: string, createdAt: string) {
  await t.db.insert(missionApplications).values({ missionId, driverId, status, createdAt: at(createdAt) });
}

async function review(
  reviewerId: string,
  revieweeId: string,
  missionId: string,
  rating: number,
  publishedAt: string | null,
  removedAt: string | null = null,
) {
  await t.db.insert(reviews).values({
    reviewerId,
    revieweeId,
    missionId,
    rating,
    publishedAt: publishedAt ? at(publishedAt) : null,
    removedAt: removedAt ? at(removedAt) : null,
  });
}

/** An open mission of `companyId` (for applications), planned in the past. */
const open = (companyId: string, createdAt = '2024-11-01T10:00:00Z') =>
  insertMission(t.db, {
    companyId,
    status: 'available',
    createdAt: at(createdAt),
    startDate: at('2024-11-20T06:00:00Z'),
    endDate: at('2024-11-20T14:00:00Z'),
  });

let driver: User;
let otherDriver: User;
let transporter: User;
let otherTransporter: User;
let dispatcher: User;
let driverAgent: Agent;
let otherDriverAgent: Agent;
let transporterAgent: Agent;
let dispatcherAgent: Agent;

beforeAll(async () => {
  driver = await createUser(t.db, { fullName: 'Paul Routier' });
  otherDriver = await createUser(t.db, { fullName: 'Lise Volant' });
  transporter = await createUser(t.db, { userType: 'company', companyName: 'Transports Alpha' });
  otherTransporter = await createUser(t.db, { userType: 'company', companyName: 'Beta Logistique' });
  dispatcher = await createUser(t.db, { userType: 'company', companyName: 'Gamma Fret' });
  driverAgent = await agentFor(t, driver.id);
  otherDriverAgent = await agentFor(t, otherDriver.id);
  transporterAgent = await agentFor(t, transporter.id);
  dispatcherAgent = await agentFor(t, dispatcher.id);

  // ——— The driver's January: four missions completed (and one just after midnight on 1 February, Paris). ———
  const m1 = await completed(transporter.id, driver.id, '2025-01-10T16:00:00Z');
  await pay(m1, '500.00');
  await t.db.insert(missionTracking).values({
    missionId: m1.id,
    driverId: driver.id,
    summary: { distanceKm: 250.5, durationMinutes: 200, averageSpeedKmh: 75, pointCount: 90 },
  });
  const m2 = await completed(transporter.id, driver.id, '2025-01-20T16:00:00Z', { price: '300.00' });
  await t.db.insert(gpsPositions).values(
    ROUTE.map((point, index) => ({
      missionId: m2.id,
      driverId: driver.id,
      latitude: String(point.latitude),
      longitude: String(point.longitude),
      recordedAt: new Date(at('2025-01-20T08:00:00Z').getTime() + index * H),
      clientId: randomUUID(),
    })),
  );
  // 31 January 23:30 in Paris: in January.
  const m3 = await completed(otherTransporter.id, driver.id, '2025-01-31T22:30:00Z', { price: '200.00' });
  // No coordinates: no distance at all.
  const m5 = await completed(transporter.id, driver.id, '2025-01-05T12:00:00Z', {
    price: '100.00',
    pickupLat: null,
    pickupLng: null,
    deliveryLat: null,
    deliveryLng: null,
  });
  // 1 February 00:30 in Paris: not January.
  await completed(transporter.id, driver.id, '2025-01-31T23:30:00Z', { price: '999.00' });
  // Delivered but not confirmed, and cancelled: not completed.
  await insertMission(t.db, {
    companyId: transporter.id,
    driverId: driver.id,
    status: 'delivered',
    deliveredAt: at('2025-01-15T10:00:00Z'),
  });
  // December: one mission.
  const m6 = await completed(transporter.id, driver.id, '2024-12-15T16:00:00Z', { price: '400.00' });

  // Applications sent in January: 2 accepted, 1 rejected, 1 pending, 1 withdrawn; December: 1 accepted, 1 rejected.
  const statuses = ['accepted', 'accepted', 'rejected', 'pending', 'withdrawn'];
  for (const [index, status] of statuses.entries()) {
    const mission = await open(transporter.id);
    await apply(mission.id, driver.id, status, `2025-01-${String(10 + index).padStart(2, '0')}T09:00:00Z`);
  }
  for (const status of ['accepted', 'rejected']) {
    const mission = await open(transporter.id);
    await apply(mission.id, driver.id, status, '2024-12-10T09:00:00Z');
  }
  // Another driver's application, in January: not the driver's.
  await apply((await open(transporter.id)).id, otherDriver.id, 'accepted', '2025-01-12T09:00:00Z');

  // Reviews received: 5 and 4 published in January; a removed one, an unpublished one; 3 in December.
  await review(transporter.id, driver.id, m1.id, 5, '2025-01-11T10:00:00Z');
  await review(otherTransporter.id, driver.id, m3.id, 4, '2025-01-25T10:00:00Z');
  await review(transporter.id, driver.id, m2.id, 1, '2025-01-21T10:00:00Z', '2025-01-22T10:00:00Z');
  await review(transporter.id, driver.id, m5.id, 2, null);
  await review(transporter.id, driver.id, m6.id, 3, '2024-12-16T10:00:00Z');

  // ——— The dispatcher's missions (driven by the other driver). ———
  const a = await insertMission(t.db, {
    companyId: dispatcher.id,
    driverId: otherDriver.id,
    status: 'completed',
    createdAt: at('2025-01-05T10:00:00Z'),
    startDate: at('2025-01-10T08:00:00Z'),
    endDate: at('2025-01-10T18:00:00Z'),
    assignedAt: at('2025-01-06T10:00:00Z'),
    startedAt: at('2025-01-10T08:00:00Z'),
    deliveredAt: at('2025-01-10T17:00:00Z'),
    completedAt: at('2025-01-10T18:00:00Z'),
  });
  await pay(a, '450.00');
  await apply(a.id, otherDriver.id, 'accepted', '2025-01-05T12:00:00Z');
  const b = await insertMission(t.db, {
    companyId: dispatcher.id,
    driverId: otherDriver.id,
    status: 'completed',
    price: '300.00',
    createdAt: at('2025-01-08T00:00:00Z'),
    startDate: at('2025-01-20T08:00:00Z'),
    endDate: at('2025-01-20T18:00:00Z'),
    assignedAt: at('2025-01-10T00:00:00Z'),
    startedAt: at('2025-01-20T08:00:00Z'),
    // Late: two hours after the planned end.
    deliveredAt: at('2025-01-20T20:00:00Z'),
    completedAt: at('2025-01-21T09:00:00Z'),
  });
  await apply(b.id, otherDriver.id, 'accepted', '2025-01-08T06:00:00Z');
  await apply(b.id, driver.id, 'rejected', '2025-01-08T07:00:00Z');
  const c = await insertMission(t.db, {
    companyId: dispatcher.id,
    status: 'available',
    createdAt: at('2025-01-12T08:00:00Z'),
    startDate: at('2025-01-15T08:00:00Z'),
    endDate: at('2025-01-15T18:00:00Z'),
  });
  await apply(c.id, otherDriver.id, 'pending', '2025-01-12T18:00:00Z');
  // Cancelled before any application: not counted in the fill rate.
  await insertMission(t.db, {
    companyId: dispatcher.id,
    status: 'cancelled',
    createdAt: at('2025-01-15T08:00:00Z'),
    cancelledAt: at('2025-01-16T08:00:00Z'),
  });
  const e = await insertMission(t.db, {
    companyId: dispatcher.id,
    status: 'cancelled',
    createdAt: at('2025-01-18T08:00:00Z'),
    cancelledAt: at('2025-01-19T08:00:00Z'),
  });
  await apply(e.id, otherDriver.id, 'withdrawn', '2025-01-18T12:00:00Z');
  // Still open, starting later: not counted in the fill rate yet.
  const future = new Date(Date.now() + 30 * 24 * H);
  await insertMission(t.db, {
    companyId: dispatcher.id,
    status: 'available',
    createdAt: at('2025-01-20T08:00:00Z'),
    startDate: future,
    endDate: new Date(future.getTime() + 8 * H),
  });
  await review(dispatcher.id, otherDriver.id, a.id, 4, '2025-01-12T10:00:00Z');
  await review(dispatcher.id, otherDriver.id, b.id, 2, '2025-01-25T10:00:00Z');
  // December: one mission filled in 2 hours, first application after 1 hour, delivered on time.
  const g = await insertMission(t.db, {
    companyId: dispatcher.id,
    driverId: otherDriver.id,
    status: 'completed',
    price: '200.00',
    createdAt: at('2024-12-10T08:00:00Z'),
    startDate: at('2024-12-12T08:00:00Z'),
    endDate: at('2024-12-12T18:00:00Z'),
    assignedAt: at('2024-12-10T10:00:00Z'),
    startedAt: at('2024-12-12T08:00:00Z'),
    deliveredAt: at('2024-12-12T16:00:00Z'),
    completedAt: at('2024-12-12T17:00:00Z'),
  });
  await apply(g.id, otherDriver.id, 'accepted', '2024-12-10T09:00:00Z');
});

describe('a driver’s analytics', () => {
  it('gives each figure of the period and of the previous one', async () => {
    const response = await driverAgent.get(JANUARY);
    expect(response.statusCode).toBe(200);
    const data = response.json() as DriverAnalytics;
    expect(data.role).toBe('driver');
    expect(data.period).toEqual({
      kind: 'custom',
      from: '2025-01-01',
      to: '2025-01-31',
      previousFrom: '2024-12-01',
      previousTo: '2024-12-31',
      bucket: 'week',
      label: 'du 1er janv. au 31 janv. 2025',
      previousLabel: 'du 1er déc. au 31 déc. 2024',
    });
    const measured = round1(250.5 + routeKm(ROUTE));
    const estimated = round1(haversineKm(RUNGIS, LESQUIN) * ROAD_FACTOR);
    expect(data.current).toEqual({
      earnings: '1100.00',
      missionsCompleted: 4,
      applications: { sent: 6, accepted: 2, rejected: 2, pending: 1, withdrawn: 1, rate: 50 },
      rating: { average: 4.5, count: 2 },
      distance: {
        km: round1(measured + estimated),
        measuredKm: measured,
        estimatedKm: estimated,
        measuredMissions: 2,
        estimatedMissions: 1,
        unknownMissions: 1,
      },
    });
    expect(data.previous).toEqual({
      earnings: '400.00',
      missionsCompleted: 1,
      applications: { sent: 2, accepted: 1, rejected: 1, pending: 0, withdrawn: 0, rate: 50 },
      rating: { average: 3, count: 1 },
      distance: {
        km: estimated,
        measuredKm: 0,
        estimatedKm: estimated,
        measuredMissions: 0,
        estimatedMissions: 1,
        unknownMissions: 0,
      },
    });
  });

  it('cuts the period in weeks (Monday first, Paris days) with earnings, missions and reviews', async () => {
    const data = (await driverAgent.get(JANUARY)).json() as DriverAnalytics;
    expect(data.series).toEqual([
      {
        start: '2024-12-30',
        label: 'sem. du 30 déc.',
        earnings: '100.00',
        completed: 1,
        averageRating: null,
        reviews: 0,
      },
      {
        start: '2025-01-06',
        label: 'sem. du 6 janv.',
        earnings: '500.00',
        completed: 1,
        averageRating: 5,
        reviews: 1,
      },
      {
        start: '2025-01-13',
        label: 'sem. du 13 janv.',
        earnings: '0.00',
        completed: 0,
        averageRating: null,
        reviews: 0,
      },
      {
        start: '2025-01-20',
        label: 'sem. du 20 janv.',
        earnings: '300.00',
        completed: 1,
        averageRating: 4,
        reviews: 1,
      },
      {
        start: '2025-01-27',
        label: 'sem. du 27 janv.',
        earnings: '200.00',
        completed: 1,
        averageRating: null,
        reviews: 0,
      },
    ]);
  });

  it('ranks the transporters by missions completed, then by earnings, named as shown', async () => {
    const data = (await driverAgent.get(JANUARY)).json() as DriverAnalytics;
    expect(data.topTransporters).toEqual([
      { id: transporter.id, name: 'Transports Alpha', missions: 3, earnings: '900.00' },
      { id: otherTransporter.id, name: 'Beta Logistique', missions: 1, earnings: '200.00' },
    ]);
  });

  it('by months over a longer period, and nothing invented where there is no data', async () => {
    const data = (
      await driverAgent.get('/api/analytics?period=custom&from=2024-10-01&to=2025-01-31')
    ).json() as DriverAnalytics;
    expect(data.period.bucket).toBe('month');
    expect(data.series.map((row) => [row.label, row.earnings, row.completed])).toEqual([
      ['oct. 2024', '0.00', 0],
      ['nov. 2024', '0.00', 0],
      ['déc. 2024', '400.00', 1],
      ['janv. 2025', '1100.00', 4],
    ]);
    // June–September 2024: nothing at all.
    expect(data.previous).toEqual({
      earnings: null,
      missionsCompleted: 0,
      applications: { sent: 0, accepted: 0, rejected: 0, pending: 0, withdrawn: 0, rate: null },
      rating: { average: null, count: 0 },
      distance: {
        km: null,
        measuredKm: 0,
        estimatedKm: 0,
        measuredMissions: 0,
        estimatedMissions: 0,
        unknownMissions: 0,
      },
    });
  });
});

describe('a transporter’s analytics', () => {
  it('gives each figure of the period and of the previous one', async () => {
    const response = await dispatcherAgent.get(JANUARY);
    expect(response.statusCode).toBe(200);
    const data = response.json() as TransporterAnalytics;
    expect(data.role).toBe('transporter');
    expect(data.current).toEqual({
      published: 6,
      completed: 2,
      cancelled: 2,
      fill: { filled: 2, eligible: 4, rate: 50 },
      // 2 h, 6 h, 10 h and 4 h.
      firstApplication: { medianHours: 5, averageHours: 5.5, missions: 4 },
      // 24 h and 48 h.
      assignment: { medianHours: 36, averageHours: 36, missions: 2 },
      spend: '750.00',
      driverRating: { average: 3, count: 2 },
      onTime: { onTime: 1, delivered: 2, rate: 50 },
    });
    expect(data.previous).toEqual({
      published: 1,
      completed: 1,
      cancelled: 0,
      fill: { filled: 1, eligible: 1, rate: 100 },
      firstApplication: { medianHours: 1, averageHours: 1, missions: 1 },
      assignment: { medianHours: 2, averageHours: 2, missions: 1 },
      spend: '200.00',
      driverRating: { average: null, count: 0 },
      onTime: { onTime: 1, delivered: 1, rate: 100 },
    });
    expect(data.series).toEqual([
      { start: '2024-12-30', label: 'sem. du 30 déc.', published: 1, completed: 0, spend: '0.00' },
      { start: '2025-01-06', label: 'sem. du 6 janv.', published: 2, completed: 1, spend: '450.00' },
      { start: '2025-01-13', label: 'sem. du 13 janv.', published: 2, completed: 0, spend: '0.00' },
      { start: '2025-01-20', label: 'sem. du 20 janv.', published: 1, completed: 1, spend: '300.00' },
      { start: '2025-01-27', label: 'sem. du 27 janv.', published: 0, completed: 0, spend: '0.00' },
    ]);
  });
});

describe('whose figures', () => {
  it('each member sees only their own', async () => {
    const other = (await otherDriverAgent.get(JANUARY)).json() as DriverAnalytics;
    expect(other.current.missionsCompleted).toBe(2);
    expect(other.current.earnings).toBe('750.00');
    expect(other.current.rating).toEqual({ average: 3, count: 2 });
    expect(other.topTransporters).toEqual([
      { id: dispatcher.id, name: 'Gamma Fret', missions: 2, earnings: '750.00' },
    ]);
    const alpha = (await transporterAgent.get(JANUARY)).json() as TransporterAnalytics;
    // Its three missions the driver completed in January (plus the one completed on 1 February, Paris).
    expect(alpha.current.completed).toBe(3);
    expect(alpha.current.spend).toBe('900.00');
    expect(alpha.current.published).toBe(4);
    // Query parameters naming someone else change nothing: there are none to name.
    const sneaky = (await otherDriverAgent.get(`${JANUARY}&userId=${driver.id}`)).json() as DriverAnalytics;
    expect(sneaky.current.earnings).toBe('750.00');
  });

  it('a newcomer gets empty figures, not zeros that look measured', async () => {
    const newcomer = await createUser(t.db);
    const data = (await (await agentFor(t, newcomer.id)).get('/api/analytics')).json() as DriverAnalytics;
    expect(data.current.earnings).toBeNull();
    expect(data.current.applications.rate).toBeNull();
    expect(data.current.rating.average).toBeNull();
    expect(data.current.distance.km).toBeNull();
    expect(data.topTransporters).toEqual([]);
    const today = parisDate(new Date());
    expect(data.period).toMatchObject(resolvePeriod('30d', today));
    const company = await createUser(t.db, { userType: 'company' });
    const empty = (
      await (await agentFor(t, company.id)).get('/api/analytics?period=12m')
    ).json() as TransporterAnalytics;
    expect(empty.current).toMatchObject({
      published: 0,
      spend: null,
      fill: { rate: null },
      firstApplication: { medianHours: null },
      onTime: { rate: null },
    });
    expect(empty.series).toHaveLength(12);
  });

  it('refuses visitors and administrators', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/export.csv' })).statusCode).toBe(401);
    const admin = await createUser(t.db, { userType: 'admin', isAdmin: true });
    const adminAgent = await agentFor(t, admin.id);
    const refused = await adminAgent.get('/api/analytics');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Les statistiques concernent les chauffeurs et les transporteurs');
    expect((await adminAgent.get('/api/analytics/export.csv')).statusCode).toBe(403);
  });
});

describe('period checks', () => {
  const problem = async (query: string) => {
    const response = await driverAgent.get(`/api/analytics?${query}`);
    expect(response.statusCode).toBe(400);
    return response.json() as { message: string; errors: Record<string, string> };
  };

  it('says in French what is wrong', async () => {
    expect(await problem('period=custom')).toEqual({
      message: periodMessages.fromRequired,
      errors: { from: periodMessages.fromRequired, to: periodMessages.toRequired },
    });
    expect((await problem('period=custom&from=2025-02-01&to=2025-01-31')).errors).toEqual({
      to: periodMessages.order,
    });
    expect((await problem('period=custom&from=2020-01-01&to=2023-01-01')).errors).toEqual({
      to: 'La période ne peut pas dépasser 3 ans',
    });
    expect((await problem('period=custom&from=2025-02-30&to=2025-03-01')).errors.from).toBe(
      'Date de début invalide',
    );
    expect((await problem('period=semaine')).errors.period).toBe('Période inconnue');
    const csv = await driverAgent.get('/api/analytics/export.csv?period=custom&from=2025-02-01');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().errors.to).toBe(periodMessages.toRequired);
    // Exactly three years is allowed.
    expect(
      (await driverAgent.get('/api/analytics?period=custom&from=2020-01-01&to=2022-12-31')).statusCode,
    ).toBe(200);
  });
});

describe('CSV export', () => {
  /** One table of the export, read as a strict CSV reader does: every row exactly as wide as the header. */
  async function table(agent: Agent, name?: string) {
    const url =
      JANUARY.replace('/api/analytics', '/api/analytics/export.csv') + (name ? `&table=${name}` : '');
    const response = await agent.get(url);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    const width = lines[0]!.split(';').length;
    expect(lines.filter((line) => line.split(';').length !== width)).toEqual([]);
    return { response, lines };
  }

  it('the driver’s figures, weeks and transporters, each table its own rectangular file', async () => {
    const { response, lines } = await table(driverAgent);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statistiques-relais-indicateurs-2025-01-01-2025-01-31.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'Indicateur;Période (du 1er janv. au 31 janv. 2025);Période précédente (du 1er déc. au 31 déc. 2024);Évolution',
    );
    expect(lines).toContain('Gains HT des missions terminées (€);1100,00;400,00;hausse de 175 %');
    expect(lines).toContain('Missions terminées;4;1;hausse de 300 %');
    expect(lines).toContain('Taux d’acceptation (acceptées / acceptées + refusées);50 %;50 %;stable');
    expect(lines).toContain('Note moyenne reçue (sur 5);4,50;3,00;hausse de 50 %');
    expect(lines).not.toContain('Transporteur;Missions terminées;Gains (€)');
    const weeks = (await table(driverAgent, 'evolution')).lines;
    expect(weeks[0]).toBe('Période;Gains (€);Missions terminées;Note moyenne reçue;Avis publiés');
    expect(weeks).toContain('sem. du 13 janv.;0,00;0;;0');
    const transporters = await table(driverAgent, 'transporteurs');
    expect(transporters.lines[0]).toBe('Transporteur;Missions terminées;Gains (€)');
    expect(transporters.lines).toContain('Transports Alpha;3;900,00');
    expect(transporters.response.headers['content-disposition']).toContain(
      'statistiques-relais-transporteurs-',
    );
  });

  it('the transporter’s figures', async () => {
    const { lines } = await table(dispatcherAgent);
    expect(lines).toContain('Missions publiées;6;1;hausse de 500 %');
    expect(lines).toContain('Taux de missions pourvues;50 %;100 %;baisse de 50 %');
    expect(lines).toContain('Délai médian jusqu’à la première candidature (h);5,0;1,0;hausse de 400 %');
    expect(lines).toContain('Dépenses des missions terminées (€);750,00;200,00;hausse de 275 %');
    expect(lines).toContain('Livraisons à l’heure;50 %;100 %;baisse de 50 %');
    expect(lines).toContain('Note moyenne donnée aux chauffeurs (sur 5);3,00;;');
    expect((await table(dispatcherAgent, 'evolution')).lines).toContain('sem. du 6 janv.;2;1;450,00');
    // The transporters' table is a driver's; an unknown table is refused in French.
    const refused = await dispatcherAgent.get('/api/analytics/export.csv?table=transporteurs');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Le tableau des transporteurs concerne les chauffeurs : choisissez les indicateurs ou l’évolution',
    );
    const unknown = await dispatcherAgent.get('/api/analytics/export.csv?table=tout');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.table).toBe('Tableau inconnu');
  });
});
