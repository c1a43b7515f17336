/**
 * Duplicated and recurring missions (decision 056): French public holidays, working days, the days a rule
 * publishes on, and a mission's instants moved from one day to another at the same Paris wall time.
 */
import { fromParisWallClock, parisOffsetMinutes } from '../schemas/dates.js';
import { isoWeekday, WEEKDAY_LABELS } from './availability.js';
import { addDays, daysBetween, parisDate, parisToday } from './days.js';
import { formatDay } from './french-dates.js';
import { countOf } from './text.js';

/** Easter Sunday of a Gregorian year (the anonymous algorithm of 1876, as Meeus gives it). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const holidayCache = new Map<number, ReadonlyMap<string, string>>();

/**
 * The eleven public holidays of metropolitan France (Code du travail, art. L3133-1) of a year, day → name.
 * Alsace-Moselle's two more days (Vendredi saint, Saint-Étienne) are not counted: a rule is national.
 */
export function frenchPublicHolidays(year: number): ReadonlyMap<string, string> {
  const known = holidayCache.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const day = (md: string) => `${year}-${md}`;
  const holidays = new Map<string, string>([
    [day('01-01'), 'Jour de l’an'],
    [addDays(easter, 1), 'Lundi de Pâques'],
    [day('05-01'), 'Fête du Travail'],
    [day('05-08'), 'Victoire 1945'],
    [addDays(easter, 39), 'Ascension'],
    [addDays(easter, 50), 'Lundi de Pentecôte'],
    [day('07-14'), 'Fête nationale'],
    [day('08-15'), 'Assomption'],
    [day('11-01'), 'Toussaint'],
    [day('11-11'), 'Armistice 1918'],
    [day('12-25'), 'Noël'],
  ]);
  holidayCache.set(year, holidays);
  return holidays;
}

/** The holiday's name on that day ("2026-12-25" → "Noël"), or null. */
function publicHolidayOn(day: string): string | null {
  return frenchPublicHolidays(Number(day.slice(0, 4))).get(day) ?? null;
}

/** A working day (jour ouvré): Monday to Friday, not a public holiday. */
export function isWorkingDay(day: string): boolean {
  return isoWeekday(day) <= 5 && publicHolidayOn(day) === null;
}

/** The first working day after `day`. */
export function nextWorkingDay(day: string): string {
  let next = addDays(day, 1);
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return next;
}

/** The same Paris wall time, `days` calendar days later (or earlier): 06:00 stays 06:00 across a clock change. */
export function moveByDays(instant: Date | string, days: number): Date {
  const at = new Date(instant).getTime();
  const wall = at + parisOffsetMinutes(at) * 60_000 + days * 86_400_000;
  return new Date(fromParisWallClock(wall));
}

/** The instants of a mission, which a copy or an occurrence moves together. */
export const MISSION_INSTANTS = [
  'startDate',
  'endDate',
  'loadingStart',
  'loadingEnd',
  'deliveryStart',
  'deliveryEnd',
] as const;
type MissionInstants = { [K in (typeof MISSION_INSTANTS)[number]]?: Date | string | null };

/**
 * The mission's instants moved so that it starts on `day` (Paris), each at its own wall time; the other fields
 * as they were. Strings stay strings (ISO), dates stay dates.
 */
export function moveMissionTo<T extends MissionInstants>(mission: T, day: string): T {
  const shift = daysBetween(parisDate(mission.startDate!), day);
  const moved: Record<string, unknown> = { ...mission };
  for (const key of MISSION_INSTANTS) {
    const value = mission[key];
    if (value === null || value === undefined || value === '') continue;
    const at = moveByDays(value, shift);
    moved[key] = typeof value === 'string' ? at.toISOString() : at;
  }
  return moved as T;
}

/** A copy of a mission starts on the next working day after today (Paris), at the same times. */
export function copyDay(now: Date = new Date()): string {
  return nextWorkingDay(parisToday(now));
}

export const HOLIDAY_POLICIES = ['skip', 'next_working_day'] as const;
export type HolidayPolicy = (typeof HOLIDAY_POLICIES)[number];

export const HOLIDAY_POLICY_LABELS: Record<HolidayPolicy, string> = {
  skip: 'Ne pas publier ce jour-là',
  next_working_day: 'Décaler au jour ouvré suivant',
};

/** What a recurring mission repeats on. */
export interface RecurrenceRule {
  /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
  weekdays: readonly number[];
  /** The first day the rule may publish on. */
  firstDay: string;
  /** The last day it may publish on (inclusive), or null. */
  until: string | null;
  /** How many missions in all, or null. */
  count: number | null;
  /** Of those, published before `firstDay` (an edit moved the first day): counted already. */
  countedBefore?: number;
  holidays: HolidayPolicy;
}

/** One day of the rule: the day it is due (`due`, its key), and the day the mission runs (`day`). */
export interface Occurrence {
  due: string;
  day: string;
  /** The holiday that moved it, if one did. */
  holiday: string | null;
}

/**
 * The rule's occurrences whose day falls in [from, through], in order. Deterministic from the rule alone: the
 * `count` first occurrences are counted from `firstDay` (after `countedBefore`, those published before an edit moved
 * the first day), whatever was published since, so running it again, or after a stop, gives the same days. A
 * holiday is skipped (not counted), or moved to the next working day — unless that day is one of the rule's own
 * days or past its end, where it would only double a mission: then it is skipped too.
 */
export function occurrencesBetween(rule: RecurrenceRule, from: string, through: string): Occurrence[] {
  const found: Occurrence[] = [];
  const left = rule.count === null ? null : rule.count - (rule.countedBefore ?? 0);
  let counted = 0;
  const last = rule.until && rule.until < through ? rule.until : through;
  for (let due = rule.firstDay; due <= last && (left === null || counted < left); due = addDays(due, 1)) {
    if (!rule.weekdays.includes(isoWeekday(due))) continue;
    const holiday = publicHolidayOn(due);
    let day = due;
    if (holiday) {
      if (rule.holidays === 'skip') continue;
      day = nextWorkingDay(due);
      if (rule.weekdays.includes(isoWeekday(day)) || (rule.until !== null && day > rule.until)) continue;
    }
    counted += 1;
    if (day >= from && day <= through) found.push({ due, day, holiday });
  }
  return found;
}

const WEEKDAY_NAMES = WEEKDAY_LABELS.map((label) => label.toLowerCase());

/** "chaque lundi et jeudi", "chaque jour ouvré", "tous les jours". */
export function weekdaysLabel(weekdays: readonly number[]): string {
  const sorted = [...new Set(weekdays)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'tous les jours';
  if (sorted.join() === '1,2,3,4,5') return 'du lundi au vendredi';
  const names = sorted.map((day) => WEEKDAY_NAMES[day - 1]!);
  return `chaque ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} et ${names.at(-1)}`}`;
}

/** "Chaque lundi et jeudi, jusqu’au 31 mars 2027 · publiée 7 jours avant · jours fériés : décalée au jour ouvré suivant". */
export function recurrenceSummary(rule: RecurrenceRule & { leadDays: number }): string {
  const days = weekdaysLabel(rule.weekdays);
  const end = rule.until
    ? `, jusqu’au ${formatDay(rule.until)}`
    : rule.count !== null
      ? `, ${countOf(rule.count, 'mission')} en tout`
      : ', sans date de fin';
  const lead = `publiée ${countOf(rule.leadDays, 'jour')} avant`;
  const holidays =
    rule.holidays === 'skip'
      ? 'pas de mission les jours fériés'
      : 'jours fériés : décalée au jour ouvré suivant';
  return `${days[0]!.toUpperCase()}${days.slice(1)}${end} · ${lead} · ${holidays}`;
}

/** "1 mission publiée", "3 missions publiées". */
export const publishedLabel = (count: number): string =>
  `${countOf(count, 'mission')} ${count >= 2 ? 'publiées' : 'publiée'}`;
