import { missionCharges } from '#core/rules/charges.js';
import { centsToDecimal } from '#core/rules/money.js';
import type { DocumentLine, InvoiceInput } from '../features/payments/invoice-model.js';

/**
 * A carrier's invoice as the payments feature builds it: an hourly mission of 7 h 10 min of work (29 started
 * quarter hours → 7,25 h) at `price` an hour, under either VAT regime; parties overridable. With `waiting`, a flat
 * mission at `price` published with a waiting rate (1 h free per operation, 12,50 € HT a started quarter hour)
 * whose driver waited that long: two lines, through core missionCharges as the payment is computed.
 */
export function invoiceInput(
  regime: 'franchise' | 'normal',
  {
    price = '32.00',
    seller = {},
    buyer = {},
    paymentMethod = 'transfer',
    waiting,
  }: {
    price?: string;
    seller?: Partial<InvoiceInput['seller']>;
    buyer?: Partial<InvoiceInput['buyer']>;
    paymentMethod?: InvoiceInput['paymentMethod'];
    waiting?: { pickupMinutes: number; deliveryMinutes: number };
  } = {},
): InvoiceInput {
  const mission = {
    title: 'Livraison frigo Rungis → Lille',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: 'Zone logistique, 59810 Lesquin',
    pricingType: waiting ? 'flat' : 'hourly',
    price,
    startDate: new Date('2026-03-10T05:00:00Z'),
    endDate: new Date('2026-03-10T15:00:00Z'),
    startedAt: new Date('2026-03-10T05:20:00Z'),
    deliveredAt: new Date('2026-03-10T12:30:00Z'),
    waitingFranchiseMinutes: waiting ? 60 : null,
    waitingQuarterPrice: waiting ? '12.50' : null,
  };
  const {
    owed,
    waiting: billed,
    vat,
  } = missionCharges(mission, waiting ?? { pickupMinutes: 0, deliveryMinutes: 0 }, regime);
  const lines: DocumentLine[] = [
    {
      kind: 'transport',
      pricingType: owed.pricingType,
      detail: owed.detail,
      quantity: owed.quantity,
      unitPriceCents: owed.unitPriceCents,
      amountCents: owed.amountCents,
    },
  ];
  if (billed && billed.quarters > 0)
    lines.push({
      kind: 'waiting',
      pricingType: 'quarter_hour',
      detail: billed.detail,
      quantity: centsToDecimal(billed.quarters * 100),
      unitPriceCents: billed.quarterHourCents,
      amountCents: billed.amountCents,
    });
  return {
    number: 'AF-2026-0007',
    issuedOn: '2026-03-11',
    mandateAcceptedAt: new Date('2026-02-01T09:00:00Z'),
    seller: {
      name: 'Jean Routier',
      address: '12 rue des Lilas, 69007 Lyon',
      siret: '73282932000074',
      vatRegime: regime,
      vatNumber: regime === 'normal' ? 'FR12732829320' : null,
      vatOnDebits: false,
      iban: 'FR7630006000011234567890189',
      ...seller,
    },
    buyer: {
      companyName: 'Transports Martin',
      address: '3 avenue du Port, 13002 Marseille',
      siret: '55210055400013',
      ...buyer,
    },
    paymentMethod,
    mission,
    lines,
    waiting: billed && waiting ? { franchiseMinutes: billed.franchiseMinutes, ...waiting } : null,
    netCents: vat.netCents,
    vatCents: vat.vatCents,
    grossCents: vat.grossCents,
    dueDate: '2026-04-10',
    paymentTerms: '30_days',
  };
}
