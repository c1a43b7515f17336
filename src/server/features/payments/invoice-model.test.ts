import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_PAY_NOTE, LATE_PAYMENT_MENTION, VAT_FRANCHISE_MENTION } from '#core/rules/money.js';
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
        'Mode de paiement : Virement bancaire',
        LATE_PAYMENT_MENTION,
      ]),
    );
    expect(LATE_PAYMENT_MENTION).toContain('40 €');
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
    const { mission, line, netCents } = invoiceInput('franchise');
    const doc = statementModel({
      number: 'RH-2026-0001',
      issuedOn: '2026-03-11',
      employer: { companyName: 'Transports Martin', address: null, siret: '55210055400013' },
      employee: { name: 'Jean Routier' },
      mission,
      line,
      grossCents: netCents,
    });
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
