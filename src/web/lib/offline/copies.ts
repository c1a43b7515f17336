import { pathFromQueryKey } from '../api.js';
import { databaseOpener, runInStore } from '../idb.js';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.js';

/**
 * The offline copy (decision 055): the last answer of each read a driver needs in a basement quay or a white zone —
 * the signed-in member, their missions and each mission's sheet (addresses, contact, instructions, documents,
 * times), their conversations and threads — kept on the phone with the time it was saved. A read that fails for
 * want of network is answered from it, and the page says from when.
 *
 * One account's copy per device: the account it belongs to is remembered; a sign-in of another account, a sign-out
 * and a session ended elsewhere erase it. Answers of the demonstration are never kept. Bounded to the most recent
 * MAX_COPIES answers.
 */
const OFFLINE_READS: readonly RegExp[] = [
  /^\/api\/auth\/me$/,
  // The member's missions (any filter) and each mission's sheet and parts (delivery, review, timeline…).
  /^\/api\/missions(\?.*)?$/,
  /^\/api\/missions\/[0-9a-f-]{36}(\/[a-z-]+)?(\?.*)?$/,
  /^\/api\/applications\/mine$/,
  /^\/api\/tracking\/missions\/[0-9a-f-]{36}(\/[a-z-]+)?(\?.*)?$/,
  /^\/api\/conversations$/,
  /^\/api\/messages\/[0-9a-f-]{36}(\/rights)?(\?.*)?$/,
  /^\/api\/users\/[0-9a-f-]{36}\/profile$/,
  /^\/api\/dashboard\/stats$/,
];
const MAX_COPIES = 300;
const STORE = 'copies';

export interface SavedCopy {
  /** account|path */
  id: string;
  account: string;
  path: string;
  data: unknown;
  savedAt: number;
}

const open = databaseOpener('relais-offline', 1, (db) => {
  db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('account', 'account');
  db.createObjectStore('actions', { keyPath: 'seq', autoIncrement: true }).createIndex('account', 'account');
});
export { open as openOfflineDatabase };
const memory = new Map<string, SavedCopy>();

const isOfflineRead = (path: string) => OFFLINE_READS.some((pattern) => pattern.test(path));

/** The account whose copy this device holds (null: none). */
export const offlineAccount = (): string | null => readStorage(STORAGE_KEYS.offlineAccount);

/** The account whose answers are kept from now on. */
export const setOfflineAccount = (account: string) => writeStorage(STORAGE_KEYS.offlineAccount, account);

/** Saves a read's answer for the account of this device (nothing when none or when the read is not kept). */
export async function saveCopy(path: string, data: unknown): Promise<void> {
  const account = offlineAccount();
  if (!account || !isOfflineRead(path) || data === undefined) return;
  const copy: SavedCopy = { id: `${account}|${path}`, account, path, data, savedAt: Date.now() };
  const db = await open();
  if (!db) {
    memory.set(copy.id, copy);
    return;
  }
  try {
    await runInStore(db, STORE, 'readwrite', (store) => store.put(copy));
    if (++writes % 25 === 0) await prune(db);
  } catch (error) {
    // Full storage: the copy is only a convenience; the page works from the network.
    console.warn('Copie hors connexion non enregistrée', error);
  }
}
let writes = 0;

/** Only the most recent answers stay. */
async function prune(db: IDBDatabase): Promise<void> {
  const all = (await runInStore<SavedCopy[]>(db, STORE, 'readonly', (store) => store.getAll())) ?? [];
  if (all.length <= MAX_COPIES) return;
  const oldest = all.sort((a, b) => a.savedAt - b.savedAt).slice(0, all.length - MAX_COPIES);
  await runInStore(db, STORE, 'readwrite', (store) => {
    for (const copy of oldest) store.delete(copy.id);
  });
}

/** The saved answer of a read for the account of this device. */
export async function readCopy(path: string): Promise<SavedCopy | null> {
  const account = offlineAccount();
  if (!account || !isOfflineRead(path)) return null;
  const id = `${account}|${path}`;
  const db = await open();
  if (!db) return memory.get(id) ?? null;
  try {
    return (await runInStore<SavedCopy>(db, STORE, 'readonly', (store) => store.get(id))) ?? null;
  } catch {
    return null;
  }
}

/** Sign-out, session ended, another account: this device keeps no copy of the account any more. */
export async function eraseOfflineCopies(): Promise<void> {
  // Copies are only kept for a named account: without one there is nothing to erase, and a visitor's page never
  // opens the phone's database.
  if (!offlineAccount()) return;
  writeStorage(STORAGE_KEYS.offlineAccount, null);
  memory.clear();
  const db = await open();
  if (db) await runInStore(db, STORE, 'readwrite', (store) => store.clear()).catch(() => undefined);
}

/**
 * What an action queued without network changed, shown at once and kept in the copy too: a later read from the copy
 * (the page polls) shows it still, until the server's answer replaces it.
 */
export function keepLocally(
  queryClient: { setQueryData: (key: readonly unknown[], data: unknown) => unknown },
  queryKey: readonly unknown[],
  data: unknown,
): Promise<void> {
  queryClient.setQueryData(queryKey, data);
  return saveCopy(pathFromQueryKey(queryKey), data);
}
