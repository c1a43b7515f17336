import { DEFAULT_TARIFFS, TARIFF_VERSION, validateTariffs, type Tariffs } from '#core/rules/tariffs.js';
import { readStorage, writeStorage } from './storage.js';

export const TARIFF_STORAGE_KEY = 'tariff-settings';

/** Missing, of another version or invalid → the defaults are restored (SPEC.md §8). */
export function loadTariffs(): Tariffs {
  const raw = readStorage(TARIFF_STORAGE_KEY);
  try {
    const stored = raw ? (JSON.parse(raw) as { version?: string; tariffs?: unknown }) : null;
    const parsed = stored?.version === TARIFF_VERSION ? validateTariffs(stored.tariffs) : null;
    if (parsed?.ok) return parsed.tariffs;
  } catch {
    // Unreadable JSON: fall through to the defaults.
  }
  writeStorage(TARIFF_STORAGE_KEY, JSON.stringify({ version: TARIFF_VERSION, tariffs: DEFAULT_TARIFFS }));
  return { ...DEFAULT_TARIFFS };
}

/** An invalid tariff is not saved: the call returns false ('Le tarif doit être positif'). */
export function saveTariffs(tariffs: unknown): boolean {
  const parsed = validateTariffs(tariffs);
  if (!parsed.ok) return false;
  writeStorage(TARIFF_STORAGE_KEY, JSON.stringify({ version: TARIFF_VERSION, tariffs: parsed.tariffs }));
  return true;
}
