import {
  MAX_POINTS_PER_BATCH,
  SEND_EVERY_SECONDS,
  roundCoordinate,
  shouldKeepPoint,
} from '#core/rules/tracking.js';
import { TRACKING_ENDED, TRACKING_NOT_STARTED, type PositionsResult } from '#core/schemas/tracking.js';
import { ApiError, apiRequest } from '../api.js';
import {
  addPoint,
  queuedPoints,
  readTracked,
  removePoints,
  writeTracked,
  type QueuedPoint,
  type TrackedMission,
} from './store.js';

/**
 * The driver's position sharing during a mission (decision 019), one per app:
 *
 * - `watchPosition` gives fixes; a fix is kept when 30 s have passed since the last kept point, or the truck has
 *   moved 200 m (core `shouldKeepPoint`, whichever comes first), and queued in IndexedDB with a client id;
 * - the queue is sent in batches: at once for the first point, then every 30 s, and when the network returns
 *   (`online`); a failed send waits longer each time (up to 5 min). Points stay queued until the server has them;
 * - the tracked mission is remembered: after a reload, sharing resumes by itself if the browser still grants
 *   the position (else the mission page offers to turn it back on);
 * - it stops by itself when the mission is no longer in progress (the server's 409, a realtime mission update,
 *   the mission page's status); points taken before the delivery still go (the server accepts them for 24 h).
 */
export interface TrackingStatus {
  /** The mission being shared, or null. */
  missionId: string | null;
  /** Positions are being watched (not paused, permission granted). */
  on: boolean;
  paused: boolean;
  /** Points kept on the phone, not yet received by the server. */
  pending: number;
  /** The last time the server received a batch (ms). */
  lastSentAt: number | null;
  /** The browser refused the position (the driver must allow it in the browser's settings). */
  permissionDenied: boolean;
  /** After a reload, the browser would ask again: the driver turns it back on with a tap. */
  needsPermission: boolean;
}

const IDLE: TrackingStatus = {
  missionId: null,
  on: false,
  paused: false,
  pending: 0,
  lastSentAt: null,
  permissionDenied: false,
  needsPermission: false,
};
/** A mission not started yet (the start request still on its way): its points are kept this long. */
const START_GRACE_MS = 5 * 60_000;
const RETRY_SOON_MS = 3000;
const MAX_BACKOFF_MS = 5 * 60_000;

let status: TrackingStatus = IDLE;
const listeners = new Set<() => void>();
let userId: string | null = null;
let tracked: TrackedMission | null = null;
let watchId: number | null = null;
let lastKept: { latitude: number; longitude: number; recordedAt: number } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** When the next send is planned (ms), or null. */
let timerDue: number | null = null;
let sending = false;
let nextAllowedAt = 0;
let failures = 0;

function set(patch: Partial<TrackingStatus>) {
  status = { ...status, ...patch };
  for (const listener of listeners) listener();
}

export function subscribeTracking(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const trackingStatus = (): TrackingStatus => status;

const geolocation = () => (typeof navigator !== 'undefined' ? navigator.geolocation : undefined);

function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 'granted', 'denied', 'prompt', or 'unknown' where the Permissions API is missing. */
async function geolocationPermission(): Promise<PermissionState | 'unknown'> {
  try {
    const result = await navigator.permissions.query({ name: 'geolocation' });
    return result.state;
  } catch {
    return 'unknown';
  }
}

async function onFix(position: GeolocationPosition) {
  if (!tracked || !userId || tracked.paused) return;
  const { coords } = position;
  const point = {
    latitude: roundCoordinate(coords.latitude),
    longitude: roundCoordinate(coords.longitude),
    accuracy: Number.isFinite(coords.accuracy) ? Math.min(coords.accuracy, 100_000) : null,
    recordedAt: position.timestamp || Date.now(),
  };
  if (!shouldKeepPoint(lastKept, point)) return;
  lastKept = point;
  const speed = coords.speed;
  const heading = coords.heading;
  await addPoint({
    clientId: newClientId(),
    missionId: tracked.missionId,
    userId,
    ...point,
    // The browser gives m/s; Relais speaks km/h.
    speed:
      speed !== null && Number.isFinite(speed) ? Math.min(250, Math.round(speed * 3.6 * 100) / 100) : null,
    heading: heading !== null && Number.isFinite(heading) ? heading % 360 : null,
    recordedAt: new Date(point.recordedAt).toISOString(),
  });
  set({ pending: status.pending + 1 });
  // The first point goes at once; then at most every 30 s.
  const wait = status.lastSentAt === null ? 0 : status.lastSentAt + SEND_EVERY_SECONDS * 1000 - Date.now();
  if (wait <= 0) void flush();
  else if (timerDue === null) schedule(wait);
}

function onFixError(error: GeolocationPositionError) {
  if (error.code === error.PERMISSION_DENIED) {
    stopWatch();
    set({ permissionDenied: true, on: false });
  }
  // Unavailable or timed out (a tunnel): the watch goes on and the next fix comes when it can.
}

function startWatch() {
  const geo = geolocation();
  if (!geo || watchId !== null || !tracked || tracked.paused) return;
  watchId = geo.watchPosition((position) => void onFix(position), onFixError, {
    enableHighAccuracy: true,
    maximumAge: 10_000,
    timeout: 60_000,
  });
  set({ on: true, permissionDenied: false, needsPermission: false });
}

function stopWatch() {
  if (watchId !== null) geolocation()?.clearWatch(watchId);
  watchId = null;
  lastKept = null;
  set({ on: false });
}

function schedule(delay = SEND_EVERY_SECONDS * 1000) {
  clearTimeout(timer);
  timerDue = null;
  if (!userId) return;
  timerDue = Date.now() + delay;
  timer = setTimeout(() => {
    timerDue = null;
    void flush();
  }, delay);
}

/** Sends what is queued, mission by mission, in batches; the server says what to keep, drop, or stop. */
async function flush(): Promise<void> {
  if (!userId || sending) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  if (Date.now() < nextAllowedAt) return schedule(nextAllowedAt - Date.now());
  sending = true;
  let retrySoon = false;
  try {
    const queue = await queuedPoints(userId);
    const byMission = new Map<string, QueuedPoint[]>();
    for (const point of queue)
      byMission.set(point.missionId, [...(byMission.get(point.missionId) ?? []), point]);
    for (const [missionId, points] of byMission) {
      for (let start = 0; start < points.length; start += MAX_POINTS_PER_BATCH) {
        const batch = points.slice(start, start + MAX_POINTS_PER_BATCH);
        try {
          await apiRequest<PositionsResult>('POST', `/api/missions/${missionId}/positions`, {
            points: batch.map(({ missionId: _m, userId: _u, ...point }) => point),
          });
          await removePoints(batch.map((point) => point.clientId));
          failures = 0;
          set({ lastSentAt: Date.now() });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) throw error;
          const code = (error.body as { code?: string } | null)?.code;
          // Sent before the start went through: kept a little while.
          if (
            code === TRACKING_NOT_STARTED &&
            tracked?.missionId === missionId &&
            Date.now() - tracked.since < START_GRACE_MS
          ) {
            retrySoon = true;
            break;
          }
          // Never to be accepted (ended, not this driver's, malformed): dropped; sharing this mission stops.
          await removePoints(batch.map((point) => point.clientId));
          if (tracked?.missionId === missionId && (code === TRACKING_ENDED || error.status !== 400))
            await stopTracking();
          break;
        }
      }
    }
  } catch {
    failures++;
    nextAllowedAt = Date.now() + Math.min(MAX_BACKOFF_MS, SEND_EVERY_SECONDS * 1000 * 2 ** (failures - 1));
  } finally {
    sending = false;
    if (userId) {
      const pending = (await queuedPoints(userId).catch(() => [])).length;
      set({ pending });
      if (pending > 0)
        schedule(retrySoon ? RETRY_SOON_MS : Math.max(SEND_EVERY_SECONDS * 1000, nextAllowedAt - Date.now()));
    }
  }
}

const onOnline = () => {
  nextAllowedAt = 0;
  void flush();
};

/**
 * Mounted once for a signed-in driver (sidebar layout): picks up a mission tracked before a reload — resumed if
 * the browser still grants the position and the mission is still in progress — and sends what waits.
 */
export async function initTracking(id: string): Promise<void> {
  if (userId === id) return;
  userId = id;
  window.addEventListener('online', onOnline);
  const saved = await readTracked().catch(() => null);
  if (userId !== id) return;
  if (saved && saved.userId === id) {
    tracked = saved;
    set({ missionId: saved.missionId, paused: saved.paused });
    const mission = await apiRequest<{ mission: { status: string } }>(
      'GET',
      `/api/missions/${saved.missionId}`,
    ).catch((error: unknown) => (error instanceof ApiError ? null : undefined));
    // Gone, or no longer in progress: over. (Offline: assume it goes on.)
    if (mission === null || (mission && mission.mission.status !== 'in_progress')) await stopTracking();
    else if (!saved.paused) {
      const permission = await geolocationPermission();
      if (permission === 'granted') startWatch();
      else if (permission === 'denied') set({ permissionDenied: true });
      else set({ needsPermission: true });
    }
  }
  void flush();
}

/** On sign-out or another user: the watch stops; the queue and the tracked mission stay for that driver. */
export function disposeTracking(): void {
  stopWatch();
  clearTimeout(timer);
  timerDue = null;
  window.removeEventListener('online', onOnline);
  userId = null;
  tracked = null;
  status = IDLE;
  for (const listener of listeners) listener();
}

/** Starts sharing for the mission (the browser's permission asked already, or asked now by the watch). */
export async function startTracking(missionId: string): Promise<void> {
  if (!userId) return;
  if (tracked?.missionId !== missionId) stopWatch();
  tracked = { userId, missionId, paused: false, since: Date.now() };
  await writeTracked(tracked).catch(() => undefined);
  set({ missionId, paused: false, permissionDenied: false, needsPermission: false });
  startWatch();
}

/** Stops sharing (the mission ended, or another device said so); queued points are still sent. */
async function stopTracking(): Promise<void> {
  stopWatch();
  tracked = null;
  await writeTracked(null).catch(() => undefined);
  set({ missionId: null, paused: false, needsPermission: false });
  void flush();
}

async function setPausedLocally(paused: boolean) {
  if (!tracked) return;
  tracked = { ...tracked, paused };
  await writeTracked(tracked).catch(() => undefined);
  set({ paused });
  if (paused) stopWatch();
  else startWatch();
}

/** The driver pauses: the watch stops at once, then the server is told (the transporter sees "en pause"). */
export async function pauseTracking(): Promise<void> {
  if (!tracked) return;
  const missionId = tracked.missionId;
  await setPausedLocally(true);
  await flush();
  await apiRequest('POST', `/api/missions/${missionId}/tracking/pause`);
}

export async function resumeTracking(): Promise<void> {
  if (!tracked) return;
  await apiRequest('POST', `/api/missions/${tracked.missionId}/tracking/resume`);
  await setPausedLocally(false);
}

/** A mission's status seen elsewhere (realtime update, the mission page): sharing stops once it is over. */
export function missionStatusSeen(missionId: string, missionStatus: string | null): void {
  // 'assigned' may be a start still on its way: only what comes after the trip (or a drop) stops it.
  if (missionStatus && OVER.has(missionStatus) && tracked?.missionId === missionId) void stopTracking();
}
const OVER = new Set(['delivered', 'completed', 'cancelled', 'available']);

/** Paused or resumed from another of the driver's devices. */
export function trackingStateSeen(missionId: string, paused: boolean): void {
  if (tracked?.missionId === missionId && tracked.paused !== paused) void setPausedLocally(paused);
}
