/**
 * Driving done outside Relais, declared by the driver per calendar day (decision 053): the bounds of a declaration,
 * and its errors in French. The driving-time rules count it (driving-time-schedule.ts: in the day's, week's and
 * fortnight's driving, not in breaks and rests).
 */
import { addDays, daysBetween } from './days.js';

/** At most 15 h at the wheel in a calendar day (no day of the regulation allows more, even 10 h + 5 h twice). */
export const DECLARED_DRIVING_MAX_MINUTES = 15 * 60;
/** How far back a day may be declared: the fortnight the rules read before a mission, its rests, and a margin. */
export const DECLARED_DRIVING_DAYS_BACK = 28;
/** The weeks the driver's card lists: the last four and this one (to today). */
export const DECLARED_DRIVING_LIST_DAYS = DECLARED_DRIVING_DAYS_BACK + 1;

export const declaredDrivingMessages = {
  future: 'On ne déclare que la conduite déjà faite : aujourd’hui au plus tard',
  tooOld: `Au plus ${DECLARED_DRIVING_DAYS_BACK} jours en arrière : les temps de conduite plus anciens ne comptent plus`,
  tooLong: 'Au plus 15 h de conduite dans une journée',
  minutes: 'Indiquez une durée entre 0 et 15 h (en minutes)',
} as const;

/** Why a day cannot be declared today (a Paris calendar day), or null. */
export function declaredDayProblem(day: string, today: string): string | null {
  const back = daysBetween(day, today);
  if (back < 0) return declaredDrivingMessages.future;
  if (back > DECLARED_DRIVING_DAYS_BACK) return declaredDrivingMessages.tooOld;
  return null;
}

/** The first day a driver may still declare. */
export const firstDeclarableDay = (today: string) => addDays(today, -DECLARED_DRIVING_DAYS_BACK);
