import { eq, sql } from 'drizzle-orm';
import type { CalendarSettings } from '#core/schemas/availability.js';
import type { Db } from '../../db/client.js';
import { driverCalendars } from '../../db/schema/documents.js';
import type { User } from '../../db/schema/users.js';

/** GET /api/availability/settings: visible to transporters (opt-in), and whether a calendar feed exists. */
export async function getSettings(db: Db, driver: User): Promise<CalendarSettings> {
  const [row] = await db.select().from(driverCalendars).where(eq(driverCalendars.driverId, driver.id));
  return {
    visibleToTransporters: row?.visibleToTransporters ?? false,
    icsActive: Boolean(row?.icsTokenHash),
    icsCreatedAt: row?.icsTokenHash && row.icsCreatedAt ? row.icsCreatedAt.toISOString() : null,
  };
}

/** PUT /api/availability/settings. */
export async function setVisibility(db: Db, driver: User, visibleToTransporters: boolean) {
  await db
    .insert(driverCalendars)
    .values({ driverId: driver.id, visibleToTransporters })
    .onConflictDoUpdate({
      target: driverCalendars.driverId,
      set: { visibleToTransporters, updatedAt: sql`now()` },
    });
  return getSettings(db, driver);
}
