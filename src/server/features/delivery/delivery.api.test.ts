import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.js';
import { alerts } from '../../db/schema/messaging.js';
import { missions } from '../../db/schema/missions.js';
import { deliveryProofs, waitingPeriods } from '../../db/schema/road.js';
import type { NewUser, User } from '../../db/schema/users.js';
import {
  createUser,
  insertMission,
  missionPayload,
  multipartBody,
  signaturePng,
} from '../../test/factories.js';
import { type Agent, agentFor, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { pdfText } from '../../test/pdf-text.js';

let t: TestApp;
beforeAll(async () => {
  // The workers run: the proof-of-delivery PDF is made by the job queued at delivery.
  t = await createTestApp({ env: { JOBS_WORKER: 'true' } });
});
afterAll(async () => {
  await t.close();
});

interface Party {
  user: User;
  agent: Agent;
}
const company = (overrides: Partial<NewUser> = {}) => signIn(t, { userType: 'company', ...overrides });
const driver = (overrides: Partial<NewUser> = {}) =>
  signIn(t, { userType: 'driver', subscriptionPlan: 'premium', ...overrides });

/** A mission walked through the API up to "in_progress" (signatures waived by the transporter). */
async function running(owner: Party, carrier: Party, mission: Record<string, unknown> = {}): Promise<string> {
  const created = await owner.agent.post('/api/missions', missionPayload(mission));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().mission.id as string;
  expect((await carrier.agent.post(`/api/missions/${id}/apply`, {})).statusCode).toBe(201);
  const detail = (await owner.agent.get(`/api/missions/${id}`)).json();
  expect((await owner.agent.post(`/api/applications/${detail.applications[0].id}/accept`)).statusCode).toBe(
    200,
  );
  const waived = await owner.agent.post(`/api/missions/${id}/engagement/waive`, {
    reason: 'Contrat signé sur papier au dépôt ce matin.',
  });
  expect(waived.statusCode, waived.body).toBe(200);
  await t.db
    .update(missions)
    .set({ startDate: new Date(Date.now() + 30 * 60_000) })
    .where(eq(missions.id, id));
  expect((await carrier.agent.post(`/api/missions/${id}/start`)).statusCode).toBe(200);
  return id;
}

async function scene() {
  const owner = await company();
  const carrier = await driver();
  const id = await running(owner, carrier);
  return { owner, carrier, id };
}

const JPEG = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

type FileSpec = { field: string; name: string; bytes: Buffer; type?: string };
const sendProof = async (agent: Agent, id: string, fields: Record<string, string>, files: FileSpec[]) =>
  agent.request({
    method: 'POST',
    url: `/api/missions/${id}/delivery-proof`,
    ...multipartBody(fields, files),
  });
const signatureFile = async (): Promise<FileSpec> => ({
  field: 'signature',
  name: 'signature.png',
  bytes: await signaturePng(),
});
const sendIncident = (agent: Agent, id: string, fields: Record<string, string>, files: FileSpec[] = []) =>
  agent.request({ method: 'POST', url: `/api/missions/${id}/incidents`, ...multipartBody(fields, files) });
const filesIn = (area: string, id: string) =>
  readdir(path.join(t.config.dataDir, 'uploads', area, id)).catch(() => [] as string[]);

describe('the proof of delivery', () => {
  it('is sent only by the assigned driver while the mission runs; deliver needs it', async () => {
    const { owner, carrier, id } = await scene();
    const other = await driver();
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    const files = [await signatureFile()];
    expect((await sendProof(owner.agent, id, { recipientName: 'Paul Quai' }, files)).statusCode).toBe(403);
    expect((await sendProof(admin, id, { recipientName: 'Paul Quai' }, files)).statusCode).toBe(403);
    expect((await sendProof(other.agent, id, { recipientName: 'Paul Quai' }, files)).statusCode).toBe(404);

    // Refused without the proof, with a French reason the screen shows.
    const refused = await carrier.agent.post(`/api/missions/${id}/deliver`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'delivery_proof_missing' });
    expect(refused.json().message).toMatch(/preuve de livraison/);

    // Missing name and signature: one message per field.
    const empty = await sendProof(carrier.agent, id, {}, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('recipientName');

    const sent = await sendProof(
      carrier.agent,
      id,
      {
        recipientName: 'Paul Quai',
        latitude: '50.589123',
        longitude: '3.111456',
        accuracy: '12',
        note: 'Quai 4',
      },
      [files[0]!, { field: 'photos', name: 'cmr.jpg', bytes: await JPEG() }],
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().proof).toMatchObject({
      recipientName: 'Paul Quai',
      position: { latitude: 50.589123, longitude: 3.111456, accuracy: 12 },
      photoCount: 1,
      pdfUrl: null,
    });
    // The transporter sees it too.
    expect((await owner.agent.get(`/api/missions/${id}/delivery`)).json().proof.recipientName).toBe(
      'Paul Quai',
    );

    const delivered = await carrier.agent.post(`/api/missions/${id}/deliver`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().mission.status).toBe('delivered');
    // Fixed once delivered.
    const late = await sendProof(carrier.agent, id, { recipientName: 'Autre' }, files);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/déjà livrée/);
  });

  it('is not accepted before the start, nor from a driver of another mission', async () => {
    const owner = await company();
    const carrier = await driver();
    const created = await owner.agent.post('/api/missions', missionPayload());
    const id = created.json().mission.id as string;
    const early = await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [await signatureFile()]);
    expect(early.statusCode).toBe(404);
    const other = await scene();
    // A proof for mission A does not let its driver deliver mission B.
    const b = await insertMission(t.db, {
      companyId: owner.user.id,
      driverId: other.carrier.user.id,
      status: 'in_progress',
    });
    await sendProof(other.carrier.agent, other.id, { recipientName: 'Paul Quai' }, [await signatureFile()]);
    expect((await other.carrier.agent.post(`/api/missions/${b.id}/deliver`)).statusCode).toBe(409);
  });

  it('checks the signature and photos by their content: a renamed text file, a blank canvas are refused', async () => {
    const { carrier, id } = await scene();
    const text = Buffer.from('ceci est un fichier texte, pas une image');
    const renamed = await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [
      { field: 'signature', name: 'signature.png', bytes: text, type: 'image/png' },
    ]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().errors).toHaveProperty('signature');
    const blank = await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const empty = await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [
      { field: 'signature', name: 'signature.png', bytes: blank },
    ]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toMatch(/signature est vide/);
    const photo = await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [
      await signatureFile(),
      { field: 'photos', name: 'cmr.jpg', bytes: text, type: 'image/jpeg' },
    ]);
    expect(photo.statusCode).toBe(415);
    expect(photo.json().errors).toHaveProperty('photos');
    const six = await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [
      await signatureFile(),
      ...(await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({
          field: 'photos',
          name: `p${i}.jpg`,
          bytes: await JPEG(),
        })),
      )),
    ]);
    expect(six.statusCode).toBe(400);
    // Nothing was kept of the refused sends.
    expect(await filesIn('delivery', id)).toEqual([]);
    // A JSON body or a broken form: French 4xx, never 500.
    expect(
      (await carrier.agent.post(`/api/missions/${id}/delivery-proof`, { recipientName: 'x' })).statusCode,
    ).toBe(400);
    const broken = await carrier.agent.request({
      method: 'POST',
      url: `/api/missions/${id}/delivery-proof`,
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('sent again before delivery replaces the previous one and removes its files', async () => {
    const { carrier, id } = await scene();
    await sendProof(carrier.agent, id, { recipientName: 'Premier' }, [
      await signatureFile(),
      { field: 'photos', name: 'a.jpg', bytes: await JPEG() },
      { field: 'photos', name: 'b.jpg', bytes: await JPEG() },
    ]);
    expect(await filesIn('delivery', id)).toHaveLength(3);
    const again = await sendProof(carrier.agent, id, { recipientName: 'Second' }, [await signatureFile()]);
    expect(again.json().proof).toMatchObject({ recipientName: 'Second', photoCount: 0 });
    expect(await filesIn('delivery', id)).toHaveLength(1);
    const rows = await t.db.select().from(deliveryProofs).where(eq(deliveryProofs.missionId, id));
    expect(rows).toHaveLength(1);
  });

  it('becomes a PDF document at delivery, downloadable by both parties and admins, not by others', async () => {
    const { owner, carrier, id } = await scene();
    const outsider = await company();
    await sendProof(carrier.agent, id, { recipientName: 'Paul Quai', note: 'Palette 3 filmée à nouveau' }, [
      await signatureFile(),
      { field: 'photos', name: 'cmr.jpg', bytes: await JPEG() },
    ]);
    const incident = await sendIncident(carrier.agent, id, { type: 'dock_wait', note: 'Quai occupé' });
    expect(incident.statusCode, incident.body).toBe(201);
    expect((await carrier.agent.post(`/api/missions/${id}/deliver`)).statusCode).toBe(200);

    // The job queued at delivery makes it (the download would make it too, so the table is read first).
    let documentId: string | null = null;
    for (let i = 0; i < 100 && !documentId; i++) {
      [{ documentId } = { documentId: null }] = await t.db
        .select({ documentId: deliveryProofs.documentId })
        .from(deliveryProofs)
        .where(eq(deliveryProofs.missionId, id));
      if (!documentId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(documentId).not.toBeNull();
    const [document] = await t.db.select().from(documents).where(eq(documents.id, documentId!));
    expect(document).toMatchObject({
      type: 'delivery_proof',
      userId: carrier.user.id,
      recipientId: owner.user.id,
      missionId: id,
      mimeType: 'application/pdf',
    });

    const view = (await owner.agent.get(`/api/missions/${id}/delivery`)).json();
    expect(view.proof).toMatchObject({ pdfReady: true, pdfUrl: `/api/missions/${id}/delivery/pdf` });
    for (const agent of [owner.agent, carrier.agent]) {
      const pdf = await agent.get(`/api/missions/${id}/delivery/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      const loaded = await PDFDocument.load(pdf.rawPayload);
      expect(loaded.getTitle()).toBe('Preuve de livraison');
      // Facts, then the signature page and the photo's page.
      expect(loaded.getPageCount()).toBeGreaterThanOrEqual(3);
    }
    const admin = await agentFor(t, (await createUser(t.db, { userType: 'admin', isAdmin: true })).id);
    expect((await admin.get(`/api/missions/${id}/delivery/pdf`)).statusCode).toBe(200);
    for (const url of ['delivery/pdf', 'delivery/signature', 'delivery/photos/1', 'delivery']) {
      expect((await outsider.agent.get(`/api/missions/${id}/${url}`)).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/missions/${id}/${url}` })).statusCode).toBe(401);
    }
    const signature = await owner.agent.get(`/api/missions/${id}/delivery/signature`);
    expect(signature.headers['content-type']).toBe('image/png');
    const photo = await owner.agent.get(`/api/missions/${id}/delivery/photos/1`);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await owner.agent.get(`/api/missions/${id}/delivery/photos/2`)).statusCode).toBe(404);
  });

  it('the PDF is made by the download when the job has not run', async () => {
    const { owner, carrier, id } = await scene();
    await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [await signatureFile()]);
    // Delivered behind the lifecycle's back (no event, no job): the download still has its PDF.
    await t.db
      .update(missions)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(missions.id, id));
    const [pdf, again] = await Promise.all([
      owner.agent.get(`/api/missions/${id}/delivery/pdf`),
      carrier.agent.get(`/api/missions/${id}/delivery/pdf`),
    ]);
    expect([pdf.statusCode, again.statusCode]).toEqual([200, 200]);
    const rows = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.missionId, id), eq(documents.type, 'delivery_proof')));
    expect(rows).toHaveLength(1);
  });
});

describe('incidents', () => {
  it('are reported by the driver, alert the transporter at once, and are listed for both', async () => {
    const { owner, carrier, id } = await scene();
    expect((await sendIncident(owner.agent, id, { type: 'delay' })).statusCode).toBe(403);
    const bad = await sendIncident(carrier.agent, id, { type: 'meteo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('type');
    const future = await sendIncident(carrier.agent, id, {
      type: 'delay',
      occurredAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.occurredAt).toMatch(/futur/);
    const before = await sendIncident(carrier.agent, id, {
      type: 'delay',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(before.json().errors.occurredAt).toMatch(/précéder/);
    const renamed = await sendIncident(carrier.agent, id, { type: 'damage' }, [
      { field: 'photos', name: 'photo.jpg', bytes: Buffer.from('pas une photo') },
    ]);
    expect(renamed.statusCode).toBe(415);

    const reported = await sendIncident(
      carrier.agent,
      id,
      {
        type: 'breakdown',
        note: 'Crevaison sur l’A1, dépanneuse appelée',
        latitude: '49.9',
        longitude: '2.3',
      },
      [{ field: 'photos', name: 'roue.jpg', bytes: await JPEG() }],
    );
    expect(reported.statusCode, reported.body).toBe(201);
    const [alert] = await t.db
      .select()
      .from(alerts)
      .where(
        and(eq(alerts.userId, owner.user.id), eq(alerts.missionId, id), eq(alerts.title, 'Incident : panne')),
      );
    expect(alert?.message).toContain('Crevaison sur l’A1');

    const seen = (await owner.agent.get(`/api/missions/${id}/delivery`)).json();
    expect(seen.incidents).toHaveLength(1);
    expect(seen.incidents[0]).toMatchObject({
      type: 'breakdown',
      label: 'Panne',
      position: { latitude: 49.9, longitude: 2.3 },
      reporterName: carrier.user.fullName,
    });
    const photo = await owner.agent.get(seen.incidents[0].photos[0]);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await (await company()).agent.get(seen.incidents[0].photos[0])).statusCode).toBe(404);
  });

  it('may still be reported once delivered (damage found at unloading), not after completion', async () => {
    const { owner, carrier, id } = await scene();
    await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [await signatureFile()]);
    await carrier.agent.post(`/api/missions/${id}/deliver`);
    expect(
      (await sendIncident(carrier.agent, id, { type: 'damage', note: 'Carton écrasé' })).statusCode,
    ).toBe(201);
    expect((await owner.agent.post(`/api/missions/${id}/complete`)).statusCode).toBe(200);
    const closed = await sendIncident(carrier.agent, id, { type: 'damage' });
    expect(closed.statusCode).toBe(409);
  });
});

describe('waiting times', () => {
  it('one open at a time, stopped by the driver, totalled per place, closed at delivery', async () => {
    const { owner, carrier, id } = await scene();
    expect(
      (await owner.agent.post(`/api/missions/${id}/waiting/start`, { place: 'pickup' })).statusCode,
    ).toBe(403);
    expect((await carrier.agent.post(`/api/missions/${id}/waiting/stop`)).statusCode).toBe(409);
    // Two starts at the same instant (a double tap): one is counted, the other refused.
    const both = await Promise.all([
      carrier.agent.post(`/api/missions/${id}/waiting/start`, { place: 'pickup' }),
      carrier.agent.post(`/api/missions/${id}/waiting/start`, { place: 'pickup' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    // 40 minutes at the pickup, then stopped.
    await t.db
      .update(waitingPeriods)
      .set({ startedAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(waitingPeriods.missionId, id));
    const stopped = await carrier.agent.post(`/api/missions/${id}/waiting/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().waiting.open).toBeNull();
    // Then at the delivery: still running when the mission is delivered.
    expect(
      (await carrier.agent.post(`/api/missions/${id}/waiting/start`, { place: 'delivery' })).statusCode,
    ).toBe(200);
    const [open] = await t.db
      .select()
      .from(waitingPeriods)
      .where(and(eq(waitingPeriods.missionId, id), eq(waitingPeriods.place, 'delivery')));
    await t.db
      .update(waitingPeriods)
      .set({ startedAt: new Date(Date.now() - 25 * 60_000) })
      .where(eq(waitingPeriods.id, open!.id));
    await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [await signatureFile()]);
    expect((await carrier.agent.post(`/api/missions/${id}/deliver`)).statusCode).toBe(200);
    const view = (await owner.agent.get(`/api/missions/${id}/delivery`)).json();
    expect(view.waiting.open).toBeNull();
    expect(view.waiting.totals).toMatchObject({
      pickupMinutes: 40,
      deliveryMinutes: 25,
      totalMinutes: 65,
      periods: 2,
      running: false,
      billed: false,
    });
    // Not once delivered.
    expect(
      (await carrier.agent.post(`/api/missions/${id}/waiting/start`, { place: 'delivery' })).statusCode,
    ).toBe(409);

    // And on the payment page, for information.
    expect((await owner.agent.post(`/api/missions/${id}/complete`)).statusCode).toBe(200);
    for (const agent of [owner.agent, carrier.agent]) {
      const payment = await agent.get(`/api/missions/${id}/payment`);
      expect(payment.statusCode, payment.body).toBe(200);
      expect(payment.json().waiting).toMatchObject({ pickupMinutes: 40, deliveryMinutes: 25, billed: false });
    }
  });

  it('with a waiting rate: said billed, and the proof of delivery states the rate and the goods (decision 042)', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await running(owner, carrier, {
      engagementType: 'independent',
      pricingType: 'flat',
      cargoWeightKg: '12 t',
      palletCount: 18,
      waitingQuarterPrice: '15',
      waitingFranchiseMinutes: 30,
    });
    expect(
      (await carrier.agent.post(`/api/missions/${id}/waiting/start`, { place: 'delivery' })).statusCode,
    ).toBe(200);
    const view = (await owner.agent.get(`/api/missions/${id}/delivery`)).json();
    expect(view.waiting.totals).toMatchObject({ running: true, billed: true });
    await sendProof(carrier.agent, id, { recipientName: 'Paul Quai' }, [await signatureFile()]);
    expect((await carrier.agent.post(`/api/missions/${id}/deliver`)).statusCode).toBe(200);
    const pdf = await owner.agent.get(`/api/missions/${id}/delivery/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/[\s\u202f\u00a0]+/g, ' ');
    expect(text).toContain('Poids brut 12 t');
    expect(text).toContain('Palettes 18 palettes');
    expect(text).toContain(
      'Tarif convenu à la publication : 15,00 € HT par quart d’heure commencé au-delà d’une franchise de 30 min par opération',
    );
  });
});
