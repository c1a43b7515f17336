import { useSyncExternalStore } from 'react';
import { IDEMPOTENCY_IN_PROGRESS } from '#core/rules/offline-actions.js';
import { ApiError, apiRequest } from '../api.js';
import { runInStore } from '../idb.js';
import { offlineAccount, openOfflineDatabase } from './copies.js';
import { isOnline, reportAnswered, reportNoNetwork } from './network.js';

/**
 * The actions a driver takes without network — a message, the start of a mission, an incident, a wait — queued on
 * the phone and sent once, in order, when the network comes back (decision 055). Each action carries a key
 * (`Idempotency-Key`) made when it was taken: sent again after a lost answer, the server does it once. An action
 * taken while others wait goes behind them, whatever the network, so that the order is kept. The time it was
 * taken travels with it (the field `timeField` names), so that the server dates it from then. An action refused
 * when sent (the mission was cancelled meanwhile, say) is dropped and the screens say why; an action older than
 * the server keeps its keys is dropped too, unsent.
 */
type FormEntry = [string, string | File];

export interface QueuedAction {
  seq?: number;
  account: string;
  key: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  form?: FormEntry[];
  /** What the screens call it: « Message à Transports Morel », « Début de la mission »… */
  label: string;
  /** What screen shows it: `messages:<otherId>`, `mission:<id>`. */
  group: string;
  createdAt: number;
}

export interface NewAction {
  method: QueuedAction['method'];
  path: string;
  body?: unknown;
  label: string;
  group: string;
  /** The body's field that says when the action was taken, filled when it is queued. */
  timeField?: string;
}

export type ActionOutcome<T> = { status: 'sent'; result: T } | { status: 'queued' };
export type OutboxNews = { sent: number } | { failed: string; reason: string };

/** A day less an hour: the server keeps an action's key a day. */
const MAX_AGE_MS = 23 * 3_600_000;
const STORE = 'actions';
const memory: QueuedAction[] = [];
let queued: readonly QueuedAction[] = [];
const listeners = new Set<() => void>();
const newsListeners = new Set<(news: OutboxNews) => void>();

async function all(): Promise<QueuedAction[]> {
  const db = await openOfflineDatabase();
  const rows = db
    ? ((await runInStore<QueuedAction[]>(db, STORE, 'readonly', (store) => store.getAll())) ?? [])
    : [...memory];
  const account = offlineAccount();
  return rows.filter((row) => row.account === account).sort((a, b) => a.seq! - b.seq!);
}

async function refresh(): Promise<readonly QueuedAction[]> {
  queued = await all().catch(() => []);
  for (const listener of listeners) listener();
  return queued;
}

async function add(action: QueuedAction): Promise<void> {
  const db = await openOfflineDatabase();
  if (db) await runInStore(db, STORE, 'readwrite', (store) => store.add(action));
  else memory.push({ ...action, seq: (memory.at(-1)?.seq ?? 0) + 1 });
  await refresh();
}

async function remove(seq: number): Promise<void> {
  const db = await openOfflineDatabase();
  if (db) await runInStore(db, STORE, 'readwrite', (store) => store.delete(seq));
  else
    memory.splice(
      memory.findIndex((row) => row.seq === seq),
      1,
    );
}

/** Sign-out, another account: what waited is not sent (on another account's behalf). `except`'s are kept. */
export async function eraseQueuedActions(except?: string): Promise<void> {
  const gone = (row: QueuedAction) => row.account !== except;
  memory.splice(0, memory.length, ...memory.filter((row) => !gone(row)));
  const db = await openOfflineDatabase();
  if (db)
    await runInStore(db, STORE, 'readwrite', (store) => {
      const request = store.openCursor();
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return;
        if (gone(cursor.value as QueuedAction)) cursor.delete();
        cursor.continue();
      };
    }).catch(() => undefined);
  await refresh();
}

function bodyOf(action: QueuedAction): unknown {
  if (!action.form) return action.json;
  const form = new FormData();
  for (const [name, value] of action.form) form.append(name, value);
  return form;
}

function stamped(body: unknown, field: string | undefined, at: string): Pick<QueuedAction, 'json' | 'form'> {
  if (body instanceof FormData) {
    const form = [...body.entries()] as FormEntry[];
    if (field && !body.has(field)) form.push([field, at]);
    return { form };
  }
  if (!field) return { json: body };
  return { json: { ...(body as object | undefined), [field]: at } };
}

const send = <T>(action: QueuedAction) =>
  apiRequest<T>(action.method, action.path, bodyOf(action), { 'Idempotency-Key': action.key });

/**
 * Sends the action now when the network is there and nothing waits before it; else queues it. Refusals of the
 * server (ApiError) reach the caller as before.
 */
export async function sendOrQueue<T>(input: NewAction): Promise<ActionOutcome<T>> {
  const account = offlineAccount();
  const key = crypto.randomUUID();
  // Nobody's copy on this device (the demonstration): sent as before, never queued.
  if (!account) return { status: 'sent', result: await apiRequest<T>(input.method, input.path, input.body) };
  const now = new Date();
  // Queued, it carries the time it was taken; sent at once, the server's now is that time.
  const queue = () =>
    add({
      account,
      key,
      method: input.method,
      path: input.path,
      label: input.label,
      group: input.group,
      createdAt: now.getTime(),
      ...stamped(input.body, input.timeField, now.toISOString()),
    }).then(() => ({ status: 'queued' as const }));
  if (!isOnline() || (await refresh()).length > 0) {
    const outcome = await queue();
    void flushOutbox();
    return outcome;
  }
  try {
    // The same key as the queued copy: if this sending arrived but its answer was lost, the retry changes nothing.
    const result = await apiRequest<T>(input.method, input.path, input.body, { 'Idempotency-Key': key });
    reportAnswered();
    return { status: 'sent', result };
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    reportNoNetwork();
    return queue();
  }
}

let flushing: Promise<void> | null = null;

/** Sends what waits, oldest first; stops at the first want of network. One pass at a time. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (const action of await refresh()) {
        if (Date.now() - action.createdAt > MAX_AGE_MS) {
          await remove(action.seq!);
          tell({ failed: action.label, reason: 'Trop ancienne pour être envoyée (plus de 23 h)' });
          continue;
        }
        try {
          await send(action);
          reportAnswered();
          sent++;
        } catch (error) {
          if (error instanceof TypeError) {
            reportNoNetwork();
            break;
          }
          // Being handled by an earlier sending: tried again at the next pass.
          if (
            error instanceof ApiError &&
            (error.body as { code?: unknown } | null)?.code === IDEMPOTENCY_IN_PROGRESS
          )
            break;
          tell({ failed: action.label, reason: error instanceof Error ? error.message : 'Refusée' });
        }
        await remove(action.seq!);
      }
    } finally {
      flushing = null;
      await refresh();
      if (sent > 0) tell({ sent });
    }
  })();
  return flushing;
}

function tell(news: OutboxNews) {
  for (const listener of newsListeners) listener(news);
}

/** What the queue did: actions sent, or refused. */
export function onOutboxNews(listener: (news: OutboxNews) => void): () => void {
  newsListeners.add(listener);
  return () => void newsListeners.delete(listener);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The actions waiting for the network, of one screen (`group`) or all. */
export function useQueuedActions(group?: string): readonly QueuedAction[] {
  const current = useSyncExternalStore(
    subscribe,
    () => queued,
    () => queued,
  );
  return group ? current.filter((action) => action.group === group) : current;
}

/** Reads the queue once (the app's start) so the screens show what waits from a previous visit. */
export const loadOutbox = refresh;
