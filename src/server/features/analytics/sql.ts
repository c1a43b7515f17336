import { sql, type SQL } from 'drizzle-orm';
import { ROAD_FACTOR } from '#core/rules/tracking.js';

/** Sums of money stay exact decimals and travel as text ("1234.50"); wide enough for any number of rows. */
export const moneyText = (sum: SQL): SQL => sql`(${sum})::numeric(30,2)::text`;

/**
 * Great-circle distance in km between two points (the haversine of core/rules/tracking.ts, same radius). Never
 * give it a null: least() would skip it and answer half the Earth.
 */
function haversineSql(lat1: SQL, lng1: SQL, lat2: SQL, lng2: SQL): SQL {
  return sql`(2 * 6371.0088 * asin(least(1, sqrt(
    power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2)))))`;
}

/**
 * A completed mission's kilometres, as columns `measured_km` and `estimated_km` of the mission `m`:
 * measured, the trip summary kept after purge, else the route through its GPS points (while they are kept);
 * estimated, the straight line pickup → delivery times ROAD_FACTOR (the factor the ETA uses).
 */
export const missionKm = sql`
  coalesce((t.summary ->> 'distanceKm')::numeric, g.km) as measured_km,
  case when m.pickup_lat is not null and m.pickup_lng is not null
    and m.delivery_lat is not null and m.delivery_lng is not null then
    ${haversineSql(sql`m.pickup_lat`, sql`m.pickup_lng`, sql`m.delivery_lat`, sql`m.delivery_lng`)} * ${sql.raw(String(ROAD_FACTOR))}
  end as estimated_km`;

/** The joins `missionKm` reads (tracking row, GPS route), for the mission `m`. */
export const missionKmJoins = sql`
  left join mission_tracking t on t.mission_id = m.id
  left join lateral (
    select sum(${haversineSql(sql`s.prev_lat`, sql`s.prev_lng`, sql`s.latitude`, sql`s.longitude`)}) as km
    from (
      select latitude, longitude,
        lag(latitude) over w as prev_lat, lag(longitude) over w as prev_lng
      from gps_positions where mission_id = m.id
      window w as (order by recorded_at, id)
    ) s
    -- PostgreSQL's least() skips nulls: the first point (no previous one) must not reach the formula.
    where s.prev_lat is not null
  ) g on true`;

/** What a completed mission owes: the payment's amount (real times, VAT) once recorded, else its agreed price. */
export const owed = sql`coalesce(dp.amount, m.price)`;
/** What a driver earned on a mission: before VAT (the VAT collected is the state's), the price until it is owed. */
export const earned = sql`coalesce(dp.amount_excl_tax, m.price)`;
