import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_PAY_NOTE, LATE_PAYMENT_MENTION, VAT_FRANCHISE_MENTION } from '#core/rules/money.js';
import { WAITING_EMPLOYMENT_NOTE } from '#core/rules/road.js';
import type { PdfDoc } from '../../platform/pdf.js';
import { invoiceInput } from '../../test/invoice-input.js';
import { invoiceBlockers } from './blockers.js';
import {
  frenchQuantity,
  invoiceModel,
  serviceDays,
  STATEMENT_NOTICE,
  statementModel,
} from './invoice-model.js';

/** Every line of the document as "label : value", paragraphs and headings as they are. */
function lines(doc: PdfDoc): string[] {
  return [
    doc.title,
    doc.subtitle ?? '',
    ...(doc.meta ?? []).map((row) => `${row.label} : ${row.value}`),
    ...doc.sections.flatMap((section) => [
      `# ${section.heading}`,
      ...(section.rows ?? []).map((row) => `${row.label} : ${row.value}`),
      ...(section.paragraphs ?? []),
    ]),
    doc.footer ?? '',
  ];
}
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

// Hourly: 7 h 10 min of work → 29 started quarter-hours → 7,25 h × 32,00 €.
const input = (regime: 'franchise' | 'normal') => invoiceInput(regime);

describe('the carrier’s invoice (self-billing)', () => {
  it('carries every mention of a French invoice, with VAT at 20 %', () => {
    const text = lines(invoiceModel(input('normal'))).map(plain);
    expect(text[0]).toBe('Facture n° AF-2026-0007');
    expect(text[1]).toMatch(/^Autofacturation — /);
    expect(text.join('\n')).toContain(
      'Facture émise par Relais au nom et pour le compte de Jean Routier EI (mandat de facturation du 01/02/2026)',
    );
    expect(text).toContain('Date d’émission : 11/03/2026');
    // Seller: name, address, SIRET, VAT number; buyer: company, address, SIRET — named as on the transport order.
    expect(text).toEqual(
      expect.arrayContaining([
        '# Transporteur (sous-traitant), prestataire',
        '# Donneur d’ordre, client',
        // A sole trader: « EI » after the name (article R526-27 du Code de commerce).
        'Nom : Jean Routier EI',
        'Adresse : 12 rue des Lilas, 69007 Lyon',
        'SIRET : 73282932000074',
        'N° de TVA intracommunautaire : FR12732829320',
        'Raison sociale : Transports Martin',
        'Adresse : 3 avenue du Port, 13002 Marseille',
        'SIRET : 55210055400013',
      ]),
    );
    // The line: what, where, when, quantity × unit price.
    expect(text).toEqual(
      expect.arrayContaining([
        'Catégorie de l’opération : Prestation de services',
        'Désignation : Transport routier de marchandises : Livraison frigo Rungis → Lille',
        'Trajet : MIN de Rungis, 94150 Rungis → Zone logistique, 59810 Lesquin',
        'Date(s) de la prestation : le 10/03/2026',
        'Quantité : 7,25 heure',
        'Prix unitaire HT : 32,00 €',
        'Montant HT : 232,00 €',
      ]),
    );
    // 232,00 € HT + 46,40 € of VAT = 278,40 € TTC.
    expect(text).toEqual(
      expect.arrayContaining(['Total HT : 232,00 €', 'TVA 20 % : 46,40 €', 'Total TTC : 278,40 €']),
    );
    expect(text.join('\n')).not.toContain(VAT_FRANCHISE_MENTION);
    // Payment: due date, terms, transfer, late-payment penalties and the 40 € indemnity.
    expect(text).toEqual(
      expect.arrayContaining([
        'Échéance : 10/04/2026',
        'Conditions de paiement : 30 jours',
        'Mode de paiement : Virement bancaire — IBAN du prestataire : FR76 3000 6000 0112 3456 7890 189',
        LATE_PAYMENT_MENTION,
      ]),
    );
    expect(LATE_PAYMENT_MENTION).toContain('40 €');
    // VAT on receipts, the rule for services: nothing to say.
    expect(text.join('\n')).not.toContain('débits');
  });

  it('says how it is paid: the carrier’s IBAN for a transfer, the card on Relais with Stripe', () => {
    const rows = (one: ReturnType<typeof invoiceInput>) =>
      lines(invoiceModel(one))
        .map(plain)
        .filter((line) => line.startsWith('Mode de paiement'));
    expect(rows(invoiceInput('franchise', { seller: { iban: null } }))).toEqual([
      'Mode de paiement : Virement bancaire',
    ]);
    expect(rows(invoiceInput('normal', { paymentMethod: 'stripe' }))).toEqual([
      'Mode de paiement : Carte bancaire, en ligne sur Relais (Stripe)',
    ]);
  });

  it('prints the option for VAT on debits beside the VAT, for a carrier who chose it', () => {
    const text = lines(invoiceModel(invoiceInput('normal', { seller: { vatOnDebits: true } }))).map(plain);
    expect(text).toContain('TVA 20 % : 46,40 € — Option pour le paiement de la taxe d’après les débits');
  });

  it('bills the waiting beyond the franchise on a second line, in the totals (decision 042)', () => {
    // A flat 420,00 € and 1 h 40 of waiting at the pickup, 1 h free: 3 started quarters at 12,50 € = 37,50 €.
    const facts = invoiceInput('normal', {
      price: '420.00',
      waiting: { pickupMinutes: 100, deliveryMinutes: 0 },
    });
    expect(facts.lines.map((line) => [line.kind, line.quantity, line.amountCents])).toEqual([
      ['transport', '1.00', 42000],
      ['waiting', '3.00', 3750],
    ]);
    const text = lines(invoiceModel(facts)).map(plain);
    expect(text).toEqual(
      expect.arrayContaining([
        // Each line as quantity × unit price = amount, and the waiting recorded.
        'Transport : 1 forfait × 420,00 € = 420,00 € HT',
        'Attente facturée : 3 quarts d’heure commencés × 12,50 € = 37,50 € HT',
        'Attente relevée : 1 h 40 au chargement, 0 min à la livraison (franchise de 1 h par opération)',
        // 457,50 € HT + 91,50 € of VAT = 549,00 € TTC.
        'Total HT : 457,50 €',
        'TVA 20 % : 91,50 €',
        'Total TTC : 549,00 €',
      ]),
    );
    // Within the franchise, nothing billed: one line.
    const within = invoiceInput('normal', {
      price: '420.00',
      waiting: { pickupMinutes: 55, deliveryMinutes: 60 },
    });
    expect(within.lines).toHaveLength(1);
    expect(lines(invoiceModel(within)).join('\n')).not.toContain('attente');
  });

  it('a carrier under the VAT franchise: no VAT, the art. 293 B mention, total TTC = HT', () => {
    const text = lines(invoiceModel(input('franchise'))).map(plain);
    expect(text).toEqual(
      expect.arrayContaining([
        `TVA : ${VAT_FRANCHISE_MENTION}`,
        'Total HT : 232,00 €',
        'Total TTC : 232,00 €',
      ]),
    );
    expect(text.some((line) => line.startsWith('N° de TVA'))).toBe(false);
    expect(text.some((line) => line.startsWith('TVA 20 %'))).toBe(false);
  });

  it('a service over several Paris days says from when to when', () => {
    expect(
      serviceDays({
        startedAt: new Date('2026-03-10T22:30:00Z'),
        deliveredAt: new Date('2026-03-12T08:00:00Z'),
        startDate: new Date('2026-03-10T22:00:00Z'),
        endDate: new Date('2026-03-12T10:00:00Z'),
      }),
    ).toBe('du 10/03/2026 au 12/03/2026');
    expect(frenchQuantity('7.25')).toBe('7,25');
    expect(frenchQuantity('7.50')).toBe('7,5');
    expect(frenchQuantity('3.00')).toBe('3');
    expect(frenchQuantity('10.00')).toBe('10');
  });
});

describe('the hours and pay statement', () => {
  it('says plainly it is not a payslip, with the hours and the agreed gross pay', () => {
    // An employee's pay has no VAT: the same mission's line and amount as the franchise invoice.
    const { mission, lines: invoiceLines, netCents } = invoiceInput('franchise');
    const statement = (waiting: { pickupMinutes: number; deliveryMinutes: number } | null) =>
      statementModel({
        number: 'RH-2026-0001',
        issuedOn: '2026-03-11',
        employer: { companyName: 'Transports Martin', address: null, siret: '55210055400013' },
        employee: { name: 'Jean Routier' },
        mission,
        line: invoiceLines[0]!,
        waiting,
        grossCents: netCents,
      });
    const doc = statement(null);
    const text = lines(doc).map(plain);
    expect(text[0]).toBe('Relevé d’heures et de rémunération n° RH-2026-0001');
    expect(text).toContain(
      'Ce document n’est pas un bulletin de paie : il sert à l’employeur pour établir la paie.',
    );
    expect(STATEMENT_NOTICE).toBe(
      'Ce document n’est pas un bulletin de paie : il sert à l’employeur pour établir la paie.',
    );
    expect(text).toEqual(
      expect.arrayContaining([
        EMPLOYMENT_PAY_NOTE,
        // The parties as on the short-contract proposal: employer (carrier) and employee (driver).
        '# Employeur (transporteur)',
        '# Conducteur (salarié)',
        'Raison sociale : Transports Martin',
        'SIRET : 55210055400013',
        'Nom : Jean Routier',
        'Temps retenu : 7,25 h',
        'Rémunération brute convenue : 232,00 €',
      ]),
    );
    expect(text.join('\n')).not.toMatch(/TVA/);
    expect(text.join('\n')).not.toMatch(/attente/i);
    // The waiting recorded is working time: listed for the payroll, never billed (decision 042).
    const waited = lines(statement({ pickupMinutes: 100, deliveryMinutes: 20 })).map(plain);
    expect(waited).toEqual(
      expect.arrayContaining([
        '# Attente relevée par le conducteur',
        'Attente : 1 h 40 au chargement, 20 min à la livraison',
        WAITING_EMPLOYMENT_NOTE,
        'Rémunération brute convenue : 232,00 €',
      ]),
    );
  });
});

describe('what blocks the invoice', () => {
  const complete = {
    billingAddress: '12 rue des Lilas, 69007 Lyon',
    siretNumber: '73282932000074',
    vatRegime: 'franchise',
    vatNumber: null,
    selfBillingAcceptedAt: new Date(),
    companyName: null,
  };
  const company = { ...complete, vatRegime: null, selfBillingAcceptedAt: null, companyName: 'TM' };

  it('lists in French what each party still has to give', () => {
    expect(invoiceBlockers(complete, company)).toEqual([]);
    expect(
      invoiceBlockers(
        {
          ...complete,
          selfBillingAcceptedAt: null,
          siretNumber: null,
          billingAddress: null,
          vatRegime: null,
        },
        { ...company, billingAddress: null },
      ),
    ).toEqual([
      'Le chauffeur doit accepter le mandat de facturation (autofacturation).',
      'Le chauffeur doit indiquer son numéro SIRET.',
      'Le chauffeur doit indiquer son adresse de facturation.',
      'Le chauffeur doit indiquer son régime de TVA.',
      'Le transporteur doit indiquer son adresse de facturation.',
    ]);
    expect(invoiceBlockers({ ...complete, vatRegime: 'normal' }, company)).toEqual([
      'Le chauffeur doit indiquer son numéro de TVA intracommunautaire.',
    ]);
  });
});
