import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsMessages } from '#core/schemas/site-settings.js';
import { planInvoices } from '../db/schema/payments.js';
import { users, type User } from '../db/schema/users.js';
import { issuePendingPlanInvoices } from '../features/billing/plan-invoices.js';
import { createStorage, type Storage } from '../platform/storage.js';
import { attachedFacturXml, validateCii } from './e-invoice-validator.js';
import { createUser } from './factories.js';
import { agentFor, type Agent } from './harness.js';
import { pdfText } from './pdf-text.js';
import { createStripeTestApp, payCheckout, type StripeTestApp } from './stripe-app.js';

/**
 * Relais's invoices of its plans (decision 043), across the features that make them: a plan granted by an
 * administrator (billing) or paid on Stripe (stripe), the publisher's details the back office gives (site-settings),
 * the member's billing address (payments). Each payment gets one Factur-X invoice in Relais's gap-free series, once
 * the details it needs are there.
 */
let t: StripeTestApp;
let adminAgent: Agent;
let storage: Storage;
/** One pass of the issuing, as the quarter-hourly job runs it. */
const pass = () => issuePendingPlanInvoices({ db: t.db, storage });
beforeAll(async () => {
  t = await createStripeTestApp();
  storage = createStorage(t.config);
  const admin = await createUser(t.db, { userType: 'admin', isAdmin: true, fullName: 'Admin Relais' });
  adminAgent = await agentFor(t, admin.id);
});
afterAll(async () => {
  await t?.close();
});

const PUBLISHER = {
  legalPublisherName: 'Relais SAS',
  legalPublisherForm: 'SAS au capital de 10 000 €',
  legalPublisherAddress: '8 quai Perrache\n69002 Lyon',
  legalPublisherRegistration: 'RCS Lyon 552 100 554',
  legalPublisherSiret: '552 100 554 00013',
  legalPublisherVatNumber: 'fr 96 552100554',
  legalPublisherIban: 'fr76 3000 6000 0112 3456 7890 189',
};
const year = new Date().getFullYear();

const view = async (agent: Agent) => {
  const response = await agent.get('/api/billing/subscription');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const invoicesOf = (userId: string) =>
  t.db.select().from(planInvoices).where(eq(planInvoices.userId, userId));
const grant = (user: User, invoiceReference?: string) =>
  adminAgent.post(`/api/admin/users/${user.id}/plan`, {
    plan: 'transporter',
    interval: 'month',
    ...(invoiceReference ? { invoiceReference } : {}),
  });
const transporter = (fields: Partial<User> = {}) =>
  createUser(t.db, {
    userType: 'company',
    companyName: 'Transports Ødegård',
    billingAddress: '3 avenue du Port\n13002 Marseille',
    ...fields,
  });

// The official validator (Saxon running the CEN Schematron) takes most of a core for several seconds: on a machine
// busy with the whole suite it needs more than the suite's minute per test.
describe('the invoice of a plan', { timeout: 180_000 }, () => {
  it('waits for the publisher’s details, then is issued once, numbered, valid, for its member only', async () => {
    const company = await transporter();
    const agent = await agentFor(t, company.id);
    expect((await grant(company, 'BC-2026-117')).statusCode).toBe(200);
    // No publisher yet: the payment is listed, its invoice waits (and the page says why not the address).
    const before = await view(agent);
    expect(before.billingAddressMissing).toBe(false);
    expect(before.invoices).toMatchObject([
      { amount: '89.90', reference: 'BC-2026-117', invoiceNumber: null, pdfUrl: null },
    ]);
    expect(await invoicesOf(company.id)).toEqual([]);

    // The back office refuses a wrong identifier under its field, and keeps what it had.
    const wrong = await adminAgent.put('/api/admin/site-settings', {
      ...PUBLISHER,
      legalPublisherSiret: '552 100 554 00014',
      legalPublisherVatNumber: 'FR41552100554',
      legalPublisherIban: 'FR76 3000 6000 0112 3456 7890 180',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      legalPublisherSiret: siteSettingsMessages.siret,
      legalPublisherVatNumber: siteSettingsMessages.vatNumber,
      legalPublisherIban: siteSettingsMessages.iban,
    });
    expect(await pass()).toMatchObject({
      issued: 0,
      missing: expect.arrayContaining(['legalPublisherName', 'legalPublisherSiret']),
    });
    const saved = await adminAgent.put('/api/admin/site-settings', PUBLISHER);
    expect(saved.statusCode, saved.body).toBe(200);
    // Stored as the invoice prints them.
    expect(saved.json().settings).toMatchObject({
      legalPublisherSiret: '55210055400013',
      legalPublisherVatNumber: 'FR96552100554',
      legalPublisherIban: 'FR7630006000011234567890189',
    });

    // Opening the page issues it.
    const after = await view(agent);
    const number = `RL-${year}-0001`;
    expect(after.invoices).toMatchObject([{ invoiceNumber: number, reference: 'BC-2026-117' }]);
    const pdf = await agent.get(after.invoices[0].pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    const xml = (await attachedFacturXml(bytes))!;
    const verdict = await validateCii(xml);
    expect(verdict.schemaErrors).toEqual([]);
    expect(verdict.ruleErrors).toEqual([]);
    expect(xml).toContain(`<ram:ID>${number}</ram:ID>`);
    expect(xml).toContain('<ram:ID schemeID="VA">FR96552100554</ram:ID>');
    expect(xml).toContain('<ram:IBANID>FR7630006000011234567890189</ram:IBANID>');
    expect(xml).toContain('<ram:DuePayableAmount>89.90</ram:DuePayableAmount>');
    const text = await pdfText(bytes);
    for (const expected of ['Relais SAS', 'Transports Ødegård', 'BC-2026-117', 'Total TTC', '89,90'])
      expect(text).toContain(expected);

    // Someone else, or a visitor, does not get it.
    const other = await agentFor(t, (await transporter()).id);
    expect((await other.get(after.invoices[0].pdfUrl)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: after.invoices[0].pdfUrl })).statusCode).toBe(401);

    // Once: a second pass and a second opening issue nothing more.
    expect(await pass()).toMatchObject({ issued: 0 });
    await view(agent);
    expect(await invoicesOf(company.id)).toHaveLength(1);
  });

  it('paid on Stripe: issued as the payment is recorded, paid by card, once however often Stripe tells it', async () => {
    const driver = await createUser(t.db, {
      fullName: 'Małgorzata Żak',
      billingAddress: '5 rue Haute, 59000 Lille',
    });
    const agent = await agentFor(t, driver.id);
    const checkout = await agent.post('/api/billing/checkout', { plan: 'premium', interval: 'month' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payCheckout(t.stripe, checkout.json().url);
    const [invoice] = await invoicesOf(driver.id);
    expect(invoice).toMatchObject({ amount: '14.90', amountExclTax: '12.42', vatAmount: '2.48', paid: true });
    // Replayed by Stripe: still one.
    const paid = t.stripe.events.filter((event) => event.type === 'invoice.paid').at(-1)!;
    expect((await t.stripe.redeliver(paid.id)).status).toBe(200);
    expect(await invoicesOf(driver.id)).toHaveLength(1);
    const shown = (await view(agent)).invoices;
    expect(shown).toMatchObject([{ invoiceNumber: invoice!.number, url: expect.stringMatching(/^http/) }]);
    const xml = (await attachedFacturXml((await agent.get(shown[0].pdfUrl)).rawPayload))!;
    expect((await validateCii(xml)).ruleErrors).toEqual([]);
    expect(xml).toContain('<ram:Name>Małgorzata Żak</ram:Name>');
    expect(xml).toContain('<ram:TypeCode>48</ram:TypeCode>');
    expect(xml).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
  });

  it('waits for the member’s billing address, then goes out when the page is opened', async () => {
    const company = await transporter({ billingAddress: null });
    const agent = await agentFor(t, company.id);
    expect((await grant(company)).statusCode).toBe(200);
    const waiting = await view(agent);
    expect(waiting).toMatchObject({ billingAddressMissing: true, invoices: [{ invoiceNumber: null }] });
    const details = await agent.put('/api/billing/details', {
      billingAddress: '12 rue des Lilas\n69007 Lyon',
    });
    expect(details.statusCode, details.body).toBe(200);
    const issued = await view(agent);
    expect(issued.billingAddressMissing).toBe(false);
    expect(issued.invoices[0].invoiceNumber).toMatch(new RegExp(`^RL-${year}-\\d{4}$`));
  });

  it('several passes at once: every payment invoiced once, the numbers without a gap', async () => {
    const companies = await Promise.all([1, 2, 3, 4].map(() => transporter()));
    // Granted while the publisher's VAT number is removed: the invoices wait.
    expect(
      (await adminAgent.put('/api/admin/site-settings', { legalPublisherVatNumber: '' })).statusCode,
    ).toBe(200);
    for (const company of companies) expect((await grant(company)).statusCode).toBe(200);
    expect(
      (await adminAgent.put('/api/admin/site-settings', { legalPublisherVatNumber: 'FR96552100554' }))
        .statusCode,
    ).toBe(200);
    const passes = await Promise.all([1, 2, 3].map(() => pass()));
    expect(passes.reduce((sum, pass) => sum + pass.issued, 0)).toBe(4);
    const numbers = (await t.db.select({ number: planInvoices.number }).from(planInvoices))
      .map((row) => Number(row.number.split('-')[2]))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    for (const company of companies) expect(await invoicesOf(company.id)).toHaveLength(1);
  });

  it('stays when the member deletes their account: the link is cleared, the invoice kept', async () => {
    const company = await transporter();
    expect((await grant(company)).statusCode).toBe(200);
    // Issued as the grant is made (the publisher's details are complete by now).
    const [kept] = await invoicesOf(company.id);
    expect(kept).toMatchObject({ amount: '89.90', paid: false });
    await t.db.delete(users).where(eq(users.id, company.id));
    const [after] = await t.db.select().from(planInvoices).where(eq(planInvoices.id, kept!.id));
    expect(after).toMatchObject({ number: kept!.number, userId: null, subscriptionId: null });
    expect(await storage.get(after!.fileKey)).not.toBeNull();
  });
});
