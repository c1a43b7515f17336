import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS, annualSaving, formatEuros, validateTariffs } from './tariffs.js';

describe('tariffs', () => {
  it('has the SPEC.md §9 defaults', () => {
    expect(DEFAULT_TARIFFS).toEqual({
      driverFreemium: 0,
      driverPremiumMonthly: 14.9,
      driverPremiumAnnual: 149,
      driverEliteMonthly: 24.9,
      driverEliteAnnual: 249,
      transporterMonthly: 89.9,
      transporterAnnual: 889.9,
    });
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
