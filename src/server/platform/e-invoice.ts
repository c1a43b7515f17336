import { InvoiceService, type Invoice } from '@e-invoice-eu/core';
import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { centsToDecimal } from '#core/rules/money.js';

/**
 * Every invoice Relais issues as a Factur-X e-invoice (decisions 035 and 043): the PDF people read, made PDF/A-3,
 * carrying `factur-x.xml`, a UN/CEFACT CII invoice of the EN 16931 profile with the same amounts and mentions. One
 * model for all of them (EInvoice): a carrier's self-billed invoice (features/payments) and the invoice of a plan
 * (features/billing) each say what they are in it. The XML and the PDF/A-3 wrapping come from
 * @e-invoice-eu/core; Relais writes the document's metadata (its French title, and an XMP packet in UTF-8 that
 * names the parties as they are written).
 */

interface EInvoiceParty {
  /** As the invoice prints it (a sole trader's name already followed by « EI »). */
  name: string;
  address: string;
  /** 14 digits; null for a buyer who has none (a person). */
  siret: string | null;
  /** Normalised, e.g. FR44732829320; null when none. */
  vatNumber: string | null;
}

interface EInvoiceLine {
  name: string;
  description: string;
  /** Decimal string. */
  quantity: string;
  /** UN/ECE rec. 20: HUR, DAY, MON, ANN, C62 (one). */
  unitCode: string;
  unitPriceCents: number;
  amountCents: number;
}

export interface EInvoice {
  number: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** UNTDID 1001: 380 commercial invoice, 389 self-billed. */
  typeCode: '380' | '389';
  /** The mentions, in the one note CII allows here. */
  notes: string[];
  /** The days invoiced (YYYY-MM-DD), when the invoice covers a period. */
  period: { start: string; end: string } | null;
  /** The buyer's own reference (their order, BT-13), when they gave one. */
  orderReference?: string | null;
  /** When the service was rendered (YYYY-MM-DD). */
  deliveredOn: string;
  seller: EInvoiceParty & { iban: string | null };
  buyer: EInvoiceParty;
  /**
   * Standard rate (with when it falls due, BT-8: « 5 » on the invoice's date, « 72 » on payment), or the
   * franchise in base (with its mention).
   */
  vat:
    | { kind: 'standard'; percent: number; dueOn: 'invoice' | 'payment' }
    | { kind: 'franchise'; mention: string };
  /** By card on Relais (Stripe), or by transfer (to the seller's IBAN when given). */
  paymentMeans: 'card' | 'transfer';
  /** The payment terms in words. */
  paymentTerms: string;
  lines: EInvoiceLine[];
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** Already paid (BT-113): the amount due is what remains. */
  paidCents: number;
  /** The PDF's metadata. */
  meta: { title: string; subject: string; author: string };
}

const EUR = 'EUR';
const money = (cents: number) => centsToDecimal(cents);

/** "12 rue des Lilas, 69007 Lyon" → street, postcode and city (France); otherwise the whole text as the street. */
export function postalAddress(address: string) {
  const match = /^(.*?)[,\s]+(\d{5})\s+([^,\d][^,]*)$/u.exec(address.trim().replace(/\s*\n\s*/g, ', '));
  const country = { 'cac:Country': { 'cbc:IdentificationCode': 'FR' as const } };
  if (!match) return { 'cbc:StreetName': address.trim(), ...country };
  return {
    'cbc:StreetName': match[1]!.replace(/,$/, '').trim(),
    'cbc:CityName': match[3]!.trim(),
    'cbc:PostalZone': match[2]!,
    ...country,
  };
}

/**
 * The electronic invoicing address of a French company (BT-34, BT-49): its SIREN, the identifier the French
 * e-invoicing directory looks an address up by, under the SIRENE scheme (0002). The directory's own scheme (0225)
 * is not yet in the library's code list, which refuses it.
 */
const electronicAddress = (siret: string | null) =>
  siret ? { 'cbc:EndpointID': siret.slice(0, 9), 'cbc:EndpointID@schemeID': '0002' as const } : {};

/**
 * How the invoice is paid (BG-16): by card on Relais (48) or a SEPA transfer to the seller's account (58, with the
 * IBAN, BT-84); nothing when a transfer has no account to name (the rules refuse one without).
 */
function paymentMeans(invoice: EInvoice) {
  if (invoice.paymentMeans === 'card')
    return [
      {
        'cbc:PaymentMeansCode': '48' as const,
        'cbc:PaymentMeansCode@name': 'Carte bancaire (Relais, Stripe)',
      },
    ];
  if (!invoice.seller.iban) return [];
  return [
    {
      'cbc:PaymentMeansCode': '58' as const,
      'cbc:PaymentMeansCode@name': 'Virement SEPA',
      'cbc:PaymentID': invoice.number,
      'cac:PayeeFinancialAccount': { 'cbc:ID': invoice.seller.iban },
    },
  ];
}

const vatScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' as const } };

function party(who: EInvoiceParty) {
  return {
    ...electronicAddress(who.siret),
    'cac:PostalAddress': postalAddress(who.address),
    'cac:PartyLegalEntity': {
      'cbc:RegistrationName': who.name,
      ...(who.siret ? { 'cbc:CompanyID': who.siret, 'cbc:CompanyID@schemeID': '0002' } : {}),
    },
  };
}

/** The invoice in the library's EN 16931 model (UBL names; rendered as CII). */
function eInvoiceDocument(invoice: EInvoice): Invoice {
  const { seller, buyer, vat } = invoice;
  const category =
    vat.kind === 'standard'
      ? { 'cbc:ID': 'S' as const, 'cbc:Percent': String(vat.percent) }
      : { 'cbc:ID': 'E' as const, 'cbc:Percent': '0' };
  const sellerTaxScheme = seller.vatNumber
    ? [{ 'cbc:CompanyID': seller.vatNumber.replace(/\s+/g, ''), ...vatScheme }]
    : // No VAT number (the franchise): the SIREN as the seller's tax registration (BT-32).
      [{ 'cbc:CompanyID': (seller.siret ?? '').slice(0, 9), 'cac:TaxScheme': { 'cbc:ID': 'FC' } }];
  const means = paymentMeans(invoice);
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': invoice.number,
      'cbc:IssueDate': invoice.issuedOn,
      'cbc:DueDate': invoice.dueDate,
      'cbc:InvoiceTypeCode': invoice.typeCode,
      // One note (the library writes several as one note of several contents, which CII refuses).
      'cbc:Note': [invoice.notes.join('\n')],
      'cbc:DocumentCurrencyCode': EUR,
      ...(invoice.period
        ? {
            'cac:InvoicePeriod': { 'cbc:StartDate': invoice.period.start, 'cbc:EndDate': invoice.period.end },
          }
        : {}),
      ...(invoice.orderReference ? { 'cac:OrderReference': { 'cbc:ID': invoice.orderReference } } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': { ...party(seller), 'cac:PartyTaxScheme': sellerTaxScheme },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...party(buyer),
          ...(buyer.vatNumber
            ? { 'cac:PartyTaxScheme': [{ 'cbc:CompanyID': buyer.vatNumber, ...vatScheme }] }
            : {}),
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': invoice.deliveredOn },
      ...(means.length ? { 'cac:PaymentMeans': means } : {}),
      'cac:PaymentTerms': { 'cbc:Note': invoice.paymentTerms },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(invoice.vatCents),
          'cbc:TaxAmount@currencyID': EUR,
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': money(invoice.netCents),
              'cbc:TaxableAmount@currencyID': EUR,
              'cbc:TaxAmount': money(invoice.vatCents),
              'cbc:TaxAmount@currencyID': EUR,
              'cac:TaxCategory': {
                ...category,
                ...(vat.kind === 'franchise'
                  ? {
                      'cbc:TaxExemptionReasonCode': 'VATEX-FR-FRANCHISE' as const,
                      'cbc:TaxExemptionReason': vat.mention,
                    }
                  : {}),
                ...vatScheme,
              },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(invoice.netCents),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cbc:TaxExclusiveAmount': money(invoice.netCents),
        'cbc:TaxExclusiveAmount@currencyID': EUR,
        'cbc:TaxInclusiveAmount': money(invoice.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': EUR,
        ...(invoice.paidCents > 0
          ? { 'cbc:PrepaidAmount': money(invoice.paidCents), 'cbc:PrepaidAmount@currencyID': EUR }
          : {}),
        'cbc:PayableAmount': money(invoice.grossCents - invoice.paidCents),
        'cbc:PayableAmount@currencyID': EUR,
      },
      'cac:InvoiceLine': invoice.lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': line.quantity,
        'cbc:InvoicedQuantity@unitCode': line.unitCode as 'C62',
        'cbc:LineExtensionAmount': money(line.amountCents),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cac:Item': {
          'cbc:Description': line.description,
          'cbc:Name': line.name.slice(0, 200),
          'cac:ClassifiedTaxCategory': { ...category, ...vatScheme },
        },
        'cac:Price': {
          'cbc:PriceAmount': money(line.unitPriceCents),
          'cbc:PriceAmount@currencyID': EUR,
        },
      })),
    },
  } as Invoice;
}

/** Quiet logger for the library (its warnings are about spreadsheet mappings Relais does not use). */
const quiet = { log() {}, warn() {}, error() {} };
const service = new InvoiceService(quiet);

/**
 * The library's CII, completed: BT-8 (when VAT falls due), which its mapping misses, in the header's VAT breakdown
 * where the CII schema places it. What is added is written into the PDF's attachment too (replaceAttachment), so
 * the PDF carries exactly this text.
 */
function completedXml(xml: string, invoice: EInvoice): string {
  if (invoice.vat.kind !== 'standard') return xml;
  const code = invoice.vat.dueOn === 'invoice' ? '5' : '72';
  return xml.replace(
    /<ram:ApplicableHeaderTradeSettlement>[\s\S]*?<\/ram:ApplicableHeaderTradeSettlement>/,
    (settlement) =>
      settlement.replace(
        /(\s*)<ram:RateApplicablePercent>/g,
        (_, space: string) =>
          `${space}<ram:DueDateTypeCode>${code}</ram:DueDateTypeCode>${space}<ram:RateApplicablePercent>`,
      ),
  );
}

/** The embedded file named `name` of the document's associated files (/AF), replaced by `bytes`. */
function replaceAttachment(document: PDFDocument, name: string, bytes: Uint8Array): void {
  const files = document.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  for (let index = 0; index < (files?.size() ?? 0); index++) {
    const spec = files!.lookup(index, PDFDict);
    const fileName = spec.lookupMaybe(PDFName.of('UF'), PDFString, PDFHexString)?.decodeText();
    if (fileName !== name) continue;
    const ref = spec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F'));
    if (!(ref instanceof PDFRef)) continue;
    const old = document.context.lookup(ref);
    if (!(old instanceof PDFStream)) continue;
    const params = old.dict.lookupMaybe(PDFName.of('Params'), PDFDict) ?? document.context.obj({});
    params.set(PDFName.of('Size'), PDFNumber.of(bytes.length));
    params.set(PDFName.of('CheckSum'), PDFHexString.of(createHash('md5').update(bytes).digest('hex')));
    const stream = document.context.flateStream(bytes, {
      Type: 'EmbeddedFile',
      Subtype: old.dict.get(PDFName.of('Subtype')),
      Params: params,
    });
    document.context.assign(ref, stream);
    return;
  }
  throw new Error(`${name} absent du PDF`);
}

/** factur-x.xml: the CII XML of the invoice. */
export async function facturXml(invoice: EInvoice): Promise<string> {
  const xml = (await service.generate(eInvoiceDocument(invoice), { format: 'CII', lang: 'fr' })) as string;
  return completedXml(xml, invoice);
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.codePointAt(0)};`);

/** The XMP packet of a Factur-X EN 16931 PDF/A-3b, in UTF-8, saying what the Info dictionary says. */
function xmpPacket(meta: EInvoice['meta'] & { producer: string; creator: string; at: string }) {
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format><dc:title>${alt(meta.title)}</dc:title><dc:description>${alt(meta.subject)}</dc:description><dc:creator><rdf:Seq><rdf:li>${escapeXml(meta.author)}</rdf:li></rdf:Seq></dc:creator><dc:language><rdf:Bag><rdf:li>fr-FR</rdf:li></rdf:Bag></dc:language></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><pdf:Producer>${escapeXml(meta.producer)}</pdf:Producer></rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreatorTool>${escapeXml(meta.creator)}</xmp:CreatorTool><xmp:CreateDate>${meta.at}</xmp:CreateDate><xmp:ModifyDate>${meta.at}</xmp:ModifyDate><xmp:MetadataDate>${meta.at}</xmp:MetadataDate></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"><pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq>${[
    ['DocumentFileName', 'The name of the embedded XML document'],
    ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
    ['Version', 'The actual version of the standard applying to the embedded XML document'],
    ['ConformanceLevel', 'The conformance level of the embedded XML document'],
  ]
    .map(
      ([name, description]) =>
        `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
    )
    .join('')}</rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>factur-x.xml</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * The invoice's PDF made a Factur-X EN 16931 e-invoice: PDF/A-3b with `factur-x.xml` attached (relationship
 * "Alternative": the XML is the invoice too), sRGB output intent, and metadata in French, the same in the Info
 * dictionary and in the XMP packet.
 */
export async function facturX(pdf: Uint8Array, invoice: EInvoice): Promise<Uint8Array> {
  const wrapped = (await service.generate(eInvoiceDocument(invoice), {
    format: 'Factur-X-EN16931',
    lang: 'fr',
    pdf: { buffer: pdf, filename: `${invoice.number}.pdf`, mimetype: 'application/pdf' },
  })) as Uint8Array;
  const document = await PDFDocument.load(wrapped, { updateMetadata: false });
  replaceAttachment(document, 'factur-x.xml', new TextEncoder().encode(await facturXml(invoice)));
  const at = new Date();
  const meta = {
    ...invoice.meta,
    producer: 'Relais (pdf-lib, @e-invoice-eu/core)',
    creator: 'Relais',
    at: at.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
  };
  document.setTitle(meta.title, { showInWindowTitleBar: true });
  document.setSubject(meta.subject);
  document.setAuthor(meta.author);
  document.setProducer(meta.producer);
  document.setCreator(meta.creator);
  document.setKeywords(['Facture', 'Factur-X', 'EN 16931']);
  document.setCreationDate(at);
  document.setModificationDate(at);
  const xmp = document.context.stream(new TextEncoder().encode(xmpPacket(meta)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  document.catalog.set(PDFName.of('Metadata'), document.context.register(xmp));
  return document.save();
}
