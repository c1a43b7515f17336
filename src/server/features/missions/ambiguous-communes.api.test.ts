import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missions } from '../../db/schema/missions.js';
import { missionPayload } from '../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../test/harness.js';

/**
 * Decision 046, with the address service off (the harness's GEOCODER_URL=off): the built-in register reads the
 * address, and a commune several bear is never placed by a guess.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const REFUSAL =
  /^Plusieurs communes s’appellent « Saint-Denis » \(.*Seine-Saint-Denis.*\) : précisez laquelle/;

describe('an address naming a commune several bear', () => {
  it('is refused under its field at publication, and nothing is written', async () => {
    const { agent, user } = await signIn(t, { userType: 'company' });
    const refused = await agent.post(
      '/api/missions',
      missionPayload({ pickupAddress: '12 rue de Paris, Saint-Denis' }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    const body = refused.json();
    expect(Object.keys(body.errors)).toEqual(['pickupAddress']);
    expect(body.errors.pickupAddress).toMatch(REFUSAL);
    expect(body.errors.pickupAddress).toContain('La Réunion');
    expect(body.message).toBe(body.errors.pickupAddress);
    expect(await t.db.select().from(missions).where(eq(missions.companyId, user.id))).toHaveLength(0);

    // Both ends at once: each under its own field.
    const both = await agent.post(
      '/api/missions',
      missionPayload({ pickupAddress: 'Saint-Denis', deliveryAddress: 'Quai 4, Valence' }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.deliveryAddress).toMatch(/« Valence » \(Drôme, Tarn-et-Garonne, Charente\)/);
  });

  it('is published once a postcode or a department says which, or a point is given', async () => {
    const { agent } = await signIn(t, { userType: 'company' });
    const withPostcode = await agent.post(
      '/api/missions',
      missionPayload({ pickupAddress: '12 rue de Paris, 93200 Saint-Denis' }),
    );
    expect(withPostcode.statusCode, withPostcode.body).toBe(201);
    const { mission } = withPostcode.json();
    expect(mission).toMatchObject({ pickupCity: 'Saint-Denis', pickupPrecision: 'commune' });
    expect(Number(mission.pickupLat)).toBeCloseTo(48.93, 1);
    expect(Number(mission.pickupLng)).toBeCloseTo(2.36, 1);

    const withDepartment = await agent.post(
      '/api/missions',
      missionPayload({ pickupAddress: '12 rue de Paris, Saint-Denis 93', deliveryAddress: 'Valence 82' }),
    );
    expect(withDepartment.statusCode, withDepartment.body).toBe(201);
    expect(Number(withDepartment.json().mission.pickupLat)).toBeCloseTo(48.93, 1);
    expect(Number(withDepartment.json().mission.deliveryLng)).toBeCloseTo(0.89, 1);

    // A suggestion picked or a pin put gives the point: the text need not say more.
    const pinned = await agent.post(
      '/api/missions',
      missionPayload({
        pickupAddress: '12 rue de Paris, Saint-Denis',
        pickupLat: 48.9362,
        pickupLng: 2.3574,
      }),
    );
    expect(pinned.statusCode, pinned.body).toBe(201);
    expect(pinned.json().mission.pickupPrecision).toBe('exact');
  });

  it('is refused at edit too, and the mission keeps what it had', async () => {
    const { agent } = await signIn(t, { userType: 'company' });
    const published = await agent.post('/api/missions', missionPayload());
    const id = published.json().mission.id as string;
    const refused = await agent.put(
      `/api/missions/${id}`,
      missionPayload({ title: 'Changé', deliveryAddress: 'Entrepôt 3, Saint-Denis' }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.deliveryAddress).toMatch(REFUSAL);
    const kept = (await agent.get(`/api/missions/${id}`)).json().mission;
    expect(kept).toMatchObject({ title: published.json().mission.title, deliveryCity: 'Lesquin' });
  });

  it('is asked about beforehand: the form’s placement, the suggestions and the search list each commune', async () => {
    const { agent } = await signIn(t, { userType: 'company' });
    const located = (
      await agent.get(`/api/places/locate?address=${encodeURIComponent('12 rue de Paris, Saint-Denis')}`)
    ).json();
    expect(located).toMatchObject({ conflict: 'homonyms', city: 'Saint-Denis' });
    expect(located.candidates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          label: 'Saint-Denis (93200, Seine-Saint-Denis)',
          address: '12 rue de Paris, 93200 Saint-Denis',
        }),
        expect.objectContaining({ label: 'Saint-Denis (97400, La Réunion)' }),
      ]),
    );

    const suggested = (
      await agent.get(`/api/geocode?q=${encodeURIComponent('12 rue de Paris, Saint-Denis')}`)
    ).json() as Array<{ label: string; department: string | null }>;
    const labels = suggested.map((suggestion) => suggestion.label);
    expect(labels).toEqual(
      expect.arrayContaining(['12 rue de Paris, 93200 Saint-Denis', '12 rue de Paris, 97400 Saint-Denis']),
    );
    expect(new Set(labels).size).toBe(labels.length);
    expect(suggested.find((suggestion) => suggestion.label.includes('93200'))?.department).toBe(
      'Seine-Saint-Denis',
    );

    const search = (await agent.get('/api/missions/search?city=Saint-Denis&radiusKm=25')).json();
    expect(search.center).toMatchObject({ conflict: 'homonyms', city: 'Saint-Denis' });
    const settled = (await agent.get('/api/missions/search?city=Saint-Denis%2093&radiusKm=25')).json();
    expect(settled.center).toMatchObject({ city: 'Saint-Denis', conflict: null });
  });
});
