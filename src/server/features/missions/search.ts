import { createHash } from 'node:crypto';
import { worldOf } from '../../platform/demo-world.js';
import { locateAddress } from '../../platform/places.js';
import { searchable } from '#core/rules/text.js';
import { licenseCovers, VEHICLE_LICENSE } from '#core/rules/missions.js';
import type { MissionPage, MissionSearch } from '#core/schemas/missions.js';
import type pg from 'pg';
import { MISSION_FIELDS, type MissionFields, type Viewer, toMission } from './shared.js';

/** earthdistance's model of the Earth: a sphere of earth() metres; points are cubes of 3 coordinates. */
const EARTH_RADIUS = 6378168;

function earthPoint(lat: number, lng: number): [number, number, number] {
  const phi = (lat * Math.PI) / 180;
  const lambda = (lng * Math.PI) / 180;
  return [
    EARTH_RADIUS * Math.cos(phi) * Math.cos(lambda),
    EARTH_RADIUS * Math.cos(phi) * Math.sin(lambda),
    EARTH_RADIUS * Math.sin(phi),
  ];
}

/** The straight-line (chord) distance matching `metres` along the surface (earthdistance's gc_to_sec). */
function chordFor(metres: number): number {
  return metres / EARTH_RADIUS > Math.PI
    ? 2 * EARTH_RADIUS
    : 2 * EARTH_RADIUS * Math.sin(metres / (2 * EARTH_RADIUS));
}

const cubeLiteral = (p: number[]) => `(${p.join(', ')})`;
const boxLiteral = (p: number[], reach: number) =>
  `${cubeLiteral(p.map((v) => v - reach))},${cubeLiteral(p.map((v) => v + reach))}`;

/**
 * Searches count their matches up to this many: counting every match of a wide search costs more than
 * finding the page itself. Beyond it the answer says "100+" (totalIsLowerBound).
 */
export const SEARCH_TOTAL_CAP = 100;

/** A statement's text and its values ($1, $2…), built clause by clause. */
class Statement {
  readonly values: unknown[] = [];
  /** The placeholder of a new value. */
  value(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/** The order of each sort, on alias `m`; `here` is the searched point's placeholder, when there is one. */
function orderBy(sort: MissionSearch['sort'], pickup: string, here: string | null): string {
  if (sort === 'price') return 'm.price desc, m.start_date asc, m.id';
  if (sort === 'newest') return 'm.created_at desc, m.id';
  // Straight-line distance through the Earth orders like the road-free distance, and the GiST index returns rows
  // nearest first (KNN): the first rows are read without sorting every match.
  if (sort === 'distance' && here) return `m.${pickup} <-> ${here}, m.id`;
  return 'm.start_date asc, m.id';
}

/**
 * The search of /explorer and /missions (list and map): available missions starting in the future, of the
 * viewer's world (a visitor's: the real one).
 *
 * One statement, one round trip (decision 023): the matches are read in order up to the count cap (or to the end
 * of the asked page when it lies deeper), which gives the count; the page's slice of them is joined to its
 * details in the same statement. The statement is prepared on each connection under a name derived from its text
 * (the filters present change the text, never the values), on the reads pool: PostgreSQL plans each shape once
 * per connection, with the plan that keeps the nearest-first index scan (db/client.ts).
 */
export async function searchMissions(
  reads: pg.Pool,
  viewer: Viewer,
  query: MissionSearch,
): Promise<MissionPage> {
  const statement = new Statement();
  const world = worldOf(viewer.user);
  const conditions = [
    `m.status = 'available'`,
    'm.start_date > now()',
    world === null ? 'm.sandbox_id is null' : `m.sandbox_id = ${statement.value(world, '::uuid')}`,
  ];
  const words = query.q ? searchable(query.q).split(' ').filter(Boolean).slice(0, 8) : [];
  for (const word of words) conditions.push(`m.search_text like ${statement.value(`%${word}%`)}`);
  if (query.vehicleType) conditions.push(`m.vehicle_type = ${statement.value(query.vehicleType)}`);
  if (query.licenseType) {
    const allowed = Object.entries(VEHICLE_LICENSE)
      .filter(([, needed]) => licenseCovers(query.licenseType!, needed))
      .map(([vehicle]) => vehicle);
    conditions.push(`m.vehicle_type = any(${statement.value(allowed, '::text[]')})`);
  }
  if (query.from)
    conditions.push(`m.start_date >= ${statement.value(query.from.toISOString(), '::timestamptz')}`);
  if (query.to)
    conditions.push(`m.start_date <= ${statement.value(query.to.toISOString(), '::timestamptz')}`);
  if (query.minPrice !== undefined)
    conditions.push(`m.price >= ${statement.value(query.minPrice, '::numeric')}`);
  if (query.maxPrice !== undefined)
    conditions.push(`m.price <= ${statement.value(query.maxPrice, '::numeric')}`);
  if (query.urgent === 'true') conditions.push('m.urgency');

  let point: { lat: number; lng: number } | null = null;
  // A city named in the search is placed as an address would be (its commune's point), and said back.
  const center = query.city && query.lat === undefined ? locateAddress(query.city) : null;
  if (query.lat !== undefined && query.lng !== undefined) point = { lat: query.lat, lng: query.lng };
  else if (center) point = { lat: center.lat, lng: center.lng };
  else if (query.near === 'me' && viewer.user?.currentLat && viewer.user.currentLng) {
    point = { lat: Number(viewer.user.currentLat), lng: Number(viewer.user.currentLng) };
  }
  // The searched point and its box are computed here, as earthdistance would (earth(), ll_to_earth,
  // earth_box): the query then compares the indexed column with constants, and PostgreSQL does not plan
  // and run the SQL functions for every search.
  const here = point ? statement.value(cubeLiteral(earthPoint(point.lat, point.lng)), '::cube') : null;
  // Visitors see pickups rounded to about a kilometre: distances to them are measured from that same rounded
  // point, or a few searches from chosen points would give the exact place away.
  const pickup = viewer.user ? 'pickup_point' : 'pickup_point_public';
  if (point && here && query.radiusKm !== undefined) {
    const centre = earthPoint(point.lat, point.lng);
    const reach = chordFor(query.radiusKm * 1000);
    conditions.push(`m.${pickup} <@ ${statement.value(boxLiteral(centre, reach), '::cube')}`);
    conditions.push(`cube_distance(m.${pickup}, ${here}) <= ${statement.value(reach, '::float8')}`);
  }
  const order = orderBy(query.sort ?? (here ? 'distance' : 'start'), pickup, here);

  const offset = (query.page - 1) * query.pageSize;
  // Counting stops at SEARCH_TOTAL_CAP (the screens then say "100+"); a deeper page reads up to its end.
  const upTo = statement.value(Math.max(SEARCH_TOTAL_CAP, offset + query.pageSize), '::int');
  const first = statement.value(offset + 1, '::int');
  const last = statement.value(offset + query.pageSize, '::int');
  const distance = here ? `sec_to_gc(cube_distance(${here}, m.${pickup})) / 1000` : 'null::float8';
  const text = `with found as (
    select coalesce(array_agg(s.id), '{}') as ids
    from (select m.id from missions m where ${conditions.join(' and ')} order by ${order} limit ${upTo}) s
  )
  select cardinality(found.ids) as "found", page.*
  from found
  left join lateral (
    select ${MISSION_FIELDS}, array_position(found.ids, m.id) as "position", ${distance} as "distanceKm",
      coalesce(company.company_name, company.full_name) as "companyName", driver.full_name as "driverName",
      coalesce(counts.received, 0) as "applicationCount", coalesce(counts.pending, 0) as "pendingApplicationCount"
    from missions m
    left join users company on company.id = m.company_id
    left join users driver on driver.id = m.driver_id
    left join lateral (
      select count(*) filter (where a.status <> 'withdrawn')::int as received,
        count(*) filter (where a.status = 'pending')::int as pending
      from mission_applications a where a.mission_id = m.id
    ) counts on true
    where m.id = any(found.ids[${first}:${last}])
  ) page on true`;
  const name = `search-${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  const { rows } = await reads.query<SearchRow>({ name, text, values: statement.values });
  const total = Math.min(rows[0]?.found ?? 0, SEARCH_TOTAL_CAP);
  const items = rows
    .filter((row) => row.id !== null)
    .sort((a, b) => a.position - b.position)
    .map(({ companyName, driverName, applicationCount, pendingApplicationCount, distanceKm, ...mission }) =>
      toMission(
        mission,
        {
          companyName,
          driverName,
          applicationCount,
          pendingApplicationCount,
          distanceKm: distanceKm === null ? null : Number(distanceKm),
        },
        viewer,
      ),
    );
  return {
    items,
    total,
    totalIsLowerBound: total >= SEARCH_TOTAL_CAP,
    center,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A row of the search: one mission of the page (id null when nothing matched), and how many matched. */
type SearchRow = MissionFields & {
  found: number;
  position: number;
  distanceKm: number | null;
  companyName: string | null;
  driverName: string | null;
  applicationCount: number;
  pendingApplicationCount: number;
};
