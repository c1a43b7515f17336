import { TARIFF_ERROR, TARIFF_KEYS, validateTariffs, type Tariffs } from '#core/rules/tariffs.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError } from '../../platform/errors.js';
import { parseTariffs, TARIFFS_SETTING } from '../../platform/tariffs.js';
import { lockSiteSettings, readSettings, writeSetting, type SettingChange } from './store.js';

/** The schema's own message for an amount with more than two decimals. */
const CENTS_ONLY = 'Deux décimales au plus';

/**
 * PUT /api/admin/tariffs: the seven tariffs replace the setting (docs/specification.md §5's rule, 'Le tarif doit être positif'
 * under each field), with the journal line 'tariffs.update' (each tariff changed, old and new). Plan prices
 * (billing, Stripe Checkout) and every visitor's pricing page read this setting from then on.
 */
export async function updateTariffs(
  db: Db,
  admin: User,
  input: unknown,
  ipAddress: string,
): Promise<Tariffs> {
  const parsed = validateTariffs(input);
  if (!parsed.ok) throw new AppError(400, TARIFF_ERROR, parsed.errors);
  const tariffs = parsed.tariffs;
  // Whole cents only. The schema's check allows a millionth of a cent of float noise, so 0.000000001 € passed
  // it; an amount typed with two decimals is exactly the double nearest its cents, which this one finds again.
  const fractions = Object.fromEntries(
    TARIFF_KEYS.filter((key) => Math.round(tariffs[key] * 100) / 100 !== tariffs[key]).map((key) => [
      key,
      CENTS_ONLY,
    ]),
  );
  if (Object.keys(fractions).length > 0) throw new AppError(400, CENTS_ONLY, fractions);
  return db.transaction(async (tx) => {
    await lockSiteSettings(tx);
    const before = parseTariffs((await readSettings(tx, [TARIFFS_SETTING])).get(TARIFFS_SETTING) ?? null);
    const changes: Record<string, SettingChange> = {};
    for (const key of TARIFF_KEYS)
      if (before[key] !== tariffs[key]) changes[key] = { from: before[key], to: tariffs[key] };
    if (Object.keys(changes).length === 0) return before;
    const ordered = Object.fromEntries(TARIFF_KEYS.map((key) => [key, tariffs[key]])) as unknown as Tariffs;
    // Not in the public record of GET /api/site-settings: GET /api/tariffs serves it, typed.
    await writeSetting(tx, TARIFFS_SETTING, JSON.stringify(ordered), false);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'tariffs.update',
      targetType: 'site_settings',
      targetId: TARIFFS_SETTING,
      details: { keys: Object.keys(changes), changes },
      ipAddress,
    });
    return ordered;
  });
}
