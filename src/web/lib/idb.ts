/**
 * IndexedDB for what the phone keeps between pages and reloads (tracking points, the offline copy, queued
 * actions): an opener made once per database, and one request run inside a transaction. A browser without
 * IndexedDB (private mode on some) gets null: each store then keeps its data in memory for the page's life.
 */
export function databaseOpener(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase, oldVersion: number) => void,
): () => Promise<IDBDatabase | null> {
  let opened: Promise<IDBDatabase | null> | null = null;
  return () => {
    opened ??= new Promise((resolve) => {
      try {
        if (typeof indexedDB === 'undefined') return resolve(null);
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return opened;
  };
}

/** Runs `body` on `store` in its own transaction; resolves with the request's result once committed. */
export function runInStore<T>(
  db: IDBDatabase,
  store: string,
  mode: IDBTransactionMode,
  body: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, mode);
    const request = body(tx.objectStore(store));
    tx.oncomplete = () => resolve(request ? request.result : undefined);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
}
