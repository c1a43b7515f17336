import { TARIFF_ERROR, TARIFF_KEYS, validateTariffs, type Tariffs } from '#core/rules/tariffs.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError } from '../../platform/errors.js';
import { parseTariffs, TARIFFS_SETTING } from '../../platform/tariffs.js';
import { lockSiteSettings, readSettings, writeSetting, type SettingChange } from './store.js';

/**
 * PUT /api/admin/tariffs: the seven tariffs replace the setting (SPEC.md §5's rule, 'Le tarif doit être positif'
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
