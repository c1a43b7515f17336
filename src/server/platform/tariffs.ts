import { eq } from 'drizzle-orm';
import { DEFAULT_TARIFFS, validateTariffs, type Tariffs } from '#core/rules/tariffs.js';
import type { DbOrTx } from '../db/client.js';
import { siteSettings } from '../db/schema/admin.js';

/** The site setting that holds the tariffs (JSON), written by the back office (features/site-settings). */
export const TARIFFS_SETTING = 'tariffs';

/**
 * The tariffs in force (docs/specification.md §9; decision 021): the administrators' site setting, read from the database on every
 * call (no cache, so every instance sees a change at once), else the defaults. Billing (plan prices, Checkout) and
 * the Stripe webhook (which plan a price is) read the same figures through this.
 */
export async function readTariffs(db: DbOrTx): Promise<Tariffs> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, TARIFFS_SETTING));
  return parseTariffs(row?.value ?? null);
}

/** The stored JSON read back; anything unreadable falls back to the defaults (never a 500 on the pricing page). */
export function parseTariffs(value: string | null): Tariffs {
  if (!value) return { ...DEFAULT_TARIFFS };
  try {
    const parsed = validateTariffs(JSON.parse(value));
    return parsed.ok ? parsed.tariffs : { ...DEFAULT_TARIFFS };
  } catch {
    return { ...DEFAULT_TARIFFS };
  }
}
