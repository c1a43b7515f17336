/**
 * The phone's tracking memory in IndexedDB: the points not sent yet (each with its client id, so a batch sent
 * twice is stored once) and the mission being tracked (so a reload resumes). Without IndexedDB (private mode
 * on some browsers), a memory fallback keeps working for the page's life.
 */
import { databaseOpener, runInStore } from '../idb.js';

export interface QueuedPoint {
  clientId: string;
  missionId: string;
  userId: string;
  latitude: number;
  longitude: number;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  recordedAt: string;
}

export interface TrackedMission {
  userId: string;
  missionId: string;
  paused: boolean;
  /** When the driver started sharing (ms): a "not started yet" answer is waited out for a while after. */
  since: number;
}

const DB_NAME = 'relais-tracking';
const POINTS = 'points';
const STATE = 'state';
const CURRENT = 'current';

const memory = { points: new Map<string, QueuedPoint>(), state: null as TrackedMission | null };

const open = databaseOpener(DB_NAME, 1, (db) => {
  db.createObjectStore(POINTS, { keyPath: 'clientId' }).createIndex('missionId', 'missionId');
  db.createObjectStore(STATE);
});
const run = runInStore;

export async function addPoint(point: QueuedPoint): Promise<void> {
  const db = await open();
  if (!db) {
    memory.points.set(point.clientId, point);
    return;
  }
  await run(db, POINTS, 'readwrite', (store) => store.put(point));
}

/** The user's queued points, oldest first. */
export async function queuedPoints(userId: string): Promise<QueuedPoint[]> {
  const db = await open();
  const all = db
    ? ((await run<QueuedPoint[]>(db, POINTS, 'readonly', (store) => store.getAll())) ?? [])
    : [...memory.points.values()];
  return all
    .filter((point) => point.userId === userId)
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

export async function removePoints(clientIds: readonly string[]): Promise<void> {
  const db = await open();
  if (!db) {
    for (const id of clientIds) memory.points.delete(id);
    return;
  }
  await run(db, POINTS, 'readwrite', (store) => {
    for (const id of clientIds) store.delete(id);
  });
}

export async function readTracked(): Promise<TrackedMission | null> {
  const db = await open();
  if (!db) return memory.state;
  return ((await run<TrackedMission>(db, STATE, 'readonly', (store) => store.get(CURRENT))) ??
    null) as TrackedMission | null;
}

export async function writeTracked(state: TrackedMission | null): Promise<void> {
  const db = await open();
  if (!db) {
    memory.state = state;
    return;
  }
  await run(db, STATE, 'readwrite', (store) => {
    if (state) store.put(state, CURRENT);
    else store.delete(CURRENT);
  });
}
