import { sql } from 'drizzle-orm';
import { DEFAULT_PREFERENCES } from '#core/rules/notifications.js';
import { equipmentOf, holdsEquipment } from '#core/rules/freight.js';
import { licensesFor, type VehicleType } from '#core/rules/missions.js';
import type { DbOrTx } from '../../db/client.js';
import { inWorld } from '../../platform/demo-world.js';

export interface MatchingDriver {
  driverId: string;
  distanceKm: number;
  city: string | null;
}

export interface PublishedMission {
  id: string;
  title: string;
  pickupCity: string | null;
  startDate: Date;
  vehicleType: string;
  /** Marked urgent by the transporter. */
  urgent: boolean;
}

/**
 * The drivers a newly published mission fits (decision 011): active drivers whose licence allows the vehicle and
 * who drive that kind of vehicle (or said none), who have the equipment it requires (Frigo (ATP), Hayon), whose city is within their zone of the pickup, who want these
 * alerts, and who are neither marked unavailable on the start day (Europe/Paris) nor available only later (a
 * driver partially available that day still hears of it: the hours may fit). Only drivers of the mission's world:
 * a demo mission alerts no real driver, a real one no demo driver (platform/demo-world.ts).
 * A driver with no city has no zone: the alerts page asks them to give one.
 */
export async function matchingDrivers(
  db: DbOrTx,
  missionId: string,
): Promise<{ mission: PublishedMission; drivers: MatchingDriver[] } | null> {
  const missionRows = await db.execute<{
    id: string;
    title: string;
    pickup_city: string | null;
    start_date: Date;
    vehicle_type: string;
    urgency: boolean;
    located: boolean;
    sandbox_id: string | null;
    requires_atp: boolean;
    requires_tail_lift: boolean;
  }>(sql`select id, title, pickup_city, start_date, vehicle_type, urgency, pickup_point is not null as located, sandbox_id,
                requires_atp, requires_tail_lift
         from missions where id = ${missionId} and status = 'available'`);
  const row = missionRows.rows[0];
  if (!row) return null;
  const mission: PublishedMission = {
    id: row.id,
    title: row.title,
    pickupCity: row.pickup_city,
    startDate: new Date(row.start_date),
    vehicleType: row.vehicle_type,
    urgent: row.urgency,
  };
  if (!row.located) return { mission, drivers: [] };
  const licences = licensesFor(row.vehicle_type as VehicleType);
  const defaultTypes = `{${DEFAULT_PREFERENCES.alertTypes.join(',')}}`;
  const found = await db.execute<{
    id: string;
    distance_m: number;
    city: string | null;
    certifications: string[];
  }>(sql`
    select u.id, u.current_location as city, u.certifications,
           earth_distance(ll_to_earth(u.current_lat::float8, u.current_lng::float8), m.pickup_point) as distance_m
    from users u
    join missions m on m.id = ${missionId}
    left join notification_preferences p on p.user_id = u.id
    where u.user_type = 'driver' and u.is_active and u.account_status = 'active'
      and ${inWorld(sql`u.sandbox_id`, row.sandbox_id)}
      and u.current_lat is not null and u.current_lng is not null
      and u.license_type = any(${`{${licences.join(',')}}`}::text[])
      and (cardinality(u.vehicle_types) = 0 or m.vehicle_type = any(u.vehicle_types))
      and 'new_mission' = any(coalesce(p.alert_types, ${defaultTypes}::text[]))
      and earth_box(m.pickup_point, coalesce(p.zone_radius_km, ${DEFAULT_PREFERENCES.zoneRadiusKm}) * 1000.0)
          @> ll_to_earth(u.current_lat::float8, u.current_lng::float8)
      and earth_distance(ll_to_earth(u.current_lat::float8, u.current_lng::float8), m.pickup_point)
          <= coalesce(p.zone_radius_km, ${DEFAULT_PREFERENCES.zoneRadiusKm}) * 1000.0
      and (u.available_from is null or u.available_from <= m.start_date)
      and not exists (
        select 1 from availability a
        where a.driver_id = u.id and a.status = 'unavailable'
          and a.date = (m.start_date at time zone 'Europe/Paris')::date
      )
  `);
  // The equipment the mission requires, read in each driver's qualifications as the card and the sheet read it.
  const required = equipmentOf({ requiresAtp: row.requires_atp, requiresTailLift: row.requires_tail_lift });
  return {
    mission,
    drivers: found.rows
      .filter((driver) => required.every((equipment) => holdsEquipment(driver.certifications, equipment)))
      .map((driver) => ({
        driverId: driver.id,
        distanceKm: Math.round(Number(driver.distance_m) / 1000),
        city: driver.city,
      })),
  };
}
