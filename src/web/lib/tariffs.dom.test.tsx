import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFFS } from '#core/rules/tariffs.js';
import { TARIFF_STORAGE_KEY, loadTariffs, saveTariffs } from './tariffs.js';

describe('tariff settings in browser storage (SPEC.md §3, §8, §9)', () => {
  beforeEach(() => localStorage.clear());

  it('restores the defaults when nothing is stored, and stores them with version 2.0', () => {
    expect(loadTariffs()).toEqual(DEFAULT_TARIFFS);
    expect(JSON.parse(localStorage.getItem(TARIFF_STORAGE_KEY)!)).toEqual({
      version: '2.0',
      tariffs: DEFAULT_TARIFFS,
    });
  });

  it('restores the defaults for another version, broken JSON or an invalid value', () => {
    localStorage.setItem(
      TARIFF_STORAGE_KEY,
      JSON.stringify({ version: '1.0', tariffs: { ...DEFAULT_TARIFFS, driverPremiumMonthly: 9 } }),
    );
    expect(loadTariffs().driverPremiumMonthly).toBe(14.9);
    localStorage.setItem(TARIFF_STORAGE_KEY, '{not json');
    expect(loadTariffs()).toEqual(DEFAULT_TARIFFS);
    localStorage.setItem(
      TARIFF_STORAGE_KEY,
      JSON.stringify({ version: '2.0', tariffs: { ...DEFAULT_TARIFFS, transporterAnnual: -5 } }),
    );
    expect(loadTariffs()).toEqual(DEFAULT_TARIFFS);
  });

  it('saves valid tariffs and reads them back', () => {
    expect(saveTariffs({ ...DEFAULT_TARIFFS, driverPremiumMonthly: 12.5 })).toBe(true);
    expect(loadTariffs().driverPremiumMonthly).toBe(12.5);
  });

  it('refuses to save a negative tariff (returns false, keeps what was stored)', () => {
    saveTariffs(DEFAULT_TARIFFS);
    expect(saveTariffs({ ...DEFAULT_TARIFFS, driverEliteMonthly: -1 })).toBe(false);
    expect(loadTariffs().driverEliteMonthly).toBe(24.9);
  });
});
