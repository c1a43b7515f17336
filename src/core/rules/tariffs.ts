import { z } from 'zod';

/** SPEC.md §3, §9: tariff settings (EUR), stored by the browser under version 2.0. */
export const TARIFF_VERSION = '2.0';

export const tariffSchema = z.object({
  driverFreemium: z.number({ error: 'Le tarif doit être positif' }).min(0, 'Le tarif doit être positif'),
  driverPremiumMonthly: z
    .number({ error: 'Le tarif doit être positif' })
    .min(0, 'Le tarif doit être positif'),
  driverPremiumAnnual: z.number({ error: 'Le tarif doit être positif' }).min(0, 'Le tarif doit être positif'),
  driverEliteMonthly: z.number({ error: 'Le tarif doit être positif' }).min(0, 'Le tarif doit être positif'),
  driverEliteAnnual: z.number({ error: 'Le tarif doit être positif' }).min(0, 'Le tarif doit être positif'),
  transporterMonthly: z.number({ error: 'Le tarif doit être positif' }).min(0, 'Le tarif doit être positif'),
  transporterAnnual: z.number({ error: 'Le tarif doit être positif' }).min(0, 'Le tarif doit être positif'),
});
export type Tariffs = z.infer<typeof tariffSchema>;

export const DEFAULT_TARIFFS: Tariffs = {
  driverFreemium: 0,
  driverPremiumMonthly: 14.9,
  driverPremiumAnnual: 149,
  driverEliteMonthly: 24.9,
  driverEliteAnnual: 249,
  transporterMonthly: 89.9,
  transporterAnnual: 889.9,
};

/** Twelve times the monthly price minus the annual price, in cents-exact arithmetic. */
export function annualSaving(monthly: number, annual: number): number {
  return Math.round(monthly * 12 * 100 - annual * 100) / 100;
}

/** Freemium limits (SPEC.md §1, §9). */
export const FREEMIUM_LIMITS = { messagesPerDay: 5, applicationsPerMonth: 3 } as const;

const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** 14.9 → "14,90 €" (with the French narrow no-break spaces). */
export function formatEuros(amount: number): string {
  return euros.format(amount);
}
