import { formatDay } from '#core/rules/french-dates.js';
import { describe, expect, it } from 'vitest';
import type { MissionPayment } from '#core/schemas/payments.js';
import { settlementBadge } from './format.js';
import { whoOwesWhom } from './payment-summary.js';
import { settlementSteps } from './payment-timeline.js';
import { billingInput, billingResolver, markPaidResolver } from './resolvers.js';
import { addDays, parisDate } from '#core/rules/days.js';

const payment = (over: Partial<MissionPayment> = {}): MissionPayment => ({
  missionId: 'm1',
  missionTitle: 'Porteur Rungis → Orly',
  viewerRole: 'driver',
  engagementType: 'independent',
  driver: { id: 'd1', fullName: 'Jean Routier' },
  transporter: { id: 't1', fullName: 'Claire Martin', companyName: 'Transports Martin' },
  pricingType: 'hourly',
  unitPrice: '180.00',
  quantity: '7.25',
  detail: '7,25 h × 180,00 €',
  lines: [{ kind: 'transport', detail: '7,25 h × 180,00 €', amountExclTax: '1305.00' }],
  waitingRate: null,
  amountExclTax: '1305.00',
  vatAmount: '0.00',
  vatRate: null,
  vatKnown: true,
  amount: '1305.00',
  currency: 'eur',
  paymentTerms: '30_days',
  dueDate: '2026-12-23',
  overdue: false,
  method: 'transfer',
  status: 'owed',
  paidOn: null,
  reference: null,
  markedPaidAt: null,
  confirmedAt: null,
  disputedAt: null,
  disputeReason: null,
  completedAt: '2026-11-23T17:00:00.000Z',
  startedAt: null,
  deliveredAt: null,
  invoiceNumber: null,
  payslipNumber: null,
  documents: [],
  invoiceBlockers: [],
  actions: [],
  waiting: {
    pickupMinutes: 0,
    deliveryMinutes: 0,
    totalMinutes: 0,
    periods: 0,
    running: false,
    billed: false,
  },
  stripe: null,
  ...over,
});

const driverBilling = {
  billingAddress: '12 rue des Routiers, 94150 Rungis',
  siretNumber: '732 829 320 00074',
  vatRegime: 'normal' as const,
  vatNumber: 'fr12 345678901',
  vatOnDebits: true,
  iban: '',
  acceptSelfBillingMandate: false,
};

describe('the payment page in words', () => {
  it('says who owes whom from the viewer’s side, and once declared or settled', () => {
    expect(whoOwesWhom(payment())).toBe('Transports Martin vous doit');
    expect(whoOwesWhom(payment({ viewerRole: 'transporter' }))).toBe('Vous devez à Jean Routier');
    const online = {
      depositAmount: null,
      depositPaid: false,
      finalPaymentDue: '420.00',
      paymentStatus: 'paid',
      transferStatus: 'processing',
      paidAt: null,
      validatedAt: null,
      actions: ['validate' as const],
    };
    expect(whoOwesWhom(payment({ viewerRole: 'transporter', stripe: online }))).toBe(
      'Vous avez payé en ligne pour Jean Routier',
    );
    expect(whoOwesWhom(payment({ stripe: online }))).toBe(
      'Transports Martin a payé en ligne : versement à venir',
    );
    expect(whoOwesWhom(payment({ status: 'marked_paid' }))).toBe('Transports Martin déclare vous avoir payé');
    expect(whoOwesWhom(payment({ viewerRole: 'transporter', status: 'confirmed' }))).toBe(
      'Vous avez réglé Jean Routier',
    );
    expect(whoOwesWhom(payment({ viewerRole: 'admin' }))).toBe('Transports Martin doit à Jean Routier');
  });

  it('badges the status, "En retard" once overdue', () => {
    expect(settlementBadge('owed', false)).toEqual({ label: 'À régler', tone: 'pending' });
    expect(settlementBadge('owed', true)).toEqual({ label: 'En retard', tone: 'danger' });
    expect(settlementBadge('confirmed', false).label).toBe('Reçu');
    // Paid online: the transporter has paid, the driver's transfer waits for the validation.
    expect(settlementBadge('owed', false, true)).toEqual({
      label: 'Payé en ligne, à valider',
      tone: 'pending',
    });
    expect(settlementBadge('confirmed', false, true).label).toBe('Reçu');
  });

  it('reads a calendar day as such, and an instant as its Paris day', () => {
    expect(formatDay('2026-12-01')).toBe('1 décembre 2026');
    expect(formatDay('2026-11-30T23:30:00.000Z')).toBe('1 décembre 2026');
  });
});

describe('the steps of the settlement', () => {
  it('puts the due date among the steps to come, after the invoice and before the payment', () => {
    expect(settlementSteps(payment()).map((step) => step.key)).toEqual([
      'completed',
      'invoice',
      'due',
      'pay',
      'confirm',
    ]);
  });

  it('orders what happened by date, the due date at its day once settled', () => {
    const steps = settlementSteps(
      payment({
        status: 'confirmed',
        markedPaidAt: '2026-11-25T09:00:00.000Z',
        confirmedAt: '2026-12-28T09:00:00.000Z',
        documents: [
          {
            id: 'doc',
            type: 'invoice',
            label: 'Facture',
            number: 'AF-2026-1',
            fileName: 'facture.pdf',
            url: '/x',
            createdAt: '2026-11-24T09:00:00.000Z',
          },
        ],
      }),
    );
    expect(steps.map((step) => step.key)).toEqual(['completed', 'invoice', 'marked', 'due', 'confirmed']);
    expect(steps[1]!.label).toBe('Facture AF-2026-1 émise');
  });

  it('shows a dispute as a warning, and the payment to declare again', () => {
    const steps = settlementSteps(
      payment({
        status: 'disputed',
        markedPaidAt: '2026-11-24T09:00:00.000Z',
        disputedAt: '2026-11-25T09:00:00.000Z',
      }),
    );
    expect(steps.find((step) => step.key === 'disputed')?.kind).toBe('warning');
    expect(steps.map((step) => step.key).slice(-2)).toEqual(['pay', 'confirm']);
  });
});

describe('the billing details form', () => {
  const resolve = (values: typeof driverBilling, driver: boolean, mandateAccepted = false) =>
    billingResolver(values, { driver, mandateAccepted }, { fields: {}, shouldUseNativeValidation: false });

  it('asks a driver for the mandate until accepted once', async () => {
    const refused = await resolve(driverBilling, true);
    expect(refused.errors.acceptSelfBillingMandate?.message).toBe(
      'Acceptez le mandat de facturation pour que Relais émette vos factures',
    );
    expect(
      Object.keys((await resolve({ ...driverBilling, acceptSelfBillingMandate: true }, true)).errors),
    ).toEqual([]);
    expect(Object.keys((await resolve(driverBilling, true, true)).errors)).toEqual([]);
  });

  it('asks the VAT number only of a driver subject to VAT, and the address of everyone', async () => {
    const missing = await resolve({ ...driverBilling, vatNumber: '', acceptSelfBillingMandate: true }, true);
    expect(missing.errors.vatNumber?.message).toMatch(/Numéro de TVA intracommunautaire invalide/);
    const franchise = await resolve(
      { ...driverBilling, vatRegime: 'franchise' as never, vatNumber: '', acceptSelfBillingMandate: true },
      true,
    );
    expect(Object.keys(franchise.errors)).toEqual([]);
    const transporter = await resolve({ ...driverBilling, billingAddress: 'Rungis' }, false);
    expect(Object.keys(transporter.errors)).toEqual(['billingAddress']);
  });

  it('sends a transporter’s address only, and a driver’s VAT number only when subject to VAT', () => {
    expect(billingInput(driverBilling, { driver: false, mandateAccepted: false })).toEqual({
      billingAddress: driverBilling.billingAddress,
    });
    expect(
      billingInput(
        { ...driverBilling, vatRegime: 'franchise' as never },
        { driver: true, mandateAccepted: true },
      ),
    ).toEqual({
      billingAddress: driverBilling.billingAddress,
      siretNumber: driverBilling.siretNumber,
      vatRegime: 'franchise',
      vatNumber: null,
      // The option goes with the VAT; an empty IBAN field removes the account.
      vatOnDebits: false,
      iban: null,
    });
  });

  it('checks the IBAN’s key as the server does, under its field', async () => {
    const typo = await resolve(
      { ...driverBilling, iban: 'FR76 3000 6000 0112 3456 7890 188', acceptSelfBillingMandate: true },
      true,
    );
    expect(typo.errors.iban?.message).toMatch(/^IBAN invalide/);
    const right = await resolve(
      { ...driverBilling, iban: 'FR76 3000 6000 0112 3456 7890 189', acceptSelfBillingMandate: true },
      true,
    );
    expect(right.errors.iban).toBeUndefined();
  });

  it('refuses a transfer declared in the future', async () => {
    const result = await markPaidResolver(
      { paidOn: addDays(parisDate(new Date()), 3), reference: 'VIR-1' },
      undefined,
      {
        fields: {},
        shouldUseNativeValidation: false,
      },
    );
    expect(result.errors.paidOn?.message).toBe('La date du paiement ne peut pas être dans le futur');
  });
});
