/**
 * A driver's schedule as the driving-time rules read it (decision 045): his Relais missions, with the driving laid out
 * inside each one, and the driving he declared done elsewhere; the minutes, days and weeks the checks of
 * driving-time.ts count in, and article 7's count of driving between breaks, which the layout follows too.
 *
 * Everything is counted in whole minutes: instants are taken to the minute (seconds dropped), driving minutes
 * rounded up. Weeks are the regulation's fixed weeks, Monday 00:00 to Sunday 24:00 on Paris clocks.
 */
import { mondayOf, parisDate } from './days.js';

/** An instant: a Date, or milliseconds since the epoch. */
type Instant = Date | number;

/** A Relais mission of the driver (planned or accepted, or the one being checked): its period and its driving. */
export interface MissionActivity {
  kind: 'mission';
  id: string;
  start: Instant;
  end: Instant;
  /** Minutes at the wheel the mission takes (missionDriving in driving-time-estimate.ts). */
  drivingMinutes: number;
}

/** Driving the driver declared done outside Relais on a calendar day ("2026-11-24", Paris). */
interface DeclaredDriving {
  kind: 'declared';
  day: string;
  drivingMinutes: number;
}

export type DrivingActivity = MissionActivity | DeclaredDriving;

/** A stretch of a mission's period: at the wheel, on a break, or at other work (loading, waiting, unloading). */
interface SchedulePeriod {
  kind: 'driving' | 'break' | 'work';
  missionId: string;
  start: Date;
  end: Date;
}

/** The driver's schedule as the checks read it. */
export interface DrivingSchedule {
  /** The missions' periods, laid out (buildDrivingSchedule), in order of time. */
  periods: SchedulePeriod[];
  /** The declared driving, one entry per day, in order of days. */
  declared: { day: string; drivingMinutes: number }[];
  /** The mission being checked, if any. */
  candidateId: string | null;
}

// Article 7, in minutes: a break of 45 min after 4 h 30 of driving, or 15 then 30 min.
export const DRIVING_BEFORE_BREAK = 4 * 60 + 30;
const BREAK = 45;
const BREAK_FIRST_PART = 15;
const BREAK_SECOND_PART = 30;

const MINUTE_MS = 60_000;
export const toMinute = (instant: Instant) => Math.floor(new Date(instant).getTime() / MINUTE_MS);
export const atMinute = (minute: number) => new Date(minute * MINUTE_MS);
export const dayOf = (minute: number) => parisDate(atMinute(minute));
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const weekOf = (minute: number) => mondayOf(dayOf(minute));

function drivingMinutesOf(activity: DrivingActivity): number {
  const minutes = activity.drivingMinutes;
  if (!(minutes >= 0) || !Number.isFinite(minutes)) throw new RangeError('Driving minutes are not negative.');
  return Math.ceil(minutes);
}

/**
 * Article 7's count: the driving since the last full break, and whether its first 15-minute part was taken. A pause
 * (break or rest, uninterrupted: other work ends it) of 45 min, or of 30 min after a first part, starts a new count.
 */
export interface BreakCount {
  driven: number;
  firstPart: boolean;
}
export function pause(count: BreakCount, minutes: number): boolean {
  if (minutes >= BREAK || (count.firstPart && minutes >= BREAK_SECOND_PART)) {
    count.driven = 0;
    count.firstPart = false;
    return true;
  }
  if (minutes >= BREAK_FIRST_PART) count.firstPart = true;
  return false;
}

/**
 * Lays the missions' driving out in time. Relais knows a mission's period and its driving, not when the driver will
 * be at the wheel, so it assumes the simplest day that keeps the rules when the period allows it:
 *
 * - the driver drives from the mission's start; each time his driving since his last full break reaches 4 h 30 —
 *   counting the missions before and the free time between them — he takes the break that completes it (45 min, or
 *   30 min after a first part of 15), then drives on; what is left of the period after the driving is other work;
 * - a break that would leave too little of the period for the driving left is not taken (the driver drives on to
 *   deliver in time), so a period too short for its driving and breaks shows as a breach of article 7;
 * - driving longer than the whole period runs past its end: the mission cannot be driven in its period.
 *
 * The declared driving is not laid out (Relais does not know when it took place): it counts in the driving of its day,
 * week and fortnight, not in breaks and rests. A mission given again as `candidate` replaces the one of the same id.
 *
 * @throws RangeError for a mission ending before it starts, negative driving, or a day not written "2026-11-24".
 */
export function buildDrivingSchedule(
  activities: readonly DrivingActivity[],
  candidate?: MissionActivity,
): DrivingSchedule {
  const missions = activities
    .filter((activity): activity is MissionActivity => activity.kind === 'mission')
    .filter((mission) => mission.id !== candidate?.id)
    .concat(candidate ? [candidate] : [])
    .map((mission) => {
      const start = toMinute(mission.start);
      const end = toMinute(mission.end);
      if (!(end >= start)) throw new RangeError(`Mission ${mission.id} ends before it starts.`);
      return { id: mission.id, start, end, driving: drivingMinutesOf(mission) };
    })
    .sort((a, b) => a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : 1));

  const periods: { kind: SchedulePeriod['kind']; missionId: string; start: number; end: number }[] = [];
  const push = (kind: SchedulePeriod['kind'], missionId: string, start: number, end: number) => {
    const last = periods.at(-1);
    if (last && last.kind === kind && last.missionId === missionId && last.end === start) last.end = end;
    else periods.push({ kind, missionId, start, end });
  };
  const count: BreakCount = { driven: 0, firstPart: false };
  let freeFrom: number | null = null;
  for (const mission of missions) {
    if (freeFrom !== null && mission.start > freeFrom) pause(count, mission.start - freeFrom);
    let at = mission.start;
    let left = mission.driving;
    while (left > 0) {
      if (count.driven >= DRIVING_BEFORE_BREAK) {
        const needed = count.firstPart ? BREAK_SECOND_PART : BREAK;
        if (at + needed + left <= mission.end) {
          push('break', mission.id, at, at + needed);
          at += needed;
          pause(count, needed);
        }
      }
      const stint =
        count.driven >= DRIVING_BEFORE_BREAK ? left : Math.min(left, DRIVING_BEFORE_BREAK - count.driven);
      push('driving', mission.id, at, at + stint);
      at += stint;
      left -= stint;
      count.driven += stint;
    }
    if (at < mission.end) push('work', mission.id, at, mission.end);
    freeFrom = Math.max(freeFrom ?? at, at, mission.end);
  }

  const declared = new Map<string, number>();
  for (const activity of activities) {
    if (activity.kind !== 'declared') continue;
    if (!CALENDAR_DAY.test(activity.day)) throw new RangeError('A declared day is written 2026-11-24.');
    declared.set(activity.day, (declared.get(activity.day) ?? 0) + drivingMinutesOf(activity));
  }

  return {
    periods: periods
      .sort((a, b) => a.start - b.start)
      .map((period) => ({ ...period, start: atMinute(period.start), end: atMinute(period.end) })),
    declared: [...declared]
      .filter(([, minutes]) => minutes > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, drivingMinutes]) => ({ day, drivingMinutes })),
    candidateId: candidate?.id ?? null,
  };
}

/** The periods in minutes. */
export function minutePeriods(schedule: DrivingSchedule) {
  return schedule.periods.map((period) => ({
    kind: period.kind,
    candidate: period.missionId === schedule.candidateId,
    start: toMinute(period.start),
    end: toMinute(period.end),
  }));
}

/** The time at work for Relais: each mission's laid-out span, touching or overlapping spans merged, in order. */
export function busySpans(schedule: DrivingSchedule) {
  const byMission = new Map<string, { start: number; end: number }>();
  for (const period of schedule.periods) {
    const start = toMinute(period.start);
    const end = toMinute(period.end);
    const span = byMission.get(period.missionId);
    if (span) Object.assign(span, { start: Math.min(span.start, start), end: Math.max(span.end, end) });
    else byMission.set(period.missionId, { start, end });
  }
  const spans: { start: number; end: number; candidate: boolean }[] = [];
  const sorted = [...byMission].sort(([, a], [, b]) => a.start - b.start);
  for (const [id, { start, end }] of sorted) {
    const last = spans.at(-1);
    const candidate = id === schedule.candidateId;
    if (last && start <= last.end) {
      last.end = Math.max(last.end, end);
      last.candidate ||= candidate;
    } else spans.push({ start, end, candidate });
  }
  return spans;
}
