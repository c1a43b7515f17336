import {
  formatMonth,
  formatMonthYear,
  formatShortMonth,
  formatWeekdayDay,
} from '#core/rules/french-dates.js';
import { missionDays } from '#core/rules/availability.js';
import type { AvailabilityDay, Calendar, CalendarMission } from '#core/schemas/availability.js';
import { addDays, mondayOf } from '#core/rules/days.js';

/** "2026-12" → the days the month grid shows: from the Monday before the 1st to the Sunday after the last. */
export function monthGrid(month: string): { from: string; to: string; weeks: string[][] } {
  const first = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year!, monthNumber!, 0)).toISOString().slice(0, 10);
  const from = mondayOf(first);
  const to = addDays(mondayOf(last), 6);
  const weeks: string[][] = [];
  for (let start = from; start <= to; start = addDays(start, 7))
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(start, index)));
  return { from, to, weeks };
}

export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year!, monthNumber! - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

export const monthLabel = (month: string) => {
  const text = formatMonthYear(`${month}-01`);
  return text.charAt(0).toUpperCase() + text.slice(1);
};
/** "Du 23 au 29 novembre", "Du 30 nov. au 6 déc.", "Du 1er au 7 décembre" (a week of the phone list). */
export function weekRange(monday: string, sunday: string): string {
  const dayNumber = (day: string) => (day.slice(8) === '01' ? '1er' : String(Number(day.slice(8))));
  const short = (day: string) => `${dayNumber(day)} ${formatShortMonth(day)}`;
  if (monday.slice(0, 7) === sunday.slice(0, 7))
    return `Du ${dayNumber(monday)} au ${dayNumber(sunday)} ${formatMonth(sunday)}`;
  return `Du ${short(monday)} au ${short(sunday)}`;
}
export const formatLongDay = (day: string) => {
  const text = formatWeekdayDay(day);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export interface DayView {
  date: string;
  day: AvailabilityDay | undefined;
  missions: CalendarMission[];
}

/** The calendar's answer by day: what was set, and the missions running that day (Paris days). */
export function byDay(calendar: Calendar | undefined) {
  const days = new Map<string, AvailabilityDay>();
  const missions = new Map<string, CalendarMission[]>();
  for (const day of calendar?.days ?? []) days.set(day.date, day);
  for (const mission of calendar?.missions ?? [])
    for (const date of missionDays(mission.startDate, mission.endDate))
      missions.set(date, [...(missions.get(date) ?? []), mission]);
  return (date: string): DayView => ({ date, day: days.get(date), missions: missions.get(date) ?? [] });
}
