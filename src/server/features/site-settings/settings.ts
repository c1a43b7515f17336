import { eq, inArray, max } from 'drizzle-orm';
import {
  DEFAULT_CONTACT_EMAIL,
  LOGO_SETTING,
  SITE_SETTING_KEYS,
  siteSettingsMessages,
  type AdminSiteSettings,
  type SiteSettingsUpdate,
} from '#core/schemas/site-settings.js';
import type { Db } from '../../db/client.js';
import { siteSettings } from '../../db/schema/admin.js';
import type { User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError } from '../../platform/errors.js';
import { lockSiteSettings, readSettings, writeSetting, type SettingChange } from './store.js';

const LOGO_KEYS = Object.values(LOGO_SETTING);

/** Settings every visitor may read; the web app falls back to its built-in logos and texts when they are null. */
const PUBLIC_DEFAULTS: Record<string, string | null> = {
  ...Object.fromEntries([...LOGO_KEYS, ...SITE_SETTING_KEYS].map((key) => [key, null])),
  contactEmail: DEFAULT_CONTACT_EMAIL,
};

/** The public settings as stored now (read on every request: a change shows at once on every instance). */
export async function publicSettings(db: Db): Promise<Record<string, string | null>> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.isPublic, true));
  return { ...PUBLIC_DEFAULTS, ...Object.fromEntries(rows.map((row) => [row.key, row.value])) };
}

/** GET /api/admin/site-settings: every setting of the page (null when not set) and when it last changed. */
export async function adminSettings(db: Db): Promise<AdminSiteSettings> {
  const keys = [...SITE_SETTING_KEYS, ...LOGO_KEYS];
  const stored = await readSettings(db, keys);
  const [latest] = await db
    .select({ at: max(siteSettings.updatedAt) })
    .from(siteSettings)
    .where(inArray(siteSettings.key, keys));
  return {
    settings: Object.fromEntries(keys.map((key) => [key, stored.get(key) ?? PUBLIC_DEFAULTS[key] ?? null])),
    updatedAt: latest?.at ? latest.at.toISOString() : null,
  };
}

/**
 * PUT /api/admin/site-settings: the keys sent are written (an empty text removes the setting), in one
 * transaction with the journal line 'site_settings.update' (the keys changed, each with its old and new value).
 * Nothing changed: nothing is written nor logged.
 */
export async function updateSettings(
  db: Db,
  admin: User,
  input: SiteSettingsUpdate,
  ipAddress: string,
): Promise<AdminSiteSettings> {
  const entries = Object.entries(input).filter(([, value]) => value !== undefined) as Array<
    [string, string | null]
  >;
  if (entries.length === 0) throw new AppError(400, siteSettingsMessages.nothing);
  await db.transaction(async (tx) => {
    await lockSiteSettings(tx);
    const before = await readSettings(
      tx,
      entries.map(([key]) => key),
    );
    const changes: Record<string, SettingChange> = {};
    for (const [key, value] of entries) {
      const previous = before.get(key) ?? null;
      const next = value;
      // The contact address always has a value: its default is what "no setting" means.
      const unchanged =
        previous === next || (key === 'contactEmail' && previous === null && next === DEFAULT_CONTACT_EMAIL);
      if (unchanged) continue;
      changes[key] = { from: previous, to: next };
      await writeSetting(tx, key, next, true);
    }
    if (Object.keys(changes).length === 0) return;
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'site_settings.update',
      targetType: 'site_settings',
      details: { keys: Object.keys(changes), changes },
      ipAddress,
    });
  });
  return adminSettings(db);
}
