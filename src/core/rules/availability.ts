import type { AVAILABILITY_STATUSES } from './enums.js';
import { addDays, daysBetween, parisDate } from './days.js';
import { formatWeekdayDay } from './french-dates.js';

export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** 'busy' is stored as the specification names it; people read "Partiellement disponible" (with the hours). */
export const AVAILABILITY_LABELS: Record<AvailabilityStatus, string> = {
  available: 'Disponible',
  busy: 'Partiellement disponible',
  unavailable: 'Indisponible',
};

/** The calendar shows at most about two months at once. */
export const CALENDAR_MAX_DAYS = 62;
/** A weekly pattern or holidays cover at most a year. */
export const PATTERN_MAX_DAYS = 366;
/** Days can be set from today to about a year ahead. */
export const AHEAD_MAX_DAYS = 366;
/** The ICS feed: this many days back and ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 366;
/** Transporters' search: results per page, and the widest zone. */
export const DRIVER_SEARCH_PAGE_SIZE = 20;
export const DRIVER_SEARCH_MAX_RADIUS_KM = 500;

/** Mission statuses that hold the driver on their days. */
export const MISSION_HOLDING_STATUSES = ['assigned', 'in_progress'] as const;

export const WEEKDAY_LABELS = [
  'Lundi',
  'Mardi',
  'Mercredi',
  'Jeudi',
  'Vendredi',
  'Samedi',
  'Dimanche',
] as const;

export const HOURS_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** Every calendar day from `from` to `to`, both included (empty when to < from). */
export function daysOf(from: string, to: string): string[] {
  const count = daysBetween(from, to);
  const days: string[] = [];
  for (let index = 0; index <= count; index++) days.push(addDays(from, index));
  return days;
}

/** Why a day cannot be changed (null when it can): in the past, or too far ahead. */
export function dayOutOfReach(day: string, today: string): string | null {
  if (day < today) return 'Un jour passé ne peut plus être modifié';
  if (daysBetween(today, day) > AHEAD_MAX_DAYS) return 'Vous pouvez renseigner au plus un an à l’avance';
  return null;
}

/** "08:00" < "12:00": both given and in order, or both missing. */
export function hoursProblem(startTime: string | null | undefined, endTime: string | null | undefined) {
  if (!startTime && !endTime) return null;
  if (!startTime || !endTime) return 'Indiquez l’heure de début et l’heure de fin';
  if (!HOURS_PATTERN.test(startTime) || !HOURS_PATTERN.test(endTime)) return 'Heure invalide (HH:MM)';
  if (startTime >= endTime) return 'L’heure de fin doit être après l’heure de début';
  return null;
}

export interface PlannedDay {
  date: string;
  status: AvailabilityStatus;
  startTime: string | null;
  endTime: string | null;
  notes: string | null;
}

/**
 * A weekly pattern over a range: the chosen weekdays available (partially, with hours, when hours are given),
 * the other days unavailable when asked, else left as they are.
 */
export function planPattern(input: {
  from: string;
  to: string;
  weekdays: number[];
  startTime?: string | null;
  endTime?: string | null;
  othersUnavailable: boolean;
  notes?: string | null;
}): PlannedDay[] {
  const withHours = Boolean(input.startTime && input.endTime);
  const planned: PlannedDay[] = [];
  for (const date of daysOf(input.from, input.to)) {
    if (input.weekdays.includes(isoWeekday(date)))
      planned.push({
        date,
        status: withHours ? 'busy' : 'available',
        startTime: withHours ? input.startTime! : null,
        endTime: withHours ? input.endTime! : null,
        notes: input.notes ?? null,
      });
    else if (input.othersUnavailable)
      planned.push({ date, status: 'unavailable', startTime: null, endTime: null, notes: null });
  }
  return planned;
}

/** The Paris days a mission runs on, from its start to its end. */
export function missionDays(start: Date | string, end: Date | string): string[] {
  const first = parisDate(start);
  const last = parisDate(end);
  return last < first ? [first] : daysOf(first, last);
}

/** What a phone calendar shows for a day: "Disponible", "Indisponible", "Disponible 08:00–12:00". */
export function availabilitySummary(
  status: AvailabilityStatus,
  startTime?: string | null,
  endTime?: string | null,
) {
  if (status === 'busy')
    return startTime && endTime ? `Disponible ${startTime}–${endTime}` : 'Partiellement disponible';
  return AVAILABILITY_LABELS[status];
}

/** The refusal of setting a mission day available. */
export const missionDayMessage = (day: string, title: string) =>
  `Vous avez déjà la mission « ${title} » le ${formatWeekdayDay(day)} : ce jour ne peut pas être marqué disponible. Indiquez plutôt des horaires (partiellement disponible).`;

/** The question asked before applying on a day the driver said they could not work. */
export const unavailableApplyMessage = (day: string) =>
  `Vous vous êtes déclaré indisponible le ${formatWeekdayDay(day)}. Postuler quand même ?`;
export const AVAILABILITY_UNAVAILABLE = 'availability_unavailable';
