import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.js';
import type { NewUser } from '../../db/schema/users.js';
import { insertMission, missionPayload } from '../../test/factories.js';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

/**
 * A mission's freight (decision 052): slots, set-point, dangerous goods and equipment, published, refused in French
 * under each field, held by the database, filtered by the search inside its index, and read against each driver's
 * profile: every reason they may not take the mission on the search's cards, the sheet and the refused application.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const hour = 3600_000;
const company = () => signIn(t, { userType: 'company' });
const driver = (overrides: Partial<NewUser> = {}) => signIn(t, { userType: 'driver', ...overrides });

/** A mission tomorrow, 06:00 to 18:00 after the next midnight UTC, with its freight. */
function freightPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = new Date(Date.now() + 24 * hour);
  start.setUTCHours(6, 0, 0, 0);
  const at = (hours: number) => new Date(start.getTime() + hours * hour).toISOString();
  return missionPayload({
    startDate: at(0),
    endDate: at(12),
    loadingStart: at(0),
    loadingEnd: at(2),
    deliveryStart: at(8),
    deliveryEnd: at(10),
    temperatureC: '−18',
    adrClass: '3',
    unNumber: 'UN 1203',
    requiredEquipment: ['atp', 'tail_lift'],
    ...overrides,
  });
}

async function publish(agent: Agent, body: Record<string, unknown>) {
  const response = await agent.post('/api/missions', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().mission as Record<string, unknown> & { id: string };
}

describe('publishing the freight', () => {
  it('stores the slots, the set-point, the dangerous goods and the equipment, and clears them on edit', async () => {
    const { agent } = await company();
    const body = freightPayload();
    const mission = await publish(agent, body);
    expect(mission).toMatchObject({
      loadingStart: body.loadingStart,
      loadingEnd: body.loadingEnd,
      deliveryStart: body.deliveryStart,
      deliveryEnd: body.deliveryEnd,
      temperatureC: -18,
      adrClass: '3',
      unNumber: '1203',
      requiredEquipment: ['atp', 'tail_lift'],
    });
    const plain = missionPayload({ startDate: body.startDate, endDate: body.endDate });
    const edited = await agent.put(`/api/missions/${mission.id}`, plain);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().mission).toMatchObject({
      loadingStart: null,
      loadingEnd: null,
      deliveryStart: null,
      deliveryEnd: null,
      temperatureC: null,
      adrClass: null,
      unNumber: null,
      requiredEquipment: [],
    });
  });

  it('refuses wrong values with a French message under each field', async () => {
    const { agent } = await company();
    const base = freightPayload();
    const start = Date.parse(base.startDate as string);
    const at = (hours: number) => new Date(start + hours * hour).toISOString();
    const refused = async (overrides: Record<string, unknown>) => {
      const response = await agent.post('/api/missions', { ...base, ...overrides });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors as Record<string, string>;
    };
    expect(
      await refused({ temperatureC: '45', adrClass: '10', unNumber: 'UN 12', requiredEquipment: ['grue'] }),
    ).toEqual({
      temperatureC: 'La température de consigne doit être comprise entre \u221230\u00a0°C et +30\u00a0°C',
      adrClass: 'Choisissez une classe ADR de la liste',
      unNumber: 'Numéro ONU invalide : 4 chiffres, par exemple « UN 1203 »',
      'requiredEquipment.0': 'Équipement inconnu',
    });
    expect(await refused({ requiredEquipment: ['tail_lift'] })).toEqual({
      temperatureC:
        'Une température de consigne demande un véhicule frigorifique : cochez «\u00a0Frigo (ATP)\u00a0»',
    });
    expect(await refused({ unNumber: '' })).toEqual({
      unNumber: 'Indiquez le numéro ONU de la marchandise (4 chiffres, par exemple « UN 1203 »)',
    });
    expect(await refused({ adrClass: null })).toEqual({
      adrClass: 'Indiquez la classe ADR de ce numéro ONU',
    });
    expect(await refused({ loadingEnd: '' })).toEqual({ loadingEnd: 'Indiquez aussi la fin du créneau' });
    expect(await refused({ loadingStart: at(-1), loadingEnd: at(-2) })).toEqual({
      loadingStart: 'Le créneau doit commencer au début de la mission ou après',
      loadingEnd: 'La fin du créneau doit être après son début',
    });
    expect(await refused({ deliveryEnd: at(13) })).toEqual({
      deliveryEnd: 'Le créneau doit finir à la fin de la mission ou avant',
    });
    expect(await refused({ loadingStart: at(9), loadingEnd: at(11) })).toEqual({
      deliveryStart: 'Le créneau de livraison ne peut pas commencer avant celui de chargement',
    });
    expect(await refused({ deliveryStart: 'demain', temperatureC: 'froid' })).toMatchObject({
      deliveryStart: 'Date et heure invalides',
      temperatureC: 'Température invalide : un nombre entier de degrés, par exemple 4 ou −18',
    });
  });

  it('is held by the database too', async () => {
    const { user } = await company();
    const start = new Date(Date.now() + 24 * hour);
    const base = {
      companyId: user.id,
      status: 'available',
      startDate: start,
      endDate: new Date(+start + 8 * hour),
    };
    const broken = [
      { temperatureC: 4 },
      { temperatureC: 40, requiresAtp: true },
      { adrClass: '3' },
      { adrClass: '10', unNumber: '1203' },
      { adrClass: '3', unNumber: '12034' },
      { loadingStart: start },
      { loadingStart: new Date(+start - hour), loadingEnd: new Date(+start + hour) },
      { deliveryStart: new Date(+start + 7 * hour), deliveryEnd: new Date(+start + 9 * hour) },
      {
        loadingStart: new Date(+start + 3 * hour),
        loadingEnd: new Date(+start + 4 * hour),
        deliveryStart: new Date(+start + 2 * hour),
        deliveryEnd: new Date(+start + 5 * hour),
      },
    ];
    for (const fields of broken) {
      await expect(insertMission(t.db, { ...base, ...fields }), JSON.stringify(fields)).rejects.toThrow();
    }
    await expect(
      insertMission(t.db, { ...base, temperatureC: 4, requiresAtp: true, adrClass: '3', unNumber: '1203' }),
    ).resolves.toMatchObject({ temperatureC: 4 });
  });
});

describe('searching by freight', () => {
  it('keeps or leaves out the missions needing ATP, a tail-lift, ADR or a set-point', async () => {
    const { agent } = await company();
    const word = `fret${Date.now()}`;
    const titled = (title: string, overrides: Record<string, unknown>) =>
      publish(agent, freightPayload({ title: `${word} ${title}`, ...overrides }));
    const none = {
      temperatureC: null,
      adrClass: null,
      unNumber: null,
      requiredEquipment: [],
      loadingStart: null,
      loadingEnd: null,
      deliveryStart: null,
      deliveryEnd: null,
    };
    const chilled = await titled('frigo', { ...none, temperatureC: 4, requiredEquipment: ['atp'] });
    const atpOnly = await titled('atp', { ...none, requiredEquipment: ['atp'] });
    const lift = await titled('hayon', { ...none, requiredEquipment: ['tail_lift'] });
    const adr = await titled('adr', { ...none, adrClass: '8', unNumber: '1830' });
    const plain = await titled('sec', none);
    const found = async (filters: string) => {
      const response = await agent.get(`/api/missions/search?q=${word}&pageSize=50&${filters}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { id: string }[]).map((item) => item.id).sort();
    };
    const ids = (...list: { id: string }[]) => list.map((item) => item.id).sort();
    expect(await found('atp=include')).toEqual(ids(chilled, atpOnly));
    expect(await found('atp=exclude')).toEqual(ids(lift, adr, plain));
    expect(await found('tailLift=include')).toEqual(ids(lift));
    expect(await found('adr=include')).toEqual(ids(adr));
    expect(await found('adr=exclude&tailLift=exclude')).toEqual(ids(chilled, atpOnly, plain));
    expect(await found('temperature=include')).toEqual(ids(chilled));
    expect(await found('temperature=exclude&atp=include')).toEqual(ids(atpOnly));
    const wrong = await agent.get('/api/missions/search?adr=oui');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ adr: 'Choisissez « include » ou « exclude »' });
  });

  it('checks the freight filters inside the search’s index, nearest first', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute(
        sql.raw(`explain select id from missions where status = 'available' and sandbox_id is null
          and urgency > false and requires_tail_lift < true and adr_class is not null and temperature_c is null
          order by pickup_point <-> ll_to_earth(48.85, 2.35) limit 20`),
      );
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan using missions_open_idx/);
    // As the search writes booleans (`= false` would become `not …`, checked on each row fetched).
    expect(plan).toMatch(/Index Cond: .*urgency > false.*requires_tail_lift < true/);
    expect(plan).toMatch(/Index Cond: .*adr_class IS NOT NULL/);
    expect(plan).toMatch(/Index Cond: .*temperature_c IS NULL/);
  });
});

describe('who may take it', () => {
  it('tells a driver every reason on the card and the sheet, and refuses their application with them', async () => {
    const { agent } = await company();
    const word = `hayon${Date.now()}`;
    // A semi-trailer (licence CE) with a tail-lift, carrying class 3 goods: the ADR certificate is required.
    const mission = await publish(
      agent,
      freightPayload({
        title: `${word} semi`,
        vehicleType: 'semi_remorque',
        temperatureC: null,
        requiredEquipment: ['tail_lift'],
      }),
    );
    const reasons = [
      'Ce véhicule demande le permis CE ; votre permis C ne le permet pas.',
      'Cette mission demande «\u00a0Hayon\u00a0» : ajoutez cette qualification à votre profil si vous l’avez.',
      'Votre certificat ADR est requis pour cette mission : ajoutez-le dans Mes documents.',
    ];
    const c = await driver({ licenseType: 'C', certifications: ['FCO', 'Frigo (ATP)'] });
    const card = (await c.agent.get(`/api/missions/search?q=${word}`)).json().items[0];
    expect(card.notEligibleReasons).toEqual(reasons);
    const sheet = (await c.agent.get(`/api/missions/${mission.id}`)).json();
    expect(sheet.notEligibleReasons).toEqual(reasons);
    expect(sheet.canApply).toBe(false);
    expect(sheet.applyBlockedReason).toBe(reasons[0]);
    const refused = await c.agent.post(`/api/missions/${mission.id}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(reasons.join(' '));
    expect(refused.json().code).toBeUndefined();

    // Papers only: the screen is told so (it offers to add them).
    const ce = await driver({ certifications: ['Hayon élévateur'] });
    const papersOnly = await ce.agent.post(`/api/missions/${mission.id}/apply`, {});
    expect(papersOnly.statusCode).toBe(409);
    expect(papersOnly.json()).toMatchObject({ message: reasons[2], code: 'documents' });

    // With the tail-lift in the profile and a verified ADR certificate lasting past the mission: accepted.
    const ready = await driver({ certifications: ['Hayon'] });
    await t.db.insert(documents).values({
      userId: ready.user.id,
      type: 'adr',
      status: 'verified',
      number: 'ADR-1',
      fileName: 'adr.pdf',
      fileUrl: 'test/adr.pdf',
      expirationDate: '2099-01-01',
    });
    const ok = (await ready.agent.get(`/api/missions/search?q=${word}`)).json().items[0];
    expect(ok.notEligibleReasons).toEqual([]);
    const applied = await ready.agent.post(`/api/missions/${mission.id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(201);
  });

  it('refuses a refrigerated mission to a driver without « Frigo (ATP) »', async () => {
    const { agent } = await company();
    const mission = await publish(
      agent,
      freightPayload({ adrClass: null, unNumber: null, requiredEquipment: ['atp'], temperatureC: 2 }),
    );
    const without = await driver({ certifications: ['Hayon'] });
    const refused = await without.agent.post(`/api/missions/${mission.id}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cette mission demande «\u00a0Frigo (ATP)\u00a0» : ajoutez cette qualification à votre profil si vous l’avez.',
    );
    const frigo = await driver({ certifications: ['Frigo (ATP)'] });
    expect((await frigo.agent.post(`/api/missions/${mission.id}/apply`, {})).statusCode).toBe(201);
  });
});
