import { amountOwed, withVat } from '#core/rules/money.js';
import type { InvoiceInput } from '../features/payments/invoice-model.js';

/**
 * A carrier's invoice as the payments feature builds it: an hourly mission of 7 h 10 min of work (29 started
 * quarter hours → 7,25 h) at `price` an hour, under either VAT regime; parties overridable.
 */
export function invoiceInput(
  regime: 'franchise' | 'normal',
  {
    price = '32.00',
    seller = {},
    buyer = {},
    paymentMethod = 'transfer',
  }: {
    price?: string;
    seller?: Partial<InvoiceInput['seller']>;
    buyer?: Partial<InvoiceInput['buyer']>;
    paymentMethod?: InvoiceInput['paymentMethod'];
  } = {},
): InvoiceInput {
  const mission = {
    title: 'Livraison frigo Rungis → Lille',
    pickupAddress: 'MIN de Rungis, 94150 Rungis',
    deliveryAddress: 'Zone logistique, 59810 Lesquin',
    pricingType: 'hourly',
    price,
    startDate: new Date('2026-03-10T05:00:00Z'),
    endDate: new Date('2026-03-10T15:00:00Z'),
    startedAt: new Date('2026-03-10T05:20:00Z'),
    deliveredAt: new Date('2026-03-10T12:30:00Z'),
  };
  const owed = amountOwed(mission);
  const vat = withVat(owed.amountCents, regime);
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
    line: {
      detail: owed.detail,
      quantity: owed.quantity,
      unitPriceCents: owed.unitPriceCents,
      pricingType: 'hourly',
    },
    netCents: vat.netCents,
    vatCents: vat.vatCents,
    grossCents: vat.grossCents,
    dueDate: '2026-04-10',
    paymentTerms: '30_days',
  };
}
