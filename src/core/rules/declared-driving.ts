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

export const declaredDrivingMessages = {
  future: 'On ne déclare que la conduite déjà faite : aujourd’hui au plus tard',
  tooOld: `Au plus ${DECLARED_DRIVING_DAYS_BACK} jours en arrière : les temps de conduite plus anciens ne comptent plus`,
  tooLong: 'Au plus 15 h de conduite dans une journée',
  minutes: 'Indiquez une durée entre 0 et 15 h (en minutes)',
  duration: 'Écrivez la durée en heures et minutes, par exemple 4 h 30',
} as const;

/**
 * A duration as drivers write it, in minutes: « 4 h 30 », « 4h30 », « 4:30 », « 4 h », « 4 », « 4,5 » (hours), or
 * « 45 min »; null when it reads as none of them.
 */
export function parseDrivingDuration(text: string): number | null {
  const written = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const clock = /^(\d{1,2}) ?(?:h|:) ?(\d{1,2})? ?(?:min)?$/.exec(written);
  if (clock) {
    const minutes = Number(clock[2] ?? 0);
    return minutes < 60 ? Number(clock[1]) * 60 + minutes : null;
  }
  const onlyMinutes = /^(\d{1,3}) ?(?:min|mn)$/.exec(written);
  if (onlyMinutes) return Number(onlyMinutes[1]);
  // One decimal only: « 4,30 » is most often meant as 4 h 30, not 4 h 18 — it is refused rather than guessed.
  const hours = /^(\d{1,2})(?:[,.](\d))?$/.exec(written);
  if (hours) return Math.round(Number(`${hours[1]}.${hours[2] ?? 0}`) * 60);
  return null;
}

/** Why a day cannot be declared today (a Paris calendar day), or null. */
export function declaredDayProblem(day: string, today: string): string | null {
  const back = daysBetween(day, today);
  if (back < 0) return declaredDrivingMessages.future;
  if (back > DECLARED_DRIVING_DAYS_BACK) return declaredDrivingMessages.tooOld;
  return null;
}

/** The first day a driver may still declare. */
export const firstDeclarableDay = (today: string) => addDays(today, -DECLARED_DRIVING_DAYS_BACK);
