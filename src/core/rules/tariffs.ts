import { formatCents } from './money.js';
/** docs/specification.md §3, §9: tariff settings (EUR), stored by the browser under version 2.0. */
export const TARIFF_VERSION = '2.0';
export const TARIFF_ERROR = 'Le tarif doit être positif';

export interface Tariffs {
  driverFreemium: number;
  driverPremiumMonthly: number;
  driverPremiumAnnual: number;
  driverEliteMonthly: number;
  driverEliteAnnual: number;
  transporterMonthly: number;
  transporterAnnual: number;
}

/**
 * Drivers' plans VAT included; the transport companies' plan before VAT (decision 041): 74,92 € HT and 741,58 € HT
 * are the specification's 89,90 € and 889,90 € once the VAT at 20 % is added (core/rules/billing.ts planPrice).
 */
export const DEFAULT_TARIFFS: Tariffs = {
  driverFreemium: 0,
  driverPremiumMonthly: 14.9,
  driverPremiumAnnual: 149,
  driverEliteMonthly: 24.9,
  driverEliteAnnual: 249,
  transporterMonthly: 74.92,
  transporterAnnual: 741.58,
};

/** The tariffs entered before VAT: those of the plan sold to professionals (decision 041); the others include it. */
export const TARIFFS_EXCL_TAX: ReadonlyArray<keyof Tariffs> = ['transporterMonthly', 'transporterAnnual'];

const KEYS = Object.keys(DEFAULT_TARIFFS) as Array<keyof Tariffs>;

/**
 * Each tariff is a number of at least 0; anything else fails with 'Le tarif doit être positif'.
 * Written without zod on purpose: the landing page shows prices and must stay light.
 */
export function validateTariffs(
  value: unknown,
): { ok: true; tariffs: Tariffs } | { ok: false; errors: Partial<Record<keyof Tariffs, string>> } {
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const errors: Partial<Record<keyof Tariffs, string>> = {};
  const tariffs = {} as Tariffs;
  for (const key of KEYS) {
    const amount = source[key];
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) errors[key] = TARIFF_ERROR;
    else tariffs[key] = amount;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, tariffs };
}

/** Twelve times the monthly price minus the annual price, in cents-exact arithmetic. */
export function annualSaving(monthly: number, annual: number): number {
  return Math.round(monthly * 12 * 100 - annual * 100) / 100;
}

/** Freemium limits (docs/specification.md §1, §9). */
export const FREEMIUM_LIMITS = { messagesPerDay: 5, applicationsPerMonth: 3 } as const;

/** 14.9 → "14,90 €", 1234.5 → "1 234,50 €": a tariff in euros, written as every amount is (formatCents). */
export const formatEuros = (amount: number): string => formatCents(Math.round(amount * 100));

/** The seven tariff settings, in the order the back office and the pricing page list them. */
export const TARIFF_KEYS = Object.keys(DEFAULT_TARIFFS) as Array<keyof Tariffs>;

/** French names of the tariff settings (back office, journal). */
export const TARIFF_LABELS: Record<keyof Tariffs, string> = {
  driverFreemium: 'Freemium (chauffeurs)',
  driverPremiumMonthly: 'Premium Chauffeur, mensuel',
  driverPremiumAnnual: 'Premium Chauffeur, annuel',
  driverEliteMonthly: 'Elite Chauffeur, mensuel',
  driverEliteAnnual: 'Elite Chauffeur, annuel',
  transporterMonthly: 'Transporteur, mensuel',
  transporterAnnual: 'Transporteur, annuel',
};
