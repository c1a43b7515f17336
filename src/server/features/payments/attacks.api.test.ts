import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import { driverPayments, transactions } from '../../db/schema/payments.js';
import { users, type NewUser, type User } from '../../db/schema/users.js';
import { missionPayload, multipartBody, VALID_SIRET } from '../../test/factories.js';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/harness.js';
import { AMOUNT_TOO_LARGE } from './amounts.js';
import { addDays, parisDate } from '#core/rules/days.js';

/**
 * A hostile user against the mission payment, its documents, the billing details and the wallet, through the real
 * API: someone else's money, impossible dates and texts, races of the settlement steps, files that are no payslip.
 */
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
const company = (overrides: Partial<NewUser> = {}) =>
  signIn(t, { userType: 'company', billingAddress: '3 avenue du Port, 13002 Marseille', ...overrides });
const driver = (overrides: Partial<NewUser> = {}) =>
  signIn(t, { userType: 'driver', subscriptionPlan: 'premium', ...overrides });
const readyCarrier = () =>
  driver({
    billingAddress: '12 rue des Lilas, 69007 Lyon',
    siretNumber: VALID_SIRET,
    vatRegime: 'franchise',
    selfBillingAcceptedAt: new Date('2026-01-05T09:00:00Z'),
  });

const HOUR = 3_600_000;
const NUL = '\u0000';
const CONTROL = 'Ce texte contient des caractères non autorisés';
let count = 0;

/** A mission of the pair, completed (written as the mission feature leaves it); its payment is made on first view. */
async function completedMission(
  owner: Party,
  carrier: Party,
  fields: Partial<typeof missions.$inferInsert> = {},
): Promise<string> {
  const startedAt = new Date(Date.now() - 10 * HOUR);
  const [row] = await t.db
    .insert(missions)
    .values({
      companyId: owner.user.id,
      driverId: carrier.user.id,
      title: `Semi frigo ${++count} Rungis → Lyon`,
      description: 'Palettes de produits frais.',
      pickupAddress: 'MIN de Rungis, 94150 Rungis',
      deliveryAddress: '69007 Lyon',
      vehicleType: 'semi_frigorifique',
      startDate: startedAt,
      endDate: new Date(startedAt.getTime() + 8 * HOUR),
      price: '420.00',
      status: 'completed',
      assignedAt: startedAt,
      startedAt,
      deliveredAt: new Date(startedAt.getTime() + 8 * HOUR),
      completedAt: new Date(startedAt.getTime() + 9 * HOUR),
      ...fields,
    })
    .returning();
  return row!.id;
}

const view = async (agent: Agent, id: string) => {
  const response = await agent.get(`/api/missions/${id}/payment`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const markPaid = (agent: Agent, id: string, body: unknown) =>
  agent.post(`/api/missions/${id}/payment/mark-paid`, body);
const today = () => parisDate(new Date());
const transactionsOf = (missionId: string) =>
  t.db.select().from(transactions).where(eq(transactions.missionId, missionId));
const paymentRow = async (missionId: string) =>
  (await t.db.select().from(driverPayments).where(eq(driverPayments.missionId, missionId)))[0]!;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** The payslip's form as the page sends it: `query` ("?number=…") gives its fields, `payload` is the file. */
const upload = (agent: Agent, id: string, query: string, payload: Buffer = PDF, type = 'application/pdf') =>
  agent.request({
    method: 'POST',
    url: `/api/missions/${id}/payment/payslip`,
    ...multipartBody(Object.fromEntries(new URLSearchParams(query)), [
      { field: 'file', name: 'bulletin.pdf', bytes: payload, type },
    ]),
  });

describe('someone else’s payment', () => {
  it('a stranger, an applicant not chosen, another transporter: nothing to read, change or upload (404, no detail)', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    const before = await view(owner.agent, id);
    const strangers = [await driver(), await company({ companyName: 'Transports Voisins' })];
    for (const stranger of strangers) {
      for (const response of [
        await stranger.agent.get(`/api/missions/${id}/payment`),
        await markPaid(stranger.agent, id, { paidOn: today(), reference: 'VIR-1' }),
        await stranger.agent.post(`/api/missions/${id}/payment/confirm`),
        await stranger.agent.post(`/api/missions/${id}/payment/dispute`, {
          reason: 'Jamais reçu ce virement',
        }),
        await stranger.agent.get(`/api/missions/${id}/payment/documents/${before.documents[0].id}`),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.body).not.toContain(carrier.user.fullName);
        expect(response.body).not.toContain(before.missionTitle);
      }
    }
    // A transporter (the role may upload) who is not this mission's: not found, nothing stored.
    const foreign = await upload(strangers[1]!.agent, id, '?number=BP-1');
    expect(foreign.statusCode).toBe(404);
    expect((await paymentRow(id)).settlementStatus).toBe('owed');
    expect((await paymentRow(id)).payslipNumber).toBe(before.payslipNumber);
  });

  it('each party only its own steps; an administrator sees but takes none; the driver uploads no payslip', async () => {
    const owner = await company();
    const carrier = await driver();
    const admin = await signIn(t, { userType: 'admin', isAdmin: true });
    const id = await completedMission(owner, carrier);
    expect((await markPaid(carrier.agent, id, { paidOn: today(), reference: 'VIR-1' })).statusCode).toBe(403);
    expect((await owner.agent.post(`/api/missions/${id}/payment/confirm`)).statusCode).toBe(403);
    expect(
      (await owner.agent.post(`/api/missions/${id}/payment/dispute`, { reason: 'Je conteste moi-même' }))
        .statusCode,
    ).toBe(403);
    expect((await markPaid(admin.agent, id, { paidOn: today(), reference: 'VIR-1' })).statusCode).toBe(403);
    expect((await admin.agent.post(`/api/missions/${id}/payment/confirm`)).statusCode).toBe(403);
    expect((await view(admin.agent, id)).actions).toEqual([]);
    expect((await upload(carrier.agent, id, '?number=BP-1')).statusCode).toBe(403);
    expect((await upload(admin.agent, id, '?number=BP-1')).statusCode).toBe(403);
    expect(await transactionsOf(id)).toHaveLength(2);
  });

  it('another mission’s document through the route of a mission one is party to: not found', async () => {
    const owner = await company();
    const carrier = await driver();
    const mine = await completedMission(owner, carrier);
    await view(owner.agent, mine);
    // Someone else's mission, other parties, its hours statement.
    const otherOwner = await company();
    const otherCarrier = await driver();
    const theirs = await completedMission(otherOwner, otherCarrier);
    const theirDocument = (await view(otherOwner.agent, theirs)).documents[0].id as string;
    for (const party of [owner, carrier]) {
      const response = await party.agent.get(`/api/missions/${mine}/payment/documents/${theirDocument}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Document introuvable');
    }
    // A driver's own paper (no mission) guessed through the money route: not a money document.
    const [paper] = await t.db
      .insert(documents)
      .values({
        userId: carrier.user.id,
        type: 'license',
        fileName: 'permis.pdf',
        fileUrl: 'documents/x/permis.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
      })
      .returning();
    expect((await owner.agent.get(`/api/missions/${mine}/payment/documents/${paper!.id}`)).statusCode).toBe(
      404,
    );
  });

  it('transactions and their export filtered on someone else’s mission: nothing of theirs', async () => {
    const owner = await company();
    const carrier = await driver();
    const theirs = await completedMission(owner, carrier);
    await view(owner.agent, theirs);
    const snoop = await driver();
    const snoopCompany = await company();
    for (const party of [snoop, snoopCompany]) {
      const page = await party.agent.get(`/api/transactions?missionId=${theirs}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ items: [], total: 0 });
      const csv = await party.agent.get(`/api/transactions/export?missionId=${theirs}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('Rungis');
      // Someone else's wallet cannot be named: the query is ignored, the caller's own zeros come back.
      const balance = await party.agent.get(`/api/wallet/balance?userId=${carrier.user.id}`);
      expect(balance.statusCode).toBe(200);
      expect(balance.json()).toMatchObject({ settled: '0.00', pending: '0.00', thisYear: '0.00' });
    }
  });

  it('a closed account acts no more: deactivated or deleted, the session no longer stands', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    await view(owner.agent, id);
    await t.db
      .update(users)
      .set({ isActive: false, accountStatus: 'deactivated' })
      .where(eq(users.id, owner.user.id));
    await t.db.update(users).set({ accountStatus: 'deleted' }).where(eq(users.id, carrier.user.id));
    expect((await markPaid(owner.agent, id, { paidOn: today(), reference: 'VIR-1' })).statusCode).toBe(401);
    expect((await upload(owner.agent, id, '?number=BP-1')).statusCode).toBe(401);
    expect(
      (await owner.agent.put('/api/billing/details', { billingAddress: '1 rue X, 75001 Paris' })).statusCode,
    ).toBe(401);
    expect((await carrier.agent.post(`/api/missions/${id}/payment/confirm`)).statusCode).toBe(401);
    expect((await carrier.agent.get('/api/wallet/balance')).statusCode).toBe(401);
    expect((await paymentRow(id)).settlementStatus).toBe('owed');
  });
});

describe('the settlement under races and odd input', () => {
  it('two declarations at once: one passes, one transaction; confirm and dispute at once: one wins, one transaction', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    await view(owner.agent, id);
    const declared = await Promise.all([
      markPaid(owner.agent, id, { paidOn: today(), reference: 'VIR-A' }),
      markPaid(owner.agent, id, { paidOn: today(), reference: 'VIR-B' }),
    ]);
    expect(declared.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const steps = await Promise.all([
      carrier.agent.post(`/api/missions/${id}/payment/confirm`),
      carrier.agent.post(`/api/missions/${id}/payment/dispute`, { reason: 'Le montant reçu est incomplet' }),
      carrier.agent.post(`/api/missions/${id}/payment/confirm`),
    ]);
    const passed = steps.filter((response) => response.statusCode === 200);
    // Confirmed, or disputed then confirmed: never two of one step, never a state the rows do not tell.
    const rows = await transactionsOf(id);
    const row = await paymentRow(id);
    const categories = rows.map((one) => one.category).sort();
    expect(categories.filter((category) => category === 'mission_marked_paid')).toHaveLength(1);
    expect(categories.filter((category) => category === 'mission_confirmed')).toHaveLength(1);
    expect(row.settlementStatus).toBe('confirmed');
    expect(passed.length).toBe(categories.length - 3);
    expect(steps.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
  });

  it('a declaration racing the driver’s confirmation from “owed”: the rows tell one story', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    await view(owner.agent, id);
    const [declared, confirmed] = await Promise.all([
      markPaid(owner.agent, id, { paidOn: today(), reference: 'VIR-RACE' }),
      carrier.agent.post(`/api/missions/${id}/payment/confirm`),
    ]);
    expect(confirmed.statusCode).toBe(200);
    expect([200, 409]).toContain(declared.statusCode);
    const row = await paymentRow(id);
    expect(row.settlementStatus).toBe('confirmed');
    const marked = (await transactionsOf(id)).filter((one) => one.category === 'mission_marked_paid');
    expect(marked).toHaveLength(declared.statusCode === 200 ? 1 : 0);
    expect(row.paymentReference).toBe(declared.statusCode === 200 ? 'VIR-RACE' : null);
  });

  it('an amount settled is never rewritten afterwards by the carrier’s VAT regime', async () => {
    const owner = await company();
    // Regime unknown: the amount is not final (VAT may come on top), so it cannot be declared paid or received.
    const unknown = await driver();
    const pending = await completedMission(owner, unknown, { engagementType: 'independent' });
    expect((await view(owner.agent, pending)).amount).toBe('420.00');
    const early = await markPaid(owner.agent, pending, { paidOn: today(), reference: 'VIR-TOT' });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toMatch(/régime de TVA/);
    expect((await unknown.agent.post(`/api/missions/${pending}/payment/confirm`)).statusCode).toBe(409);
    // A franchise carrier paid 420 € and confirmed it, then says they are subject to VAT and gives the mandate:
    // the invoice is issued, the 420 € paid and received stay what they were.
    const carrier = await driver({ vatRegime: 'franchise' });
    const id = await completedMission(owner, carrier, { engagementType: 'independent' });
    await view(owner.agent, id);
    expect((await markPaid(owner.agent, id, { paidOn: today(), reference: 'VIR-420' })).statusCode).toBe(200);
    expect((await carrier.agent.post(`/api/missions/${id}/payment/confirm`)).statusCode).toBe(200);
    const saved = await carrier.agent.put('/api/billing/details', {
      billingAddress: '12 rue des Lilas, 69007 Lyon',
      siretNumber: VALID_SIRET,
      vatRegime: 'normal',
      vatNumber: 'FR44732829320',
      acceptSelfBillingMandate: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await view(carrier.agent, id);
    expect(after.invoiceNumber).not.toBeNull();
    expect(after).toMatchObject({ status: 'confirmed', amount: '420.00', vatAmount: '0.00' });
    expect((await transactionsOf(id)).map((row) => row.amount)).toEqual([
      '420.00',
      '420.00',
      '420.00',
      '420.00',
    ]);
  });

  it('payment dates: impossible, far in the past, before the mission, in the future, malformed → 400 under paidOn', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    await view(owner.agent, id);
    for (const paidOn of [
      '2026-02-30',
      '2025-13-01',
      '1999-12-31',
      '0001-01-01',
      '2000-01-01',
      addDays(today(), -30),
      addDays(today(), 1),
      '9999-12-31',
      '2026-1-5',
      `${today()}T00:00:00Z`,
      '',
      20260105,
      null,
    ]) {
      const response = await markPaid(owner.agent, id, { paidOn, reference: 'VIR-1' });
      expect(response.statusCode, `${String(paidOn)} ${response.body}`).toBe(400);
      expect(response.json().errors.paidOn, String(paidOn)).toMatch(/date/i);
    }
    expect((await paymentRow(id)).settlementStatus).toBe('owed');
  });

  it('references and reasons: too long, NUL and control characters refused under the field; emoji kept', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    await view(owner.agent, id);
    const paidOn = today();
    for (const reference of [
      'x'.repeat(141),
      'x'.repeat(200_000),
      `VIR${NUL}1`,
      'VIR\u001b[31m',
      'VIR\n1',
      '   ',
    ]) {
      const response = await markPaid(owner.agent, id, { paidOn, reference });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.reference).toBeTruthy();
    }
    for (const reason of [`Rien reçu${NUL} du tout`, 'x'.repeat(1001), '\u200b'.repeat(20)]) {
      const response = await carrier.agent.post(`/api/missions/${id}/payment/dispute`, { reason });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.reason).toBeTruthy();
    }
    const emoji = await markPaid(owner.agent, id, { paidOn, reference: 'VIR 🚚 2026 — ✓' });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json().reference).toBe('VIR 🚚 2026 — ✓');
    expect((await paymentRow(id)).paymentReference).toBe('VIR 🚚 2026 — ✓');
  });

  it('no NUL byte reaches the database through a reference', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    await view(owner.agent, id);
    const response = await markPaid(owner.agent, id, { paidOn: today(), reference: `VIR${NUL}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.reference).toBe(CONTROL);
  });

  it('an absurd length of hourly work (a mission left running for years) never makes a 500', async () => {
    const owner = await company();
    const carrier = await driver();
    const startedAt = new Date(Date.now() - 2 * 365 * 24 * HOUR);
    const id = await completedMission(owner, carrier, {
      pricingType: 'hourly',
      price: '1000000.00',
      startDate: startedAt,
      endDate: new Date(startedAt.getTime() + 8 * HOUR),
      startedAt,
      deliveredAt: new Date(),
      completedAt: new Date(),
    });
    for (const party of [owner, carrier]) {
      const response = await party.agent.get(`/api/missions/${id}/payment`);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(AMOUNT_TOO_LARGE);
    }
    const wallet = await owner.agent.get('/api/wallet/balance');
    expect(wallet.statusCode).toBe(200);
  });

  it('an amount with three decimals never enters: the agreed price is refused at publication', async () => {
    const owner = await company({ emailVerified: true });
    for (const price of ['420.125', 420.125, '0.001', '1e3', '420,999']) {
      const response = await owner.agent.post('/api/missions', missionPayload({ price }));
      expect(response.statusCode, String(price)).toBe(400);
      expect(response.json().errors.price).toBeTruthy();
    }
  });

  it('a wallet summing many of the largest amounts a payment holds stays exact, never a 500', async () => {
    const owner = await company();
    const carrier = await driver();
    const ids = await Promise.all(Array.from({ length: 101 }, () => completedMission(owner, carrier)));
    await t.db.insert(driverPayments).values(
      ids.map((missionId) => ({
        missionId,
        driverId: carrier.user.id,
        transporterId: owner.user.id,
        amount: '9999999999.99',
        amountExclTax: '9999999999.99',
        vatAmount: '0.00',
        unitPrice: '1000000.00',
        quantity: '1.00',
        pricingType: 'flat',
        currency: 'eur',
        engagementType: 'employment',
        paymentTerms: 'reception',
        dueDate: addDays(today(), 1),
        completedAt: new Date(),
        method: 'transfer',
      })),
    );
    for (const party of [owner, carrier]) {
      const balance = await party.agent.get('/api/wallet/balance');
      expect(balance.statusCode, balance.body).toBe(200);
      expect(balance.json().pending).toBe('1009999999998.99');
      const chart = await party.agent.get('/api/wallet/chart');
      expect(chart.statusCode, chart.body).toBe(200);
      expect(chart.json().months.at(-1).earned).toBe('1009999999998.99');
    }
  });
});

describe('the payslip upload', () => {
  it('refuses what is no payslip (another format, an empty or huge body, a missing or hostile number); a PDF bomb answered in bounded time', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier);
    await view(owner.agent, id);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(owner.agent, id, '?number=BP-1', png)).statusCode).toBe(415);
    expect(
      (await upload(owner.agent, id, '?number=BP-1', Buffer.from('<html>bonjour</html>'))).statusCode,
    ).toBe(415);
    expect(
      (await upload(owner.agent, id, '?number=BP-1', Buffer.from('%PDF-1.4 pas vraiment'))).statusCode,
    ).toBeGreaterThanOrEqual(400);
    // The PDF itself as the body, or a form cut short: not the page's form.
    const multipart = await owner.agent.request({
      method: 'POST',
      url: `/api/missions/${id}/payment/payslip`,
      payload: PDF,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(multipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(multipart.statusCode).toBeLessThan(500);
    expect((await upload(owner.agent, id, '?number=BP-1', Buffer.alloc(0))).statusCode).toBe(400);
    const huge = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    expect((await upload(owner.agent, id, '?number=BP-1', huge)).statusCode).toBe(413);
    // A missing, blank, too long or hostile number.
    for (const query of [
      '',
      '?number=',
      '?number=%20%20',
      `?number=${'9'.repeat(61)}`,
      '?number=BP%00-1',
      '?number=BP%0D%0AX-Evil:%201',
    ]) {
      const response = await upload(owner.agent, id, query);
      expect(response.statusCode, `${query} ${response.body}`).toBe(400);
      expect(response.json().errors.number, query).toBeTruthy();
    }
    // Nothing was stored by any of them.
    const stored = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.missionId, id), eq(documents.type, 'payslip')));
    expect(stored).toEqual([]);
    // A PDF bomb: one object stream of 200 MB of spaces, deflated.
    const deflated = deflateSync(Buffer.alloc(200 * 1024 * 1024, 0x20), { level: 9 });
    const head = Buffer.from(
      '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
        '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n' +
        `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`,
      'latin1',
    );
    const body = Buffer.concat([head, deflated, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
    const offsets = [9, head.indexOf('2 0 obj'), head.indexOf('3 0 obj'), head.indexOf('4 0 obj')];
    const xref =
      'xref\n0 5\n0000000000 65535 f \n' +
      offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
      `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
    // The platform checks it in a bounded worker (heap, time) and keeps a PDF as sent: within the bounds it is
    // a valid file, beyond them refused; the server answers either way, never a 500.
    const started = Date.now();
    const bomb = await upload(
      owner.agent,
      id,
      '?number=BP-0',
      Buffer.concat([body, Buffer.from(xref, 'latin1')]),
    );
    expect([200, 422], bomb.body).toContain(bomb.statusCode);
    expect(Date.now() - started).toBeLessThan(8_000);
    // The real one passes, with an emoji-free number kept as typed.
    const ok = await upload(owner.agent, id, `?number=${encodeURIComponent('BP 2026/11 n° 42')}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payslipNumber).toBe('BP 2026/11 n° 42');
  });

  it('no payslip on an independent carrier’s mission, nor before completion', async () => {
    const owner = await company();
    const carrier = await readyCarrier();
    const independent = await completedMission(owner, carrier, { engagementType: 'independent' });
    await view(owner.agent, independent);
    expect((await upload(owner.agent, independent, '?number=BP-1')).statusCode).toBe(409);
    const running = await completedMission(owner, carrier, { status: 'in_progress', completedAt: null });
    expect((await upload(owner.agent, running, '?number=BP-1')).statusCode).toBe(409);
  });
});

describe('billing details', () => {
  const put = (agent: Agent, body: object) => agent.put('/api/billing/details', body);
  const ADDRESS = '12 rue des Lilas, 69007 Lyon';

  it('a SIRET failing the Luhn key is refused as at registration; spaces, dots and dashes are read like it', async () => {
    const carrier = await driver();
    const wrong = await put(carrier.agent, { billingAddress: ADDRESS, siretNumber: '73282932000075' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.siretNumber).toBe(
      'Numéro SIRET invalide : la clé de contrôle ne correspond pas',
    );
    for (const siretNumber of ['732 829 320 00074', '732.829.320.00074', '732-829-320-00074']) {
      const response = await put(carrier.agent, { billingAddress: ADDRESS, siretNumber });
      expect(response.statusCode, `${siretNumber} ${response.body}`).toBe(200);
      expect(response.json().siretNumber).toBe(VALID_SIRET);
    }
    for (const siretNumber of [
      '1234567890123',
      'ABCDEFGHIJKLMN',
      `7328293200007${NUL}`,
      '0'.repeat(10_000),
    ]) {
      const response = await put(carrier.agent, { billingAddress: ADDRESS, siretNumber });
      expect(response.statusCode, siretNumber.slice(0, 20)).toBe(400);
      expect(response.json().errors.siretNumber).toBeTruthy();
    }
  });

  it('a VAT number of the wrong shape or whose key does not match its SIREN is refused; “normal” needs one', async () => {
    const carrier = await driver();
    // Wrong shape, wrong key, the right key of another company's SIREN.
    for (const vatNumber of [
      'DE123456789',
      'FR1234567890',
      'FRXX732829320X',
      `FR44${NUL}732829320`,
      'FR00732829320',
      'FR44732829321',
      'FR15345678901',
    ]) {
      const response = await put(carrier.agent, {
        billingAddress: ADDRESS,
        siretNumber: VALID_SIRET,
        vatRegime: 'normal',
        vatNumber,
      });
      expect(response.statusCode, `${vatNumber} ${response.body}`).toBe(400);
      expect(response.json().errors.vatNumber, vatNumber).toBeTruthy();
    }
    const none = await put(carrier.agent, { billingAddress: ADDRESS, vatRegime: 'normal' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.vatNumber).toBeTruthy();
    const nulled = await put(carrier.agent, {
      billingAddress: ADDRESS,
      vatRegime: 'normal',
      vatNumber: null,
    });
    expect(nulled.statusCode).toBe(400);
    // FR + key + SIREN: the key of 732829320 is 44.
    const right = await put(carrier.agent, {
      billingAddress: ADDRESS,
      siretNumber: VALID_SIRET,
      vatRegime: 'normal',
      vatNumber: 'fr 44 732 829 320',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().vatNumber).toBe('FR44732829320');
  });

  it('a transporter cannot set a carrier’s fields; nobody accepts the mandate for someone else', async () => {
    const owner = await company();
    for (const body of [
      { billingAddress: ADDRESS, siretNumber: VALID_SIRET },
      { billingAddress: ADDRESS, vatRegime: 'normal' },
      { billingAddress: ADDRESS, vatNumber: 'FR44732829320' },
      { billingAddress: ADDRESS, acceptSelfBillingMandate: true },
    ]) {
      const response = await put(owner.agent, body);
      expect(response.statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row).toMatchObject({
      vatRegime: null,
      vatNumber: null,
      selfBillingAcceptedAt: null,
      siretNumber: VALID_SIRET,
    });
    // A driver naming another user in the body: unknown keys are dropped, only their own row changes.
    const carrier = await driver();
    const victim = await driver();
    const response = await put(carrier.agent, {
      billingAddress: ADDRESS,
      acceptSelfBillingMandate: true,
      userId: victim.user.id,
      id: victim.user.id,
    });
    expect(response.statusCode).toBe(200);
    const [other] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(other!.selfBillingAcceptedAt).toBeNull();
    expect(other!.billingAddress).toBeNull();
  });

  it('an address with NUL or control characters is refused under the field, never a 500', async () => {
    const carrier = await driver();
    for (const billingAddress of [
      `12 rue des Lilas${NUL}, Lyon`,
      '12 rue des Lilas\u0007, 69007 Lyon',
      'x'.repeat(100_000),
    ]) {
      const response = await put(carrier.agent, { billingAddress });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.billingAddress).toBeTruthy();
    }
  });
});

describe('the transactions query', () => {
  it('out-of-range or malformed parameters: 400 in French, never a 500', async () => {
    const carrier = await driver();
    for (const query of [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=10001',
      'page=1e400',
      'pageSize=0',
      'pageSize=10000',
      'pageSize=101',
      'type=foo',
      'category=bar',
      'from=2026-02-30',
      'from=2026-03-01&to=2026-02-01',
      'missionId=1',
      `missionId=${encodeURIComponent("' or 1=1 --")}`,
      'from=1800-01-01',
    ]) {
      const response = await carrier.agent.get(`/api/transactions?${query}`);
      expect(response.statusCode, `${query} ${response.body}`).toBe(400);
      expect(response.json().message, query).not.toMatch(/too|expected|invalid input/i);
      const exported = await carrier.agent.get(`/api/transactions/export?${query}`);
      expect(exported.statusCode, `export ${query}`).toBeLessThan(500);
    }
  });

  it('the export neutralises formulas in mission titles, references and reasons', async () => {
    const owner = await company();
    const carrier = await driver();
    const id = await completedMission(owner, carrier, {
      title: '=HYPERLINK("http://evil.example","Cliquez")',
    });
    await view(owner.agent, id);
    expect((await markPaid(owner.agent, id, { paidOn: today(), reference: '=1+1' })).statusCode).toBe(200);
    expect(
      (await carrier.agent.post(`/api/missions/${id}/payment/dispute`, { reason: '@SUM(A1:A9) et -2+3' }))
        .statusCode,
    ).toBe(200);
    for (const party of [owner, carrier]) {
      const csv = await party.agent.get('/api/transactions/export');
      const cells = csv.body
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .flatMap((line) => line.split(';'));
      for (const cell of cells) expect(cell.replace(/^"/, ''), cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(csv.body).toContain(`'=HYPERLINK`);
    }
  });
});
