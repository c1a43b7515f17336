import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  LOGO_MAX_BYTES,
  LOGO_SETTING,
  siteSettingsMessages,
  type LogoTheme,
} from '#core/schemas/site-settings.js';
import type { Db } from '../../db/client.js';
import type { User } from '../../db/schema/users.js';
import { logAdminAction } from '../../platform/admin-log.js';
import { AppError } from '../../platform/errors.js';
import type { FormFile } from '../../platform/form-data.js';
import type { Storage } from '../../platform/storage.js';
import { inspectUpload, sanitizeUpload, type UploadKind } from '../../platform/uploads.js';
import { lockSiteSettings, readSettings, writeSetting } from './store.js';

/**
 * Logos (decision 021): PNG, JPEG or WebP as their bytes say, re-encoded without metadata like every image users send
 * (platform/uploads). SVG is refused: it is a document that may carry scripts and outside references, and
 * cleaning one safely is a project of its own; a PNG of the mark does the same job in a header.
 */
const LOGO_KINDS: ReadonlySet<UploadKind> = new Set(['png', 'jpeg', 'webp']);
/** Decoded pixels a logo may have before it is scaled down. */
const LOGO_MAX_PIXELS = 16_000_000;
/** Shown 32 px high in the headers: 256 px keeps it sharp on any screen, and light. */
const LOGO_MAX_HEIGHT = 256;
/** Its width is left free there (`w-auto`): a 16 000 × 40 banner would be 12 800 px wide on every page. Four
 * times the height is a wide wordmark already; 1024 px is four times 256. */
const LOGO_MAX_WIDTH = 1024;

/** `/api/files/site/<name>`: the public address of a logo; a new name for every logo, so caches never lie. */
export const LOGO_NAME = /^logo-(light|dark)-[a-f0-9]{16}\.(png|jpg|webp)$/;
const logoUrl = (name: string) => `/api/files/site/${name}`;
export const logoStorageKey = (name: string) => `site/${name}`;
/** The stored URL's file name, when it is one of ours. */
function logoName(url: string | null | undefined): string | null {
  const name = url?.match(/^\/api\/files\/site\/([^/]+)$/)?.[1];
  return name && LOGO_NAME.test(name) ? name : null;
}

/** A refusal shown under the form's file field. */
const onImage = (status: number, message: string) => new AppError(status, message, { image: message });

/** The form's image (file `image`), checked by content, cleaned and brought within the logo's size. */
export function logoOf(files: FormFile[]): Buffer {
  const sent = files.filter((file) => file.field === 'image');
  if (sent.length !== 1) throw onImage(400, siteSettingsMessages.logoKind);
  return sent[0]!.bytes;
}

async function cleanLogo(bytes: Buffer): Promise<{ bytes: Buffer; ext: string }> {
  const type = inspectUpload(bytes);
  if (!type || !LOGO_KINDS.has(type.kind)) throw onImage(415, siteSettingsMessages.logoKind);
  if (bytes.length > LOGO_MAX_BYTES) throw onImage(413, siteSettingsMessages.logoTooLarge);
  const clean = await sanitizeUpload(bytes, type.kind, { maxPixels: LOGO_MAX_PIXELS }).catch(
    (error: unknown) => {
      // The generic message names PDFs, which a logo cannot be.
      throw error instanceof AppError && error.statusCode === 415
        ? onImage(415, siteSettingsMessages.logoKind)
        : error;
    },
  );
  const image = sharp(clean);
  const { width = 0, height = 0 } = await image.metadata();
  if (height <= LOGO_MAX_HEIGHT && width <= LOGO_MAX_WIDTH) return { bytes: clean, ext: type.ext };
  const resized = image.resize({
    width: LOGO_MAX_WIDTH,
    height: LOGO_MAX_HEIGHT,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const output =
    type.kind === 'jpeg'
      ? resized.jpeg({ quality: 90, mozjpeg: true })
      : type.kind === 'png'
        ? resized.png({ compressionLevel: 9 })
        : resized.webp({ quality: 90 });
  return { bytes: await output.toBuffer(), ext: type.ext };
}

/**
 * POST /api/admin/site-settings/logos/:theme: checks and stores the image, then points the theme's setting at it
 * (journal 'site_settings.logo', old and new address) and removes the previous file once that is committed.
 */
export async function saveLogo(
  deps: { db: Db; storage: Storage },
  admin: User,
  theme: LogoTheme,
  bytes: Buffer,
  ipAddress: string,
): Promise<{ url: string }> {
  const logo = await cleanLogo(bytes);
  const name = `logo-${theme}-${randomBytes(8).toString('hex')}.${logo.ext}`;
  await deps.storage.put(logoStorageKey(name), logo.bytes);
  const url = logoUrl(name);
  let previous: string | null;
  try {
    previous = await replaceLogo(deps.db, admin, theme, url, ipAddress);
  } catch (error) {
    await deps.storage.remove(logoStorageKey(name)).catch(() => undefined);
    throw error;
  }
  const old = logoName(previous);
  if (old) await deps.storage.remove(logoStorageKey(old)).catch(() => undefined);
  return { url };
}

/** DELETE /api/admin/site-settings/logos/:theme: back to the built-in logo. */
export async function removeLogo(
  deps: { db: Db; storage: Storage },
  admin: User,
  theme: LogoTheme,
  ipAddress: string,
): Promise<void> {
  const previous = await replaceLogo(deps.db, admin, theme, null, ipAddress);
  const old = logoName(previous);
  if (old) await deps.storage.remove(logoStorageKey(old)).catch(() => undefined);
}

/** The setting's swap and its journal line, in one transaction; returns the address replaced. */
async function replaceLogo(
  db: Db,
  admin: User,
  theme: LogoTheme,
  url: string | null,
  ipAddress: string,
): Promise<string | null> {
  const key = LOGO_SETTING[theme];
  return db.transaction(async (tx) => {
    await lockSiteSettings(tx);
    const previous = (await readSettings(tx, [key])).get(key) ?? null;
    if (url === null && previous === null) throw new AppError(404, siteSettingsMessages.logoMissing);
    await writeSetting(tx, key, url, true);
    await logAdminAction(tx, {
      adminId: admin.id,
      action: 'site_settings.logo',
      targetType: 'site_settings',
      targetId: key,
      details: { theme, change: url ? 'uploaded' : 'removed', from: previous, to: url },
      ipAddress,
    });
    return previous;
  });
}
