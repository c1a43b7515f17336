import { sql } from 'drizzle-orm';
import { AHEAD_MAX_DAYS, DRIVER_SEARCH_PAGE_SIZE } from '#core/rules/availability.js';
import { LICENSE_TYPES } from '#core/rules/enums.js';
import { licenseCovers } from '#core/rules/missions.js';
import type { DriverSearchInput, DriverSearchResult } from '#core/schemas/availability.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { AppError } from '../../platform/errors.js';
import { daysBetween, parisToday } from '#core/rules/days.js';

const DEFAULT_RADIUS_KM = 50;

const searchDayMessages = {
  past: 'Cherchez un jour à venir',
  tooFar: 'Cherchez au plus un an à l’avance',
} as const;

/**
 * Days to come only (today, Paris, to a year ahead): what a driver marked on their past days is theirs, not a
 * history for transporters to browse.
 */
function checkSearchDay(date: string) {
  const today = parisToday();
  const problem =
    date < today
      ? searchDayMessages.past
      : daysBetween(today, date) > AHEAD_MAX_DAYS
        ? searchDayMessages.tooFar
        : null;
  if (problem) throw new AppError(400, problem, { date: problem });
}

interface Row extends Record<string, unknown> {
  id: string;
  full_name: string;
  avatar: string | null;
  city: string | null;
  license_type: string | null;
  vehicle_types: string[];
  years_experience: number;
  reputation_score: string;
  average_rating: number | null;
  review_count: number;
  status: 'available' | 'busy';
  start_time: string | null;
  end_time: string | null;
  distance_m: number | null;
  total: number;
}

/**
 * GET /api/availability/drivers: the drivers who chose to be found (driver_calendars.visibleToTransporters) and
 * marked the day available or partially available, active accounts only, by licence (one that covers the one
 * asked for) and around a point (their city, within the radius). A driver marked available whose day a mission
 * already holds is left out, and so is any driver of another world than the searcher's (platform/demo-world.ts):
 * a real transporter never finds a demo driver, a demo one only the drivers of its own sandbox.
 * Public profile fields only; nearest first, then best rated.
 */
export async function searchAvailableDrivers(
  db: Db,
  viewer: User,
  input: DriverSearchInput,
): Promise<DriverSearchResult> {
  checkSearchDay(input.date);
  const licences = input.licenseType
    ? LICENSE_TYPES.filter((held) => licenseCovers(held, input.licenseType!))
    : null;
  const located = input.lat !== undefined && input.lng !== undefined;
  const radiusM = (input.radiusKm ?? DEFAULT_RADIUS_KM) * 1000;
  const point = located ? sql`ll_to_earth(${input.lat}::float8, ${input.lng}::float8)` : null;
  const home = sql`ll_to_earth(u.current_lat::float8, u.current_lng::float8)`;
  const offset = (input.page - 1) * DRIVER_SEARCH_PAGE_SIZE;
  const { rows } = await db.execute<Row>(sql`
    select u.id, u.full_name, u.avatar, u.current_location as city, u.license_type, u.vehicle_types,
           u.years_experience, u.reputation_score, r.average_rating, r.review_count,
           a.status, a.start_time, a.end_time,
           ${point ? sql`earth_distance(${home}, ${point})` : sql`null::float8`} as distance_m,
           count(*) over ()::int as total
    from availability a
    join driver_calendars c on c.driver_id = a.driver_id and c.visible_to_transporters
    join users u on u.id = a.driver_id
    left join lateral (
      select avg(rv.rating)::float8 as average_rating, count(*)::int as review_count
      from reviews rv
      where rv.reviewee_id = u.id and rv.published_at is not null and rv.removed_at is null
    ) r on true
    where a.date = ${input.date}::date and a.status in ('available', 'busy')
      and u.user_type = 'driver' and u.is_active and u.account_status = 'active' and not u.is_admin
      and ${inWorld(sql`u.sandbox_id`, worldOf(viewer))}
      ${licences ? sql`and u.license_type = any(${`{${licences.join(',')}}`}::text[])` : sql``}
      ${
        point
          ? sql`and u.current_lat is not null and u.current_lng is not null
                and earth_box(${point}, ${radiusM}::float8) @> ${home}
                and earth_distance(${home}, ${point}) <= ${radiusM}::float8`
          : sql``
      }
      and not (a.status = 'available' and exists (
        select 1 from missions m
        where m.driver_id = u.id and m.status in ('assigned', 'in_progress')
          and (m.start_date at time zone 'Europe/Paris')::date <= a.date
          and (m.end_date at time zone 'Europe/Paris')::date >= a.date
      ))
    order by distance_m asc nulls last, r.average_rating desc nulls last, u.reputation_score desc, u.full_name, u.id
    limit ${DRIVER_SEARCH_PAGE_SIZE} offset ${offset}
  `);
  return {
    drivers: rows.map((row) => ({
      id: row.id,
      fullName: row.full_name,
      avatar: row.avatar,
      city: row.city,
      licenseType: row.license_type,
      vehicleTypes: row.vehicle_types ?? [],
      yearsExperience: Number(row.years_experience),
      reputationScore: Number(row.reputation_score),
      averageRating: row.average_rating === null ? null : Math.round(Number(row.average_rating) * 10) / 10,
      reviewCount: Number(row.review_count),
      status: row.status,
      startTime: row.start_time,
      endTime: row.end_time,
      distanceKm: row.distance_m === null ? null : Math.round(Number(row.distance_m) / 1000),
    })),
    total: rows[0]?.total ?? 0,
    page: input.page,
    pageSize: DRIVER_SEARCH_PAGE_SIZE,
  };
}
