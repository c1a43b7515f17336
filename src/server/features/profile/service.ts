import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AWARDED_BADGES, type BadgeType } from '#core/rules/badges.js';
import { BADGE_TYPES } from '#core/rules/enums.js';
import { roleOf } from '#core/rules/roles.js';
import type { ProfileUpdate, PublicProfile } from '#core/schemas/profile.js';
import type { Db } from '../../db/client.js';
import { badges } from '../../db/schema/documents.js';
import { users, type User } from '../../db/schema/users.js';
import { inWorld, worldOf } from '../../platform/demo-world.js';
import { AppError, notFound, unauthorized } from '../../platform/errors.js';
import { syncDriverPapers } from '../../platform/driver-papers.js';
import { placeAddress } from '../../platform/places.js';
import { relationBetween } from '../../platform/relations.js';
import { openAccountRow } from '../../platform/sessions.js';
import type { FormFile } from '../../platform/form-data.js';
import { avatarKey, type Storage } from '../../platform/storage.js';
import { inspectUpload, sanitizeUpload, type UploadKind } from '../../platform/uploads.js';

const DRIVER_ONLY = [
  'licenseType',
  'licenseNumber',
  'yearsExperience',
  'vehicleTypes',
  'certifications',
  'transportRegisterNumber',
] as const;
const COMPANY_ONLY = ['companyName', 'siretNumber'] as const;

/** Own profile: each role edits its own fields; a field of the other role is refused, not ignored. */
export async function updateProfile(db: Db, user: User, input: ProfileUpdate): Promise<User> {
  const role = roleOf(user);
  const foreign = (role === 'driver' ? COMPANY_ONLY : DRIVER_ONLY).filter((key) => input[key] !== undefined);
  if (foreign.length > 0 || role === 'admin') {
    const message = 'Ce champ ne concerne pas votre type de compte';
    throw new AppError(400, message, Object.fromEntries(foreign.map((key) => [key, message])));
  }
  let lat = input.currentLat ?? null;
  let lng = input.currentLng ?? null;
  const location = input.currentLocation?.trim() || null;
  if (location && (lat === null || lng === null)) {
    // A name several communes bear places nothing rather than a guess (decision 046).
    const place = placeAddress(location);
    lat = place?.lat ?? null;
    lng = place?.lng ?? null;
  }
  // One transaction: declaring ADR (or no longer) changes which papers "documents vérifiés" needs.
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        fullName: input.fullName,
        phone: input.phone,
        currentLocation: location,
        currentLat: lat === null ? null : lat.toFixed(6),
        currentLng: lng === null ? null : lng.toFixed(6),
        ...(role === 'driver'
          ? {
              licenseType: input.licenseType,
              licenseNumber: input.licenseNumber,
              yearsExperience: input.yearsExperience,
              vehicleTypes: input.vehicleTypes,
              certifications: input.certifications,
              transportRegisterNumber: input.transportRegisterNumber,
            }
          : { companyName: input.companyName, siretNumber: input.siretNumber }),
      })
      // Never onto an account closed meanwhile (its anonymised row stays anonymised).
      .where(openAccountRow(user.id))
      .returning();
    if (!row || role !== 'driver' || input.certifications === undefined) return row;
    const documentsVerified = await syncDriverPapers(tx, row.id);
    return { ...row, documentsVerified };
  });
  if (!updated) throw unauthorized();
  return updated;
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_KINDS: ReadonlySet<UploadKind> = new Set(['png', 'jpeg', 'webp']);
const NOT_AN_AVATAR = 'Choisissez une image PNG, JPEG ou WebP';

/**
 * Saves a new avatar (PNG, JPEG or WebP as its bytes say, whatever the declared type; 2 MB at most) re-encoded
 * without its metadata (no EXIF position or camera), and removes the old one.
 */
export const AVATAR_TOO_LARGE = 'L’image ne doit pas dépasser 2 Mo';
/** A refusal shown under the form's file field. */
const onImage = (status: number, message: string) => new AppError(status, message, { image: message });

export async function saveAvatar(db: Db, storage: Storage, user: User, files: FormFile[]) {
  const sent = files.filter((file) => file.field === 'image');
  if (sent.length !== 1) throw onImage(400, NOT_AN_AVATAR);
  const { bytes } = sent[0]!;
  const type = inspectUpload(bytes);
  if (!type || !AVATAR_KINDS.has(type.kind)) throw onImage(415, NOT_AN_AVATAR);
  if (bytes.length > AVATAR_MAX_BYTES) throw onImage(413, AVATAR_TOO_LARGE);
  const clean = await sanitizeUpload(bytes, type.kind).catch((error: unknown) => {
    // The generic message names PDFs, which a photo cannot be.
    throw error instanceof AppError && error.statusCode === 415 ? onImage(415, NOT_AN_AVATAR) : error;
  });
  const name = `${user.id}-${randomBytes(6).toString('hex')}.${type.ext}`;
  await storage.put(`avatars/${name}`, clean);
  const [updated] = await db
    .update(users)
    .set({ avatar: `/api/files/avatars/${name}` })
    .where(openAccountRow(user.id))
    .returning();
  if (!updated) {
    // The account was closed while the image arrived: nothing of it is kept.
    await storage.remove(`avatars/${name}`).catch(() => undefined);
    throw unauthorized();
  }
  const previous = avatarKey(user.avatar);
  if (previous) await storage.remove(previous).catch(() => undefined);
  return updated;
}

/**
 * A member as others see them; the phone only for someone who works with them now. A member of another world
 * (demo or real) is not found (platform/demo-world.ts).
 */
export async function publicProfile(db: Db, viewer: User | null, id: string): Promise<PublicProfile> {
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inWorld(users.sandboxId, worldOf(viewer))));
  const role = member ? roleOf(member) : null;
  if (!member || role === 'admin' || !member.isActive) throw notFound('Profil introuvable');
  const {
    rows: [counts],
  } = await db.execute<{ completed: number; published: number }>(sql`
    select
      (select count(*)::int from missions where driver_id = ${id} and status = 'completed') as completed,
      (select count(*)::int from missions where company_id = ${id}) as published`);
  // Badges (drivers): the type and when; an administrator's reason for eco_driver stays out of the public page.
  const held = await db
    .select({ type: badges.type, earnedAt: badges.earnedAt })
    .from(badges)
    .where(eq(badges.userId, id))
    .orderBy(asc(badges.earnedAt));
  // The phone only for the member themself and for someone who works with them now (relations.ts).
  const showPhone =
    viewer !== null && (viewer.id === id || (await relationBetween(db, viewer.id, id)) === 'active');
  return {
    id: member.id,
    role: role === 'transporter' ? 'transporter' : 'driver',
    fullName: member.fullName,
    avatar: member.avatar,
    companyName: member.companyName,
    licenseType: member.licenseType,
    yearsExperience: member.yearsExperience,
    vehicleTypes: member.vehicleTypes,
    certifications: member.certifications,
    documentsVerified: member.documentsVerified,
    reputationScore: member.reputationScore,
    badges: held
      .map((row) => ({
        type: row.type as BadgeType,
        earnedAt: row.earnedAt.toISOString(),
        awarded: AWARDED_BADGES.includes(row.type as BadgeType),
      }))
      .sort((a, b) => BADGE_TYPES.indexOf(a.type) - BADGE_TYPES.indexOf(b.type)),
    completedMissions: counts?.completed ?? 0,
    publishedMissions: counts?.published ?? 0,
    memberSince: member.createdAt.toISOString(),
    currentLocation: member.currentLocation,
    phone: showPhone ? member.phone : null,
  };
}
