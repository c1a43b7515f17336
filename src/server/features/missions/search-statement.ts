import { createHash } from 'node:crypto';
import { roleOf } from '#core/rules/roles.js';
import { searchable } from '#core/rules/text.js';
import { licenseCovers, VEHICLE_LICENSE } from '#core/rules/missions.js';
import type { MissionSearch } from '#core/schemas/missions.js';
import { isoText } from '../../db/json-sql.js';
import { worldOf } from '../../platform/demo-world.js';
import { locateAddress } from '../../platform/places.js';
import type { Viewer } from './shared.js';

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

/** A statement's values ($1, $2…), given clause by clause. */
class Values {
  readonly list: unknown[] = [];
  /** The placeholder of a new value. */
  add(value: unknown, cast = ''): string {
    this.list.push(value);
    return `$${this.list.length}${cast}`;
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
 * A mission of the page as the API's JSON, written by PostgreSQL: the rules of `toMission` (shared.ts), which a
 * test holds equal field by field. Visitors (`party` null) get cities, not addresses, and coordinates rounded to
 * two decimals as their search point is; the chosen driver is named to the two parties and the team only.
 */
function itemJson(member: boolean, party: string | null, distance: string): string {
  const exact = (column: string) => (member ? `m.${column}` : 'null');
  const coordinate = (column: string) => (member ? `m.${column}` : `round(m.${column}, 2)`);
  const toParties = (value: string) => (party ? `case when ${party} then ${value} end` : 'null');
  // A function takes 100 arguments at most: the freight (decision 052) is a second object, spliced into the first
  // as text (its closing brace, the other's opening one).
  const freight = `json_build_object(
    'loadingStart', ${isoText('m.loading_start')}, 'loadingEnd', ${isoText('m.loading_end')},
    'deliveryStart', ${isoText('m.delivery_start')}, 'deliveryEnd', ${isoText('m.delivery_end')},
    'temperatureC', m.temperature_c, 'adrClass', m.adr_class, 'unNumber', m.un_number,
    'requiredEquipment', array_remove(array[case when m.requires_atp then 'atp' end,
      case when m.requires_tail_lift then 'tail_lift' end], null)
  )`;
  return `(left(json_build_object(
    'id', m.id, 'companyId', m.company_id, 'companyName', coalesce(company.company_name, company.full_name),
    'driverId', ${toParties('m.driver_id')}, 'driverName', ${toParties('driver.full_name')},
    'title', m.title, 'description', m.description,
    'pickupAddress', ${exact('pickup_address')}, 'deliveryAddress', ${exact('delivery_address')},
    'pickupCity', m.pickup_city, 'deliveryCity', m.delivery_city,
    'pickupPrecision', m.pickup_precision, 'deliveryPrecision', m.delivery_precision,
    'pickupLat', ${coordinate('pickup_lat')}, 'pickupLng', ${coordinate('pickup_lng')},
    'deliveryLat', ${coordinate('delivery_lat')}, 'deliveryLng', ${coordinate('delivery_lng')},
    'vehicleType', m.vehicle_type, 'startDate', ${isoText('m.start_date')}, 'endDate', ${isoText('m.end_date')},
    'price', m.price::text, 'pricingType', m.pricing_type, 'cargoType', m.cargo_type,
    'cargoWeightKg', m.cargo_weight_kg, 'palletCount', m.pallet_count,
    'waitingQuarterPrice', m.waiting_quarter_price::text, 'waitingFranchiseMinutes', m.waiting_franchise_minutes,
    'requiredDocuments', m.required_documents, 'status', m.status, 'urgency', m.urgency,
    'engagementType', m.engagement_type, 'paymentTerms', m.payment_terms, 'createdAt', ${isoText('m.created_at')},
    'assignedAt', ${isoText('m.assigned_at')}, 'startedAt', ${isoText('m.started_at')},
    'deliveredAt', ${isoText('m.delivered_at')}, 'completedAt', ${isoText('m.completed_at')},
    'cancelledAt', ${isoText('m.cancelled_at')}, 'cancellationReason', m.cancellation_reason,
    'distanceKm', ${distance},
    'route', case when m.routed_km is not null and m.routed_driving_minutes is not null
      then json_build_object('distanceKm', m.routed_km, 'drivingMinutes', m.routed_driving_minutes, 'source', 'routing')
      when m.route_km is not null and m.route_driving_minutes is not null
      then json_build_object('distanceKm', m.route_km, 'drivingMinutes', m.route_driving_minutes, 'source', 'estimate')
      end,
    'applicationCount', coalesce(counts.received, 0), 'pendingApplicationCount', coalesce(counts.pending, 0)
  )::text, -1) || ', ' || substr(${freight}::text, 2))::json`;
}

/** A search as one prepared statement: its name (from its text), text and values, and the placed city. */
export interface SearchStatement {
  name: string;
  text: string;
  values: unknown[];
  center: ReturnType<typeof locateAddress>;
}

/**
 * The statement of a search (decision 027): the matches are read in order up to the count cap (or to the end of
 * the asked page when it lies deeper), which gives the count; the page's slice of them is joined to its details
 * and written as JSON in the same statement. The filters present change the text, never the values: one prepared
 * statement per shape and connection.
 */
export function searchStatement(viewer: Viewer, query: MissionSearch): SearchStatement {
  const values = new Values();
  const user = viewer.user;
  const world = worldOf(user);
  const conditions = [
    `m.status = 'available'`,
    'm.start_date > now()',
    world === null ? 'm.sandbox_id is null' : `m.sandbox_id = ${values.add(world, '::uuid')}`,
  ];
  const words = query.q ? searchable(query.q).split(' ').filter(Boolean).slice(0, 8) : [];
  for (const word of words) conditions.push(`m.search_text like ${values.add(`%${word}%`)}`);
  if (query.vehicleType) conditions.push(`m.vehicle_type = ${values.add(query.vehicleType)}`);
  if (query.licenseType) {
    const allowed = Object.entries(VEHICLE_LICENSE)
      .filter(([, needed]) => licenseCovers(query.licenseType!, needed))
      .map(([vehicle]) => vehicle);
    conditions.push(`m.vehicle_type = any(${values.add(allowed, '::text[]')})`);
  }
  if (query.from) conditions.push(`m.start_date >= ${values.add(query.from.toISOString(), '::timestamptz')}`);
  if (query.to) conditions.push(`m.start_date <= ${values.add(query.to.toISOString(), '::timestamptz')}`);
  if (query.minPrice !== undefined) conditions.push(`m.price >= ${values.add(query.minPrice, '::numeric')}`);
  if (query.maxPrice !== undefined) conditions.push(`m.price <= ${values.add(query.maxPrice, '::numeric')}`);
  // A boolean is compared with < or >, not =: PostgreSQL rewrites `b = true` as `b` and `b = false` as `not b`,
  // which btree_gist cannot check inside the index (decision 052), while `b > false` is its own operator.
  const flag = (column: string, wanted: boolean) => `m.${column} ${wanted ? '> false' : '< true'}`;
  if (query.urgent === 'true') conditions.push(flag('urgency', true));
  // The freight filters (decision 052), each on a column of the search's GiST indexes: a rare one (ADR, say) is
  // checked inside the nearest-first scan, not on every row of the radius.
  if (query.atp) conditions.push(flag('requires_atp', query.atp === 'include'));
  if (query.tailLift) conditions.push(flag('requires_tail_lift', query.tailLift === 'include'));
  if (query.adr) conditions.push(`m.adr_class is ${query.adr === 'include' ? 'not ' : ''}null`);
  if (query.temperature)
    conditions.push(`m.temperature_c is ${query.temperature === 'include' ? 'not ' : ''}null`);

  let point: { lat: number; lng: number } | null = null;
  // A city named in the search is placed as an address would be (its commune's point), and said back.
  const center = query.city && query.lat === undefined ? locateAddress(query.city) : null;
  if (query.lat !== undefined && query.lng !== undefined) point = { lat: query.lat, lng: query.lng };
  // A name several communes bear is not guessed: the answer lists them, and the screen asks which (decision 046).
  else if (center && center.conflict !== 'homonyms') point = { lat: center.lat, lng: center.lng };
  else if (query.near === 'me' && user?.currentLat && user.currentLng) {
    point = { lat: Number(user.currentLat), lng: Number(user.currentLng) };
  }
  // The searched point and its box are computed here, as earthdistance would (earth(), ll_to_earth,
  // earth_box): the query then compares the indexed column with constants, and PostgreSQL does not plan
  // and run the SQL functions for every search.
  const here = point ? values.add(cubeLiteral(earthPoint(point.lat, point.lng)), '::cube') : null;
  // Visitors see pickups rounded to about a kilometre: distances to them are measured from that same rounded
  // point, or a few searches from chosen points would give the exact place away.
  const pickup = user ? 'pickup_point' : 'pickup_point_public';
  if (point && here && query.radiusKm !== undefined) {
    const centre = earthPoint(point.lat, point.lng);
    const reach = chordFor(query.radiusKm * 1000);
    conditions.push(`m.${pickup} <@ ${values.add(boxLiteral(centre, reach), '::cube')}`);
    conditions.push(`cube_distance(m.${pickup}, ${here}) <= ${values.add(reach, '::float8')}`);
  }
  const order = orderBy(query.sort ?? (here ? 'distance' : 'start'), pickup, here);

  const offset = (query.page - 1) * query.pageSize;
  // Counting stops at SEARCH_TOTAL_CAP (the screens then say "100+"); a deeper page reads up to its end.
  const upTo = values.add(Math.max(SEARCH_TOTAL_CAP, offset + query.pageSize), '::int');
  const first = values.add(offset + 1, '::int');
  const last = values.add(offset + query.pageSize, '::int');
  const distance = here
    ? `round((sec_to_gc(cube_distance(${here}, m.${pickup})) / 1000)::numeric, 1)`
    : 'null';
  const party = user
    ? roleOf(user) === 'admin'
      ? 'true'
      : `(m.company_id = ${values.add(user.id, '::uuid')} or m.driver_id = $${values.list.length}::uuid)`
    : null;
  const text = `with found as (
    select coalesce(array_agg(s.id), '{}') as ids
    from (select m.id from missions m where ${conditions.join(' and ')} order by ${order} limit ${upTo}) s
  )
  select cardinality(found.ids) as "found", (
    select coalesce(json_agg(${itemJson(user !== null, party, distance)}
      order by array_position(found.ids, m.id)), '[]')::text
    from missions m
    left join users company on company.id = m.company_id
    left join users driver on driver.id = m.driver_id
    left join lateral (
      select count(*) filter (where a.status <> 'withdrawn')::int as received,
        count(*) filter (where a.status = 'pending')::int as pending
      from mission_applications a where a.mission_id = m.id
    ) counts on true
    where m.id = any(found.ids[${first}:${last}])
  ) as "items"
  from found`;
  const name = `search-${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  return { name, text, values: values.list, center };
}
