import { PDFDocument, PDFName, PDFArray, PDFDict } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../platform/pdf.js';
import { attachedFacturXml, validateCii } from '../../test/e-invoice-validator.js';
import { invoiceInput } from '../../test/invoice-input.js';
import { pdfText } from '../../test/pdf-text.js';
import { postalAddress } from '../../platform/e-invoice.js';
import { carrierEInvoice, facturX, facturXml } from './e-invoice.js';
import { invoiceModel } from './invoice-model.js';

/**
 * The carrier's invoice as a Factur-X EN 16931 e-invoice, checked by tools Relais did not write: the official
 * CII schema (libxml2) and the EN 16931 rules of CEN/TC 434 (their Schematron, run by SaxonJS), then read back
 * from the PDF as a buyer's software would.
 */

// Hourly: 7,25 h × 32,47 €; the parties' names as drivers and companies write them.
const input = (regime: 'franchise' | 'normal') =>
  invoiceInput(regime, {
    price: '32.47',
    seller: { name: 'Łukasz Wiśniewski-Şahin', vatNumber: regime === 'normal' ? 'FR44732829320' : null },
    buyer: { companyName: 'Transports Ødegård', address: '3 avenue du Port\n13002 Marseille' },
  });

const ruleCheck = { timeout: 120_000 };

describe('the CII invoice (factur-x.xml)', () => {
  for (const regime of ['normal', 'franchise'] as const) {
    it(
      `${regime === 'normal' ? 'VAT at 20 %' : 'under the VAT franchise'}: valid against the schema and every EN 16931 rule`,
      ruleCheck,
      async () => {
        const xml = await facturXml(input(regime));
        const verdict = await validateCii(xml);
        expect(verdict.schemaErrors).toEqual([]);
        expect(verdict.ruleErrors).toEqual([]);
        expect(verdict.rulesFired).toBeGreaterThan(30);
        // Self-billed (389), the parties as written, their SIRET (scheme 0002), the amounts of the PDF.
        expect(xml).toContain('<ram:TypeCode>389</ram:TypeCode>');
        expect(xml).toContain('<ram:Name>Łukasz Wiśniewski-Şahin EI</ram:Name>');
        expect(xml).toContain('<ram:ID schemeID="0002">73282932000074</ram:ID>');
        expect(xml).toContain('<ram:BilledQuantity unitCode="HUR">7.25</ram:BilledQuantity>');
        expect(xml).toContain('<ram:LineTotalAmount>235.41</ram:LineTotalAmount>');
        expect(xml).toContain('Catégorie de l’opération : Prestation de services');
        expect(xml).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');
        if (regime === 'normal') {
          expect(xml).toContain('<ram:ID schemeID="VA">FR44732829320</ram:ID>');
          expect(xml).toContain('<ram:GrandTotalAmount>282.49</ram:GrandTotalAmount>');
        } else {
          expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
          expect(xml).toContain(
            '<ram:ExemptionReason>TVA non applicable, art. 293 B du CGI</ram:ExemptionReason>',
          );
          expect(xml).toContain('<ram:GrandTotalAmount>235.41</ram:GrandTotalAmount>');
        }
      },
    );
  }

  it(
    'says how it is paid, when VAT falls due and where each party receives invoices, and stays valid',
    ruleCheck,
    async () => {
      const cases = [
        // Subject to VAT, opted for debits, paid by transfer to the IBAN the carrier gave.
        invoiceInput('normal', { seller: { vatOnDebits: true } }),
        // Subject to VAT on receipts (the rule for services), paid by card on Relais.
        invoiceInput('normal', { paymentMethod: 'stripe' }),
        // Under the franchise, paid by transfer, no IBAN given: no payment means (a transfer needs an account).
        invoiceInput('franchise', { seller: { iban: null } }),
      ];
      const xmls = await Promise.all(cases.map((one) => facturXml(one)));
      for (const xml of xmls) {
        const verdict = await validateCii(xml);
        expect(verdict.schemaErrors).toEqual([]);
        expect(verdict.ruleErrors).toEqual([]);
        // Both parties' electronic addresses: their SIREN.
        expect(xml).toContain('<ram:URIID schemeID="0002">732829320</ram:URIID>');
        expect(xml).toContain('<ram:URIID schemeID="0002">552100554</ram:URIID>');
      }
      const [debits, card, franchise] = xmls as [string, string, string];
      expect(debits).toContain('<ram:TypeCode>58</ram:TypeCode>');
      expect(debits).toContain('<ram:IBANID>FR7630006000011234567890189</ram:IBANID>');
      expect(debits).toContain('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>');
      expect(debits).toContain('Option pour le paiement de la taxe d’après les débits');
      expect(card).toContain('<ram:TypeCode>48</ram:TypeCode>');
      expect(card).not.toContain('IBANID');
      expect(card).toContain('<ram:DueDateTypeCode>72</ram:DueDateTypeCode>');
      expect(card).not.toContain('d’après les débits');
      expect(franchise).not.toContain('SpecifiedTradeSettlementPaymentMeans');
      expect(franchise).not.toContain('DueDateTypeCode');
    },
  );

  it(
    'with the waiting billed beyond the franchise: a second line, valid, in the totals (decision 042)',
    ruleCheck,
    async () => {
      // A flat 420,00 € and 1 h 40 at the pickup, 1 h free: 3 started quarters × 12,50 € = 37,50 €.
      const facts = invoiceInput('normal', {
        price: '420.00',
        waiting: { pickupMinutes: 100, deliveryMinutes: 0 },
      });
      const xml = await facturXml(facts);
      const verdict = await validateCii(xml);
      expect(verdict.schemaErrors).toEqual([]);
      expect(verdict.ruleErrors).toEqual([]);
      expect(xml).toContain('<ram:BilledQuantity unitCode="C62">3.00</ram:BilledQuantity>');
      expect(xml).toContain('<ram:LineTotalAmount>37.50</ram:LineTotalAmount>');
      expect(xml).toContain('Temps d’attente au-delà de la franchise');
      expect(xml).toContain('1 h 40 au chargement');
      expect(xml).toContain('<ram:TaxBasisTotalAmount>457.50</ram:TaxBasisTotalAmount>');
      expect(xml).toContain('<ram:GrandTotalAmount>549.00</ram:GrandTotalAmount>');
      // The PDF says the same, still on one page.
      const bytes = await facturX(await renderPdf(invoiceModel(facts)), facts);
      expect((await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount()).toBe(1);
      expect(await pdfText(bytes)).toMatch(/Total TTC\s*549,00/);
    },
  );

  it('the validator is not silent: a wrong total and a misspelt element are refused', ruleCheck, async () => {
    const xml = (await facturXml(input('normal')))
      .replace(
        '<ram:GrandTotalAmount>282.49</ram:GrandTotalAmount>',
        '<ram:GrandTotalAmount>282.50</ram:GrandTotalAmount>',
      )
      .replace('<ram:TypeCode>389</ram:TypeCode>', '<ram:Typecode>389</ram:Typecode>');
    const verdict = await validateCii(xml);
    expect(verdict.ruleErrors.join('\n')).toMatch(/BR-CO-15/);
    expect(verdict.schemaErrors.join('\n')).toMatch(/Typecode/);
  });

  it('reads French addresses into street, postcode and city', () => {
    expect(postalAddress('12 rue des Lilas, 69007 Lyon')).toMatchObject({
      'cbc:StreetName': '12 rue des Lilas',
      'cbc:PostalZone': '69007',
      'cbc:CityName': 'Lyon',
    });
    expect(postalAddress('ZI Nord\n59810 Lesquin')).toMatchObject({
      'cbc:PostalZone': '59810',
      'cbc:CityName': 'Lesquin',
    });
    expect(postalAddress('Lieu-dit Les Granges')).toEqual({
      'cbc:StreetName': 'Lieu-dit Les Granges',
      'cac:Country': { 'cbc:IdentificationCode': 'FR' },
    });
    expect(carrierEInvoice(input('normal')).typeCode).toBe('389');
  });
});

describe('the Factur-X PDF', () => {
  it(
    'is a PDF/A-3 carrying factur-x.xml, its metadata in French and in UTF-8, its text the same invoice',
    ruleCheck,
    async () => {
      const facts = input('normal');
      const bytes = await facturX(await renderPdf(invoiceModel(facts)), facts);
      const xml = await attachedFacturXml(bytes);
      expect(xml).toBe(await facturXml(facts));
      const document = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(document.getTitle()).toBe('Facture n° AF-2026-0007');
      // One page: the mentions no longer spill onto an otherwise empty second page.
      expect(document.getPageCount()).toBe(1);
      expect(document.getAuthor()).toBe('Łukasz Wiśniewski-Şahin EI');
      // The attachment is the invoice itself in another form (AF relationship "Alternative", as Factur-X asks of
      // the EN 16931 profile), named in the catalog's AF array.
      const af = document.catalog.lookup(PDFName.of('AF'), PDFArray);
      const spec = af.lookup(0, PDFDict);
      expect(spec.get(PDFName.of('AFRelationship'))?.toString()).toBe('/Alternative');
      // The XMP packet: PDF/A-3B, the Factur-X extension at EN 16931, the same title and author as the Info.
      const metadata = document.context.lookup(document.catalog.get(PDFName.of('Metadata')));
      const xmp = Buffer.from((metadata as unknown as { contents: Uint8Array }).contents).toString('utf8');
      expect(xmp).toContain('<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>');
      expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
      expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
      expect(xmp).toContain('<rdf:li xml:lang="x-default">Facture n° AF-2026-0007</rdf:li>');
      expect(xmp).toContain('<rdf:li>Łukasz Wiśniewski-Şahin EI</rdf:li>');
      expect(document.catalog.get(PDFName.of('OutputIntents'))).toBeDefined();
      // What a person reads: the same parties, amounts and mentions.
      const text = await pdfText(bytes);
      for (const expected of [
        'Łukasz Wiśniewski-Şahin EI',
        'Transports Ødegård',
        'Catégorie de l’opération',
        'Prestation de services',
      ])
        expect(text).toContain(expected);
      expect(text).toMatch(/Total TTC\s*282,49/);
    },
  );
});
