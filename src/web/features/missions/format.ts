import { formatMoney } from '#core/rules/money.js';
import { VEHICLE_LABELS, type PricingType, type VehicleType } from '#core/rules/missions.js';

const PRICE_UNITS: Record<PricingType, string> = { flat: '', hourly: ' / heure', daily: ' / jour' };

/** "420,00 €" (forfait), "32,00 € / heure", "210,00 € / jour". */
export function formatPrice(price: string, pricingType: PricingType): string {
  return `${formatMoney(price)}${PRICE_UNITS[pricingType]}`;
}

export const vehicleLabel = (type: string) => VEHICLE_LABELS[type as VehicleType] ?? type;

/** ISO → datetime-local value in the browser's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
