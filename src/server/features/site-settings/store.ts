import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteSettings } from '../../db/schema/admin.js';

/** A change of one setting, as the journal keeps it. */
export interface SettingChange {
  from: unknown;
  to: unknown;
}

/**
 * Every change of the site settings (texts, logos, tariffs) runs one after the other: the old values the journal
 * records are the ones really replaced, even when two administrators save at the same instant (a row that does
 * not exist yet cannot be locked with FOR UPDATE, hence a transaction-wide advisory lock).
 */
export async function lockSiteSettings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('relais.site_settings'))`);
}

/** The stored values of these keys (absent keys are left out). */
export async function readSettings(tx: DbOrTx, keys: readonly string[]): Promise<Map<string, string | null>> {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Writes a setting (null removes it: the public pages fall back to their defaults). */
export async function writeSetting(
  tx: DbOrTx,
  key: string,
  value: string | null,
  isPublic: boolean,
): Promise<void> {
  if (value === null) {
    await tx.delete(siteSettings).where(eq(siteSettings.key, key));
    return;
  }
  await tx
    .insert(siteSettings)
    .values({ key, value, isPublic })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, isPublic, updatedAt: new Date() } });
}
