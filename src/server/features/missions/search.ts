import { inWorld, worldOf } from '../../platform/demo-world.js';
import { locateAddress } from '../../platform/places.js';
import { searchable } from '#core/rules/text.js';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { licenseCovers, VEHICLE_LICENSE } from '#core/rules/missions.js';
import type { MissionPage, MissionSearch } from '#core/schemas/missions.js';
import type { Db } from '../../db/client.js';
import { missions } from '../../db/schema/missions.js';
import {
  type Viewer,
  toMission,
  companyName,
  driverName,
  applicationCount,
  pendingApplicationCount,
} from './shared.js';

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

/**
 * The search of /explorer and /missions (list and map): available missions starting in the future, of the
 * viewer's world (a visitor's: the real one).
 */
export async function searchMissions(db: Db, viewer: Viewer, query: MissionSearch): Promise<MissionPage> {
  const conditions: SQL[] = [
    sql`${missions.status} = 'available'`,
    sql`${missions.startDate} > now()`,
    inWorld(missions.sandboxId, worldOf(viewer.user)),
  ];
  const words = query.q ? searchable(query.q).split(' ').filter(Boolean).slice(0, 8) : [];
  for (const word of words) conditions.push(sql`${missions.searchText} like ${`%${word}%`}`);
  if (query.vehicleType) conditions.push(eq(missions.vehicleType, query.vehicleType));
  if (query.licenseType) {
    const allowed = Object.entries(VEHICLE_LICENSE)
      .filter(([, needed]) => licenseCovers(query.licenseType!, needed))
      .map(([vehicle]) => vehicle);
    conditions.push(inArray(missions.vehicleType, allowed));
  }
  if (query.from) conditions.push(sql`${missions.startDate} >= ${query.from.toISOString()}`);
  if (query.to) conditions.push(sql`${missions.startDate} <= ${query.to.toISOString()}`);
  if (query.minPrice !== undefined) conditions.push(sql`${missions.price} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${missions.price} <= ${query.maxPrice}`);
  if (query.urgent === 'true') conditions.push(eq(missions.urgency, true));

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
  const here = point ? sql`${cubeLiteral(earthPoint(point.lat, point.lng))}::cube` : null;
  // Visitors see pickups rounded to about a kilometre: distances to them are measured from that same rounded
  // point, or a few searches from chosen points would give the exact place away.
  const pickup = viewer.user ? missions.pickupPoint : missions.pickupPointPublic;
  if (point && query.radiusKm !== undefined) {
    const centre = earthPoint(point.lat, point.lng);
    const reach = chordFor(query.radiusKm * 1000);
    conditions.push(sql`${pickup} <@ ${boxLiteral(centre, reach)}::cube`);
    conditions.push(sql`cube_distance(${pickup}, ${here}) <= ${reach}`);
  }

  const sort = query.sort ?? (here ? 'distance' : 'start');
  const order: SQL[] =
    sort === 'price'
      ? [sql`${missions.price} desc`, sql`${missions.startDate} asc`]
      : sort === 'newest'
        ? [sql`${missions.createdAt} desc`]
        : sort === 'distance' && here
          ? // Straight-line distance through the Earth orders like the road-free distance, and the GiST
            // index returns rows nearest first (KNN): the page is read without sorting every match.
            [sql`${pickup} <-> ${here}`]
          : [sql`${missions.startDate} asc`];
  order.push(sql`${missions.id}`);

  const where = and(...conditions);
  const [pageIds, [counted]] = await Promise.all([
    db
      .select({ id: missions.id })
      .from(missions)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    // Counting stops at SEARCH_TOTAL_CAP (the screens then say "100+").
    db
      .execute<{ total: number }>(
        sql`select count(*)::int as total from (select 1 from ${missions} where ${where} limit ${SEARCH_TOTAL_CAP}) found`,
      )
      .then((result) => result.rows),
  ]);
  const ids = pageIds.map((row) => row.id);
  const distance = here
    ? sql<number | null>`(sec_to_gc(cube_distance(${here}, ${pickup})) / 1000)`
    : sql<null>`null::float8`;
  const rows = ids.length
    ? await db
        .select({
          mission: missions,
          companyName,
          driverName,
          applicationCount,
          pendingApplicationCount,
          distanceKm: distance,
        })
        .from(missions)
        .where(inArray(missions.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.mission.id, row]));
  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const { mission, distanceKm, ...extras } = row;
      return [
        toMission(
          mission,
          { ...extras, distanceKm: distanceKm === null ? null : Number(distanceKm) },
          viewer,
        ),
      ];
    }),
    total: counted?.total ?? 0,
    totalIsLowerBound: (counted?.total ?? 0) >= SEARCH_TOTAL_CAP,
    center,
    page: query.page,
    pageSize: query.pageSize,
  };
}
