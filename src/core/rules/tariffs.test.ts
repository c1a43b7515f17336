import { describe, expect, it } from 'vitest';
import { planPriceCents } from './billing.js';
import { DEFAULT_TARIFFS, annualSaving, formatEuros, validateTariffs } from './tariffs.js';

describe('tariffs', () => {
  it('has the docs/specification.md §9 defaults, the transporters’ before VAT (decision 041)', () => {
    expect(DEFAULT_TARIFFS).toEqual({
      driverFreemium: 0,
      driverPremiumMonthly: 14.9,
      driverPremiumAnnual: 149,
      driverEliteMonthly: 24.9,
      driverEliteAnnual: 249,
      transporterMonthly: 74.92,
      transporterAnnual: 741.58,
    });
    // The specification's 89,90 € and 889,90 €, charged with the VAT.
    expect(planPriceCents(DEFAULT_TARIFFS, 'transporter', 'month')).toBe(8990);
    expect(planPriceCents(DEFAULT_TARIFFS, 'transporter', 'year')).toBe(88990);
  });
  it('computes the annual saving exactly (12 × monthly − annual)', () => {
    expect(annualSaving(14.9, 149)).toBe(29.8);
    expect(annualSaving(24.9, 249)).toBe(49.8);
    expect(annualSaving(89.9, 889.9)).toBe(188.9);
  });
  it('formats amounts the French way', () => {
    expect(formatEuros(14.9).replace(/\s/g, ' ')).toBe('14,90 €');
    expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 €');
  });
  it('prints exactly what Intl.NumberFormat fr-FR prints for euros', () => {
    const intl = new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
    });
    const amounts = [
      0, 0.004, 0.005, 0.1, 1, 9.99, 14.9, 100, 999.995, 1000, 12345.67, 889.9, 1234567.891, -14.9,
    ];
    for (const amount of amounts) expect(formatEuros(amount), String(amount)).toBe(intl.format(amount));
  });
  it('refuses a negative tariff with the French message', () => {
    expect(validateTariffs({ ...DEFAULT_TARIFFS, driverEliteAnnual: -1 })).toEqual({
      ok: false,
      errors: { driverEliteAnnual: 'Le tarif doit être positif' },
    });
    expect(validateTariffs({ ...DEFAULT_TARIFFS, driverFreemium: 'gratuit' }).ok).toBe(false);
    expect(validateTariffs({ ...DEFAULT_TARIFFS, transporterMonthly: Number.NaN }).ok).toBe(false);
    expect(validateTariffs(DEFAULT_TARIFFS)).toEqual({ ok: true, tariffs: DEFAULT_TARIFFS });
  });
});
