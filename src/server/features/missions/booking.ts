import { and, asc, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { MISSION_HOLDING_STATUSES } from '#core/rules/availability.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import type { DbOrTx } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import type { MissionRow } from './shared.js';

/**
 * No double booking: a driver holds at most one mission (assigned or in progress) at any instant. Two periods
 * overlap when each starts before the other ends; a mission ending at 12:00 and another starting at 12:00 do not.
 */

export interface Booking {
  id: string;
  title: string;
  startDate: Date;
  endDate: Date;
}

/** « du jeu. 12 mars, 08:00 au jeu. 12 mars, 16:00 » */
const periodOf = (booking: Pick<Booking, 'startDate' | 'endDate'>) =>
  `du ${formatDateTime(booking.startDate)} au ${formatDateTime(booking.endDate)}`;

export const bookingMessages = {
  /** To the driver, at application: their own mission, named. */
  driver: (booking: Booking) =>
    `Vous êtes déjà retenu pour la mission « ${booking.title} » ${periodOf(booking)} : celle-ci la chevauche. Un chauffeur ne peut pas tenir deux missions en même temps.`,
  /** To the transporter, at acceptance: the period only (the other mission is another company's business). */
  transporter: (booking: Booking) =>
    `Ce chauffeur est déjà retenu pour une autre mission ${periodOf(booking)}, qui chevauche celle-ci : choisissez un autre candidat. Sa candidature reste en attente.`,
};

/**
 * For each of these drivers, their earliest mission held over some part of the mission's period (other than the
 * mission itself), in one query. Read inside the transaction that holds the driver's booking lock
 * (lockDriverBookings) to be sure.
 */
export async function overlappingBookings(
  tx: DbOrTx,
  driverIds: string[],
  mission: Pick<MissionRow, 'id' | 'startDate' | 'endDate'>,
): Promise<Map<string, Booking>> {
  if (driverIds.length === 0) return new Map();
  const rows = await tx
    .select({
      driverId: missions.driverId,
      id: missions.id,
      title: missions.title,
      startDate: missions.startDate,
      endDate: missions.endDate,
    })
    .from(missions)
    .where(
      and(
        inArray(missions.driverId, driverIds),
        inArray(missions.status, [...MISSION_HOLDING_STATUSES]),
        ne(missions.id, mission.id),
        lt(missions.startDate, mission.endDate),
        gt(missions.endDate, mission.startDate),
      ),
    )
    .orderBy(asc(missions.startDate));
  const found = new Map<string, Booking>();
  for (const { driverId, ...booking } of rows) if (!found.has(driverId!)) found.set(driverId!, booking);
  return found;
}

/** One driver's earliest mission held over part of the mission's period, or null. */
export async function overlappingBooking(
  tx: DbOrTx,
  driverId: string,
  mission: Pick<MissionRow, 'id' | 'startDate' | 'endDate'>,
): Promise<Booking | null> {
  return (await overlappingBookings(tx, [driverId], mission)).get(driverId) ?? null;
}

/**
 * Serialises the bookings of one driver until the transaction ends: two transporters accepting the same driver at
 * the same moment take it in turn, and the second reads what the first committed. An advisory lock, not a row
 * lock: the accept already holds the driver's row in share mode (lockActiveUsers), and upgrading that in two
 * transactions at once would deadlock.
 */
export async function lockDriverBookings(tx: DbOrTx, driverId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`relais.driver-bookings:${driverId}`}))`);
}
