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
import {
  centsToDecimal,
  LATE_PAYMENT_MENTION,
  PAYMENT_TERMS_LABELS,
  TRANSPORT_VAT_RATE_PERCENT,
  VAT_FRANCHISE_MENTION,
} from '#core/rules/money.js';
import { parisDate } from '#core/rules/days.js';
import { formatNumericDay } from '#core/rules/french-dates.js';
import {
  OPERATION_CATEGORY,
  selfBillingMention,
  invoiceTitle,
  sellerDisplayName,
  VAT_ON_DEBITS_MENTION,
  WAITING_LINE_NAME,
  waitingLineDescription,
  type InvoiceInput,
} from './invoice-model.js';

/**
 * The carrier's invoice as a Factur-X e-invoice (decision 035): the PDF people read, made PDF/A-3, carrying
 * `factur-x.xml`, a UN/CEFACT CII invoice of the EN 16931 profile with the same amounts and mentions, both from
 * one InvoiceInput. The XML and the PDF/A-3 wrapping come from @e-invoice-eu/core; Relais writes the document's
 * metadata (its French title, and an XMP packet in UTF-8 that names the parties as they are written).
 */

const UNIT_CODES: Record<string, string> = { hourly: 'HUR', daily: 'DAY', flat: 'C62' };
const EUR = 'EUR';

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

const money = (cents: number) => centsToDecimal(cents);

/**
 * The electronic invoicing address of a French company (BT-34, BT-49): its SIREN, the identifier the French
 * e-invoicing directory looks an address up by, under the SIRENE scheme (0002). The directory's own scheme (0225)
 * is not yet in the library's code list, which refuses it.
 */
const electronicAddress = (siret: string) => ({
  'cbc:EndpointID': siret.slice(0, 9),
  'cbc:EndpointID@schemeID': '0002' as const,
});

/**
 * How the invoice is paid (BG-16): a SEPA transfer to the carrier's account (58, with the IBAN, BT-84) or a card
 * payment on Relais (48); nothing when a transfer has no account to name (the rules refuse one without).
 */
function paymentMeans(input: InvoiceInput) {
  if (input.paymentMethod === 'stripe')
    return [
      {
        'cbc:PaymentMeansCode': '48' as const,
        'cbc:PaymentMeansCode@name': 'Carte bancaire (Relais, Stripe)',
      },
    ];
  if (!input.seller.iban) return [];
  return [
    {
      'cbc:PaymentMeansCode': '58' as const,
      'cbc:PaymentMeansCode@name': 'Virement SEPA',
      'cbc:PaymentID': input.number,
      'cac:PayeeFinancialAccount': { 'cbc:ID': input.seller.iban },
    },
  ];
}

/**
 * When VAT falls due (BT-8), for a carrier subject to it: on payment, the rule for services (CII « 72 », paid to
 * date), or on the invoice's date when they opted for debits (« 5 »). The library does not write it (its mapping
 * of the UBL code misses), so facturXml adds it to the header's VAT breakdown, where the CII schema places it.
 */
function taxPointCode(input: InvoiceInput): string | null {
  if (input.seller.vatRegime !== 'normal') return null;
  return input.seller.vatOnDebits ? '5' : '72';
}

/** The invoice in the library's EN 16931 model (UBL names; rendered as CII). */
export function eInvoiceOf(input: InvoiceInput): Invoice {
  const { seller, buyer, mission } = input;
  const subject = seller.vatRegime === 'normal';
  const category = subject
    ? { 'cbc:ID': 'S' as const, 'cbc:Percent': String(TRANSPORT_VAT_RATE_PERCENT) }
    : { 'cbc:ID': 'E' as const, 'cbc:Percent': '0' };
  const vatScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' as const } };
  const first = parisDate(mission.startedAt ?? mission.startDate);
  const last = parisDate(mission.deliveredAt ?? mission.endDate);
  const terms = `${PAYMENT_TERMS_LABELS[input.paymentTerms]} — échéance le ${formatNumericDay(input.dueDate)}`;
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': input.number,
      'cbc:IssueDate': input.issuedOn,
      'cbc:DueDate': input.dueDate,
      // 389: self-billed invoice (UNTDID 1001).
      'cbc:InvoiceTypeCode': '389',
      // One note (the library writes several as one note of several contents, which CII refuses).
      'cbc:Note': [
        [
          selfBillingMention(seller.name, input.mandateAcceptedAt),
          `Catégorie de l’opération : ${OPERATION_CATEGORY}`,
          ...(subject && seller.vatOnDebits ? [VAT_ON_DEBITS_MENTION] : []),
          LATE_PAYMENT_MENTION,
        ].join('\n'),
      ],
      'cbc:DocumentCurrencyCode': EUR,
      'cac:InvoicePeriod': { 'cbc:StartDate': first, 'cbc:EndDate': last },
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...electronicAddress(seller.siret),
          'cac:PostalAddress': postalAddress(seller.address),
          'cac:PartyTaxScheme': subject
            ? [{ 'cbc:CompanyID': seller.vatNumber!.replace(/\s+/g, ''), ...vatScheme }]
            : // No VAT number under the franchise: the SIREN as the seller's tax registration (BT-32).
              [{ 'cbc:CompanyID': seller.siret.slice(0, 9), 'cac:TaxScheme': { 'cbc:ID': 'FC' } }],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': sellerDisplayName(seller.name),
            'cbc:CompanyID': seller.siret,
            'cbc:CompanyID@schemeID': '0002',
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...electronicAddress(buyer.siret),
          'cac:PostalAddress': postalAddress(buyer.address),
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': buyer.companyName,
            'cbc:CompanyID': buyer.siret,
            'cbc:CompanyID@schemeID': '0002',
          },
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': last },
      ...(paymentMeans(input).length ? { 'cac:PaymentMeans': paymentMeans(input) } : {}),
      'cac:PaymentTerms': { 'cbc:Note': terms },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(input.vatCents),
          'cbc:TaxAmount@currencyID': EUR,
          'cac:TaxSubtotal': [
            {
              'cbc:TaxableAmount': money(input.netCents),
              'cbc:TaxableAmount@currencyID': EUR,
              'cbc:TaxAmount': money(input.vatCents),
              'cbc:TaxAmount@currencyID': EUR,
              'cac:TaxCategory': {
                ...category,
                ...(subject
                  ? {}
                  : {
                      'cbc:TaxExemptionReasonCode': 'VATEX-FR-FRANCHISE' as const,
                      'cbc:TaxExemptionReason': VAT_FRANCHISE_MENTION,
                    }),
                ...vatScheme,
              },
            },
          ],
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(input.netCents),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cbc:TaxExclusiveAmount': money(input.netCents),
        'cbc:TaxExclusiveAmount@currencyID': EUR,
        'cbc:TaxInclusiveAmount': money(input.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': EUR,
        'cbc:PayableAmount': money(input.grossCents),
        'cbc:PayableAmount@currencyID': EUR,
      },
      // The transport, then the waiting billed beyond the franchise (decision 042), counted in quarter hours (C62).
      'cac:InvoiceLine': input.lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': line.quantity,
        'cbc:InvoicedQuantity@unitCode': (UNIT_CODES[line.pricingType] ?? 'C62') as 'C62',
        'cbc:LineExtensionAmount': money(line.amountCents),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cac:Item': {
          'cbc:Description':
            line.kind === 'waiting' && input.waiting
              ? waitingLineDescription(input.waiting, line)
              : `${mission.pickupAddress} → ${mission.deliveryAddress} (${line.detail})`,
          'cbc:Name': (line.kind === 'waiting'
            ? `${WAITING_LINE_NAME} (quart d’heure commencé)`
            : `Transport routier de marchandises : ${mission.title}`
          ).slice(0, 200),
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
 * The library's CII, completed: BT-8 (when VAT falls due), which its mapping misses. What facturXml adds is written
 * into the PDF's attachment too (replaceAttachedXml), so the PDF carries exactly this text.
 */
function completedXml(xml: string, input: InvoiceInput): string {
  const code = taxPointCode(input);
  if (!code) return xml;
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
export async function facturXml(input: InvoiceInput): Promise<string> {
  const xml = (await service.generate(eInvoiceOf(input), { format: 'CII', lang: 'fr' })) as string;
  return completedXml(xml, input);
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.codePointAt(0)};`);

/** The XMP packet of a Factur-X EN 16931 PDF/A-3b, in UTF-8, saying what the Info dictionary says. */
function xmpPacket(meta: {
  title: string;
  subject: string;
  author: string;
  producer: string;
  creator: string;
  at: string;
}) {
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
 * "Alternative": the XML is the invoice too), sRGB output intent, and metadata in French, the same in the Info dictionary and in the XMP packet.
 */
export async function facturX(pdf: Uint8Array, input: InvoiceInput): Promise<Uint8Array> {
  const wrapped = (await service.generate(eInvoiceOf(input), {
    format: 'Factur-X-EN16931',
    lang: 'fr',
    pdf: { buffer: pdf, filename: `${input.number}.pdf`, mimetype: 'application/pdf' },
  })) as Uint8Array;
  const document = await PDFDocument.load(wrapped, { updateMetadata: false });
  replaceAttachment(document, 'factur-x.xml', new TextEncoder().encode(await facturXml(input)));
  const at = new Date();
  const meta = {
    title: invoiceTitle(input.number),
    subject: `Facture électronique Factur-X (EN 16931) émise par Relais au nom et pour le compte de ${sellerDisplayName(input.seller.name)}`,
    author: sellerDisplayName(input.seller.name),
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
