import { parisDate } from '#core/rules/days.js';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogs } from '../../db/schema/admin.js';
import { documents } from '../../db/schema/documents.js';
import { alerts } from '../../db/schema/messaging.js';
import { users, type NewUser } from '../../db/schema/users.js';
import { createEventBus } from '../../platform/events.js';
import { createStorage } from '../../platform/storage.js';
import { missionPayload, multipartBody, TEST_PASSWORD } from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { sendExpiryReminders } from './reminders.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signedIn = (overrides: Partial<NewUser> = {}) => signIn(t, overrides);
const driver = (overrides: Partial<NewUser> = {}) => signedIn({ userType: 'driver', ...overrides });
const company = () => signedIn({ userType: 'company' });
const admin = () => signedIn({ userType: 'admin', isAdmin: true, fullName: 'Alice Admin' });

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Permis de conduire');
  return Buffer.from(await doc.save());
}
const day = (offsetDays: number) => parisDate(new Date(Date.now() + offsetDays * 86_400_000));

/** The document's form as the page sends it: its details, and the file (the browser's name and type). */
function upload(agent: Agent, fields: Record<string, string>, body: Buffer, type = 'application/pdf') {
  return agent.request({
    method: 'POST',
    url: '/api/documents',
    ...multipartBody(fields, [{ field: 'file', name: 'mon permis é.pdf', bytes: body, type }]),
  });
}

const permis = (expiresAt = day(2000)) => ({
  type: 'permis',
  number: '12AB34',
  expiresAt,
  categories: 'C,CE',
});

async function uploaded(agent: Agent, query: Record<string, string>, body?: Buffer) {
  const response = await upload(agent, query, body ?? (await pdf()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string; state: string };
}

async function publish(agent: Agent, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await agent.post('/api/missions', missionPayload(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().mission.id as string;
}

describe('a driver’s documents', () => {
  it('stores a PDF checked by its content, pending, with the number and dates', async () => {
    const { agent } = await driver();
    const saved = await uploaded(agent, permis());
    expect(saved).toMatchObject({
      status: 'pending',
      state: 'pending',
      number: '12AB34',
      categories: ['C', 'CE'],
    });
    expect((saved as unknown as { fileName: string }).fileName).toBe('mon permis é.pdf');
    const mine = (await agent.get('/api/documents')).json();
    expect(mine.documents).toHaveLength(1);
    expect(mine.requirements.find((r: { requirement: string }) => r.requirement === 'permis').state).toBe(
      'pending',
    );
    expect(mine.validation.status).toBe('pending_validation');
    const file = await agent.get(`/api/documents/${saved.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses bad fields in French, under each field, and files that are not what they claim', async () => {
    const { agent } = await driver();
    const noExpiry = await upload(agent, { type: 'permis', number: '1', categories: 'CE' }, await pdf());
    expect(noExpiry.statusCode).toBe(400);
    expect(noExpiry.json().errors.expiresAt).toBe('Indiquez la date de fin de validité');
    const farWithoutIssue = await upload(
      agent,
      { type: 'fimo', number: '1', expiresAt: '2100-12-31' },
      await pdf(),
    );
    expect(farWithoutIssue.json().errors.expiresAt).toContain('valable 5 ans au plus');
    const expired = await upload(agent, { ...permis(), expiresAt: day(-1) }, await pdf());
    expect(expired.json().errors.expiresAt).toBe(
      'Ce document est déjà expiré : envoyez celui en cours de validité',
    );
    const noCategory = await upload(agent, { type: 'permis', number: '1', expiresAt: day(100) }, await pdf());
    expect(noCategory.json().errors.categories).toBe('Cochez au moins une catégorie du permis');
    const tooLong = await upload(
      agent,
      { type: 'carte_conducteur', number: '1', issuedAt: day(-10), expiresAt: day(3000) },
      await pdf(),
    );
    expect(tooLong.json().errors.expiresAt).toContain('valable 5 ans au plus');
    const html = await upload(agent, permis(), Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(415);
    expect(html.json().errors.file).toBe('Ce fichier n’est ni un PDF ni une image JPEG, PNG ou WebP.');
    const huge = await upload(agent, permis(), Buffer.concat([await pdf(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect((await agent.get('/api/documents')).json().documents).toHaveLength(0);
  });

  it('computes a card’s expiry from its issue date and strips an image’s metadata', async () => {
    const { agent } = await driver();
    const withExif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Espion', Model: 'GPS 3000' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const issued = day(-30);
    const response = await upload(
      agent,
      { type: 'carte_conducteur', number: 'F123', issuedAt: issued },
      withExif,
      'image/jpeg',
    );
    expect(response.statusCode, response.body).toBe(201);
    const card = response.json();
    expect(card.expiresAt).toBe(`${Number(issued.slice(0, 4)) + 5}${issued.slice(4)}`);
    const file = await agent.get(`/api/documents/${card.id}/file`);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('keeps one waiting document per type: a new upload replaces the pending one and its file', async () => {
    const { agent, user } = await driver();
    const first = await uploaded(agent, permis());
    const second = await uploaded(agent, permis(day(1500)));
    const rows = await t.db.select().from(documents).where(eq(documents.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([second.id]);
    expect((await agent.get(`/api/documents/${first.id}/file`)).statusCode).toBe(404);
  });

  it('is refused to visitors and transporters; a driver deletes only their own', async () => {
    const visitor = new Agent(t.app);
    expect((await upload(visitor, permis(), await pdf())).statusCode).toBe(401);
    const transporter = await company();
    expect((await upload(transporter.agent, permis(), await pdf())).statusCode).toBe(403);
    expect((await transporter.agent.get('/api/documents')).statusCode).toBe(403);
    const owner = await driver();
    const doc = await uploaded(owner.agent, permis());
    const other = await driver();
    expect((await other.agent.delete(`/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await owner.agent.delete(`/api/documents/${doc.id}`)).statusCode).toBe(204);
    expect((await owner.agent.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(404);
  });
});

describe('closing the account', () => {
  it('erases the driver’s papers and their files', async () => {
    const { agent, user } = await driver();
    const doc = await uploaded(agent, permis());
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    const storage = createStorage(t.config);
    expect(await storage.get(row!.fileUrl)).not.toBeNull();
    const gone = await agent.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.db.select().from(documents).where(eq(documents.userId, user.id))).toEqual([]);
    expect(await storage.get(row!.fileUrl)).toBeNull();
  });
});

describe('who may open a driver’s file', () => {
  it('another driver, a stranger transporter: 404; the transporter of a pending application: verified only, logged', async () => {
    const owner = await driver();
    const doc = await uploaded(owner.agent, permis());
    const other = await driver();
    expect((await other.agent.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(404);
    const transporter = await company();
    expect((await transporter.agent.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(404);
    const missionId = await publish(transporter.agent);
    expect((await owner.agent.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
    // Pending: not yet vouched for by Relais.
    expect((await transporter.agent.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(404);
    const boss = await admin();
    expect((await boss.agent.post(`/api/admin/documents/${doc.id}/verify`)).statusCode).toBe(200);
    expect((await transporter.agent.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(200);
    expect((await boss.agent.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(200);
    const accesses = (await owner.agent.get('/api/documents/accesses')).json().accesses;
    expect(
      accesses.map((a: { viewerRole: string; viewerName: string }) => [a.viewerRole, a.viewerName]),
    ).toEqual([
      ['admin', 'Équipe Relais'],
      ['transporter', 'Transports Martin'],
    ]);
    // Once the application is withdrawn, the transporter no longer works with the driver.
    const detail = (await owner.agent.get(`/api/missions/${missionId}`)).json();
    expect((await owner.agent.post(`/api/applications/${detail.myApplication.id}/withdraw`)).statusCode).toBe(
      200,
    );
    expect((await transporter.agent.get(`/api/documents/${doc.id}/file`)).statusCode).toBe(404);
    // Deleting the document keeps the list of who opened it.
    expect((await owner.agent.delete(`/api/documents/${doc.id}`)).statusCode).toBe(204);
    const kept = (await owner.agent.get('/api/documents/accesses')).json().accesses;
    expect(
      kept.map((a: { documentId: string | null; documentType: string }) => [a.documentId, a.documentType]),
    ).toEqual([
      [null, 'permis'],
      [null, 'permis'],
    ]);
  });
});

describe('review by Relais', () => {
  it('verifies, keeps users.* in step, logs the admin with the IP, and alerts the driver', async () => {
    const { agent, user } = await driver();
    const boss = await admin();
    const licence = await uploaded(agent, permis());
    const card = await uploaded(agent, { type: 'carte_conducteur', number: 'F1', issuedAt: day(-100) });
    const fimo = await uploaded(agent, { type: 'fimo', number: 'FI1', issuedAt: day(-200) });
    for (const doc of [licence, card])
      expect((await boss.agent.post(`/api/admin/documents/${doc.id}/verify`)).statusCode).toBe(200);
    let [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.drivingLicenseUrl).toBe(`/api/documents/${licence.id}/file`);
    expect(row!.drivingLicenseExpiry).toBe(day(2000));
    expect(row!.documentsVerified).toBe(false);
    const verified = await boss.agent.post(`/api/admin/documents/${fimo.id}/verify`);
    expect(verified.json()).toMatchObject({ status: 'verified', driver: { id: user.id } });
    expect(verified.json().history[0]).toMatchObject({ action: 'document.verify', adminName: 'Alice Admin' });
    [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.documentsVerified).toBe(true);
    expect(row!.fimoUrl).toBe(`/api/documents/${fimo.id}/file`);
    const [log] = await t.db.select().from(adminLogs).where(eq(adminLogs.targetId, fimo.id));
    expect(log).toMatchObject({ adminId: boss.user.id, action: 'document.verify', ipAddress: '127.0.0.1' });
    const titles = (await t.db.select().from(alerts).where(eq(alerts.userId, user.id))).map((a) => a.title);
    expect(titles).toContain('Document vérifié');
    const again = await boss.agent.post(`/api/admin/documents/${fimo.id}/verify`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ce document est déjà vérifié.');
  });

  it('rejects with a reason the driver reads; a re-upload waits again; a verified successor replaces the old one', async () => {
    const { agent, user } = await driver();
    const boss = await admin();
    const first = await uploaded(agent, permis());
    const short = await boss.agent.post(`/api/admin/documents/${first.id}/reject`, { reason: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.reason).toBe('Indiquez la raison (5 caractères au moins)');
    const rejected = await boss.agent.post(`/api/admin/documents/${first.id}/reject`, {
      reason: 'Photo illisible',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Photo illisible' });
    const mine = (await agent.get('/api/documents')).json();
    expect(mine.requirements[0]).toMatchObject({
      requirement: 'permis',
      state: 'rejected',
      reason: 'Photo illisible',
    });
    const alert = (await t.db.select().from(alerts).where(eq(alerts.userId, user.id)))[0]!;
    expect(alert.message).toContain('Motif : Photo illisible');

    const second = await uploaded(agent, permis());
    await boss.agent.post(`/api/admin/documents/${second.id}/verify`);
    const third = await uploaded(agent, permis(day(2500)));
    // The verified one stays in force while the new one waits.
    let [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.drivingLicenseUrl).toBe(`/api/documents/${second.id}/file`);
    await boss.agent.post(`/api/admin/documents/${third.id}/verify`);
    [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.drivingLicenseExpiry).toBe(day(2500));
    const statuses = await t.db
      .select({ id: documents.id, status: documents.status })
      .from(documents)
      .where(eq(documents.userId, user.id));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [second.id]: 'replaced',
      [third.id]: 'verified',
    });
  });

  it('two admins deciding at once: one decision wins, the other is told', async () => {
    const { agent } = await driver();
    const [a, b] = [await admin(), await admin()];
    const doc = await uploaded(agent, permis());
    const results = await Promise.all([
      a.agent.post(`/api/admin/documents/${doc.id}/verify`),
      b.agent.post(`/api/admin/documents/${doc.id}/verify`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // Verify and reject at once, in either order: one decision stands.
    for (let round = 0; round < 3; round++) {
      const next = await uploaded(agent, permis(day(1000 + round)));
      const decisions = await Promise.all([
        a.agent.post(`/api/admin/documents/${next.id}/verify`),
        b.agent.post(`/api/admin/documents/${next.id}/reject`, { reason: 'Photo floue' }),
      ]);
      expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });

  it('admin routes are refused to everyone else', async () => {
    const { agent } = await driver();
    const doc = await uploaded(agent, permis());
    const transporter = await company();
    for (const who of [agent, transporter.agent]) {
      expect((await who.get('/api/admin/documents')).statusCode).toBe(403);
      expect((await who.post(`/api/admin/documents/${doc.id}/verify`)).statusCode).toBe(403);
      expect((await who.get('/api/admin/drivers')).statusCode).toBe(403);
    }
    expect((await new Agent(t.app).get('/api/admin/documents')).statusCode).toBe(401);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.status).toBe('pending');
  });

  it('lists the queue oldest first, filtered by type and status', async () => {
    const { agent } = await driver();
    const boss = await admin();
    const a = await uploaded(agent, permis());
    const b = await uploaded(agent, {
      type: 'adr',
      number: 'A1',
      issuedAt: day(-5),
      adrKinds: 'base,citerne',
    });
    const queue = (await boss.agent.get('/api/admin/documents?status=pending')).json();
    const ids = queue.documents.map((d: { id: string }) => d.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    const adrOnly = (await boss.agent.get('/api/admin/documents?type=adr')).json();
    expect(adrOnly.documents.every((d: { type: string }) => d.type === 'adr')).toBe(true);
    expect((await boss.agent.get('/api/admin/documents?status=nope')).statusCode).toBe(400);
  });
});

describe('mission documents beside the papers', () => {
  it('keeps invoices, statements and engagements out of the papers, the queues and the counts', async () => {
    const { agent, user } = await driver();
    const transporter = await company();
    const boss = await admin();
    const missionId = await publish(transporter.agent);
    await uploaded(agent, permis());
    // What the payments feature writes at completion: the carrier's invoice and an employer's statement.
    await t.db.insert(documents).values([
      {
        userId: user.id,
        recipientId: transporter.user.id,
        missionId,
        type: 'invoice',
        fileName: 'Facture AF-2026-0001.pdf',
        fileUrl: 'money/x.pdf',
        status: 'verified',
        number: 'AF-2026-0001',
      },
      {
        userId: transporter.user.id,
        recipientId: user.id,
        missionId,
        type: 'pay_statement',
        fileName: 'Relevé RH-2026-0001.pdf',
        fileUrl: 'money/y.pdf',
        status: 'verified',
        number: 'RH-2026-0001',
      },
    ]);
    const mine = await agent.get('/api/documents');
    expect(mine.statusCode).toBe(200);
    expect(JSON.stringify(mine.json())).not.toContain('AF-2026-0001');
    const all = await boss.agent.get('/api/admin/documents?status=all');
    expect(all.statusCode).toBe(200);
    expect(JSON.stringify(all.json())).not.toContain('RH-2026-0001');
    const file = await boss.agent.get(`/api/admin/drivers/${user.id}`);
    expect(file.statusCode).toBe(200);
    expect(JSON.stringify(file.json())).not.toContain('AF-2026-0001');
  });
});

describe('eligibility per mission', () => {
  it('refuses a driver without ADR on a mission that requires it, accepts one with it, and says why before', async () => {
    const transporter = await company();
    const missionId = await publish(transporter.agent, {
      requiredDocuments: ['adr'],
      vehicleType: 'citerne',
    });
    const without = await driver();
    const detail = (await without.agent.get(`/api/missions/${missionId}`)).json();
    expect(detail.canApply).toBe(false);
    const message = 'Votre certificat ADR est requis pour cette mission : ajoutez-le dans Mes documents.';
    expect(detail.applyBlockedReason).toBe(message);
    expect(detail.requirementsForMe).toEqual([
      { requirement: 'adr', state: 'missing', documentId: null, expiresOn: null, reason: null },
    ]);
    const search = (await without.agent.get('/api/missions/search?pageSize=50')).json();
    expect(search.items.find((m: { id: string }) => m.id === missionId).notEligibleReasons).toEqual([
      message,
    ]);
    const refused = await without.agent.post(`/api/missions/${missionId}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(message);

    const holder = await driver();
    const adr = await uploaded(holder.agent, {
      type: 'adr',
      number: 'A1',
      issuedAt: day(-5),
      adrKinds: 'citerne',
    });
    expect((await holder.agent.post(`/api/missions/${missionId}/apply`, {})).statusCode).toBe(201);
    const owner = (await transporter.agent.get(`/api/missions/${missionId}`)).json();
    expect(owner.applications[0].requirements).toEqual([
      {
        requirement: 'adr',
        state: 'pending',
        documentId: adr.id,
        expiresOn: expect.any(String),
        reason: null,
      },
    ]);
    expect(owner.applications[0].driver.validationStatus).toBe('pending_validation');
    // A refused paper's reason is the driver's; a former candidate's papers are no longer shown.
    const rejected = await upload(
      holder.agent,
      { type: 'fco', number: 'F9', issuedAt: day(-5) },
      await pdf(),
    );
    const boss = await admin();
    await boss.agent.post(`/api/admin/documents/${rejected.json().id}/reject`, {
      reason: 'Signalé à la gendarmerie',
    });
    const fimoMission = await publish(transporter.agent, { requiredDocuments: ['fimo_fco'] });
    await holder.agent.post(`/api/missions/${fimoMission}/apply`, {});
    const seen = (await transporter.agent.get(`/api/missions/${fimoMission}`)).json();
    expect(seen.applications).toEqual([]);
    const againDetail = (await transporter.agent.get(`/api/missions/${missionId}`)).json();
    expect(JSON.stringify(againDetail)).not.toContain('gendarmerie');
    const mine = (await holder.agent.get(`/api/missions/${missionId}`)).json();
    await holder.agent.post(`/api/applications/${mine.myApplication.id}/withdraw`);
    const after = (await transporter.agent.get(`/api/missions/${missionId}`)).json();
    expect(after.applications[0].requirements).toEqual([]);
  });

  it('refuses a document that expires before the mission’s end, with the date; cargo naming ADR implies it', async () => {
    const transporter = await company();
    const start = new Date(Date.now() + 5 * 86_400_000);
    const missionId = await publish(transporter.agent, {
      requiredDocuments: ['fimo_fco'],
      cargoType: 'Gasoil ADR',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3 * 86_400_000).toISOString(),
    });
    const { agent } = await driver();
    const expires = day(6);
    await uploaded(agent, { type: 'fco', number: 'F1', issuedAt: day(-1800), expiresAt: expires });
    await uploaded(agent, { type: 'adr', number: 'A1', issuedAt: day(-5), adrKinds: 'base' });
    const refused = await agent.post(`/api/missions/${missionId}/apply`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Votre FIMO / FCO expire le ${expires.split('-').reverse().join('/')}, avant la fin de cette mission.`,
    );
    const detail = (await agent.get(`/api/missions/${missionId}`)).json();
    expect(detail.requirementsForMe.map((r: { requirement: string; state: string }) => r.state)).toEqual([
      'expires_before_end',
      'pending',
    ]);
  });
});

describe('expiry reminders', () => {
  it('each stage once per document even with two workers at once; the transporter of an assigned mission too', async () => {
    const { agent, user } = await driver();
    const boss = await admin();
    const card = await uploaded(agent, {
      type: 'carte_conducteur',
      number: 'C1',
      issuedAt: day(-1795),
      expiresAt: day(25),
    });
    await boss.agent.post(`/api/admin/documents/${card.id}/verify`);
    const transporter = await company();
    const start = new Date(Date.now() + 2 * 86_400_000);
    const missionId = await publish(transporter.agent, {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 40 * 86_400_000).toISOString(),
    });
    await agent.post(`/api/missions/${missionId}/apply`, {});
    const owner = (await transporter.agent.get(`/api/missions/${missionId}`)).json();
    const accepted = await transporter.agent.post(`/api/applications/${owner.applications[0].id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    const events = createEventBus(t.app.log);
    const published: unknown[] = [];
    events.subscribe((event) => void published.push(event));
    const today = day(0);
    const mine = () => published.filter((event) => (event as { documentId: string }).documentId === card.id);
    await Promise.all([sendExpiryReminders(t.db, events, today), sendExpiryReminders(t.db, events, today)]);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatchObject({
      type: 'document.expiring',
      documentId: card.id,
      daysLeft: 25,
      missions: [{ missionId, companyId: transporter.user.id }],
    });
    // The same day again, then a forced date at 7 days: one more, then none.
    await sendExpiryReminders(t.db, events, today);
    expect(mine()).toHaveLength(1);
    await Promise.all([
      sendExpiryReminders(t.db, events, day(18)),
      sendExpiryReminders(t.db, events, day(18)),
    ]);
    expect(mine()).toHaveLength(2);
    expect(mine()[1]).toMatchObject({ daysLeft: 7 });
    await sendExpiryReminders(t.db, events, day(19));
    expect(mine()).toHaveLength(2);
    // After expiry, the driver's papers are no longer "vérifiés".
    await t.db.update(users).set({ documentsVerified: true }).where(eq(users.id, user.id));
    await sendExpiryReminders(t.db, events, day(26));
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.documentsVerified).toBe(false);
    expect(row!.driverCardUrl).toBeNull();
  });
});

describe('declared qualifications', () => {
  it('declaring ADR takes "documents vérifiés" away until an ADR certificate is verified', async () => {
    const { agent, user } = await driver();
    const boss = await admin();
    for (const query of [
      permis(),
      { type: 'carte_conducteur', number: 'C', issuedAt: day(-10) },
      { type: 'fco', number: 'F', issuedAt: day(-10) },
    ]) {
      const doc = await uploaded(agent, query);
      await boss.agent.post(`/api/admin/documents/${doc.id}/verify`);
    }
    expect((await agent.get('/api/documents')).json().documentsVerified).toBe(true);
    const declared = await agent.put('/api/profile', {
      fullName: user.fullName,
      phone: '0612345678',
      certifications: ['ADR citerne'],
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().documentsVerified).toBe(false);
    const approve = await boss.agent.post(`/api/admin/drivers/${user.id}/approve`, {});
    expect(approve.statusCode).toBe(409);
  });
});

describe('driver validation', () => {
  it('interview, approval only with verified papers, rejection with a reason; every step logged and told', async () => {
    const { agent, user } = await driver({ fullName: 'Paul Valide' });
    const boss = await admin();
    const queue = (await boss.agent.get('/api/admin/drivers')).json();
    expect(queue.drivers.map((d: { id: string }) => d.id)).toContain(user.id);
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const interview = await boss.agent.post(`/api/admin/drivers/${user.id}/interview`, {
      interviewDate: when,
      notes: 'Visio',
    });
    expect(interview.statusCode, interview.body).toBe(200);
    expect(interview.json().validation).toMatchObject({
      status: 'pending_validation',
      interviewNotes: 'Visio',
    });
    const early = await boss.agent.post(`/api/admin/drivers/${user.id}/approve`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Vérifiez d’abord les documents');
    for (const query of [
      permis(),
      { type: 'carte_conducteur', number: 'C', issuedAt: day(-10) },
      { type: 'fco', number: 'F', issuedAt: day(-10) },
    ]) {
      const doc = await uploaded(agent, query);
      await boss.agent.post(`/api/admin/documents/${doc.id}/verify`);
    }
    const approved = await boss.agent.post(`/api/admin/drivers/${user.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().validation.status).toBe('approved');
    expect(approved.json().history.map((h: { action: string }) => h.action)).toEqual([
      'driver.interview',
      'driver.approve',
    ]);
    expect((await agent.get('/api/documents')).json().validation.status).toBe('approved');
    const titles = (await t.db.select().from(alerts).where(eq(alerts.userId, user.id))).map((a) => a.title);
    expect(titles).toEqual(expect.arrayContaining(['Entretien de validation', 'Profil validé']));

    const other = await driver();
    const rejected = await boss.agent.post(`/api/admin/drivers/${other.user.id}/reject`, {
      reason: 'Expérience insuffisante',
    });
    expect(rejected.json().validation).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Expérience insuffisante',
    });
    expect((await other.agent.get('/api/documents')).json().validation.rejectionReason).toBe(
      'Expérience insuffisante',
    );
    const transporter = await company();
    expect((await boss.agent.post(`/api/admin/drivers/${transporter.user.id}/approve`, {})).statusCode).toBe(
      404,
    );
    expect((await other.agent.post(`/api/admin/drivers/${other.user.id}/approve`, {})).statusCode).toBe(403);
  });
});
