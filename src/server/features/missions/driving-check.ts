import { and, between, gt, inArray, lt, ne } from 'drizzle-orm';
import { parisDate } from '#core/rules/days.js';
import { checkDrivingTime, type DrivingVerdict } from '#core/rules/driving-time.js';
import type { DrivingActivity, MissionActivity } from '#core/rules/driving-time-schedule.js';
import { drivingTimeSentences } from '#core/rules/driving-time-text.js';
import type { DrivingCheck } from '#core/schemas/missions.js';
import type { DbOrTx } from '../../db/client.js';
import { declaredDriving } from '../../db/schema/driving.js';
import { missions } from '../../db/schema/missions.js';
import { routeOf, type MissionRow } from './shared.js';

/**
 * The driving-time rules (Regulation (EC) No 561/2006, decision 045) applied to a driver and a mission: at the
 * application the driver reads where the mission would take their week, and at the acceptance the transport company
 * reads the same verdict, and needs a reason to go past it (decision 049).
 */

const DAY_MS = 86_400_000;
/** The checks look at two weeks before the mission (the fortnight, the rests) and two after. */
const WINDOW_MS = 15 * DAY_MS;
/** The missions that took or will take the driver's time: held ones, and those driven already. */
const DRIVEN = ['assigned', 'in_progress', 'delivered', 'completed'] as const;

type Placed = Pick<
  MissionRow,
  'id' | 'startDate' | 'endDate' | 'routeKm' | 'routeDrivingMinutes' | 'routedKm' | 'routedDrivingMinutes'
>;

/** The longest working day between two daily rests of 11 h. */
const WORKING_DAY_MS = 13 * 3_600_000;
/** The most a day of driving may hold (10 h only twice a week, article 6). */
const DAY_DRIVING_MINUTES = 9 * 60;

/**
 * The mission as the rules count it: its period and its estimated driving (null: a point is missing). A mission
 * longer than a working day (13 h) spans several days whose cutting Relais does not know: it is counted as its first
 * working day, from its start, with at most a day's driving (9 h); the driver's tachograph judges the rest.
 */
function activityOf(mission: Placed): MissionActivity | null {
  // The trip as every read gives it: by the road when the routing service answered, else estimated.
  const driving = routeOf(mission)?.drivingMinutes;
  if (driving === undefined) return null;
  const start = mission.startDate.getTime();
  const end = mission.endDate.getTime();
  const longer = end - start > WORKING_DAY_MS;
  return {
    kind: 'mission',
    id: mission.id,
    start,
    end: longer ? start + WORKING_DAY_MS : end,
    drivingMinutes: longer ? Math.min(driving, DAY_DRIVING_MINUTES) : driving,
  };
}

/**
 * For each driver, the verdict on their schedule with this mission (no verdict for a mission not placed): their Relais
 * missions and the driving they declared done outside Relais (decision 053) over the same window, which core counts
 * in the day's, week's and fortnight's driving (not in breaks and rests: Relais does not know when it took place).
 */
export async function drivingVerdicts(
  db: DbOrTx,
  driverIds: string[],
  mission: Placed,
): Promise<Map<string, DrivingVerdict>> {
  const candidate = activityOf(mission);
  if (!candidate || driverIds.length === 0) return new Map();
  const from = parisDate(new Date(mission.startDate.getTime() - WINDOW_MS));
  const to = parisDate(new Date(mission.endDate.getTime() + WINDOW_MS));
  const declared = await db
    .select({
      driverId: declaredDriving.driverId,
      date: declaredDriving.date,
      drivingMinutes: declaredDriving.drivingMinutes,
    })
    .from(declaredDriving)
    .where(and(inArray(declaredDriving.driverId, driverIds), between(declaredDriving.date, from, to)));
  const rows = await db
    .select({
      id: missions.id,
      driverId: missions.driverId,
      startDate: missions.startDate,
      endDate: missions.endDate,
      routeKm: missions.routeKm,
      routeDrivingMinutes: missions.routeDrivingMinutes,
      routedKm: missions.routedKm,
      routedDrivingMinutes: missions.routedDrivingMinutes,
    })
    .from(missions)
    .where(
      and(
        inArray(missions.driverId, driverIds),
        inArray(missions.status, [...DRIVEN]),
        ne(missions.id, mission.id),
        lt(missions.startDate, new Date(mission.endDate.getTime() + WINDOW_MS)),
        gt(missions.endDate, new Date(mission.startDate.getTime() - WINDOW_MS)),
      ),
    );
  return new Map(
    driverIds.map((driverId) => {
      const theirs: DrivingActivity[] = rows
        .filter((row) => row.driverId === driverId)
        .map(activityOf)
        .filter((activity): activity is MissionActivity => activity !== null);
      for (const day of declared)
        if (day.driverId === driverId)
          theirs.push({ kind: 'declared', day: day.date, drivingMinutes: day.drivingMinutes });
      return [driverId, checkDrivingTime(theirs, candidate)] as const;
    }),
  );
}

/** The verdict as one reader sees it: whether it holds, the figures of the week, and the sentences of the breaches. */
export function drivingCheckFor(verdict: DrivingVerdict, reader: 'driver' | 'transporter'): DrivingCheck {
  const sentences = drivingTimeSentences(verdict)[reader];
  const figures = verdict.figures;
  return {
    ok: verdict.ok,
    weekDrivingMinutes: figures?.weekDrivingMinutes ?? 0,
    weekLimitMinutes: figures?.weekLimitMinutes ?? 56 * 60,
    sentences,
  };
}

/** The refusal of an acceptance that would break a limit, with what the transport company must read. */
export function drivingRefusal(check: DrivingCheck): string {
  return `Retenir ce chauffeur lui ferait dépasser les temps de conduite et de repos autorisés : ${check.sentences.join(' ')} Pour le retenir quand même, indiquez pourquoi (par exemple un second conducteur à bord) : ce choix est inscrit au journal de la mission.`;
}

/** Whether a driver's verdict for a mission holds, read for the acceptance (no verdict: nothing to hold against). */
export async function driverVerdict(db: DbOrTx, driverId: string, mission: Placed) {
  return (await drivingVerdicts(db, [driverId], mission)).get(driverId) ?? null;
}
