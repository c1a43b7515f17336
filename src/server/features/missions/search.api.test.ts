import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionPageSchema, type Mission } from '#core/schemas/missions.js';
import { missionApplications, missions } from '../../db/schema/missions.js';
import type { User } from '../../db/schema/users.js';
import { createUser, insertMission } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { loadMissions } from './shared.js';

/**
 * The search's page is JSON written by PostgreSQL (search-statement.ts), sent without the response schema: these
 * tests hold it to the schema and, field by field, to `toMission`, the one place a mission becomes an answer
 * elsewhere, for every kind of viewer.
 */
let t: TestApp;
let company: User;
const day = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  company = await createUser(t.db, { userType: 'company', companyName: 'Transports « Élan » & Fils' });
  const start = new Date(Date.now() + 3 * day + 123);
  const dropped = await createUser(t.db, { userType: 'driver', fullName: 'Marc Dupuis' });
  // Missions unlike each other in every field the answer shows, around Nantes (west: negative longitudes).
  await insertMission(t.db, {
    companyId: company.id,
    title: 'Palettes "sèches" \\ Nantes → Rennes',
    description: 'Ligne 1\nLigne 2 — accents éèà, guillemets « », tab\t.',
    pickupCity: 'Nantes',
    deliveryCity: null,
    pickupLat: '47.218371',
    pickupLng: '-1.553621',
    deliveryLat: null,
    deliveryLng: null,
    pickupPrecision: 'exact',
    deliveryPrecision: null,
    status: 'available',
    startDate: start,
    endDate: new Date(start.getTime() + 9 * 3600_000 + 7),
    price: '1234.50',
    pricingType: 'daily',
    cargoType: 'ADR',
    requiredDocuments: ['permis', 'adr'],
    urgency: false,
    engagementType: 'independent',
    paymentTerms: '30_days',
  });
  // Once assigned, then dropped by its driver: available again, with a past of its own.
  await insertMission(t.db, {
    companyId: company.id,
    status: 'available',
    pickupCity: 'Rezé',
    pickupLat: '47.181234',
    pickupLng: '-1.549876',
    startDate: new Date(start.getTime() + day),
    endDate: new Date(start.getTime() + 2 * day),
    assignedAt: new Date(Date.now() - day),
    driverId: null,
    cancellationReason: 'Chauffeur indisponible',
    // The transport order's goods and waiting rate (decision 042), written by PostgreSQL as toMission says them.
    engagementType: 'independent',
    pricingType: 'flat',
    cargoWeightKg: 24500,
    palletCount: 33,
    waitingQuarterPrice: '12.50',
    waitingFranchiseMinutes: 60,
    // The freight (decision 052): slots, set-point, dangerous goods, equipment.
    loadingStart: new Date(start.getTime() + day + 3600_000 + 9),
    loadingEnd: new Date(start.getTime() + day + 2 * 3600_000),
    deliveryStart: new Date(start.getTime() + day + 5 * 3600_000),
    deliveryEnd: new Date(start.getTime() + day + 6 * 3600_000),
    temperatureC: -18,
    adrClass: '2',
    unNumber: '1965',
    requiresAtp: true,
    requiresTailLift: true,
  });
  const third = await insertMission(t.db, {
    companyId: company.id,
    status: 'available',
    pickupCity: 'Saint-Herblain',
    pickupLat: '47.211900',
    pickupLng: '-1.649000',
    startDate: new Date(start.getTime() + 2 * day),
    endDate: new Date(start.getTime() + 3 * day),
    urgency: true,
  });
  const applicants = await Promise.all([0, 1, 2].map(() => createUser(t.db, { userType: 'driver' })));
  await t.db.insert(missionApplications).values([
    { missionId: third.id, driverId: applicants[0]!.id, status: 'pending' },
    { missionId: third.id, driverId: applicants[1]!.id, status: 'withdrawn' },
    { missionId: third.id, driverId: applicants[2]!.id, status: 'rejected' },
    { missionId: third.id, driverId: dropped.id, status: 'pending' },
  ]);
  // Not searched: started, ended, or in the past.
  await insertMission(t.db, {
    companyId: company.id,
    status: 'completed',
    pickupLat: '47.2',
    pickupLng: '-1.55',
  });
  await insertMission(t.db, {
    companyId: company.id,
    status: 'available',
    startDate: new Date(Date.now() - day),
    endDate: new Date(Date.now() + day),
    pickupLat: '47.2',
    pickupLng: '-1.55',
  });
});
afterAll(async () => {
  await t.close();
});

const nearNantes = '/api/missions/search?lat=47.2184&lng=-1.5536&radiusKm=30&sort=distance';

/** The search's page for this agent, checked against the API's schema: nothing more, nothing less. */
async function searchAs(agent: Agent, path = nearNantes) {
  const response = await agent.get(path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  expect(missionPageSchema.strict().parse(body)).toEqual(body);
  for (const item of body.items as Record<string, unknown>[]) {
    // Every field of the schema, the driver's own verdict (notEligibleReasons) only on a driver's page.
    const fields = Object.keys(missionPageSchema.shape.items.element.shape);
    expect(Object.keys(item).sort()).toEqual(
      fields.filter((field) => field !== 'notEligibleReasons' || field in item).sort(),
    );
  }
  return body as unknown as { items: Mission[]; total: number; totalIsLowerBound: boolean };
}

/** What toMission says of the same missions to the same viewer, with the distance the search measured. */
async function expected(viewer: User | null, found: Mission[]) {
  const rows = await loadMissions(
    t.db,
    sql`${missions.status} = 'available' and ${missions.startDate} > now()`,
    { user: viewer },
  );
  return found.map((item) => ({ ...rows.find((row) => row.id === item.id)!, distanceKm: item.distanceKm }));
}

describe('the search page written by PostgreSQL', () => {
  it('is what toMission says to a visitor: cities, rounded points, no driver, no addresses', async () => {
    const page = await searchAs(new Agent(t.app));
    expect(page.items).toHaveLength(3);
    expect(page.total).toBe(3);
    expect(page.totalIsLowerBound).toBe(false);
    expect(page.items).toEqual(await expected(null, page.items));
    expect(page.items[0]).toMatchObject({
      title: 'Palettes "sèches" \\ Nantes → Rennes',
      companyName: 'Transports « Élan » & Fils',
      pickupAddress: null,
      pickupLat: 47.22,
      pickupLng: -1.55,
      deliveryLat: null,
      price: '1234.50',
      requiredDocuments: ['permis', 'adr'],
    });
    expect(page.items.map((item) => item.pickupCity)).toEqual(['Nantes', 'Rezé', 'Saint-Herblain']);
    const counted = page.items.find((item) => item.pickupCity === 'Saint-Herblain')!;
    expect([counted.applicationCount, counted.pendingApplicationCount]).toEqual([3, 2]);
  });

  it('is what toMission says to a driver, to the publisher and to the team', async () => {
    const viewers = await Promise.all([
      signIn(t, { userType: 'driver' }),
      signIn(t, { userType: 'company' }),
      signIn(t, { userType: 'driver', isAdmin: true }),
    ]);
    const publisher = new Agent(t.app);
    const login = await publisher.post('/api/auth/login', {
      email: company.email,
      password: 'motdepasse-test',
    });
    expect(login.statusCode).toBe(200);
    for (const [user, agent] of [
      ...viewers.map((v) => [v.user, v.agent] as const),
      [company, publisher] as const,
    ]) {
      const page = await searchAs(agent);
      expect(page.items).toHaveLength(3);
      const want = await expected(user, page.items);
      // A driver's page carries their own verdict on each card (routes.ts), which toMission does not make.
      expect(page.items.map(({ notEligibleReasons: _verdict, ...item }) => item)).toEqual(want);
      expect(page.items[0]).toMatchObject({ pickupAddress: 'MIN de Rungis, 1 rue de la Tour, 94150 Rungis' });
      expect(page.items[0]!.pickupLng).toBe(-1.553621);
    }
  });

  it('measures distances as toMission rounds them, and pages and counts past the first page', async () => {
    const page = await searchAs(new Agent(t.app), `${nearNantes}&pageSize=1&page=2`);
    expect(page.items.map((item) => item.pickupCity)).toEqual(['Rezé']);
    expect(page.total).toBe(3);
    const [{ km }] = (
      await t.db.execute<{ km: number }>(
        sql`select sec_to_gc(cube_distance(ll_to_earth(47.2184, -1.5536), ll_to_earth(47.18, -1.55))) / 1000 as km`,
      )
    ).rows as [{ km: number }];
    expect(page.items[0]!.distanceKm).toBe(Math.round(km * 10) / 10);
    const beyond = await searchAs(new Agent(t.app), `${nearNantes}&page=2`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(3);
  });

  it('answers an empty page when nothing matches', async () => {
    const page = await searchAs(new Agent(t.app), '/api/missions/search?lat=43.3&lng=5.4&radiusKm=10');
    expect(page).toMatchObject({ items: [], total: 0, totalIsLowerBound: false, page: 1, pageSize: 20 });
  });
});
