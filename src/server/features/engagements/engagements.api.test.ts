import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSignatures } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import type { NewUser } from '../../db/schema/users.js';
import { missionPayload } from '../../test/factories.js';
import { pdfAttachments, pdfText } from '../../test/pdf-text.js';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);

/** A mission published by a transporter, a driver chosen for it, starting within the hour. */
async function engaged(
  overrides: Record<string, unknown> = {},
  names = ['Claire Martin', 'Jean Routier'],
  driverFields: Partial<NewUser> = {},
) {
  const owner = await signedIn({ userType: 'company', fullName: names[0] });
  const driver = await signedIn({ userType: 'driver', fullName: names[1], ...driverFields });
  const created = await owner.agent.post('/api/missions', missionPayload(overrides));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().mission.id as string;
  await driver.agent.post(`/api/missions/${id}/apply`, {});
  const detail = (await owner.agent.get(`/api/missions/${id}`)).json();
  expect((await owner.agent.post(`/api/applications/${detail.applications[0].id}/accept`)).statusCode).toBe(
    200,
  );
  await t.db
    .update(missions)
    .set({ startDate: new Date(Date.now() + 30 * 60_000) })
    .where(eq(missions.id, id));
  return { owner, driver, id };
}

const sign = (agent: Agent, id: string, typedName: string, consent: unknown = true) =>
  agent.post(`/api/missions/${id}/engagement/sign`, { typedName, consent });

async function pages(agent: Agent, id: string) {
  const file = await agent.get(`/api/missions/${id}/engagement/file`);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  return (await PDFDocument.load(file.rawPayload)).getPageCount();
}

describe('the engagement document', () => {
  it('is made when the driver is chosen, signed by both (name, consent, IP, SHA-256), then the mission may start', async () => {
    const { owner, driver, id } = await engaged();
    const seen = (await owner.agent.get(`/api/missions/${id}/engagement`)).json();
    expect(seen).toMatchObject({
      kind: 'employment',
      title: 'Proposition de contrat court',
      fullySigned: false,
      canSign: true,
      canWaive: true,
      signatures: [],
    });
    expect(seen.sha256).toMatch(/^[0-9a-f]{64}$/);
    const before = await pages(driver.agent, id);
    expect(seen.originalUrl).toBeNull();
    expect((await driver.agent.get(`/api/missions/${id}/engagement/original`)).statusCode).toBe(404);

    const refused = await driver.agent.post(`/api/missions/${id}/start`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('doit être signé par les deux parties');

    const wrongName = await sign(driver.agent, id, 'Quelqu’un d’autre');
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().errors.typedName).toBe(
      'Tapez votre nom tel qu’il figure sur votre compte : Jean Routier',
    );
    const noConsent = await sign(driver.agent, id, 'Jean Routier', false);
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().errors.consent).toBe('Cochez la case pour donner votre accord');

    const first = await sign(driver.agent, id, 'jean routier');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      canSign: false,
      fullySigned: false,
      signatures: [{ role: 'driver' }],
    });
    expect((await sign(driver.agent, id, 'Jean Routier')).statusCode).toBe(409);
    const both = await sign(owner.agent, id, 'Claire Martin');
    expect(both.json()).toMatchObject({ fullySigned: true, canWaive: false });
    expect(await pages(owner.agent, id)).toBe(before + 1);
    // Checkable by someone holding only the signed file: the original is inside it, and its SHA-256 is the one
    // the signature page prints; the original is also downloadable, byte for byte.
    const signedFile = (await driver.agent.get(`/api/missions/${id}/engagement/file`)).rawPayload;
    const attachments = await pdfAttachments(signedFile);
    expect([...attachments.keys()]).toEqual([`${seen.fileName.replace(/\.pdf$/, '')} (original).pdf`]);
    const inside = [...attachments.values()][0]!;
    expect(createHash('sha256').update(inside).digest('hex')).toBe(seen.sha256);
    expect(await pdfText(signedFile)).toContain(seen.sha256);
    const signedView = (await driver.agent.get(`/api/missions/${id}/engagement`)).json();
    expect(signedView.originalUrl).toBe(`/api/missions/${id}/engagement/original`);
    const original = await owner.agent.get(signedView.originalUrl);
    expect(original.statusCode).toBe(200);
    expect(createHash('sha256').update(original.rawPayload).digest('hex')).toBe(seen.sha256);
    const stranger = await signedIn({ userType: 'company' });
    expect((await stranger.agent.get(signedView.originalUrl)).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(documentSignatures)
      .where(eq(documentSignatures.documentId, seen.id));
    expect(rows.map((row) => [row.role, row.ipAddress, row.sha256])).toEqual(
      expect.arrayContaining([
        ['driver', '127.0.0.1', seen.sha256],
        ['transporter', '127.0.0.1', seen.sha256],
      ]),
    );
    const started = await driver.agent.post(`/api/missions/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
  });

  it('prints names, places and signs exactly as written, on the document and on its signature page', async () => {
    const { owner, driver, id } = await engaged({ title: 'Frigo Rungis → Lille ✓ urgent' }, [
      'Γιώργος Παπαδόπουλος',
      'Małgorzata Żak',
    ]);
    expect((await sign(driver.agent, id, 'Małgorzata Żak')).statusCode).toBe(200);
    expect((await sign(owner.agent, id, 'Γιώργος Παπαδόπουλος')).statusCode).toBe(200);
    const file = await owner.agent.get(`/api/missions/${id}/engagement/file`);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Frigo Rungis → Lille ✓ urgent');
    expect(text).toContain('Conducteur (salarié) : Małgorzata Żak');
    expect(text).toContain('Γιώργος Παπαδόπουλος');
    expect(text).not.toMatch(/->|\?\?/);
  });

  it('an independent driver gets a transport order; strangers see nothing; an admin reads but never signs', async () => {
    const { id } = await engaged({ engagementType: 'independent' }, undefined, {
      siretNumber: '44306184100047',
    });
    const stranger = await signedIn({ userType: 'company' });
    expect((await stranger.agent.get(`/api/missions/${id}/engagement`)).statusCode).toBe(404);
    expect((await stranger.agent.get(`/api/missions/${id}/engagement/file`)).statusCode).toBe(404);
    const otherDriver = await signedIn({ userType: 'driver' });
    expect((await sign(otherDriver.agent, id, otherDriver.user.fullName)).statusCode).toBe(404);
    const admin = await signedIn({ userType: 'admin', isAdmin: true });
    const read = (await admin.agent.get(`/api/missions/${id}/engagement`)).json();
    expect(read).toMatchObject({ kind: 'independent', title: 'Ordre de transport', canSign: false });
    // The terms of the standard contracts, the carrier's SIRET and the payment term (capped by law) on the order.
    const order = await pdfText((await admin.agent.get(`/api/missions/${id}/engagement/file`)).rawPayload);
    for (const expected of [
      'Donneur d’ordre',
      'Transporteur (sous-traitant), conducteur',
      'Délai de paiement',
      'À réception de la facture',
      'ne peut dépasser 30 jours',
    ])
      expect(order).toContain(expected);
    expect(order).toMatch(/SIRET\s+\d{14}[\s\S]*SIRET\s+44306184100047/);
    expect(order).not.toMatch(/chauffeur/i);
    expect((await sign(admin.agent, id, admin.user.fullName)).statusCode).toBe(403);
  });

  it('the order states the freight: the slots, the set-point and the equipment (decision 052)', async () => {
    const start = Date.now() + 24 * 3600_000;
    const at = (hours: number) => new Date(start + hours * 3600_000).toISOString();
    const { owner, id } = await engaged(
      {
        engagementType: 'independent',
        startDate: at(0),
        endDate: at(8),
        loadingStart: at(0),
        loadingEnd: at(1),
        deliveryStart: at(6),
        deliveryEnd: at(7),
        temperatureC: '-18',
        requiredEquipment: ['atp', 'tail_lift'],
      },
      undefined,
      { certifications: ['Frigo (ATP)', 'Hayon'] },
    );
    const file = await owner.agent.get(`/api/missions/${id}/engagement/file`);
    const text = (await pdfText(file.rawPayload)).replace(/[\s\u202f\u00a0]+/g, ' ');
    for (const expected of [
      'Créneau de chargement',
      'Créneau de livraison',
      'Température de consigne \u221218 °C',
      'Équipement exigé Frigo (ATP), Hayon',
    ])
      expect(text).toContain(expected);
  });

  it('the order states the goods, the waiting rate and the carrier’s register number, made again until signed', async () => {
    const { owner, driver, id } = await engaged({
      engagementType: 'independent',
      pricingType: 'flat',
      cargoWeightKg: '24,5 t',
      palletCount: 33,
      waitingQuarterPrice: '12.50',
      waitingFranchiseMinutes: 60,
    });
    const read = async () => {
      const seen = (await owner.agent.get(`/api/missions/${id}/engagement`)).json();
      const file = await owner.agent.get(`/api/missions/${id}/engagement/file`);
      return { seen, text: (await pdfText(file.rawPayload)).replace(/[\s\u202f\u00a0]+/g, ' ') };
    };
    const first = await read();
    for (const expected of [
      'Poids brut 24,5 t',
      'Palettes 33 palettes',
      'Attente (immobilisation) 12,50 € HT par quart d’heure commencé au-delà d’une franchise de 1 h par opération (chargement, livraison)',
      // What the carrier has not given yet is said to be missing.
      'SIRET Non communiqué',
      'Registre des transporteurs Non communiqué',
    ])
      expect(first.text).toContain(expected);
    // The carrier gives their number in their profile: the order nobody has signed is made again with it.
    const profile = { fullName: 'Jean Routier', phone: '06 11 22 33 44' };
    const saved = await driver.agent.put('/api/profile', {
      ...profile,
      transportRegisterNumber: '2024/84/0012345',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await read();
    expect(second.text).toContain('Registre des transporteurs 2024/84/0012345');
    expect(second.seen.sha256).not.toBe(first.seen.sha256);
    // Once a party has signed, the order stays what they signed.
    expect((await sign(driver.agent, id, 'Jean Routier')).statusCode).toBe(200);
    await driver.agent.put('/api/profile', { ...profile, transportRegisterNumber: '2024/84/0099999' });
    const third = await read();
    expect(third.seen.sha256).toBe(second.seen.sha256);
    expect(third.text).toContain('2024/84/0012345');
    // A mission without these mentions says so on the order; a contract proposal prints them only when given.
    const bare = await engaged({ engagementType: 'independent' });
    const bareText = (
      await pdfText((await bare.owner.agent.get(`/api/missions/${bare.id}/engagement/file`)).rawPayload)
    ).replace(/[\s\u202f\u00a0]+/g, ' ');
    expect(bareText).toContain('Poids brut Non précisé');
    expect(bareText).toContain('Attente (immobilisation) Pas de tarif convenu dans Relais');
    const contract = await engaged({ cargoWeightKg: '800 kg' });
    const contractText = (
      await pdfText(
        (await contract.owner.agent.get(`/api/missions/${contract.id}/engagement/file`)).rawPayload,
      )
    ).replace(/[\s\u202f\u00a0]+/g, ' ');
    expect(contractText).toContain('Poids brut 800 kg');
    expect(contractText).not.toContain('Palettes');
    expect(contractText).not.toContain('registre');
  });

  it('signed by both at the same instant: one signed copy, both signatures', async () => {
    const { owner, driver, id } = await engaged();
    const before = await pages(owner.agent, id);
    const [a, b] = await Promise.all([
      sign(driver.agent, id, 'Jean Routier'),
      sign(owner.agent, id, 'Claire Martin'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = (await owner.agent.get(`/api/missions/${id}/engagement`)).json();
    expect(final.fullySigned).toBe(true);
    expect(final.signatures).toHaveLength(2);
    expect(await pages(driver.agent, id)).toBe(before + 1);
  });

  it('the transporter may waive the signatures in writing (in the timeline); the driver may not', async () => {
    const { owner, driver, id } = await engaged();
    expect(
      (await driver.agent.post(`/api/missions/${id}/engagement/waive`, { reason: 'Pas le temps de signer' }))
        .statusCode,
    ).toBe(403);
    const short = await owner.agent.post(`/api/missions/${id}/engagement/waive`, { reason: 'vite' });
    expect(short.statusCode).toBe(400);
    const waived = await owner.agent.post(`/api/missions/${id}/engagement/waive`, {
      reason: 'Signature papier au dépôt de Rungis',
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().waivedAt).not.toBeNull();
    const started = await driver.agent.post(`/api/missions/${id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const timeline = started.json().timeline as Array<{ type: string; reason: string | null }>;
    expect(timeline.find((event) => event.type === 'signatures_waived')?.reason).toBe(
      'Signature papier au dépôt de Rungis',
    );
  });

  it('a new driver starts only with their own document signed; the signed copy outlives a cancellation', async () => {
    const { owner, driver, id } = await engaged();
    await sign(driver.agent, id, 'Jean Routier');
    await sign(owner.agent, id, 'Claire Martin');
    const dropped = await driver.agent.post(`/api/missions/${id}/drop`, {
      reason: 'Camion en panne ce matin',
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const next = await signedIn({ userType: 'driver', fullName: 'Paul Relève' });
    await t.db
      .update(missions)
      .set({ startDate: new Date(Date.now() + 3 * 3600_000) })
      .where(eq(missions.id, id));
    expect((await next.agent.post(`/api/missions/${id}/apply`, {})).statusCode).toBe(201);
    const detail = (await owner.agent.get(`/api/missions/${id}`)).json();
    const application = detail.applications.find((a: { driverId: string }) => a.driverId === next.user.id);
    // Accepted and started at once: the previous driver's signatures never count.
    await owner.agent.post(`/api/applications/${application.id}/accept`);
    await t.db
      .update(missions)
      .set({ startDate: new Date(Date.now() + 30 * 60_000) })
      .where(eq(missions.id, id));
    const start = await next.agent.post(`/api/missions/${id}/start`);
    expect(start.statusCode).toBe(409);
    expect(start.json().code).toBe('engagement_unsigned');
    const fresh = (await next.agent.get(`/api/missions/${id}/engagement`)).json();
    expect(fresh).toMatchObject({ fullySigned: false, signatures: [] });
    // The former driver may no longer sign anything here.
    expect((await sign(driver.agent, id, 'Jean Routier')).statusCode).toBe(404);
    // Renaming one's account does not change the name to type: the one printed in the document.
    await next.agent.put('/api/profile', { fullName: 'Claire Martin', phone: '0612345678' });
    expect((await sign(next.agent, id, 'Claire Martin')).statusCode).toBe(400);
    expect((await sign(next.agent, id, 'Paul Releve')).statusCode).toBe(200);
    expect((await sign(owner.agent, id, 'Claire Martin')).statusCode).toBe(200);
    const cancelled = await owner.agent.post(`/api/missions/${id}/cancel`, {
      reason: 'Client a annulé la commande',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const kept = await next.agent.get(`/api/missions/${id}/engagement`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().fullySigned).toBe(true);
    expect((await next.agent.get(`/api/missions/${id}/engagement/file`)).statusCode).toBe(200);
  });
});
