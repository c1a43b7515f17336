import { DEFAULT_TARIFFS, TARIFF_VERSION, tariffSchema, type Tariffs } from '#core/rules/tariffs.js';
import { readStorage, writeStorage } from './storage.js';

export const TARIFF_STORAGE_KEY = 'tariff-settings';

/** Missing, of another version or invalid → the defaults are restored (SPEC.md §8). */
export function loadTariffs(): Tariffs {
  const raw = readStorage(TARIFF_STORAGE_KEY);
  try {
    const stored = raw ? (JSON.parse(raw) as { version?: string; tariffs?: unknown }) : null;
    const parsed = stored?.version === TARIFF_VERSION ? tariffSchema.safeParse(stored.tariffs) : null;
    if (parsed?.success) return parsed.data;
  } catch {
    // Unreadable JSON: fall through to the defaults.
  }
  writeStorage(TARIFF_STORAGE_KEY, JSON.stringify({ version: TARIFF_VERSION, tariffs: DEFAULT_TARIFFS }));
  return { ...DEFAULT_TARIFFS };
}

/** An invalid tariff is not saved: the call returns false ('Le tarif doit être positif'). */
export function saveTariffs(tariffs: unknown): boolean {
  const parsed = tariffSchema.safeParse(tariffs);
  if (!parsed.success) return false;
  writeStorage(TARIFF_STORAGE_KEY, JSON.stringify({ version: TARIFF_VERSION, tariffs: parsed.data }));
  return true;
}
