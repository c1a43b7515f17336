import { changePercent } from '#core/rules/analytics-period.js';
import { formatMoney } from '#core/rules/money.js';

const number = (value: number, digits = 0) =>
  value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const euros = (value: number) => formatMoney(value.toFixed(2));
/** Axis ticks: "1,2 k€", "800 €". */
export const eurosShort = (value: number) =>
  Math.abs(value) >= 1000 ? `${number(value / 1000, 1)}\u00a0k€` : `${number(value)}\u00a0€`;
export const count = (value: number) => number(value);
export const rating = (value: number) => `${number(value, 1)}\u00a0/\u00a05`;
export const ratingTick = (value: number) => number(value);
export const percent = (value: number) => `${number(value)}\u00a0%`;
export const kilometres = (value: number) => `${number(value)}\u00a0km`;

/** 0.5 → "30 min", 5.5 → "5 h 30", 36 → "36 h", 60 → "2,5 j". */
export function duration(hours: number): string {
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))}\u00a0min`;
  if (hours < 48) {
    const whole = Math.floor(hours);
    const minutes = Math.round((hours - whole) * 60);
    if (minutes === 60) return `${whole + 1}\u00a0h`;
    return minutes === 0 ? `${whole}\u00a0h` : `${whole}\u00a0h\u00a0${String(minutes).padStart(2, '0')}`;
  }
  return `${number(hours / 24, 1)}\u00a0j`;
}

export interface Change {
  /** ▲ or ▼ or = (shown, hidden from screen readers). */
  arrow: '▲' | '▼' | '=';
  /** "+25 %" */
  shown: string;
  /** "en hausse de 25 %", read instead of the arrow. */
  spoken: string;
}

/** The change from the previous period, in text (never colour alone); null when it cannot be said. */
export function changeOf(current: number | null, previous: number | null): Change | null {
  const delta = changePercent(current, previous);
  if (delta === null) return null;
  if (delta === 0) return { arrow: '=', shown: 'stable', spoken: 'stable' };
  const size = `${number(Math.abs(delta))}\u00a0%`;
  return delta > 0
    ? { arrow: '▲', shown: `+${size}`, spoken: `en hausse de ${size}` }
    : { arrow: '▼', shown: `−${size}`, spoken: `en baisse de ${size}` };
}
