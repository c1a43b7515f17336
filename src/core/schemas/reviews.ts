import { z } from 'zod';
import { REVIEW_REPORT_STATUSES } from '../rules/enums.js';
import { SUB_SCORES, type SubScore } from '../rules/reviews.js';
import { optionalText, requiredText } from './text.js';

export const reviewMessages = {
  rating: 'Choisissez une note de 1 à 5 étoiles',
  subScore: 'Choisissez une note de 1 à 5 étoiles',
  notApplicable: 'Cette note ne concerne pas ce membre',
  commentTooLong: 'Le commentaire ne doit pas dépasser 1000 caractères',
  tooManyPhotos: '3 photos au plus',
  photo: 'Photo illisible : choisissez une image JPEG, PNG ou WebP',
  photoTooLarge: 'Chaque photo doit peser 5 Mo au plus',
  reason: 'Expliquez ce qui ne va pas (10 caractères au moins)',
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères',
  adminReason: 'Indiquez la raison de la décision (5 caractères au moins)',
} as const;

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_PHOTOS_MAX = 3;
/** Each photo, decoded (the app shrinks them before sending; a raw phone photo fits too). */
export const REVIEW_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Stars as a form sends them ("4"); nothing chosen ("" or absent) is no note. */
const star = (message: string) =>
  z.preprocess(
    (value) =>
      value === '' ? undefined : typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value,
    z.number({ error: message }).int(message).min(1, message).max(5, message),
  );

/**
 * A review as written: the text fields of a form (multipart/form-data, as the browser's FormData sends it), whose
 * files `photos` (0 to 3, 5 MB each) are checked by their content on the server. The sub-scores that apply to the
 * member reviewed are required, the others refused.
 */
export const reviewInputSchema = z.object({
  rating: star(reviewMessages.rating),
  professionalismScore: star(reviewMessages.subScore).optional(),
  communicationScore: star(reviewMessages.subScore).optional(),
  drivingSkillScore: star(reviewMessages.subScore).optional(),
  safetyScore: star(reviewMessages.subScore).optional(),
  comment: optionalText({ max: REVIEW_COMMENT_MAX, tooLong: reviewMessages.commentTooLong, multiline: true }),
});

/** The sub-scores given must be exactly those that apply to the member reviewed: what is wrong, by field. */
export function subScoreErrors(
  input: Partial<Record<SubScore, unknown>>,
  applicable: readonly SubScore[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of SUB_SCORES) {
    const given = input[key] !== undefined;
    if (applicable.includes(key) && !given) errors[key] = reviewMessages.subScore;
    if (!applicable.includes(key) && given) errors[key] = reviewMessages.notApplicable;
  }
  return errors;
}

/**
 * The review of one member, as the form checks it before sending: with exactly the sub-scores that apply. Those are
 * fields of their own (every missing star is said at once, the global one's too); those that do not apply are
 * refused once the rest is right.
 */
export const reviewFormSchema = (applicable: readonly SubScore[]) =>
  reviewInputSchema
    .extend(Object.fromEntries(applicable.map((key) => [key, star(reviewMessages.subScore)])))
    .superRefine((input, context) => {
      for (const [field, message] of Object.entries(subScoreErrors(input, applicable)))
        context.addIssue({ code: 'custom', path: [field], message });
    });

const subScoreFields = {
  professionalismScore: z.number().nullable(),
  communicationScore: z.number().nullable(),
  drivingSkillScore: z.number().nullable(),
  safetyScore: z.number().nullable(),
};

const personSchema = z.object({
  /** null once the account is deleted (no link to a profile). */
  id: z.string().nullable(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['driver', 'transporter']),
  companyName: z.string().nullable(),
});
export type ReviewPerson = z.infer<typeof personSchema>;

const reviewSchema = z.object({
  id: z.string(),
  rating: z.number(),
  ...subScoreFields,
  comment: z.string().nullable(),
  /** Access-checked URLs of the photos. */
  photos: z.array(z.string()),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  reviewer: personSchema,
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/missions/{id}/review: where the viewer stands on this mission's reviews. */
export const missionReviewStateSchema = z.object({
  missionId: z.string(),
  title: z.string(),
  status: z.string(),
  viewerRole: z.enum(['driver', 'transporter', 'admin']),
  /** Whom the viewer reviews (for an admin: the driver). */
  reviewee: personSchema,
  /** The sub-scores that apply to the member reviewed, in the form's order. */
  subScores: z.array(z.enum(SUB_SCORES)),
  completedAt: z.string().nullable(),
  /** When the window closes (completion + 14 days); null before completion. */
  closesAt: z.string().nullable(),
  windowOpen: z.boolean(),
  canWrite: z.boolean(),
  /** Why not, when canWrite is false and the viewer has not written (before completion, window closed…). */
  blockedReason: z.string().nullable(),
  mine: reviewSchema.nullable(),
  /** Whether the viewer's review was removed by an administrator after a report (no longer shown nor counted). */
  mineRemoved: z.boolean(),
  /** Whether the other party has written theirs (its content stays hidden until publication). */
  otherWritten: z.boolean(),
  /** The other party's review, once published (for an admin: the transporter's review, whatever its state). */
  theirs: reviewSchema.nullable(),
});
export type MissionReviewState = z.infer<typeof missionReviewStateSchema>;

export const userReviewsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page invalide' })
    .int('Page invalide')
    .min(1, 'Page invalide')
    .max(10_000, 'Page invalide')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Taille de page invalide' })
    .int('Taille de page invalide')
    .min(1, 'Taille de page invalide')
    .max(50, 'Taille de page invalide')
    .default(10),
});

const publicReviewSchema = reviewSchema.extend({
  missionTitle: z.string(),
  /** Whether the viewer may report it (they are the member reviewed and have not reported it yet). */
  canReport: z.boolean(),
  reported: z.boolean(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

const reviewSummarySchema = z.object({
  count: z.number(),
  /** The plain average of the overall ratings (2 decimals), null without reviews. */
  average: z.number().nullable(),
  subScores: z.object(
    Object.fromEntries(SUB_SCORES.map((key) => [key, z.number().nullable()])) as Record<
      (typeof SUB_SCORES)[number],
      z.ZodNullable<z.ZodNumber>
    >,
  ),
  /** users.reputationScore (Bayesian average, see core/rules/reviews.ts). */
  reputationScore: z.string(),
});

export const userReviewsSchema = z.object({
  summary: reviewSummarySchema,
  reviews: z.array(publicReviewSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type UserReviews = z.infer<typeof userReviewsSchema>;

export const reviewReportInputSchema = z.object({
  reason: requiredText(reviewMessages.reason, {
    min: 10,
    max: 500,
    tooLong: reviewMessages.reasonTooLong,
    multiline: true,
  }),
});

export const reviewReportDecisionSchema = z.object({
  decision: z.enum(['dismiss', 'remove'], { error: 'Décision inconnue' }),
  reason: requiredText(reviewMessages.adminReason, {
    min: 5,
    max: 500,
    tooLong: reviewMessages.reasonTooLong,
    multiline: true,
  }),
});

const adminReviewReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  status: z.enum(REVIEW_REPORT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  reporterName: z.string(),
  review: reviewSchema.extend({
    missionId: z.string(),
    missionTitle: z.string(),
    removedAt: z.string().nullable(),
    reviewee: personSchema,
  }),
});
export type AdminReviewReport = z.infer<typeof adminReviewReportSchema>;

export const adminReviewReportsSchema = z.object({
  reports: z.array(adminReviewReportSchema),
  open: z.number(),
});
export type AdminReviewReports = z.infer<typeof adminReviewReportsSchema>;
