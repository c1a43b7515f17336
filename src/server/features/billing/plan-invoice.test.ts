import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { planInvoiceAmounts, planPrice } from '#core/rules/billing.js';
import { DEFAULT_TARIFFS } from '#core/rules/tariffs.js';
import { facturX, facturXml } from '../../platform/e-invoice.js';
import { renderPdf } from '../../platform/pdf.js';
import { attachedFacturXml, validateCii } from '../../test/e-invoice-validator.js';
import { pdfText } from '../../test/pdf-text.js';
import { planEInvoice, planInvoiceModel, type PlanInvoiceInput } from './plan-invoice-model.js';

/**
 * The invoice of a plan (decision 043) as a Factur-X EN 16931 e-invoice, checked by the official CII schema and the
 * EN 16931 rules (tools Relais did not write), and read back from the PDF as a client's software would.
 */

const seller = {
  name: 'Relais SAS',
  form: 'SAS au capital de 10 000 €',
  address: '8 quai Perrache\n69002 Lyon',
  registration: 'RCS Lyon 552 100 554',
  siret: '55210055400013',
  vatNumber: 'FR96552100554',
  iban: 'FR7630006000011234567890189',
};

const input = (overrides: Partial<PlanInvoiceInput> = {}): PlanInvoiceInput => ({
  number: 'RL-2026-0003',
  issuedOn: '2026-11-28',
  seller,
  buyer: {
    name: 'Transports Ødegård',
    address: '3 avenue du Port\n13002 Marseille',
    siret: '73282932000074',
    vatNumber: null,
  },
  description: 'Formule Transporteur, mensuelle',
  period: { start: '2026-11-28', end: '2026-12-27' },
  payment: { kind: 'transfer' },
  orderReference: 'BC-2026-117',
  amounts: planPrice(DEFAULT_TARIFFS, 'transporter', 'month'),
  ...overrides,
});

const ruleCheck = { timeout: 120_000 };

describe('the invoice of a plan', () => {
  it(
    'by transfer, by card, to a person without SIRET: valid against the schema and every EN 16931 rule',
    ruleCheck,
    async () => {
      const cases = [
        input(),
        input({ payment: { kind: 'card', paidOn: '2026-11-28' }, period: null, orderReference: null }),
        input({
          buyer: {
            name: 'Małgorzata Żak',
            address: '5 rue Haute, 59000 Lille',
            siret: null,
            vatNumber: null,
          },
          description: 'Formule Premium Chauffeur, annuelle',
          amounts: planInvoiceAmounts(14_990),
          payment: { kind: 'card', paidOn: '2026-11-28' },
        }),
      ];
      const xmls = await Promise.all(cases.map((one) => facturXml(planEInvoice(one))));
      for (const xml of xmls) {
        const verdict = await validateCii(xml);
        expect(verdict.schemaErrors).toEqual([]);
        expect(verdict.ruleErrors).toEqual([]);
        expect(verdict.rulesFired).toBeGreaterThan(30);
        // A commercial invoice of Relais's publisher, with its VAT number; VAT at 20 %, due on payment.
        expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
        expect(xml).toContain('<ram:ID schemeID="VA">FR96552100554</ram:ID>');
        expect(xml).toContain('<ram:DueDateTypeCode>72</ram:DueDateTypeCode>');
        expect(xml).toContain('Catégorie de l’opération : Prestation de services');
      }
      const [transfer, card, person] = xmls as [string, string, string];
      const amounts = planPrice(DEFAULT_TARIFFS, 'transporter', 'month');
      const euros = (cents: number) => (cents / 100).toFixed(2);
      expect(transfer).toContain(
        `<ram:TaxBasisTotalAmount>${euros(amounts.netCents)}</ram:TaxBasisTotalAmount>`,
      );
      expect(transfer).toContain(`<ram:DuePayableAmount>${euros(amounts.grossCents)}</ram:DuePayableAmount>`);
      expect(transfer).toContain('<ram:IBANID>FR7630006000011234567890189</ram:IBANID>');
      expect(transfer).toContain('<ram:IssuerAssignedID>BC-2026-117</ram:IssuerAssignedID>');
      expect(transfer).toContain('<udt:DateTimeString format="102">20261228</udt:DateTimeString>');
      expect(card).toContain('<ram:TypeCode>48</ram:TypeCode>');
      expect(card).toContain(`<ram:TotalPrepaidAmount>${euros(amounts.grossCents)}</ram:TotalPrepaidAmount>`);
      expect(card).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
      expect(person).toContain('<ram:Name>Małgorzata Żak</ram:Name>');
      expect(person).toContain('<ram:GrandTotalAmount>149.90</ram:GrandTotalAmount>');
    },
  );

  it(
    'is a one-page PDF/A-3 carrying the same invoice, with the mentions a client reads',
    ruleCheck,
    async () => {
      const facts = input();
      const invoice = planEInvoice(facts);
      const bytes = await facturX(await renderPdf(planInvoiceModel(facts)), invoice);
      expect(await attachedFacturXml(bytes)).toBe(await facturXml(invoice));
      const document = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(document.getPageCount()).toBe(1);
      expect(document.getTitle()).toBe('Facture n° RL-2026-0003');
      expect(document.getAuthor()).toBe('Relais SAS');
      const text = await pdfText(bytes);
      for (const expected of [
        'Relais SAS',
        'SAS au capital de 10 000 €',
        'FR96552100554',
        'Transports Ødegård',
        'BC-2026-117',
        'Prestation de services',
        'du 28/11/2026 au 27/12/2026',
        'FR76 3000 6000 0112 3456 7890 189',
        'indemnité forfaitaire pour frais de recouvrement de 40 €',
      ])
        expect(text).toContain(expected);
    },
  );
});
