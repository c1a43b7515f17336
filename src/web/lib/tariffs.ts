import { useEffect, useSyncExternalStore } from 'react';
import {
  DEFAULT_TARIFFS,
  TARIFF_VERSION,
  TARIFFS_EXCL_TAX,
  validateTariffs,
  type Tariffs,
} from '#core/rules/tariffs.js';
import { readStorage, writeStorage } from './storage.js';

export const TARIFF_STORAGE_KEY = 'tariff-settings';
/** The server's tariffs (the source of truth since the back office, decision 021; the browser's copy is its cache). */
const TARIFFS_URL = '/api/tariffs';

/**
 * Which tariffs the cache holds before VAT (decision 041). A cache written before the transport companies' plan was
 * priced HT held its price with VAT under the same key: without this mark it is not read (the defaults, then the
 * server's figures), so that no page shows a price with VAT as a price before it.
 */
const EXCL_TAX_MARK = TARIFFS_EXCL_TAX.join(',');
const stored = (tariffs: Tariffs) =>
  JSON.stringify({ version: TARIFF_VERSION, exclTax: EXCL_TAX_MARK, tariffs });

/** Missing, of another version or invalid → the defaults are restored (docs/specification.md §8). */
export function loadTariffs(): Tariffs {
  const raw = readStorage(TARIFF_STORAGE_KEY);
  try {
    const cached = raw
      ? (JSON.parse(raw) as { version?: string; exclTax?: string; tariffs?: unknown })
      : null;
    const parsed =
      cached?.version === TARIFF_VERSION && cached.exclTax === EXCL_TAX_MARK
        ? validateTariffs(cached.tariffs)
        : null;
    if (parsed?.ok) return parsed.tariffs;
  } catch {
    // Unreadable JSON: fall through to the defaults.
  }
  writeStorage(TARIFF_STORAGE_KEY, stored(DEFAULT_TARIFFS));
  return { ...DEFAULT_TARIFFS };
}

/** An invalid tariff is not saved: the call returns false ('Le tarif doit être positif'). */
export function saveTariffs(tariffs: unknown): boolean {
  const parsed = validateTariffs(tariffs);
  if (!parsed.ok) return false;
  writeStorage(TARIFF_STORAGE_KEY, stored(parsed.tariffs));
  current = parsed.tariffs;
  for (const listener of listeners) listener();
  return true;
}

let current: Tariffs | null = null;
const listeners = new Set<() => void>();
let refreshing: Promise<Tariffs> | null = null;
let refreshedAt = 0;
/** A page shown again within this time uses what was just read. */
const REFRESH_EVERY_MS = 60_000;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab refreshed the cache: this one shows the same figures.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TARIFF_STORAGE_KEY) return;
    current = loadTariffs();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => (current ??= loadTariffs());
const serverSnapshot = () => DEFAULT_TARIFFS;

/**
 * The server's tariffs, read once at a time (several price lists on a page share the call), then kept in the
 * browser's cache ('tariff-settings', version 2.0) and shown by every useTariffs(). A failed call keeps the cache.
 */
export function refreshTariffs(force = false): Promise<Tariffs> {
  if (refreshing) return refreshing;
  if (!force && current && Date.now() - refreshedAt < REFRESH_EVERY_MS) return Promise.resolve(current);
  refreshing = fetch(TARIFFS_URL, { credentials: 'include', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`tariffs ${response.status}`);
      const parsed = validateTariffs(await response.json());
      if (!parsed.ok) throw new Error('tariffs invalid');
      refreshedAt = Date.now();
      const same = current && JSON.stringify(current) === JSON.stringify(parsed.tariffs);
      if (!same) saveTariffs(parsed.tariffs);
      return parsed.tariffs;
    })
    .catch(() => snapshot())
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * The tariffs to show: the browser's cache at once, then the server's figures. The prerendered pages carry the
 * defaults and hydrate with them (no mismatch); the cache and the server's answer then replace the figures in
 * place (same cards, same lines: nothing moves).
 */
export function useTariffs(): Tariffs {
  const tariffs = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  useEffect(() => {
    void refreshTariffs();
  }, []);
  return tariffs;
}

/** For tests: forget what this page read. */
export function resetTariffsForTests(): void {
  current = null;
  refreshing = null;
  refreshedAt = 0;
}
