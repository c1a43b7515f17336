import { eq } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import type { Db } from '../../db/client.js';
import { reviews } from '../../db/schema/missions.js';
import type { User } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { reviewableMember } from './list.js';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const missing = () => notFound('Photo introuvable');

/**
 * A review's photo, for whoever may read the review: once published (and not removed), whoever may read the
 * reviewee's profile; before publication or once removed, its author only; administrators always. Anyone else is told it is not there.
 */
export async function openReviewPhoto(
  db: Db,
  storage: Storage,
  viewer: User | null,
  reviewId: string,
  index: number,
): Promise<{ bytes: Buffer; type: string; fileName: string }> {
  const [review] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  const key = review?.photos[index];
  if (!review || !key) throw missing();
  const admin = viewer !== null && roleOf(viewer) === 'admin';
  if (!admin) {
    if (review.removedAt) {
      // Removed by an administrator: shown to nobody but its author, who still sees what they wrote.
      if (viewer?.id !== review.reviewerId) throw missing();
    } else if (!review.publishedAt) {
      if (viewer?.id !== review.reviewerId) throw missing();
    } else {
      await reviewableMember(db, viewer, review.revieweeId).catch(() => {
        throw missing();
      });
    }
  }
  const bytes = await storage.get(key);
  if (!bytes) throw missing();
  const ext = key.split('.').pop() ?? '';
  return {
    bytes,
    type: TYPES[ext] ?? 'application/octet-stream',
    fileName: `avis-photo-${index + 1}.${ext}`,
  };
}
