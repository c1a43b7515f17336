import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_LIMIT_MESSAGE } from '#core/rules/plans.js';
import { alerts } from '../../db/schema/messaging.js';
import { missionApplications, missions } from '../../db/schema/missions.js';
import type { NewUser } from '../../db/schema/users.js';
import { createUser, deliverWithProof, missionPayload } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);
const company = () => signedIn({ userType: 'company' });
const driver = (overrides: Partial<NewUser> = {}) => signedIn({ userType: 'driver', ...overrides });

async function publish(agent: Agent, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await agent.post('/api/missions', missionPayload(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().mission.id as string;
}

const alertsOf = (userId: string) =>
  t.db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(alerts.createdAt);

describe('publishing', () => {
  it('is for transporters only', async () => {
    const anonymous = await new Agent(t.app).post('/api/missions', missionPayload());
    expect(anonymous.statusCode).toBe(401);
    const { agent } = await driver();
    const refused = await agent.post('/api/missions', missionPayload());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Cette action est réservée aux transporteurs');
  });

  it('checks every field with the French messages of docs/specification.md §5', async () => {
    const { agent } = await company();
    const empty = await agent.post('/api/missions', {
      title: '',
      description: ' ',
      pickupAddress: '',
      deliveryAddress: '',
      startDate: 'demain',
      endDate: 'plus tard',
      price: '12,345',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      title: 'Le titre est requis',
      description: 'La description est requise',
      pickupAddress: "L'adresse de ramassage est requise",
      deliveryAddress: "L'adresse de livraison est requise",
      vehicleType: 'Le type de véhicule est requis',
      startDate: 'Date de début invalide',
      endDate: 'Date de fin invalide',
      price: 'Format de prix invalide',
    });
    const zero = await agent.post('/api/missions', missionPayload({ price: '0' }));
    expect(zero.json().errors).toEqual({ price: 'Le prix doit être supérieur à 0' });
    const start = new Date(Date.now() + 48 * 3600_000);
    const backwards = await agent.post(
      '/api/missions',
      missionPayload({
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() - 3600_000).toISOString(),
      }),
    );
    expect(backwards.json().errors).toEqual({ endDate: 'La date de fin doit être après la date de début' });
  });

  it('normalises the price to 2 decimals and places the mission from its commune (postcode first)', async () => {
    const { agent } = await company();
    const response = await agent.post('/api/missions', missionPayload({ price: '389,5' }));
    expect(response.statusCode).toBe(201);
    const { mission } = response.json();
    expect(mission.price).toBe('389.50');
    expect(mission).toMatchObject({
      pickupCity: 'Rungis',
      deliveryCity: 'Lesquin',
      pickupPrecision: 'commune',
      deliveryPrecision: 'commune',
    });
    expect(mission.pickupLat).toBeCloseTo(48.746, 2);
    expect(mission.status).toBe('available');
    expect(mission.engagementType).toBe('employment');
  });

  it('records the goods’ weight and pallets and the waiting rate the transport order prints (decision 042)', async () => {
    const { agent } = await company();
    const independent = { engagementType: 'independent', pricingType: 'flat' };
    const response = await agent.post(
      '/api/missions',
      missionPayload({
        ...independent,
        cargoWeightKg: '24,5 t',
        palletCount: 33,
        waitingQuarterPrice: '12,5',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { mission } = response.json();
    // A price without a franchise gets the default hour per operation.
    expect(mission).toMatchObject({
      cargoWeightKg: 24500,
      palletCount: 33,
      waitingQuarterPrice: '12.50',
      waitingFranchiseMinutes: 60,
    });
    // Seen by anyone the mission is shown to, visitors included.
    const seen = (await new Agent(t.app).get(`/api/missions/${mission.id}`)).json().mission;
    expect(seen).toMatchObject({ cargoWeightKg: 24500, palletCount: 33, waitingQuarterPrice: '12.50' });
    // None given: none recorded; a rate without its price is no rate.
    const bare = (await agent.post('/api/missions', missionPayload({ waitingFranchiseMinutes: 30 }))).json();
    expect(bare.mission).toMatchObject({
      cargoWeightKg: null,
      palletCount: null,
      waitingQuarterPrice: null,
      waitingFranchiseMinutes: null,
    });
    // Refused with their French messages, the waiting rate only for an independent carrier at a flat price.
    const refused = await agent.post(
      '/api/missions',
      missionPayload({ cargoWeightKg: 50_000, palletCount: 0, waitingQuarterPrice: '10' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      cargoWeightKg:
        'Le poids ne doit pas dépasser 44\u00a0t : c’est le poids total autorisé d’un poids lourd, véhicule compris',
      palletCount: 'Le nombre de palettes doit être compris entre 1 et 99',
      waitingQuarterPrice:
        'L’attente se facture à un transporteur indépendant : un conducteur salarié est payé de son temps d’attente par son salaire',
    });
    const hourly = await agent.post(
      '/api/missions',
      missionPayload({ ...independent, pricingType: 'hourly', waitingQuarterPrice: '10' }),
    );
    expect(hourly.json().errors).toEqual({
      waitingQuarterPrice:
        'L’attente se facture avec un prix au forfait : à l’heure ou à la journée, le temps d’attente est déjà payé',
    });
  });

  it('says honestly when an address could not be placed, and when a point is exact', async () => {
    const { agent } = await company();
    const { mission } = (
      await agent.post(
        '/api/missions',
        missionPayload({
          pickupAddress: 'Entrepôt B, quelque part',
          deliveryAddress: 'Plateforme, 69960 Corbas',
          pickupLat: 48.9,
          pickupLng: 2.3,
          pickupCity: 'Saint-Ouen',
        }),
      )
    ).json();
    expect(mission).toMatchObject({
      pickupPrecision: 'exact',
      pickupCity: 'Saint-Ouen',
      deliveryCity: 'Corbas',
    });
    const unplaced = (
      await agent.post('/api/missions', missionPayload({ deliveryAddress: 'Entrepôt B, quelque part' }))
    ).json().mission;
    expect(unplaced).toMatchObject({ deliveryLat: null, deliveryPrecision: null });
    // The form asks the same question before publishing.
    expect(
      (await agent.get('/api/places/locate?address=Quai%2012%2C%2069960%20Corbas')).json(),
    ).toMatchObject({
      city: 'Corbas',
      postcode: '69960',
      precision: 'commune',
    });
    expect((await agent.get('/api/places/locate?address=quelque%20part')).json()).toBeNull();
  });

  it('searches around a commune named by the searcher, and says where it placed it', async () => {
    const { agent } = await company();
    const title = `Corbas ${Date.now().toString(36)}`;
    await agent.post('/api/missions', missionPayload({ title, pickupAddress: 'ZI, 69960 Corbas' }));
    const around = (
      await new Agent(t.app).get(`/api/missions/search?q=${encodeURIComponent(title)}&city=69960&radiusKm=10`)
    ).json();
    expect(around.center).toMatchObject({ city: 'Corbas', postcode: '69960' });
    expect(around.items).toHaveLength(1);
    const nowhere = (await new Agent(t.app).get('/api/missions/search?city=Atlantide&radiusKm=10')).json();
    expect(nowhere.center).toBeNull();
    const suggested = (await new Agent(t.app).get('/api/places?q=corb')).json();
    expect(suggested.map((place: { city: string }) => place.city)).toContain('Corbas');
  });

  it('can be edited by its publisher until a driver is chosen', async () => {
    const owner = await company();
    const other = await company();
    const id = await publish(owner.agent);
    expect((await other.agent.put(`/api/missions/${id}`, missionPayload())).statusCode).toBe(403);
    const edited = await owner.agent.put(
      `/api/missions/${id}`,
      missionPayload({ title: 'Frigo Rungis → Arras' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().mission.title).toBe('Frigo Rungis → Arras');
    const candidate = await driver();
    await candidate.agent.post(`/api/missions/${id}/apply`, { message: 'Disponible' });
    const [application] = await t.db
      .select()
      .from(missionApplications)
      .where(eq(missionApplications.missionId, id));
    await owner.agent.post(`/api/applications/${application!.id}/accept`);
    const late = await owner.agent.put(`/api/missions/${id}`, missionPayload());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Une mission ne peut plus être modifiée une fois un chauffeur retenu');
  });
});

describe('search', () => {
  let lille: string;
  let rungis: string;
  beforeAll(async () => {
    const { agent } = await company();
    rungis = await publish(agent, {
      title: 'Navette urgente Évry',
      pickupAddress: '3 rue des Halles, 94150 Rungis',
      deliveryAddress: '91000 Évry-Courcouronnes',
      vehicleType: 'porteur',
      price: '250',
    });
    lille = await publish(agent, {
      title: 'Tournée plateau',
      pickupAddress: '59000 Lille',
      deliveryAddress: '62000 Arras',
      vehicleType: 'plateau',
      price: '600',
      urgency: false,
    });
    // A mission that already started is not offered.
    await t.db.insert(missions).values({
      companyId: (await createUser(t.db, { userType: 'company' })).id,
      title: 'Déjà partie',
      description: 'x',
      pickupAddress: '75001 Paris',
      deliveryAddress: '69001 Lyon',
      vehicleType: 'porteur',
      startDate: new Date(Date.now() - 3600_000),
      endDate: new Date(Date.now() + 3600_000),
      price: '100',
      searchText: 'deja partie',
    });
  });

  const search = (query: string, agent = new Agent(t.app)) => agent.get(`/api/missions/search?${query}`);
  const ids = (response: { json(): { items: Array<{ id: string }> } }) =>
    response.json().items.map((m) => m.id);

  it('is public, hiding exact addresses from anonymous visitors', async () => {
    const response = await search('q=evry');
    expect(response.statusCode).toBe(200);
    const [mission] = response.json().items;
    expect(mission.id).toBe(rungis);
    expect(mission.pickupAddress).toBeNull();
    expect(mission.pickupCity).toBe('Rungis');
    const { agent } = await driver();
    const signed = await search('q=evry', agent);
    expect(signed.json().items[0].pickupAddress).toBe('3 rue des Halles, 94150 Rungis');
  });

  it('finds text without accents or case, and never missions already started', async () => {
    expect(ids(await search('q=NAVETTE%20%C3%A9vry'))).toEqual([rungis]);
    expect(ids(await search('q=partie'))).toEqual([]);
  });

  it('filters by radius around a point and gives each distance', async () => {
    const response = await search('lat=48.8566&lng=2.3522&radiusKm=50');
    const found = response.json().items;
    expect(found.map((m: { id: string }) => m.id)).toContain(rungis);
    expect(found.map((m: { id: string }) => m.id)).not.toContain(lille);
    const near = found.find((m: { id: string }) => m.id === rungis);
    expect(near.distanceKm).toBeGreaterThan(10);
    expect(near.distanceKm).toBeLessThan(15);
  });

  it('searches around the driver’s own location', async () => {
    const { agent } = await driver({ currentLat: '50.6292', currentLng: '3.0573' });
    expect(ids(await search('near=me&radiusKm=30', agent))).toContain(lille);
    expect(ids(await search('near=me&radiusKm=30', agent))).not.toContain(rungis);
  });

  it('filters by vehicle, licence, price and urgency, and sorts by price', async () => {
    expect(ids(await search('vehicleType=plateau'))).toContain(lille);
    expect(ids(await search('vehicleType=plateau'))).not.toContain(rungis);
    // A C licence drives a porteur, not a plateau (CE).
    const withC = ids(await search('licenseType=C'));
    expect(withC).toContain(rungis);
    expect(withC).not.toContain(lille);
    const cheap = ids(await search('maxPrice=300'));
    expect(cheap).toContain(rungis);
    expect(cheap).not.toContain(lille);
    expect(ids(await search('urgent=true'))).not.toContain(lille);
    const byPrice = ids(await search('sort=price'));
    expect(byPrice.indexOf(lille)).toBeLessThan(byPrice.indexOf(rungis));
  });

  it('never serves a signed-in answer to a visitor from the search cache, and drops it on any change', async () => {
    const member = await driver();
    const signedFirst = await search('q=navette', member.agent);
    expect(signedFirst.json().items[0].pickupAddress).toBe('3 rue des Halles, 94150 Rungis');
    expect((await search('q=navette')).json().items[0].pickupAddress).toBeNull();
    const before = ids(await search('q=navette'));
    const { agent } = await company();
    const fresh = await publish(agent, { title: 'Navette de nuit', pickupAddress: '94150 Rungis' });
    expect(ids(await search('q=navette'))).toEqual(expect.arrayContaining([...before, fresh]));
  });

  it('refuses bad filters with a French message', async () => {
    const response = await search('radiusKm=0&lat=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/invalide|rayon/i);
  });

  it('uses the indexes for the radius and text searches', async () => {
    const owner = await createUser(t.db, { userType: 'company' });
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      companyId: owner.id,
      title: `Mission ${i}`,
      description: 'Transport de palettes filmées, chargement par le haut, hayon, déchargement à quai.',
      pickupAddress: 'x',
      deliveryAddress: 'y',
      pickupLat: (43 + (i % 70) / 10).toFixed(6),
      pickupLng: (-1 + (i % 80) / 10).toFixed(6),
      vehicleType: 'porteur',
      startDate: new Date(Date.now() + 86400_000),
      endDate: new Date(Date.now() + 2 * 86400_000),
      price: '100',
      searchText: `mission ${i} transport de palettes filmees chargement par le haut hayon dechargement a quai ville${i}`,
    }));
    await t.db.insert(missions).values(rows);
    await t.db.execute(sql`analyze missions`);
    // With a few thousand rows a sequential scan can still be cheapest, so sequential scans are priced out:
    // the plan then shows whether the query's shape can use the index at all (it cannot if the expression
    // differs from the index's). The search benchmark measures the real plans on 100,000 rows.
    const plan = (where: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const { rows: lines } = await tx.execute(sql.raw(`explain select id from missions where ${where}`));
        return lines.map((row) => Object.values(row)[0]).join('\n');
      });
    const radius = await plan(
      `status = 'available' and sandbox_id is null and earth_box(ll_to_earth(48.85, 2.35), 20000) @> pickup_point`,
    );
    expect(radius).toContain('missions_open_idx');
    const nearest = await plan(
      `status = 'available' and sandbox_id is null and vehicle_type = 'porteur'
       order by pickup_point_public <-> ll_to_earth(48.85, 2.35) limit 20`,
    );
    expect(nearest).toMatch(/Index Scan using missions_open_public_idx/);
    // The vehicle is checked in the index, not on each row fetched.
    expect(nearest).toMatch(/Index Cond: .*vehicle_type/);
    const text = await plan(`search_text like '%ville1234%'`);
    expect(text).toContain('missions_search_text_idx');
  });

  it('counts up to 100 and pages nearest first', async () => {
    // The 4,000 missions of the previous test lie between 43–50°N and 1°W–7°E.
    const first = (await search('lat=46.5&lng=3&radiusKm=300&pageSize=20')).json();
    expect(first.total).toBe(100);
    expect(first.totalIsLowerBound).toBe(true);
    const distances = first.items.map((m: { distanceKm: number }) => m.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const second = (await search('lat=46.5&lng=3&radiusKm=300&pageSize=20&page=2')).json();
    expect(second.items[0].distanceKm).toBeGreaterThanOrEqual(distances.at(-1));
    expect(second.items.map((m: { id: string }) => m.id)).not.toContain(first.items[0].id);
    const byDate = (await search('lat=46.5&lng=3&radiusKm=300&sort=start')).json();
    expect([byDate.total, byDate.totalIsLowerBound]).toEqual([100, true]);
    const few = (await search('lat=46.5&lng=3&radiusKm=5')).json();
    expect(few.totalIsLowerBound).toBe(false);
    expect(few.total).toBe(few.items.length);
  });
});

describe('applying', () => {
  it('refuses transporters, one’s own mission, twice, and a licence too low', async () => {
    const owner = await company();
    const id = await publish(owner.agent);
    const asCompany = await owner.agent.post(`/api/missions/${id}/apply`, {});
    expect(asCompany.statusCode).toBe(403);
    expect(asCompany.json().message).toBe('Cette action est réservée aux chauffeurs');

    const c1 = await driver({ licenseType: 'C1' });
    const low = await c1.agent.post(`/api/missions/${id}/apply`, {});
    expect(low.statusCode).toBe(409);
    expect(low.json().message).toBe('Ce véhicule demande le permis CE ; votre permis C1 ne le permet pas.');

    const ce = await driver();
    const before = (await ce.agent.get(`/api/missions/${id}`)).json();
    expect(before.canApply).toBe(true);
    expect(before.missingDocumentsForMe).toEqual([]);
    const first = await ce.agent.post(`/api/missions/${id}/apply`, { message: 'Dispo dès 5h' });
    expect(first.statusCode).toBe(201);
    expect(first.json().missingDocuments).toEqual([]);
    const again = await ce.agent.post(`/api/missions/${id}/apply`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Vous avez déjà postulé à cette mission');
    expect((await alertsOf(owner.user.id)).map((alert) => alert.title)).toEqual(['Nouvelle candidature']);
  });

  it('holds the Freemium limit of 3 a month under concurrent requests; Premium has none', async () => {
    const owner = await company();
    const ids = await Promise.all(Array.from({ length: 6 }, () => publish(owner.agent)));
    const basic = await driver();
    const responses = await Promise.all(ids.map((id) => basic.agent.post(`/api/missions/${id}/apply`, {})));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 402, 402, 402]);
    const refusal = responses.find((response) => response.statusCode === 402)!;
    expect(refusal.json().message).toBe(APPLICATION_LIMIT_MESSAGE);
    const mine = await basic.agent.get('/api/applications/mine');
    expect(mine.json().quota).toEqual({ used: 3, limit: 3, left: 0 });

    const premium = await driver({ subscriptionPlan: 'premium' });
    const all = await Promise.all(ids.map((id) => premium.agent.post(`/api/missions/${id}/apply`, {})));
    expect(all.every((response) => response.statusCode === 201)).toBe(true);
  });

  it('lets a driver withdraw a pending application, not someone else’s', async () => {
    const owner = await company();
    const id = await publish(owner.agent);
    const applicant = await driver({ subscriptionPlan: 'premium' });
    const application = (await applicant.agent.post(`/api/missions/${id}/apply`, {})).json();
    const stranger = await driver();
    expect((await stranger.agent.post(`/api/applications/${application.id}/withdraw`)).statusCode).toBe(403);
    expect((await applicant.agent.post(`/api/applications/${application.id}/withdraw`)).statusCode).toBe(200);
    const twice = await applicant.agent.post(`/api/applications/${application.id}/withdraw`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Cette candidature n’est plus en attente');
  });
});

describe('choosing a driver and running the mission', () => {
  async function missionWithApplicants(count: number) {
    const owner = await company();
    const id = await publish(owner.agent);
    const drivers = await Promise.all(
      Array.from({ length: count }, () => driver({ subscriptionPlan: 'premium' })),
    );
    const applications: string[] = [];
    for (const candidate of drivers) {
      applications.push((await candidate.agent.post(`/api/missions/${id}/apply`, {})).json().id);
    }
    return { owner, id, drivers, applications };
  }

  it('counts every application received, and those still waiting, after one is turned down', async () => {
    const { owner, id, applications } = await missionWithApplicants(2);
    expect((await owner.agent.post(`/api/applications/${applications[0]}/reject`)).statusCode).toBe(200);
    const counts = (mission: { applicationCount: number; pendingApplicationCount: number }) => [
      mission.applicationCount,
      mission.pendingApplicationCount,
    ];
    expect(counts((await owner.agent.get(`/api/missions/${id}`)).json().mission)).toEqual([2, 1]);
    const mine = (await owner.agent.get('/api/missions')).json();
    expect(counts(mine.find((m: { id: string }) => m.id === id))).toEqual([2, 1]);
  });

  it('shows an Elite driver’s application first, marked, whatever its arrival', async () => {
    const { owner, id, applications } = await missionWithApplicants(2);
    const elite = await driver({ subscriptionPlan: 'elite' });
    const late = (await elite.agent.post(`/api/missions/${id}/apply`, {})).json().id;
    const listed = (await owner.agent.get(`/api/missions/${id}`)).json().applications;
    expect(listed.map((application: { id: string }) => application.id)).toEqual([late, ...applications]);
    expect(
      listed.map((application: { driver: { featured: boolean } }) => application.driver.featured),
    ).toEqual([true, false, false]);
  });

  it('shows the applicants to the publisher only', async () => {
    const { owner, id, drivers } = await missionWithApplicants(2);
    const detail = (await owner.agent.get(`/api/missions/${id}`)).json();
    expect(detail.applications).toHaveLength(2);
    expect(detail.mission.applicationCount).toBe(2);
    const found = (
      await owner.agent.get(`/api/missions/search?q=${encodeURIComponent('rungis')}&pageSize=50`)
    ).json();
    expect(found.items.find((m: { id: string }) => m.id === id).applicationCount).toBe(2);
    expect(detail.applications[0].driver).toMatchObject({
      licenseType: 'CE',
      yearsExperience: 5,
      completedMissions: 0,
    });
    const asDriver = (await drivers[0]!.agent.get(`/api/missions/${id}`)).json();
    expect(asDriver.applications).toBeNull();
    expect(asDriver.myApplication.status).toBe('pending');
    const other = await company();
    expect((await other.agent.get(`/api/missions/${id}`)).json().applications).toBeNull();
  });

  it('assigns exactly one driver when two accepts race, and tells everyone', async () => {
    const { owner, id, drivers, applications } = await missionWithApplicants(3);
    const stranger = await company();
    expect((await stranger.agent.post(`/api/applications/${applications[0]}/accept`)).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      owner.agent.post(`/api/applications/${applications[0]}/accept`),
      owner.agent.post(`/api/applications/${applications[1]}/accept`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, id));
    expect(mission!.status).toBe('assigned');
    expect(mission!.assignedAt).not.toBeNull();
    const statuses = await t.db
      .select({ status: missionApplications.status })
      .from(missionApplications)
      .where(eq(missionApplications.missionId, id));
    expect(statuses.map((s) => s.status).sort()).toEqual(['accepted', 'rejected', 'rejected']);
    const chosen = drivers.find((d) => d.user.id === mission!.driverId)!;
    expect((await alertsOf(chosen.user.id)).map((alert) => alert.title)).toEqual(['Candidature acceptée']);
    for (const other of drivers.filter((d) => d !== chosen)) {
      expect((await alertsOf(other.user.id)).map((alert) => alert.title)).toEqual([
        'Candidature non retenue',
      ]);
    }
  });

  it('runs available → assigned → in_progress → delivered → completed, each step by its party', async () => {
    const { owner, id, drivers, applications } = await missionWithApplicants(1);
    const chosen = drivers[0]!;
    const notYet = await chosen.agent.post(`/api/missions/${id}/start`);
    expect(notYet.statusCode, notYet.body).toBe(403);
    await owner.agent.post(`/api/applications/${applications[0]}/accept`);
    const wrongParty = await owner.agent.post(`/api/missions/${id}/start`);
    expect(wrongParty.statusCode).toBe(403);
    expect(wrongParty.json().message).toBe('Cette action est réservée au chauffeur de la mission');
    const tooEarly = await owner.agent.post(`/api/missions/${id}/complete`);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe('Action impossible : la mission est « attribuée ».');

    // Not the day before: from 2 h before the planned start, which the driver's screen says.
    const early = await chosen.agent.post(`/api/missions/${id}/start`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Vous pourrez démarrer cette mission à partir du .+, 2 h avant/);
    const planned = (await chosen.agent.get(`/api/missions/${id}`)).json();
    expect(new Date(planned.startableFrom).getTime()).toBe(
      new Date(planned.mission.startDate).getTime() - 2 * 3_600_000,
    );
    // The morning comes: the mission starts in 90 minutes.
    await t.db
      .update(missions)
      .set({ startDate: new Date(Date.now() + 90 * 60_000) })
      .where(eq(missions.id, id));
    // Not before both have signed the engagement document.
    const unsigned = await chosen.agent.post(`/api/missions/${id}/start`);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json().code).toBe('engagement_unsigned');
    for (const party of [owner, chosen])
      expect(
        (
          await party.agent.post(`/api/missions/${id}/engagement/sign`, {
            typedName: party.user.fullName,
            consent: true,
          })
        ).statusCode,
      ).toBe(200);
    const started = await chosen.agent.post(`/api/missions/${id}/start`);
    expect(started.json().mission.status).toBe('in_progress');
    expect(started.json().mission.startedAt).not.toBeNull();
    // Not without the proof of delivery (recipient and signature).
    const unproven = await chosen.agent.post(`/api/missions/${id}/deliver`);
    expect(unproven.statusCode).toBe(409);
    expect(unproven.json().code).toBe('delivery_proof_missing');
    expect((await deliverWithProof(chosen.agent, id)).json().mission.status).toBe('delivered');
    const done = await owner.agent.post(`/api/missions/${id}/complete`);
    expect(done.json().mission.status).toBe('completed');
    expect(done.json().timeline.map((event: { type: string }) => event.type)).toEqual([
      'published',
      'assigned',
      'start',
      'deliver',
      'complete',
    ]);
    expect((await alertsOf(owner.user.id)).map((alert) => alert.title)).toEqual([
      'Nouvelle candidature',
      'Mission démarrée',
      'Mission livrée',
      'Rémunération à verser',
    ]);

    const driverStats = (await chosen.agent.get('/api/dashboard/stats')).json();
    expect(driverStats.counts.completedThisMonth).toBe(1);
    expect(driverStats.earningsThisMonth).toBe('420.00');
    const applicants = (await owner.agent.get(`/api/missions/${id}`)).json().applications;
    expect(applicants[0].driver.completedMissions).toBe(1);
    const companyStats = (await owner.agent.get('/api/dashboard/stats')).json();
    expect(companyStats.counts.missionsCompleted).toBe(1);
    const history = (await owner.agent.get('/api/missions?status=completed,cancelled')).json();
    expect(history.map((m: { id: string }) => m.id)).toEqual([id]);
    const csv = await owner.agent.get('/api/missions/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Début;Fin;Titre;Départ;Arrivée;Véhicule;Statut;Prix \(€\)/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(';Terminée;420,00;Forfait;');
    expect(lines[1]).toContain(';Jean Routier;');
    const stranger = await company();
    const none = (await stranger.agent.get('/api/missions/export.csv')).body.trim().split('\r\n');
    expect(none).toHaveLength(1);
    expect((await new Agent(t.app).get('/api/missions/export.csv')).statusCode).toBe(401);
  });

  it('cancels with a reason, from available or assigned only, and tells the applicants', async () => {
    const { owner, id, drivers } = await missionWithApplicants(2);
    const noReason = await owner.agent.post(`/api/missions/${id}/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: 'Indiquez la raison (10 caractères au moins)' });
    const cancelled = await owner.agent.post(`/api/missions/${id}/cancel`, {
      reason: 'Client a reporté la livraison',
    });
    expect(cancelled.json().mission.status).toBe('cancelled');
    expect(cancelled.json().mission.cancellationReason).toBe('Client a reporté la livraison');
    for (const candidate of drivers) {
      const [alert] = await alertsOf(candidate.user.id);
      expect(alert!.title).toBe('Mission annulée');
      expect(alert!.message).toContain('Client a reporté la livraison');
      expect(alert!.link).toBe(`/mission/${id}`);
    }
    expect(
      (await owner.agent.post(`/api/missions/${id}/cancel`, { reason: 'Encore une fois' })).statusCode,
    ).toBe(409);
  });

  it('a driver who drops sends the mission back to available and the others’ applications back to pending', async () => {
    const { owner, id, drivers, applications } = await missionWithApplicants(2);
    await owner.agent.post(`/api/applications/${applications[0]}/accept`);
    const dropped = await drivers[0]!.agent.post(`/api/missions/${id}/drop`, {
      reason: 'Panne du tracteur ce matin',
    });
    expect(dropped.statusCode).toBe(200);
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, id));
    expect(mission!.status).toBe('available');
    expect(mission!.driverId).toBeNull();
    const [other] = await t.db
      .select()
      .from(missionApplications)
      .where(
        and(eq(missionApplications.missionId, id), eq(missionApplications.driverId, drivers[1]!.user.id)),
      );
    expect(other!.status).toBe('pending');
    expect((await alertsOf(drivers[1]!.user.id)).map((alert) => alert.title)).toEqual([
      'Candidature non retenue',
      'Mission de nouveau ouverte',
    ]);
    expect((await alertsOf(owner.user.id)).at(-1)!.title).toBe('Chauffeur désisté');
  });
});
