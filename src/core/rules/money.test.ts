import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  periodEnd,
  planFitsRole,
  planPrice,
  planPriceCents,
  planPriceDecimal,
  planPriceLine,
  planPriceOf,
} from './billing.js';
import {
  addVat,
  amountOwed,
  centsToDecimal,
  dueDateFor,
  formatCents,
  formatMoney,
  isOverdue,
  mulDiv,
  paymentDueDate,
  paymentOverdue,
  settlementState,
  settlementTransition,
  splitVat,
  toCents,
  vatBeside,
  vatRateText,
  withVat,
} from './money.js';
import { DEFAULT_TARIFFS } from './tariffs.js';
import { addDays, parisDate } from './days.js';

describe('cents', () => {
  it('reads decimal strings and numbers without floating-point error', () => {
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('12')).toBe(1200);
    expect(toCents('12,34')).toBe(1234);
    expect(toCents(14.9)).toBe(1490);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('-3.05')).toBe(-305);
    expect(() => toCents('1.234')).toThrow();
    expect(() => toCents('abc')).toThrow();
  });

  it('writes them back exactly', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-305)).toBe('-3.05');
    fc.assert(fc.property(fc.integer({ min: -1e11, max: 1e11 }), (c) => toCents(centsToDecimal(c)) === c));
  });

  it('formats in French', () => {
    expect(formatCents(123450)).toBe('1\u202f234,50\u00a0€');
    expect(formatMoney('0.5')).toBe('0,50\u00a0€');
    expect(formatMoney('1234567.89')).toBe('1\u202f234\u202f567,89\u00a0€');
  });

  it('rounds a share half up to the cent, in integers', () => {
    expect(mulDiv(123456, 30, 100)).toBe(37037); // 370,368 → 370,37
    expect(mulDiv(1, 1, 2)).toBe(1);
    expect(mulDiv(3200, 29, 4)).toBe(23200);
  });
});

describe('what a mission owes', () => {
  const base = {
    price: '32.00',
    startDate: '2026-11-23T06:00:00Z',
    endDate: '2026-11-23T16:00:00Z',
  };
  it('applies a flat price as agreed', () => {
    const owed = amountOwed({ ...base, pricingType: 'flat', startedAt: null, deliveredAt: null });
    expect(owed).toMatchObject({ amountCents: 3200, quantity: '1.00', detail: 'Forfait' });
  });

  it('counts every started quarter of an hour for an hourly price', () => {
    const owed = amountOwed({
      ...base,
      pricingType: 'hourly',
      startedAt: '2026-11-23T06:00:00Z',
      deliveredAt: '2026-11-23T13:10:00Z',
    });
    expect(owed.quantity).toBe('7.25');
    expect(owed.amountCents).toBe(23200);
    expect(owed.detail).toBe('7,25 h × 32,00\u00a0€');
  });

  it('bills at least one hour', () => {
    const owed = amountOwed({
      ...base,
      pricingType: 'hourly',
      startedAt: '2026-11-23T06:00:00Z',
      deliveredAt: '2026-11-23T06:20:00Z',
    });
    expect(owed.amountCents).toBe(3200);
  });

  it('counts Paris calendar days for a daily price', () => {
    const owed = amountOwed({
      ...base,
      price: '250.00',
      pricingType: 'daily',
      // 23 Nov 23:30 Paris to 25 Nov 08:00 Paris: three days.
      startedAt: '2026-11-23T22:30:00Z',
      deliveredAt: '2026-11-25T07:00:00Z',
    });
    expect(owed).toMatchObject({ quantity: '3.00', amountCents: 75000, detail: '3 jours × 250,00\u00a0€' });
  });
});

describe('VAT, terms and settlement', () => {
  it('adds 20 % VAT, or none under the franchise', () => {
    expect(withVat(123456, 'normal')).toEqual({
      netCents: 123456,
      vatCents: 24691,
      grossCents: 148147,
      ratePercent: 20,
    });
    expect(withVat(123456, 'franchise').grossCents).toBe(123456);
    expect(withVat(123456, null).vatCents).toBe(0);
  });

  it('splits a total with VAT included, finding again exactly what addVat added to', () => {
    expect(splitVat(78060, 20)).toEqual({
      netCents: 65050,
      vatCents: 13010,
      grossCents: 78060,
      ratePercent: 20,
    });
    expect(splitVat(8990, 20)).toEqual({ netCents: 7492, vatCents: 1498, grossCents: 8990, ratePercent: 20 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (net) => {
        const { grossCents } = addVat(net, 20);
        return splitVat(grossCents, 20).netCents === net;
      }),
    );
    // Any total splits into a VAT it includes, the parts adding up to it.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (gross) => {
        const split = splitVat(gross, 20);
        return split.netCents + split.vatCents === gross && split.vatCents >= 0;
      }),
    );
  });

  it('writes the VAT beside an amount before VAT, in French', () => {
    expect(vatRateText('20.00')).toBe('20\u00a0%');
    expect(vatRateText('5.50')).toBe('5,5\u00a0%');
    expect(vatBeside(addVat(7492, 20))).toBe('TVA 20\u00a0%\u00a0: 14,98\u00a0€ · 89,90\u00a0€\u00a0TTC');
  });

  it('computes due dates and the Paris day', () => {
    expect(dueDateFor('30_days', '2026-12-15')).toBe('2027-01-14');
    expect(dueDateFor('reception', '2026-12-15')).toBe('2026-12-15');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(paymentDueDate('independent', 'reception', '2026-11-23')).toBe('2026-11-23');
    expect(paymentDueDate('employment', 'reception', '2026-11-23')).toBe('2026-11-30');
    expect(paymentDueDate('employment', '30_days', '2026-11-23')).toBe('2026-12-23');
    expect(paymentDueDate('employment', '15_days', '2028-02-10')).toBe('2028-02-29');
    expect(parisDate('2026-11-23T23:30:00Z')).toBe('2026-11-24');
  });

  it('knows who may do what', () => {
    expect(settlementTransition('owed', 'markPaid')).toEqual({ ok: true, to: 'marked_paid' });
    expect(settlementTransition('confirmed', 'dispute').ok).toBe(false);
    expect(settlementTransition('disputed', 'markPaid')).toEqual({ ok: true, to: 'marked_paid' });
    expect(isOverdue('owed', '2026-11-20', '2026-11-23')).toBe(true);
    expect(isOverdue('marked_paid', '2026-11-20', '2026-11-23')).toBe(false);
    expect(isOverdue('owed', '2026-11-23', '2026-11-23')).toBe(false);
  });

  it('says where a payment stands: late first, then paid by card and waiting for the payout', () => {
    const late = { settlementStatus: 'owed', dueDate: '2026-11-20', method: 'transfer' };
    expect(paymentOverdue(late, '2026-11-23')).toBe(true);
    expect(paymentOverdue({ ...late, method: 'stripe' }, '2026-11-23')).toBe(false);
    expect(settlementState('disputed', true, false)).toBe('overdue');
    expect(settlementState('owed', false, true)).toBe('paid_online');
    expect(settlementState('confirmed', false, true)).toBe('confirmed');
    expect(settlementState('marked_paid', false, false)).toBe('marked_paid');
  });
});

describe('plans', () => {
  it('prices plans from the tariffs, to the cent', () => {
    expect(planPriceCents(DEFAULT_TARIFFS, 'premium', 'month')).toBe(1490);
    expect(planPriceCents(DEFAULT_TARIFFS, 'transporter', 'year')).toBe(88990);
    // The transporters' plan is priced before VAT, the drivers' VAT included (decision 041).
    expect(planPrice(DEFAULT_TARIFFS, 'transporter', 'month')).toEqual({
      netCents: 7492,
      vatCents: 1498,
      grossCents: 8990,
      ratePercent: 20,
      exclTax: true,
    });
    expect(planPrice(DEFAULT_TARIFFS, 'premium', 'month')).toEqual({
      netCents: 1242,
      vatCents: 248,
      grossCents: 1490,
      ratePercent: 20,
      exclTax: false,
    });
    expect(planPriceLine(planPrice(DEFAULT_TARIFFS, 'transporter', 'month'))).toBe(
      '74,92\u00a0€\u00a0HT · TVA 20\u00a0%\u00a0: 14,98\u00a0€ · 89,90\u00a0€\u00a0TTC',
    );
    expect(planPriceLine(planPrice(DEFAULT_TARIFFS, 'elite', 'year'))).toBe('249,00\u00a0€\u00a0TTC');
    const price = planPrice({ ...DEFAULT_TARIFFS, transporterAnnual: 1000 }, 'transporter', 'year');
    expect(planPriceOf(planPriceDecimal(price))).toEqual(price);
    expect(planFitsRole('elite', 'transporter')).toBe(false);
    expect(planFitsRole('transporter', 'transporter')).toBe(true);
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'year').toISOString()).toBe(
      '2027-01-31T10:00:00.000Z',
    );
  });
});
