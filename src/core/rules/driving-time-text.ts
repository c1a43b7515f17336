/**
 * The driving-time verdict (driving-time.ts, decision 045) in French, as the driver and the transport company read it
 * when the driver applies to a mission or is given one: one sentence per breach, with its figures and the article of
 * Regulation (EC) No 561/2006 it breaks.
 */
import { addDays } from './days.js';
import type { Breach, DrivingVerdict } from './driving-time.js';
import { formatDayMonth, formatTime, formatWeekdayDay } from './french-dates.js';
import { formatWaiting } from './road.js';

type Reader = 'driver' | 'transporter';

/** « 58 h », « 4 h 30 », never broken across two lines. */
const hours = (minutes: number) => formatWaiting(minutes).replace(/ /g, '\u00a0');

/** « (article 6, paragraphe 2, du règlement (CE) n° 561/2006) », « (article 7 du règlement …) ». */
const reference = (article: string) =>
  `(${article}${article.includes(',') ? ',' : ''} du règlement (CE) n°\u00a0561/2006)`;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** « mardi 24 novembre à 06:00 »: when the driving without break, the 24 hours or the six periods began. */
const moment = ({ from, day }: Breach) =>
  from ? `${formatWeekdayDay(from)} à ${formatTime(from)}` : formatWeekdayDay(day);

/** Whose driving, over which time: « votre conduite de la semaine du 23 novembre ». */
function drivingSubject(breach: Breach, reader: Reader): string {
  const driver = reader === 'driver';
  switch (breach.rule) {
    case 'daily-driving': {
      const day = `la journée commencée le ${formatWeekdayDay(breach.day)}`;
      return driver ? `votre conduite de ${day}` : `la conduite de ce chauffeur sur ${day}`;
    }
    case 'weekly-driving': {
      const week = `la semaine du ${formatDayMonth(breach.day)}`;
      return driver ? `votre conduite de ${week}` : `la conduite de ce chauffeur sur ${week}`;
    }
    case 'fortnight-driving': {
      const weeks = `semaines du ${formatDayMonth(breach.day)} et du ${formatDayMonth(addDays(breach.day, 7))}`;
      return driver ? `votre conduite des ${weeks}` : `la conduite de ce chauffeur sur les ${weeks}`;
    }
    default:
      return driver
        ? 'votre conduite sans pause de 45\u00a0min'
        : 'la conduite sans pause de 45\u00a0min de ce chauffeur';
  }
}

function drivingSentence(breach: Breach, reader: Reader, candidate: boolean): string {
  const subject = drivingSubject(breach, reader);
  const figures = `${hours(breach.valueMinutes)} sur ${hours(breach.limitMinutes)} autorisées`;
  // A day past 9 h is refused as such only once the week's two days of 10 h are used.
  const extensionsUsed =
    breach.rule === 'daily-driving' && breach.limitMinutes < 10 * 60
      ? `, ${reader === 'driver' ? 'votre' : 'sa'} conduite ayant déjà dépassé 9\u00a0h deux fois cette semaine-là`
      : '';
  const when = breach.rule === 'break' ? `, à partir du ${moment(breach)}` : '';
  // The day is named by its date, so the figure comes first: « la journée commencée le samedi 28 novembre à 11 h »
  // would read as a time.
  const sentence = !candidate
    ? `${capitalize(subject)} atteint ${figures}`
    : breach.rule === 'daily-driving'
      ? `Cette mission porterait à ${hours(breach.valueMinutes)} ${subject}, sur ${hours(breach.limitMinutes)} autorisées`
      : `Cette mission porterait ${subject} à ${figures}`;
  return `${sentence}${extensionsUsed}${when} ${reference(breach.article)}.`;
}

function dailyRestSentence(breach: Breach, reader: Reader, candidate: boolean): string {
  const rest =
    breach.valueMinutes === 0
      ? `aucun repos journalier, au lieu de ${hours(breach.limitMinutes)} au moins`
      : `que ${hours(breach.valueMinutes)} de repos journalier au lieu de ${hours(breach.limitMinutes)} au moins`;
  const reductionsUsed = breach.article.endsWith('paragraphe 4')
    ? ', le repos journalier ayant déjà été réduit trois fois depuis le dernier repos hebdomadaire'
    : '';
  const verb = {
    driver: candidate ? 'Cette mission ne vous laisserait' : 'Votre planning ne vous laisse',
    transporter: candidate
      ? 'Cette mission ne laisserait à ce chauffeur'
      : 'Le planning de ce chauffeur ne lui laisse',
  }[reader];
  const when = `dans les 24 heures qui suivent la reprise du travail le ${moment(breach)}`;
  return `${verb} ${rest}${reductionsUsed}, ${when} ${reference(breach.article)}.`;
}

function weeklyRestSentence(breach: Breach, reader: Reader, candidate: boolean): string {
  const rest = {
    driver: candidate
      ? 'Cette mission repousserait votre repos hebdomadaire'
      : 'Votre planning repousse votre repos hebdomadaire',
    transporter: candidate
      ? 'Cette mission repousserait le repos hebdomadaire de ce chauffeur'
      : 'Le planning de ce chauffeur repousse son repos hebdomadaire',
  }[reader];
  return (
    `${rest} à ${hours(breach.valueMinutes)} après la reprise du travail le ${moment(breach)}, au-delà des six ` +
    `périodes de 24 heures (${hours(breach.limitMinutes)}) autorisées ${reference(breach.article)}.`
  );
}

function breachSentence(breach: Breach, reader: Reader, candidate: boolean): string {
  if (breach.rule === 'daily-rest') return dailyRestSentence(breach, reader, candidate);
  if (breach.rule === 'weekly-rest') return weeklyRestSentence(breach, reader, candidate);
  return drivingSentence(breach, reader, candidate);
}

/**
 * The verdict's sentences, one per breach in its order: the driver reads every breach of his schedule (« Cette
 * mission porterait votre conduite de la semaine du 23 novembre à 58 h sur 56 h autorisées (article 6, paragraphe 2,
 * du règlement (CE) n° 561/2006). »); the transport company, when a mission is checked, only those the mission
 * takes part in (« Cette mission porterait la conduite de ce chauffeur sur la semaine du 23 novembre à 58 h … »):
 * the rest of the driver's schedule is not its business. No breach, no sentence.
 */
export function drivingTimeSentences(verdict: DrivingVerdict): { driver: string[]; transporter: string[] } {
  const checked = verdict.candidateId !== null;
  const sentence = (reader: Reader) => (breach: Breach) =>
    breachSentence(breach, reader, checked && breach.concernsCandidate);
  return {
    driver: verdict.breaches.map(sentence('driver')),
    transporter: verdict.breaches
      .filter((breach) => !checked || breach.concernsCandidate)
      .map(sentence('transporter')),
  };
}
