import { and, eq } from 'drizzle-orm';
import { routedDriving } from '#core/rules/driving-time-estimate.js';
import { missions } from '../../db/schema/missions.js';
import type { FeatureDeps } from '../../platform/deps.js';

/**
 * The road distance of a mission from a routing service (decision 054), when ROUTING_URL is set: after a publication
 * or an edit, a queued job asks the service for the trip (OSRM's route service: `GET {url}/route/v1/driving/{lon},
 * {lat};{lon},{lat}?overview=false` → `routes[0].distance` in metres, `.duration` in seconds) and keeps its figures
 * beside the straight-line estimate (routed_km, routed_driving_minutes, routed_at). A service that fails, is slow
 * (ROUTING_TIMEOUT_MS, 3 s) or finds no road changes nothing: the estimate stays, publication never waits for it.
 */

const ROUTE_JOB = 'mission-route';

interface Trip {
  pickupLat: string;
  pickupLng: string;
  deliveryLat: string;
  deliveryLng: string;
}

/** The service's road distance (m) and duration (s) for the trip, or null (no answer in time, no road, not JSON). */
async function askRoute(
  routing: { url: string; timeoutMs: number },
  trip: Trip,
): Promise<{ distanceMetres: number; durationSeconds: number } | null> {
  const points = `${Number(trip.pickupLng)},${Number(trip.pickupLat)};${Number(trip.deliveryLng)},${Number(trip.deliveryLat)}`;
  const url = new URL(`${routing.url.replace(/\/+$/, '')}/route/v1/driving/${points}`);
  url.searchParams.set('overview', 'false');
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(routing.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as {
      code?: unknown;
      routes?: { distance?: unknown; duration?: unknown }[];
    };
    const route = body.code === 'Ok' && Array.isArray(body.routes) ? body.routes[0] : undefined;
    const { distance, duration } = route ?? {};
    if (typeof distance !== 'number' || typeof duration !== 'number') return null;
    if (!(distance >= 0) || !(duration >= 0) || !Number.isFinite(distance + duration)) return null;
    return { distanceMetres: distance, durationSeconds: duration };
  } catch {
    return null;
  }
}

/** The routing job and what sets it off: a mission published, or edited (an edit moving a point cleared its route). */
export function watchMissionRoutes(deps: FeatureDeps): void {
  const { db, jobs, events, config } = deps;
  const routing = config.routing.url
    ? { url: config.routing.url, timeoutMs: config.routing.timeoutMs }
    : null;
  if (!routing) return;
  jobs.define<{ missionId: string }>(
    ROUTE_JOB,
    async (run) => {
      const [mission] = await db.select().from(missions).where(eq(missions.id, run.data.missionId));
      // A demonstration's missions keep the estimate: visitors never set off calls to the service (decision 054).
      if (!mission || mission.routedAt || mission.sandboxId) return;
      const { pickupLat, pickupLng, deliveryLat, deliveryLng } = mission;
      if (pickupLat === null || pickupLng === null || deliveryLat === null || deliveryLng === null) return;
      const trip = { pickupLat, pickupLng, deliveryLat, deliveryLng };
      const answer = await askRoute(routing, trip);
      if (!answer) {
        run.log.warn({ missionId: mission.id }, 'routing service gave no route: the estimate stays');
        return;
      }
      const driving = routedDriving(answer);
      // Kept only if the points are still those asked about (an edit in between clears and asks again).
      await db
        .update(missions)
        .set({
          routedKm: driving.distanceKm,
          routedDrivingMinutes: driving.drivingMinutes,
          routedAt: new Date(),
        })
        .where(
          and(
            eq(missions.id, mission.id),
            eq(missions.pickupLat, pickupLat),
            eq(missions.pickupLng, pickupLng),
            eq(missions.deliveryLat, deliveryLat),
            eq(missions.deliveryLng, deliveryLng),
          ),
        );
    },
    // One try: a service down now is no reason to hold a worker; the next edit asks again.
    { retryLimit: 0, expireInSeconds: 60 },
  );
  // After the change has committed (the publication is answered without waiting); a failure to queue is retried by
  // the outbox's recovery like any handler's.
  events.subscribe(async (event) => {
    if (event.type === 'mission.published' || event.type === 'mission.updated')
      await jobs.send(ROUTE_JOB, { missionId: event.missionId });
  });
}
