import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.js';
import { alerts } from '../../db/schema/messaging.js';
import { missions } from '../../db/schema/missions.js';
import { documentSequences, driverPayments, transactions } from '../../db/schema/payments.js';
import { waitingPeriods } from '../../db/schema/road.js';
import { users, type NewUser, type User } from '../../db/schema/users.js';
import {
  deliverWithProof,
  insertMission,
  missionPayload,
  multipartBody,
  VALID_SIRET,
} from '../../test/factories.js';
import { Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { attachedFacturXml } from '../../test/e-invoice-validator.js';
import { pdfText } from '../../test/pdf-text.js';
import { parisDate } from '#core/rules/days.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
const ADDRESS = '12 rue des Lilas, 69007 Lyon';
const YEAR = parisDate(new Date()).slice(0, 4);
/** A carrier who has given everything an invoice needs. */
const readyCarrier = () =>
  driver({
    billingAddress: ADDRESS,
    siretNumber: VALID_SIRET,
    vatRegime: 'franchise',
    selfBillingAcceptedAt: new Date('2026-01-05T09:00:00Z'),
  });
const billedCompany = () => company({ billingAddress: '3 avenue du Port, 13002 Marseille' });

/**
 * A mission through the API up to "delivered" (published, applied, accepted, signatures waived, started, delivered);
 * `onTheRoad` runs between the start and the delivery.
 */
async function delivered(
  owner: Party,
  carrier: Party,
  mission: Record<string, unknown> = {},
  onTheRoad?: (id: string) => Promise<void>,
) {
  const created = await owner.agent.post('/api/missions', missionPayload(mission));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().mission.id as string;
  expect((await carrier.agent.post(`/api/missions/${id}/apply`, {})).statusCode).toBe(201);
  const detail = (await owner.agent.get(`/api/missions/${id}`)).json();
  expect((await owner.agent.post(`/api/applications/${detail.applications[0].id}/accept`)).statusCode).toBe(
    200,
  );
  const waived = await owner.agent.post(`/api/missions/${id}/engagement/waive`, {
    reason: 'Signature papier au dépôt de Rungis',
  });
  expect(waived.statusCode, waived.body).toBe(200);
  await t.db
    .update(missions)
    .set({ startDate: new Date(Date.now() + 30 * 60_000) })
    .where(eq(missions.id, id));
  expect((await carrier.agent.post(`/api/missions/${id}/start`)).statusCode).toBe(200);
  await onTheRoad?.(id);
  expect((await deliverWithProof(carrier.agent, id)).statusCode).toBe(200);
  return id;
}
const complete = async (owner: Party, id: string) => {
  const done = await owner.agent.post(`/api/missions/${id}/complete`);
  expect(done.statusCode, done.body).toBe(200);
};
async function completed(owner: Party, carrier: Party, mission: Record<string, unknown> = {}) {
  const id = await delivered(owner, carrier, mission);
  await complete(owner, id);
  return id;
}
const independent = { engagementType: 'independent', price: '420' };

const paymentOf = async (agent: Agent, id: string) => {
  const response = await agent.get(`/api/missions/${id}/payment`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const sequence = async (issuerId: string, series: string) =>
  (
    await t.db
      .select({ last: documentSequences.last })
      .from(documentSequences)
      .where(
        and(
          eq(documentSequences.issuerId, issuerId),
          eq(documentSequences.series, series),
          eq(documentSequences.year, Number(YEAR)),
        ),
      )
  )[0]?.last ?? 0;
const filesOf = (missionId: string) =>
  readdir(path.join(t.config.dataDir, 'uploads', 'payments', missionId)).catch(() => [] as string[]);
const pdfTitle = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getTitle();

describe('the carrier’s invoice (independent frame)', () => {
  it('is blocked until the mandate and both parties’ details are given, then issued by itself', async () => {
    const owner = await company({ companyName: 'Transports Ødegård & Ćosić' });
    const carrier = await driver({ fullName: 'Łukasz Wiśniewski-Şahin' });
    const id = await completed(owner, carrier, independent);
    const blocked = await paymentOf(carrier.agent, id);
    expect(blocked.invoiceNumber).toBeNull();
    expect(blocked.documents).toEqual([]);
    expect(blocked.invoiceBlockers).toEqual([
      'Le chauffeur doit accepter le mandat de facturation (autofacturation).',
      'Le chauffeur doit indiquer son numéro SIRET.',
      'Le chauffeur doit indiquer son adresse de facturation.',
      'Le chauffeur doit indiquer son régime de TVA.',
      'Le transporteur doit indiquer son adresse de facturation.',
    ]);
    // The carrier's details and mandate: still the client's address missing.
    await carrier.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      siretNumber: VALID_SIRET,
      vatRegime: 'franchise',
      acceptSelfBillingMandate: true,
      // As people copy it from their bank's RIB.
      iban: 'fr76 3000 6000 0112 3456 7890 189',
    });
    expect((await paymentOf(owner.agent, id)).invoiceBlockers).toEqual([
      'Le transporteur doit indiquer son adresse de facturation.',
    ]);
    expect(await sequence(carrier.user.id, 'AF')).toBe(0);
    // The client's address: the save issues the invoice.
    const saved = await owner.agent.put('/api/billing/details', {
      billingAddress: '3 avenue du Port, 13002 Marseille',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [mission] = await t.db.select().from(missions).where(eq(missions.id, id));
    expect(mission!.invoiceNumber).toBe(`AF-${YEAR}-0001`);
    const issued = await paymentOf(carrier.agent, id);
    expect(issued).toMatchObject({ invoiceNumber: `AF-${YEAR}-0001`, invoiceBlockers: [] });
    expect(issued.documents).toEqual([
      expect.objectContaining({
        type: 'invoice',
        label: 'Facture',
        number: `AF-${YEAR}-0001`,
        fileName: `Facture AF-${YEAR}-0001.pdf`,
      }),
    ]);
    expect(mission!.invoiceUrl).toBe(issued.documents[0].url);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, issued.documents[0].id));
    expect(row).toMatchObject({
      missionId: id,
      userId: carrier.user.id,
      recipientId: owner.user.id,
      type: 'invoice',
      number: `AF-${YEAR}-0001`,
      mimeType: 'application/pdf',
    });
    const file = await owner.agent.get(issued.documents[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(await pdfTitle(file.rawPayload)).toBe(`Facture n° AF-${YEAR}-0001`);
    // The parties' names exactly as written (the standard fonts printed "Lukasz Wisniewski-Sahin").
    const text = await pdfText(file.rawPayload);
    // A Factur-X e-invoice: the same invoice as structured data inside (checked against EN 16931 in e-invoice.test.ts).
    const xml = await attachedFacturXml(file.rawPayload);
    expect(xml).toContain(`<ram:ID>AF-${YEAR}-0001</ram:ID>`);
    expect(xml).toContain('<ram:Name>Łukasz Wiśniewski-Şahin EI</ram:Name>');
    expect(text).toContain('Łukasz Wiśniewski-Şahin');
    expect(text).toContain('Transports Ødegård & Ćosić');
    // Paid by transfer: to the carrier's account, in the PDF and in the XML (SEPA transfer, BT-84).
    expect(text.replace(/\s+/g, ' ')).toContain('IBAN du prestataire : FR76 3000 6000 0112 3456 7890 189');
    expect(xml).toContain('<ram:TypeCode>58</ram:TypeCode>');
    expect(xml).toContain('<ram:IBANID>FR7630006000011234567890189</ram:IBANID>');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(row!.sha256);
    // Both parties are told.
    for (const userId of [carrier.user.id, owner.user.id]) {
      const told = await t.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, userId), eq(alerts.title, 'Facture émise')));
      expect(told.map((alert) => alert.message)).toEqual([
        `La facture n° AF-${YEAR}-0001 de « Livraison frigo Rungis → Lille » est disponible.`,
      ]);
    }
  });

  it('the carrier’s IBAN and VAT option: checked, a carrier’s only, the option following the regime', async () => {
    const carrier = await readyCarrier();
    const put = (body: Record<string, unknown>) =>
      carrier.agent.put('/api/billing/details', { billingAddress: ADDRESS, ...body });
    const wrongKey = await put({ iban: 'FR76 3000 6000 0112 3456 7890 188' });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().errors.iban).toBe(
      'IBAN invalide : vérifiez-le sur votre RIB (ex. FR76 3000 6000 0112 3456 7890 189)',
    );
    // Under the franchise there is no VAT to pay on debits.
    const noVat = await put({ vatOnDebits: true });
    expect(noVat.statusCode).toBe(400);
    expect(noVat.json().errors.vatOnDebits).toBe(
      'L’option pour la TVA d’après les débits ne concerne qu’un prestataire assujetti à la TVA',
    );
    const subject = await put({ vatRegime: 'normal', vatNumber: 'FR44732829320', vatOnDebits: true });
    expect(subject.statusCode, subject.body).toBe(200);
    expect(subject.json()).toMatchObject({ vatRegime: 'normal', vatOnDebits: true, iban: null });
    const withIban = await put({ iban: 'DE89 3704 0044 0532 0130 00' });
    expect(withIban.json()).toMatchObject({ iban: 'DE89370400440532013000', vatOnDebits: true });
    // Back under the franchise, the option goes with the VAT; the IBAN stays until removed.
    const franchise = await put({ vatRegime: 'franchise', vatNumber: null });
    expect(franchise.json()).toMatchObject({ vatRegime: 'franchise', vatOnDebits: false });
    expect((await put({ iban: null })).json().iban).toBeNull();
    // A company has no carrier's account to give on Relais's invoices.
    const owner = await billedCompany();
    const refused = await owner.agent.put('/api/billing/details', {
      billingAddress: ADDRESS,
      iban: 'FR7630006000011234567890189',
      vatOnDebits: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['iban', 'vatOnDebits']);
  });

  it('bills the waiting beyond the franchise at the rate set at publication: a second line, in every total', async () => {
    // Published with a waiting rate: 1 h free per operation, then 12,50 € HT a started quarter hour.
    const owner = await billedCompany();
    const carrier = await readyCarrier();
    await t.db
      .update(users)
      .set({ vatRegime: 'normal', vatNumber: 'FR44732829320' })
      .where(eq(users.id, carrier.user.id));
    const id = await delivered(
      owner,
      carrier,
      { ...independent, waitingQuarterPrice: '12.50', waitingFranchiseMinutes: 60 },
      async (missionId) => {
        // The driver waits at the quay 1 h 40 (started and stopped through the API; the start moved back).
        const start = await carrier.agent.post(`/api/missions/${missionId}/waiting/start`, {
          place: 'pickup',
        });
        expect(start.statusCode, start.body).toBe(200);
        await t.db
          .update(waitingPeriods)
          .set({ startedAt: new Date(Date.now() - (100 * 60 + 20) * 1000) })
          .where(eq(waitingPeriods.missionId, missionId));
        expect((await carrier.agent.post(`/api/missions/${missionId}/waiting/stop`)).statusCode).toBe(200);
      },
    );
    await complete(owner, id);
    // 1 h 40 − 1 h = 40 min → 3 started quarters × 12,50 € = 37,50 €; 420,00 + 37,50 = 457,50 € HT, 549,00 € TTC.
    const [row] = await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, id));
    expect(row).toMatchObject({
      waitingQuarters: 3,
      waitingQuarterPrice: '12.50',
      waitingFranchiseMinutes: 60,
      waitingAmount: '37.50',
      amountExclTax: '457.50',
      vatAmount: '91.50',
      amount: '549.00',
    });
    const seen = await paymentOf(carrier.agent, id);
    expect(seen).toMatchObject({
      amountExclTax: '457.50',
      vatAmount: '91.50',
      amount: '549.00',
      waitingRate: { quarterPrice: '12.50', franchiseMinutes: 60 },
      waiting: { pickupMinutes: 100, deliveryMinutes: 0, billed: true },
    });
    expect(seen.lines).toEqual([
      { kind: 'transport', detail: 'Forfait', amountExclTax: '420.00' },
      { kind: 'waiting', detail: '3 quarts d’heure commencés × 12,50\u00a0€', amountExclTax: '37.50' },
    ]);
    // The total owed includes it for both parties: their « montant dû » and the alerts say 549,00 €.
    const owed = await t.db
      .select({ amount: transactions.amount })
      .from(transactions)
      .where(and(eq(transactions.missionId, id), eq(transactions.category, 'mission_owed')));
    expect(owed.map((entry) => entry.amount)).toEqual(['549.00', '549.00']);
    // The invoice bills it on its own line, in the PDF and in the Factur-X XML.
    const invoice = await owner.agent.get(seen.documents[0].url);
    expect(invoice.statusCode).toBe(200);
    // Read as one line of text (the PDF wraps the long rows).
    const text = (await pdfText(invoice.rawPayload)).replace(/[\s\u202f\u00a0]+/g, ' ');
    expect(text).toContain('3 quarts d’heure commencés × 12,50 € = 37,50 € HT');
    expect(text).toContain('1 h 40 au chargement, 0 min à la livraison (franchise de 1 h par opération)');
    expect(text).toMatch(/Total HT\s*457,50 €/);
    expect(text).toMatch(/Total TTC\s*549,00 €/);
    const xml = await attachedFacturXml(invoice.rawPayload);
    expect(xml).toContain('<ram:BilledQuantity unitCode="C62">3.00</ram:BilledQuantity>');
    expect(xml).toContain('<ram:LineTotalAmount>37.50</ram:LineTotalAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>549.00</ram:GrandTotalAmount>');
  });

  it('the first opening of a payment that issues the invoice already shows it', async () => {
    const owner = await billedCompany();
    const carrier = await readyCarrier();
    // Completed without a payment yet (as after a restore, or a mission completed before payments existed): the
    // first opening makes the payment, which issues the invoice at once.
    const mission = await insertMission(t.db, {
      companyId: owner.user.id,
      driverId: carrier.user.id,
      engagementType: 'independent',
    });
    const first = await paymentOf(carrier.agent, mission.id);
    expect(first.invoiceNumber).toMatch(/^AF-\d{4}-\d{4}$/);
    expect(first.invoiceBlockers).toEqual([]);
    expect(first.documents.map((document: { type: string }) => document.type)).toEqual(['invoice']);
  });

  it('numbers stay gap-free and unique when eight missions of one carrier complete at once', async () => {
    const owner = await billedCompany();
    const carrier = await readyCarrier();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await delivered(owner, carrier, independent));
    await Promise.all(ids.map((id) => complete(owner, id)));
    const rows = await t.db
      .select({ number: missions.invoiceNumber })
      .from(missions)
      .where(eq(missions.driverId, carrier.user.id));
    expect(rows.map((row) => row.number).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `AF-${YEAR}-000${i + 1}`),
    );
    expect(await sequence(carrier.user.id, 'AF')).toBe(8);
    const invoices = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.userId, carrier.user.id), eq(documents.type, 'invoice')));
    expect(invoices).toHaveLength(8);
    expect(new Set(invoices.map((row) => row.number)).size).toBe(8);
  });

  it('a failed issuance consumes no number and leaves no file; the next one takes the number', async () => {
    const owner = await billedCompany();
    const carrier = await readyCarrier();
    const first = await completed(owner, carrier, independent);
    expect((await paymentOf(carrier.agent, first)).invoiceNumber).toBe(`AF-${YEAR}-0001`);
    const id = await delivered(owner, carrier, independent);
    // The database refuses this mission's invoice row (as a full disk or a lost connection would fail it).
    await t.db.execute(sql`
      create function refuse_invoice() returns trigger language plpgsql as $$
      begin
        if new.type = 'invoice' and new.mission_id = ${sql.raw(`'${id}'`)} then
          raise exception 'refused for the test';
        end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger refuse_invoice before insert on documents for each row execute function refuse_invoice()`,
    );
    try {
      await complete(owner, id);
      const [row] = await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, id));
      expect(row).toBeDefined();
      expect(await sequence(carrier.user.id, 'AF')).toBe(1);
      expect(await filesOf(id)).toEqual([]);
      const [mission] = await t.db.select().from(missions).where(eq(missions.id, id));
      expect(mission!.invoiceNumber).toBeNull();
    } finally {
      await t.db.execute(sql`drop trigger refuse_invoice on documents`);
      await t.db.execute(sql`drop function refuse_invoice()`);
    }
    // Opened again: issued now, with the number that was not consumed.
    expect((await paymentOf(owner.agent, id)).invoiceNumber).toBe(`AF-${YEAR}-0002`);
    expect(await filesOf(id)).toHaveLength(1);
  });
});

describe('the employment frame: hours statement and payslip', () => {
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const upload = (
    agent: Agent,
    id: string,
    number: string,
    payload: Buffer = PDF,
    type = 'application/pdf',
  ) =>
    agent.request({
      method: 'POST',
      url: `/api/missions/${id}/payment/payslip`,
      ...multipartBody({ number }, [{ field: 'file', name: 'bulletin.pdf', bytes: payload, type }]),
    });

  it('a statement numbered in the employer’s series, then the employer’s payslip in its place', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completed(owner, carrier, { pricingType: 'hourly', price: '18.50' });
    const seen = await paymentOf(carrier.agent, id);
    expect(seen.payslipNumber).toBe(`RH-${YEAR}-0001`);
    expect(seen.invoiceBlockers).toEqual([]);
    expect(seen.documents).toEqual([
      expect.objectContaining({ type: 'pay_statement', label: 'Relevé d’heures et de rémunération' }),
    ]);
    expect(await sequence(owner.user.id, 'RH')).toBe(1);
    const statement = await carrier.agent.get(seen.documents[0].url);
    expect(statement.statusCode).toBe(200);
    expect(await pdfTitle(statement.rawPayload)).toBe(
      `Relevé d’heures et de rémunération n° RH-${YEAR}-0001`,
    );

    // Only the employer uploads it, a PDF, with its number.
    expect((await upload(carrier.agent, id, 'BP-1')).statusCode).toBe(403);
    expect((await upload((await company()).agent, id, 'BP-1')).statusCode).toBe(404);
    const notPdf = await upload(
      owner.agent,
      id,
      'BP-1',
      Buffer.from('GIF89a not a pdf'),
      'application/octet-stream',
    );
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toBe('Le bulletin de paie doit être un fichier PDF.');
    const noNumber = await upload(owner.agent, id, ' ');
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().message).toBe('Indiquez le numéro du bulletin de paie');

    const uploaded = await upload(owner.agent, id, 'BP-2026-11-042');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().payslipNumber).toBe('BP-2026-11-042');
    expect(uploaded.json().documents.map((doc: { type: string }) => doc.type)).toEqual([
      'pay_statement',
      'payslip',
    ]);
    const corrected = await upload(owner.agent, id, 'BP-2026-11-043');
    expect(corrected.json().payslipNumber).toBe('BP-2026-11-043');
    expect(
      corrected.json().documents.map((doc: { type: string; number: string }) => [doc.type, doc.number]),
    ).toEqual([
      ['pay_statement', `RH-${YEAR}-0001`],
      ['payslip', 'BP-2026-11-043'],
    ]);
    const [payment] = await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, id));
    expect(payment!.payslipUrl).toBe(corrected.json().documents[1].url);
    const payslip = await carrier.agent.get(payment!.payslipUrl!);
    expect(payslip.statusCode).toBe(200);
    expect(payslip.rawPayload.equals(PDF)).toBe(true);
    const told = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, carrier.user.id), eq(alerts.title, 'Bulletin de paie disponible')));
    expect(told).toHaveLength(2);
  });

  it('no payslip for an independent carrier’s mission', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completed(owner, carrier, independent);
    const refused = await upload(owner.agent, id, 'BP-1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Le bulletin de paie concerne un contrat de travail');
    // No payslip to offer; and no "payé" either while the carrier's VAT regime (hence the amount) is unknown.
    expect((await paymentOf(owner.agent, id)).actions).toEqual([]);
    await carrier.agent.put('/api/billing/details', {
      billingAddress: '3 rue du Port, 13002 Marseille',
      vatRegime: 'franchise',
    });
    expect((await paymentOf(owner.agent, id)).actions).toEqual(['markPaid']);
  });
});

describe('the money documents’ file route', () => {
  it('serves the two parties and administrators, nobody else', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completed(owner, carrier);
    const { url } = (await paymentOf(owner.agent, id)).documents[0];
    const admin = await signIn(t, { userType: 'admin', isAdmin: true });
    for (const party of [owner, carrier, admin]) expect((await party.agent.get(url)).statusCode).toBe(200);
    for (const stranger of [await driver(), await company()]) {
      const response = await stranger.agent.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Document introuvable');
    }
    expect((await new Agent(t.app).get(url)).statusCode).toBe(401);
    // Another mission's document through this mission's route: not there.
    const other = await completed(owner, carrier);
    const otherDocument = (await paymentOf(owner.agent, other)).documents[0].id as string;
    expect((await owner.agent.get(`/api/missions/${id}/payment/documents/${otherDocument}`)).statusCode).toBe(
      404,
    );
    // The engagement document is no money document.
    const [engagement] = await t.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.missionId, id), eq(documents.type, 'engagement')));
    expect(
      (await owner.agent.get(`/api/missions/${id}/payment/documents/${engagement!.id}`)).statusCode,
    ).toBe(404);
  });
});
