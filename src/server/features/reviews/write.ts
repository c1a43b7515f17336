import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { reviewClosesAt, reviewWindowOpen, SUB_SCORES_FOR, type SubScore } from '#core/rules/reviews.js';
import { roleOf } from '#core/rules/roles.js';
import {
  REVIEW_PHOTO_MAX_BYTES,
  REVIEW_PHOTOS_MAX,
  reviewMessages,
  subScoreErrors,
  type reviewInputSchema,
} from '#core/schemas/reviews.js';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { missions, reviews } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, databaseErrorCode, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import type { EventBus, RecordedEvent } from '../../platform/events.js';
import { recordDomainEvents } from '../../platform/outbox.js';
import { isOpenAccount } from '../../platform/sessions.js';
import type { FormFile } from '../../platform/form-data.js';
import type { Storage } from '../../platform/storage.js';
import { inspectUpload, sanitizeUpload } from '../../platform/uploads.js';
import { lockMembers, recomputeReputation } from './shared.js';

type ReviewInput = z.output<typeof reviewInputSchema>;

export const reviewErrors = {
  missing: 'Mission introuvable',
  admin: 'Les administrateurs ne donnent pas d’avis sur les missions',
  notCompleted: 'Vous pourrez donner votre avis quand la mission sera terminée.',
  cancelled: 'Cette mission a été annulée : il n’y a pas d’avis à donner.',
  closed: 'Le délai de 14 jours pour donner un avis sur cette mission est passé.',
  already: 'Vous avez déjà donné votre avis sur cette mission.',
  revieweeGone: 'Ce membre a quitté Relais : il ne peut plus recevoir d’avis.',
} as const;

/** How a member signs a review in the alerts: the company's name for a transporter. */
const displayName = (user: Pick<User, 'fullName' | 'companyName' | 'userType' | 'isAdmin'>) =>
  roleOf(user) === 'transporter' && user.companyName ? user.companyName : user.fullName;

/** The sub-scores given must be exactly those that apply to the member reviewed: others are refused. */
function checkSubScores(input: ReviewInput, applicable: readonly SubScore[]): void {
  const errors = subScoreErrors(input, applicable);
  const first = Object.values(errors)[0];
  if (first) throw new AppError(400, first, errors);
}

/**
 * Checks by content and re-encodes (no EXIF position) each photo of the form (files `photos`, 3 at most);
 * refused with a French message on `photos.<n>`.
 */
async function cleanPhotos(files: FormFile[]): Promise<Array<{ bytes: Buffer; ext: string }>> {
  const photos = files.filter((file) => file.field === 'photos');
  if (photos.length > REVIEW_PHOTOS_MAX)
    throw new AppError(400, reviewMessages.tooManyPhotos, { photos: reviewMessages.tooManyPhotos });
  const cleaned: Array<{ bytes: Buffer; ext: string }> = [];
  for (const [index, { bytes }] of photos.entries()) {
    const field = `photos.${index}`;
    if (bytes.length === 0) throw new AppError(400, reviewMessages.photo, { [field]: reviewMessages.photo });
    if (bytes.length > REVIEW_PHOTO_MAX_BYTES)
      throw new AppError(413, reviewMessages.photoTooLarge, { [field]: reviewMessages.photoTooLarge });
    const type = inspectUpload(bytes);
    if (!type || type.kind === 'pdf')
      throw new AppError(415, reviewMessages.photo, { [field]: reviewMessages.photo });
    const clean = await sanitizeUpload(bytes, type.kind).catch((error: unknown) => {
      if (error instanceof AppError)
        throw new AppError(error.statusCode, reviewMessages.photo, { [field]: reviewMessages.photo });
      throw error;
    });
    cleaned.push({ bytes: clean, ext: type.ext });
  }
  return cleaned;
}

/** Why a mission that is not completed cannot be reviewed: not yet, or never (cancelled). */
export const notCompletedMessage = (status: string | undefined) =>
  status === 'cancelled' ? reviewErrors.cancelled : reviewErrors.notCompleted;

/** Whether the member has already reviewed this mission. */
async function hasWritten(db: DbOrTx, missionId: string, reviewerId: string): Promise<boolean> {
  const [mine] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.missionId, missionId), eq(reviews.reviewerId, reviewerId)));
  return mine !== undefined;
}

/** The mission and the viewer's side, or 404 (not a party) / 403 (an administrator). */
export async function partyOf(db: Db, viewer: User, missionId: string) {
  const [mission] = await db.select().from(missions).where(eq(missions.id, missionId));
  if (!mission) throw notFound(reviewErrors.missing);
  const role = roleOf(viewer);
  if (role === 'admin') return { mission, role, revieweeId: mission.driverId } as const;
  const isParty =
    (role === 'transporter' && mission.companyId === viewer.id) ||
    (role === 'driver' && mission.driverId === viewer.id);
  if (!isParty) throw notFound(reviewErrors.missing);
  return { mission, role, revieweeId: role === 'driver' ? mission.companyId : mission.driverId } as const;
}

/**
 * A party's review of the other, once, after completion and within 14 days. Double-blind: it waits unpublished
 * until the other party writes theirs — then both are published in this transaction, each reviewee's reputation
 * recomputed with it — or until the window closes (publish-job.ts). The mission row is locked so that the two
 * parties writing at the same instant still end with both published; the unique index keeps one per party.
 */
export async function submitReview(
  deps: { db: Db; storage: Storage; events: EventBus },
  viewer: User,
  missionId: string,
  input: ReviewInput,
  files: FormFile[],
  now = new Date(),
): Promise<void> {
  const { db, storage, events } = deps;
  const { mission, role, revieweeId } = await partyOf(db, viewer, missionId);
  if (role === 'admin') throw forbidden(reviewErrors.admin);
  const reviewedRole = role === 'driver' ? 'transporter' : 'driver';
  checkSubScores(input, SUB_SCORES_FOR[reviewedRole]);
  // Checked before the photos are decoded (a refused request costs no image work); again under the locks below.
  if (mission.status !== 'completed' || !mission.completedAt)
    throw new AppError(409, notCompletedMessage(mission.status));
  if (!reviewWindowOpen(mission.completedAt, now)) throw new AppError(409, reviewErrors.closed);
  if (!revieweeId) throw new AppError(409, reviewErrors.revieweeGone);
  if (await hasWritten(db, missionId, viewer.id)) throw new AppError(409, reviewErrors.already);

  const photos = await cleanPhotos(files);
  const reviewId = randomUUID();
  const keys = photos.map((photo, index) => `reviews/${reviewId}/${index}.${photo.ext}`);
  for (const [index, photo] of photos.entries()) await storage.put(keys[index]!, photo.bytes);

  let told: RecordedEvent[];
  try {
    told = await db.transaction(async (tx) => {
      const members = await lockMembers(tx, [mission.companyId, mission.driverId]);
      if (!isOpenAccount(members.get(viewer.id))) throw unauthorized();
      if (!isOpenAccount(members.get(revieweeId))) throw new AppError(409, reviewErrors.revieweeGone);
      const [locked] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
      if (!locked || locked.status !== 'completed' || !locked.completedAt)
        throw new AppError(409, notCompletedMessage(locked?.status));
      if (!reviewWindowOpen(locked.completedAt, now)) throw new AppError(409, reviewErrors.closed);
      if (await hasWritten(tx, missionId, viewer.id)) throw new AppError(409, reviewErrors.already);
      await tx.insert(reviews).values({
        id: reviewId,
        reviewerId: viewer.id,
        revieweeId,
        missionId,
        rating: input.rating,
        professionalismScore: input.professionalismScore ?? null,
        communicationScore: input.communicationScore ?? null,
        drivingSkillScore: input.drivingSkillScore ?? null,
        safetyScore: input.safetyScore ?? null,
        comment: input.comment ?? null,
        photos: keys,
        createdAt: now,
      });
      // The other party's review, published or not: when the job has just published it at the window's close
      // while this request (arrived in time) waited for the locks, this one is not left waiting for the next run.
      const [other] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.missionId, missionId), ne(reviews.reviewerId, viewer.id)));
      if (!other)
        return recordDomainEvents(tx, [
          {
            type: 'review.submitted',
            missionId,
            title: mission.title,
            reviewerName: displayName(viewer),
            revieweeId,
            closesAt: reviewClosesAt(locked.completedAt).toISOString(),
          },
        ]);
      // Both have written: both show now, and both reputations move in this same transaction.
      const rows = await tx
        .update(reviews)
        .set({ publishedAt: now })
        .where(and(eq(reviews.missionId, missionId), isNull(reviews.publishedAt)))
        .returning({
          id: reviews.id,
          reviewerId: reviews.reviewerId,
          revieweeId: reviews.revieweeId,
          rating: reviews.rating,
        });
      for (const id of new Set(rows.map((row) => row.revieweeId))) await recomputeReputation(tx, id);
      const names = await reviewerNames(tx, [mission.companyId, mission.driverId]);
      return recordDomainEvents(
        tx,
        rows.map((row) => ({
          type: 'review.published' as const,
          reviewId: row.id,
          missionId,
          title: mission.title,
          reviewerName: names.get(row.reviewerId) ?? 'Un membre',
          revieweeId: row.revieweeId,
          rating: row.rating,
        })),
      );
    });
  } catch (error) {
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
    if (databaseErrorCode(error) === '23505') throw new AppError(409, reviewErrors.already);
    throw error;
  }
  await events.publish(told);
}

/** The names the alerts use, for the given users. */
export async function reviewerNames(db: DbOrTx, ids: Array<string | null>): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, displayName(row)]));
}
