/**
 * A driver's driving and rest against Regulation (EC) No 561/2006 (decision 045): the schedule Relais knows of (its
 * missions, with their driving laid out inside them, and the driving the driver declared done elsewhere), the checks
 * of articles 6, 7 and 8, and one verdict for a mission the driver applies to or is given. Pure: the caller reads the
 * missions and declarations, estimates each mission's driving (driving-time-estimate.ts) and shows the verdict's
 * sentences (driving-time-text.ts); the schedule and its layout are in driving-time-schedule.ts.
 */
import { addDays, mondayOf } from './days.js';
import {
  DRIVING_BEFORE_BREAK,
  atMinute,
  busySpans,
  buildDrivingSchedule,
  dayOf,
  minutePeriods,
  pause,
  toMinute,
  weekOf,
  type BreakCount,
  type DrivingActivity,
  type DrivingSchedule,
  type MissionActivity,
} from './driving-time-schedule.js';

type DrivingRule =
  'daily-driving' | 'weekly-driving' | 'fortnight-driving' | 'break' | 'daily-rest' | 'weekly-rest';

/** Who answers for a breach (article 10). */
type Responsibility =
  /** The driver alone: it comes from driving he declared done outside Relais. */
  | 'driver'
  /** The driver and the transport company: a Relais mission takes part in it (article 10, paragraphs 3 and 4). */
  | 'both';

/** A rule of the regulation the schedule does not keep, with its figures. */
export interface Breach {
  rule: DrivingRule;
  /** As the sentences cite it: « article 6, paragraphe 1 ». */
  article: string;
  /** The limit in minutes: a most (driving) or a least (rests). */
  limitMinutes: number;
  /** What the schedule gives, in minutes. */
  valueMinutes: number;
  /**
   * The calendar day concerned (Paris): the day a driving day began, a week's Monday, the first of two weeks'
   * Mondays, the day the driving without break, the 24 hours or the six 24-hour periods began.
   */
  day: string;
  /** For a break or a rest: when the driving without break, the 24 hours or the six 24-hour periods began. */
  from: Date | null;
  responsibility: Responsibility;
  /** The mission being checked takes part in it (its driving is counted, or its period lies in the time looked at). */
  concernsCandidate: boolean;
}

/** Where the driver stands: the week of the mission checked (else of the last activity), its day and fortnight. */
interface DrivingFigures {
  /** The week's Monday (Paris). */
  week: string;
  weekDrivingMinutes: number;
  weekLimitMinutes: number;
  /** The larger of the two fortnights the week is in (with the week before, with the week after). */
  fortnightDrivingMinutes: number;
  fortnightLimitMinutes: number;
  /** The driving day of the mission checked (else the last one) and the limit it has: 9 h, or 10 h while allowed. */
  dayDrivingMinutes: number;
  dayLimitMinutes: number;
  /** Driving days of the week past 9 h (twice a week at most). */
  extendedDays: number;
}

export interface DrivingVerdict {
  /** No breach the mission checked takes part in (without one: no breach at all). */
  ok: boolean;
  breaches: Breach[];
  /** Null only for an empty schedule and no mission to check. */
  figures: DrivingFigures | null;
  candidateId: string | null;
}

// The regulation's figures, in minutes.
const DAY_DRIVING = 9 * 60; // article 6 §1
const EXTENDED_DAY_DRIVING = 10 * 60; // article 6 §1, at most twice a week
const EXTENSIONS_PER_WEEK = 2;
const WEEK_DRIVING = 56 * 60; // article 6 §2
const FORTNIGHT_DRIVING = 90 * 60; // article 6 §3
const DAILY_REST = 11 * 60; // article 4 g
const REDUCED_DAILY_REST = 9 * 60; // article 4 g, at most three times between two weekly rests (article 8 §4)
const REDUCTIONS = 3;
const SPLIT_REST_FIRST_PART = 3 * 60; // a regular daily rest may be 3 h then 9 h (article 4 g)
const REDUCED_WEEKLY_REST = 24 * 60; // article 4 h
const BEFORE_WEEKLY_REST = 6 * 24 * 60; // article 8 §6

interface DrivingDay {
  /** The calendar day it began (Paris). */
  day: string;
  start: number | null;
  driving: number;
  /** Periods of Relais missions in it. */
  missionPeriods: number;
  candidate: boolean;
  /** 10 h while the week has an extension left, else 9 h. */
  limit: number;
}

/**
 * The driving days (article 4 k: the driving between two daily rests). A daily rest is a time off missions of at
 * least 9 h (the shortest, reduced, daily rest), so the missions fall into days wherever such a time separates them.
 * The driving declared for a calendar day joins the first day that began on it, or is a day of its own. In each
 * week, in order, a day may go past 9 h up to 10 h twice; a day is in the week it began.
 */
function drivingDays(schedule: DrivingSchedule): DrivingDay[] {
  const days: DrivingDay[] = [];
  let dayEnd = -Infinity;
  for (const period of minutePeriods(schedule)) {
    let day = days.at(-1);
    if (!day || period.start - dayEnd >= REDUCED_DAILY_REST) {
      day = {
        day: dayOf(period.start),
        start: period.start,
        driving: 0,
        missionPeriods: 0,
        candidate: false,
        limit: 0,
      };
      days.push(day);
    }
    if (period.kind === 'driving') day.driving += period.end - period.start;
    day.missionPeriods += 1;
    day.candidate ||= period.candidate;
    dayEnd = Math.max(dayEnd, period.end);
  }
  for (const { day, drivingMinutes } of schedule.declared) {
    const joined = days.find((drivingDay) => drivingDay.day === day);
    if (joined) joined.driving += drivingMinutes;
    else
      days.push({ day, start: null, driving: drivingMinutes, missionPeriods: 0, candidate: false, limit: 0 });
  }
  days.sort((a, b) => (a.day === b.day ? (a.start ?? 0) - (b.start ?? 0) : a.day < b.day ? -1 : 1));
  const extended = new Map<string, number>();
  for (const day of days) {
    const week = mondayOf(day.day);
    const used = extended.get(week) ?? 0;
    day.limit = used < EXTENSIONS_PER_WEEK ? EXTENDED_DAY_DRIVING : DAY_DRIVING;
    if (day.driving > DAY_DRIVING) extended.set(week, used + 1);
  }
  return days;
}

interface WeekTotal {
  driving: number;
  missionDriving: number;
  candidateDriving: number;
}

/** The driving of each fixed week, by its Monday; a driving period over Monday 00:00 is cut there. */
function weekTotals(schedule: DrivingSchedule): Map<string, WeekTotal> {
  const totals = new Map<string, WeekTotal>();
  const add = (week: string, minutes: number, mission: boolean, candidate: boolean) => {
    const total = totals.get(week) ?? { driving: 0, missionDriving: 0, candidateDriving: 0 };
    total.driving += minutes;
    if (mission) total.missionDriving += minutes;
    if (candidate) total.candidateDriving += minutes;
    totals.set(week, total);
  };
  for (const period of minutePeriods(schedule)) {
    if (period.kind !== 'driving') continue;
    let from = period.start;
    while (from < period.end) {
      const week = weekOf(from);
      let to = period.end;
      if (weekOf(to - 1) !== week) {
        // The first minute of the next week, by bisection: parisDate knows the clock changes, no offset is guessed.
        let low = from;
        while (to - low > 1) {
          const middle = Math.floor((low + to) / 2);
          if (weekOf(middle) === week) low = middle;
          else to = middle;
        }
      }
      add(week, to - from, true, period.candidate);
      from = to;
    }
  }
  for (const { day, drivingMinutes } of schedule.declared) add(mondayOf(day), drivingMinutes, false, false);
  return totals;
}

const responsibility = (missionPart: boolean): Responsibility => (missionPart ? 'both' : 'driver');

/** Article 6 §1: each driving day at most 9 h, or 10 h twice in the week. */
export function dailyDrivingBreaches(schedule: DrivingSchedule): Breach[] {
  return drivingDays(schedule)
    .filter((day) => day.driving > day.limit)
    .map((day) => ({
      rule: 'daily-driving',
      article: 'article 6, paragraphe 1',
      limitMinutes: day.limit,
      valueMinutes: day.driving,
      day: day.day,
      from: null,
      responsibility: responsibility(day.missionPeriods > 0),
      concernsCandidate: day.candidate,
    }));
}

/** Article 6 §2: each fixed week at most 56 h. */
export function weeklyDrivingBreaches(schedule: DrivingSchedule): Breach[] {
  return [...weekTotals(schedule)]
    .filter(([, total]) => total.driving > WEEK_DRIVING)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([week, total]) => ({
      rule: 'weekly-driving',
      article: 'article 6, paragraphe 2',
      limitMinutes: WEEK_DRIVING,
      valueMinutes: total.driving,
      day: week,
      from: null,
      responsibility: responsibility(total.missionDriving > 0),
      concernsCandidate: total.candidateDriving > 0,
    }));
}

/** Article 6 §3: any two consecutive weeks at most 90 h; a breach is dated by the first week's Monday. */
export function fortnightDrivingBreaches(schedule: DrivingSchedule): Breach[] {
  const totals = weekTotals(schedule);
  const none: WeekTotal = { driving: 0, missionDriving: 0, candidateDriving: 0 };
  const firsts = new Set([...totals.keys()].flatMap((week) => [addDays(week, -7), week]));
  return [...firsts].sort().flatMap((week): Breach[] => {
    const first = totals.get(week) ?? none;
    const second = totals.get(addDays(week, 7)) ?? none;
    const driving = first.driving + second.driving;
    if (driving <= FORTNIGHT_DRIVING) return [];
    return [
      {
        rule: 'fortnight-driving',
        article: 'article 6, paragraphe 3',
        limitMinutes: FORTNIGHT_DRIVING,
        valueMinutes: driving,
        day: week,
        from: null,
        responsibility: responsibility(first.missionDriving + second.missionDriving > 0),
        concernsCandidate: first.candidateDriving + second.candidateDriving > 0,
      },
    ];
  });
}

/**
 * Article 7: after 4 h 30 of driving, a break of 45 min (or 15 then 30 min, in that order) unless a rest is taken. A
 * break is time off missions or a break laid out in one; other work interrupts a break without ending the count. One
 * breach per stretch of driving past 4 h 30, with the stretch's whole driving and when it began.
 */
export function breakBreaches(schedule: DrivingSchedule): Breach[] {
  const breaches: Breach[] = [];
  const count: BreakCount = { driven: 0, firstPart: false };
  let stretch = { from: 0, candidate: false };
  const close = (driven: number) => {
    if (driven > DRIVING_BEFORE_BREAK)
      breaches.push({
        rule: 'break',
        article: 'article 7',
        limitMinutes: DRIVING_BEFORE_BREAK,
        valueMinutes: driven,
        day: dayOf(stretch.from),
        from: atMinute(stretch.from),
        responsibility: 'both',
        concernsCandidate: stretch.candidate,
      });
  };
  let pausing = 0;
  let until: number | null = null;
  for (const period of minutePeriods(schedule)) {
    if (until !== null && period.start > until) pausing += period.start - until;
    until = Math.max(until ?? period.end, period.end);
    if (period.kind === 'break') {
      pausing += period.end - period.start;
      continue;
    }
    if (pausing > 0) {
      const driven = count.driven;
      if (pause(count, pausing)) close(driven);
      pausing = 0;
    }
    if (period.kind === 'driving') {
      if (count.driven === 0) stretch = { from: period.start, candidate: false };
      count.driven += period.end - period.start;
    }
    if (count.driven > 0) stretch.candidate ||= period.candidate;
  }
  close(count.driven);
  return breaches;
}

/**
 * Article 8 §1, §2 and §4: within each 24 hours after the end of the last daily or weekly rest, a new daily rest of
 * 11 h (or 3 h then 9 h), or a reduced one of 9 h at most three times between two weekly rests. A rest is time off
 * missions; only its part within the 24 hours counts. The schedule is taken to begin after a weekly rest.
 */
export function dailyRestBreaches(schedule: DrivingSchedule): Breach[] {
  const spans = busySpans(schedule);
  const breaches: Breach[] = [];
  const breach = (
    article: string,
    limitMinutes: number,
    valueMinutes: number,
    from: number,
    candidate: boolean,
  ) =>
    breaches.push({
      rule: 'daily-rest',
      article,
      limitMinutes,
      valueMinutes,
      day: dayOf(from),
      from: atMinute(from),
      responsibility: 'both',
      concernsCandidate: candidate,
    });
  const gapAfter = (index: number) => (spans[index + 1]?.start ?? Infinity) - spans[index]!.end;
  let reductions = 0;
  let index = 0;
  while (index < spans.length) {
    const from = spans[index]!.start;
    const windowEnd = from + 24 * 60;
    let rest: { index: number; minutes: number } | null = null;
    let longest = 0;
    let firstPart = false;
    let candidate = false;
    for (let next = index; next < spans.length && spans[next]!.start < windowEnd; next++) {
      candidate ||= spans[next]!.candidate;
      const minutes = Math.min(spans[next]!.end + gapAfter(next), windowEnd) - spans[next]!.end;
      if (minutes >= REDUCED_DAILY_REST) {
        rest = { index: next, minutes };
        break;
      }
      longest = Math.max(longest, minutes);
      if (minutes >= SPLIT_REST_FIRST_PART) firstPart = true;
    }
    let restIndex: number;
    if (rest) {
      restIndex = rest.index;
      // The mission that ends the rest decides its length: without it, the rest would go on.
      candidate ||= spans[restIndex + 1]?.candidate ?? false;
      const reduced = rest.minutes < DAILY_REST && !firstPart;
      if (reduced && gapAfter(restIndex) < REDUCED_WEEKLY_REST && ++reductions > REDUCTIONS)
        breach('article 8, paragraphe 4', DAILY_REST, rest.minutes, from, candidate);
    } else {
      breach(
        'article 8, paragraphe 2',
        reductions < REDUCTIONS ? REDUCED_DAILY_REST : DAILY_REST,
        Math.max(0, longest),
        from,
        candidate,
      );
      // The day goes on to the next time off of at least 9 h, wherever it falls.
      restIndex = index;
      while (restIndex < spans.length - 1 && gapAfter(restIndex) < REDUCED_DAILY_REST) restIndex++;
    }
    if (gapAfter(restIndex) >= REDUCED_WEEKLY_REST) reductions = 0;
    index = restIndex + 1;
  }
  return breaches;
}

/**
 * Article 8 §6: a weekly rest (at least the reduced 24 h) starts at the latest at the end of six 24-hour periods
 * from the end of the last one. A weekly rest is time off missions of at least 24 h; the schedule is taken to begin
 * after one.
 */
export function weeklyRestBreaches(schedule: DrivingSchedule): Breach[] {
  const spans = busySpans(schedule);
  const breaches: Breach[] = [];
  let index = 0;
  while (index < spans.length) {
    const from = spans[index]!.start;
    let candidate = spans[index]!.candidate;
    while (index < spans.length - 1 && spans[index + 1]!.start - spans[index]!.end < REDUCED_WEEKLY_REST) {
      index++;
      candidate ||= spans[index]!.candidate;
    }
    const worked = spans[index]!.end - from;
    if (worked > BEFORE_WEEKLY_REST)
      breaches.push({
        rule: 'weekly-rest',
        article: 'article 8, paragraphe 6',
        limitMinutes: BEFORE_WEEKLY_REST,
        valueMinutes: worked,
        day: dayOf(from),
        from: atMinute(from),
        responsibility: 'both',
        concernsCandidate: candidate,
      });
    index++;
  }
  return breaches;
}

const RULE_ORDER: readonly DrivingRule[] = [
  'daily-driving',
  'weekly-driving',
  'fortnight-driving',
  'break',
  'daily-rest',
  'weekly-rest',
];

/** The figures of the mission's week and day (else of the last activity's). */
function drivingFigures(
  schedule: DrivingSchedule,
  candidate: MissionActivity | undefined,
): DrivingFigures | null {
  const totals = weekTotals(schedule);
  const days = drivingDays(schedule);
  const week = candidate ? weekOf(toMinute(candidate.start)) : [...totals.keys()].sort().at(-1);
  if (week === undefined) return null;
  const driving = (monday: string) => totals.get(monday)?.driving ?? 0;
  const weekDays = days.filter((day) => mondayOf(day.day) === week);
  const extendedDays = weekDays.filter((day) => day.driving > DAY_DRIVING).length;
  const day = candidate ? days.find((drivingDay) => drivingDay.candidate) : weekDays.at(-1);
  return {
    week,
    weekDrivingMinutes: driving(week),
    weekLimitMinutes: WEEK_DRIVING,
    fortnightDrivingMinutes: driving(week) + Math.max(driving(addDays(week, -7)), driving(addDays(week, 7))),
    fortnightLimitMinutes: FORTNIGHT_DRIVING,
    dayDrivingMinutes: day?.driving ?? 0,
    dayLimitMinutes: day?.limit ?? (extendedDays < EXTENSIONS_PER_WEEK ? EXTENDED_DAY_DRIVING : DAY_DRIVING),
    extendedDays,
  };
}

/**
 * The verdict on a driver's schedule, with the mission he applies to or is given (`candidate`) if any: every
 * breach of articles 6, 7 and 8 found, in order of days, and the figures of the mission's week. `ok` when no breach
 * concerns the mission (a breach of the past, without it, does not refuse it); without a mission, when there is none.
 *
 * @param schedule The driver's missions (those that still hold, and at least the two weeks before) and his
 *   declared driving. Missions of a driver do not overlap; if they do, their driving adds up.
 */
export function checkDrivingTime(
  schedule: readonly DrivingActivity[],
  candidate?: MissionActivity,
): DrivingVerdict {
  const built = buildDrivingSchedule(schedule, candidate);
  const breaches = [
    ...dailyDrivingBreaches(built),
    ...weeklyDrivingBreaches(built),
    ...fortnightDrivingBreaches(built),
    ...breakBreaches(built),
    ...dailyRestBreaches(built),
    ...weeklyRestBreaches(built),
  ].sort(
    (a, b) =>
      (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
      RULE_ORDER.indexOf(a.rule) - RULE_ORDER.indexOf(b.rule) ||
      (a.from?.getTime() ?? 0) - (b.from?.getTime() ?? 0),
  );
  return {
    ok: !breaches.some((breach) => (candidate ? breach.concernsCandidate : true)),
    breaches,
    figures: drivingFigures(built, candidate),
    candidateId: candidate?.id ?? null,
  };
}
