import { z } from 'zod';

/**
 * The one way dates enter Relais, shared by the forms and the API:
 * - real calendar dates only: 2030-02-30 is refused, never turned into 2 March;
 * - `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm[:ss[.sss]]` with an optional `Z` or `±HH:MM`; without an offset the
 *   time is read in Europe/Paris (a French dispatcher's "6 h" is 6 h in France, whatever the server's zone);
 * - bounded: filters between 2000 and 2100, and each field may add its own window.
 */

const FILTER_MIN_YEAR = 2000;
const FILTER_MAX_YEAR = 2100;

const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

let parisFormat: Intl.DateTimeFormat | undefined;

/** Minutes Europe/Paris is ahead of UTC at this instant (60 in winter, 120 in summer). */
export function parisOffsetMinutes(instant: number): number {
  parisFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of parisFormat.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((wall - (instant - (((instant % 1000) + 1000) % 1000))) / 60_000);
}

/**
 * The instant at which Paris clocks show this wall time: the first one when clocks go back (02:30 happens
 * twice), and read with the winter offset when clocks go forward (02:30 does not exist).
 */
export function fromParisWallClock(wall: number): number {
  const before = parisOffsetMinutes(wall - 12 * 3_600_000);
  const after = parisOffsetMinutes(wall + 12 * 3_600_000);
  const fits = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wall - parisOffsetMinutes(instant) * 60_000 === instant);
  return fits.length ? Math.min(...fits) : wall - before * 60_000;
}

export type ParsedDate = { ok: true; date: Date; dateOnly: boolean; wall: number } | { ok: false };

/** Reads a date as described above; anything else, impossible dates included, is `{ ok: false }`. */
export function parseDate(value: string): ParsedDate {
  const match = PATTERN.exec(value.trim());
  if (!match) return { ok: false };
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h ?? 0);
  const minute = Number(mi ?? 0);
  const second = Number(s ?? 0);
  const millis = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return { ok: false };
  // The Gregorian calendar repeats every 400 years: the month's length read in 2000–2399.
  if (day > new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate()) return { ok: false };
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  // Date.UTC reads years 0–99 as 1900–1999: build them from a four-digit year instead.
  const fixed = year < 100 ? new Date(wall).setUTCFullYear(year) : wall;
  let instant: number;
  if (!zone) instant = fromParisWallClock(fixed);
  else if (zone.toUpperCase() === 'Z') instant = fixed;
  else {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2));
    if (offsetHours > 14 || offsetMinutes > 59) return { ok: false };
    instant = fixed - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  if (!Number.isFinite(instant)) return { ok: false };
  return { ok: true, date: new Date(instant), dateOnly: h === undefined, wall: fixed };
}

export interface DateOptions {
  /** Shown for anything that is not a real date. */
  invalid: string;
  /** The earliest and latest accepted instants (default: 2000-01-01 and 2100-12-31, Paris). */
  min?: () => Date;
  max?: () => Date;
  /** Shown when the date is outside [min, max] (default `invalid`). */
  outOfRange?: string;
  /** A bare day means its last instant (an "until" filter), else its first. */
  endOfDay?: boolean;
}

const filterMin = () => new Date(fromParisWallClock(Date.UTC(FILTER_MIN_YEAR, 0, 1)));
const filterMax = () => new Date(fromParisWallClock(Date.UTC(FILTER_MAX_YEAR, 11, 31, 23, 59, 59, 999)));

/** A date (and time) → Date, with the rules above. */
export function dateSchema(options: DateOptions) {
  return z
    .string({ error: options.invalid })
    .max(40, options.invalid)
    .transform((value, ctx) => {
      const parsed = parseDate(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: options.invalid });
        return z.NEVER;
      }
      const date =
        parsed.dateOnly && options.endOfDay
          ? new Date(fromParisWallClock(parsed.wall + 86_400_000) - 1)
          : parsed.date;
      const min = (options.min ?? filterMin)();
      const max = (options.max ?? filterMax)();
      if (date < min || date > max) {
        ctx.addIssue({ code: 'custom', message: options.outOfRange ?? options.invalid });
        return z.NEVER;
      }
      return date;
    });
}

/** A calendar day `YYYY-MM-DD` (kept as text), real and between 2000 and 2100. */
export function daySchema(invalid: string) {
  return z
    .string({ error: invalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine((value) => {
      const parsed = parseDate(value);
      const year = Number(value.slice(0, 4));
      return parsed.ok && year >= FILTER_MIN_YEAR && year <= FILTER_MAX_YEAR;
    }, invalid);
}

/** Months later, same wall time (the day clamped to the month's end). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}
