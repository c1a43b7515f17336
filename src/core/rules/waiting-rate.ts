/**
 * Waiting billed at the rate set at publication (decision 042), as the standard road-haulage contracts do: each
 * loading or unloading operation has a free period (franchise); the waiting the driver recorded there beyond it is
 * billed by the started quarter of an hour, at a price before VAT. Pure rules, shared by the form, the API, the
 * amounts and the papers.
 */
import { formatCents, toCents } from './money.js';
import { formatWaiting } from './road.js';

const WAITING_QUARTER_MINUTES = 15;
/** The franchises offered (minutes per operation): none, half an hour, one hour (the default), 1 h 30, 2 h. */
export const WAITING_FRANCHISE_CHOICES = [0, 30, 60, 90, 120] as const;
export const DEFAULT_WAITING_FRANCHISE_MINUTES = 60;
/** 100 € HT a quarter of an hour (400 € an hour) is far above any immobilisation rate of a heavy goods vehicle. */
export const WAITING_QUARTER_PRICE_MAX_CENTS = 10_000;

/** The waiting rate of a mission: its franchise per operation and its price per started quarter hour (HT). */
export interface WaitingRate {
  franchiseMinutes: number;
  quarterHourCents: number;
}

/** What the waiting of a mission adds to what it owes, before VAT. */
export interface WaitingCharge extends WaitingRate {
  pickupQuarters: number;
  deliveryQuarters: number;
  quarters: number;
  amountCents: number;
  /** "3 quarts d’heure commencés × 12,50 €" */
  detail: string;
}

/** The rate a mission was published with, or null: its waiting is then recorded for information only. */
export function waitingRateOf(mission: {
  waitingFranchiseMinutes: number | null;
  waitingQuarterPrice: string | null;
}): WaitingRate | null {
  if (mission.waitingQuarterPrice === null || mission.waitingFranchiseMinutes === null) return null;
  return {
    franchiseMinutes: mission.waitingFranchiseMinutes,
    quarterHourCents: toCents(mission.waitingQuarterPrice),
  };
}

/** The started quarters of an hour beyond the franchise, for the waiting of one operation (whole minutes). */
export function quartersBeyondFranchise(minutes: number, franchiseMinutes: number): number {
  return Math.ceil(Math.max(0, minutes - franchiseMinutes) / WAITING_QUARTER_MINUTES);
}

/** "1 quart d’heure commencé", "3 quarts d’heure commencés". */
export const quartersText = (quarters: number) =>
  quarters > 1 ? `${quarters} quarts d’heure commencés` : `${quarters} quart d’heure commencé`;

/**
 * The waiting beyond the franchise at the pickup and at the delivery (each its own operation, with its own
 * franchise), in started quarters of an hour, at the rate's price: integers throughout.
 */
export function waitingCharge(
  minutes: { pickupMinutes: number; deliveryMinutes: number },
  rate: WaitingRate,
): WaitingCharge {
  const pickupQuarters = quartersBeyondFranchise(minutes.pickupMinutes, rate.franchiseMinutes);
  const deliveryQuarters = quartersBeyondFranchise(minutes.deliveryMinutes, rate.franchiseMinutes);
  const quarters = pickupQuarters + deliveryQuarters;
  return {
    ...rate,
    pickupQuarters,
    deliveryQuarters,
    quarters,
    amountCents: quarters * rate.quarterHourCents,
    detail: `${quartersText(quarters)} × ${formatCents(rate.quarterHourCents)}`,
  };
}

/** « Aucune », « 30 min », « 1 h », « 1 h 30 »: a franchise as the form and the papers say it. */
export const franchiseLabel = (minutes: number) => (minutes === 0 ? 'Aucune' : formatWaiting(minutes));

/**
 * « 12,50 € HT par quart d’heure commencé au-delà d’une franchise de 1 h par opération (chargement, livraison) »:
 * the rate in a sentence (mission page, transport order, payment page).
 */
export function waitingRateText(rate: WaitingRate): string {
  // No line break inside « 12,50 € HT » nor « 1 h 30 ».
  const price = `${formatCents(rate.quarterHourCents)}\u00a0HT par quart d’heure commencé`;
  const franchise = formatWaiting(rate.franchiseMinutes).replace(/ /g, '\u00a0');
  return rate.franchiseMinutes === 0
    ? `${price}, dès le début de l’attente (sans franchise)`
    : `${price} au-delà d’une franchise de ${franchise} par opération (chargement, livraison)`;
}
