import { and, between, eq, inArray, sql } from 'drizzle-orm';
import ical, { ICalEventTransparency } from 'ical-generator';
import {
  availabilitySummary,
  FEED_DAYS_AHEAD,
  FEED_DAYS_BACK,
  type AvailabilityStatus,
} from '#core/rules/availability.js';
import { STATUS_LABELS } from '#core/rules/missions.js';
import type { IcsCreated } from '#core/schemas/availability.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { availability, driverCalendars } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { addDays, parisToday } from '#core/rules/days.js';

const FEED_PATH = '/api/availability/ics/';
const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const FEED_NOT_FOUND = 'Calendrier introuvable ou révoqué';

/**
 * POST /api/availability/ics: a new secret address for the driver's calendar (any older one stops working).
 * Only its SHA-256 is kept: the address is shown this once.
 */
export async function createFeed(db: Db, config: AppConfig, driver: User): Promise<IcsCreated> {
  const token = newToken();
  const now = new Date();
  await db
    .insert(driverCalendars)
    .values({ driverId: driver.id, icsTokenHash: hashToken(token), icsCreatedAt: now })
    .onConflictDoUpdate({
      target: driverCalendars.driverId,
      set: { icsTokenHash: hashToken(token), icsCreatedAt: now, updatedAt: sql`now()` },
    });
  const url = `${config.publicUrl}${FEED_PATH}${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://'), createdAt: now.toISOString() };
}

/** DELETE /api/availability/ics: the address stops working at once. */
export async function revokeFeed(db: Db, driver: User): Promise<void> {
  await db
    .update(driverCalendars)
    .set({ icsTokenHash: null, icsCreatedAt: null, updatedAt: sql`now()` })
    .where(eq(driverCalendars.driverId, driver.id));
}

const FEED_MISSION_STATUSES = ['assigned', 'in_progress', 'delivered', 'completed'];

/**
 * GET /api/availability/ics/<token>.ics (no session: phone calendars poll it). The driver's missions (title,
 * cities, times, link) and the days they set, from a month back to a year ahead. Unknown or revoked: 404.
 * Times are written in UTC (exact instants); the calendar says it is kept in Europe/Paris, and the days are
 * all-day events on the Paris date.
 */
export async function feedFor(db: Db, config: AppConfig, file: string): Promise<string> {
  const token = TOKEN_FILE.exec(file)?.[1];
  if (!token) throw notFound(FEED_NOT_FOUND);
  const [owner] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(driverCalendars)
    .innerJoin(users, eq(users.id, driverCalendars.driverId))
    .where(
      and(
        eq(driverCalendars.icsTokenHash, hashToken(token)),
        eq(users.isActive, true),
        eq(users.accountStatus, 'active'),
        eq(users.userType, 'driver'),
      ),
    );
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const today = parisToday();
  const from = addDays(today, -FEED_DAYS_BACK);
  const to = addDays(today, FEED_DAYS_AHEAD);
  const [missionRows, days] = await Promise.all([
    db
      .select({
        id: missions.id,
        title: missions.title,
        startDate: missions.startDate,
        endDate: missions.endDate,
        pickupCity: missions.pickupCity,
        deliveryCity: missions.deliveryCity,
        status: missions.status,
        updatedAt: missions.updatedAt,
      })
      .from(missions)
      .where(
        and(
          eq(missions.driverId, owner.id),
          inArray(missions.status, FEED_MISSION_STATUSES),
          sql`(${missions.endDate} at time zone 'Europe/Paris')::date >= ${from}::date`,
          sql`(${missions.startDate} at time zone 'Europe/Paris')::date <= ${to}::date`,
        ),
      )
      .orderBy(missions.startDate, missions.id)
      .limit(1000),
    db
      .select()
      .from(availability)
      .where(and(eq(availability.driverId, owner.id), between(availability.date, from, to)))
      .orderBy(availability.date),
  ]);
  const host = new URL(config.publicUrl).host;
  const calendar = ical({
    name: 'Relais — mes missions et disponibilités',
    description: 'Missions et disponibilités de votre compte Relais',
    prodId: { company: 'Relais', product: 'Calendrier chauffeur', language: 'FR' },
    ttl: 60 * 60,
    x: { 'X-WR-TIMEZONE': 'Europe/Paris' },
  });
  for (const mission of missionRows) {
    const route = [mission.pickupCity, mission.deliveryCity].filter(Boolean).join(' → ');
    const link = `${config.publicUrl}/mission/${mission.id}`;
    calendar.createEvent({
      id: `mission-${mission.id}@${host}`,
      start: mission.startDate,
      end: mission.endDate,
      summary: route ? `${mission.title} (${route})` : mission.title,
      location: route || null,
      description: [
        route ? `Trajet : ${route}` : null,
        `Statut : ${STATUS_LABELS[mission.status as keyof typeof STATUS_LABELS] ?? mission.status}`,
        link,
      ]
        .filter(Boolean)
        .join('\n'),
      url: link,
      stamp: mission.updatedAt,
    });
  }
  for (const day of days) {
    const summary = availabilitySummary(day.status as AvailabilityStatus, day.startTime, day.endTime);
    calendar.createEvent({
      id: `availability-${day.date}-${owner.id}@${host}`,
      start: new Date(`${day.date}T00:00:00Z`),
      allDay: true,
      summary,
      description: day.notes,
      // A day's availability does not make the driver look busy to their own calendar.
      transparency: ICalEventTransparency.TRANSPARENT,
      stamp: day.updatedAt,
    });
  }
  // ical-generator ends the last line without its CRLF; RFC 5545 §3.1 ends every content line with one.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
