/**
 * Reviews after a mission (docs/specification.md §1 "avis et notations", decision 019): who may write, until when, which
 * sub-scores apply to whom, and the reputation score computed from the published reviews.
 */

/** Each party has this many days after completion to write; then the window closes and what was written shows. */
export const REVIEW_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

/** When the window to review a mission completed at `completedAt` closes. */
export function reviewClosesAt(completedAt: Date | string): Date {
  return new Date(new Date(completedAt).getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** Whether a review may still be written at `now` (completed, and less than 14 days ago). */
export function reviewWindowOpen(completedAt: Date | string | null, now: Date = new Date()): boolean {
  return completedAt !== null && now.getTime() < reviewClosesAt(completedAt).getTime();
}

export const SUB_SCORES = [
  'professionalismScore',
  'communicationScore',
  'drivingSkillScore',
  'safetyScore',
] as const;
export type SubScore = (typeof SUB_SCORES)[number];

/** Who is reviewed: the driver (by the transporter) or the transporter (by the driver). */
export type ReviewedRole = 'driver' | 'transporter';

/**
 * The sub-scores asked for each side. A driver is judged on the four of docs/specification.md; a transporter does not drive, so
 * "conduite" does not apply to them: they are judged on professionalism, communication and safety on their sites.
 */
export const SUB_SCORES_FOR: Record<ReviewedRole, readonly SubScore[]> = {
  driver: ['professionalismScore', 'communicationScore', 'drivingSkillScore', 'safetyScore'],
  transporter: ['professionalismScore', 'communicationScore', 'safetyScore'],
};

/** Each sub-score's name and what it measures, worded for the side that is reviewed. */
export const SUB_SCORE_LABELS: Record<
  ReviewedRole,
  Partial<Record<SubScore, { label: string; hint: string }>>
> = {
  driver: {
    professionalismScore: {
      label: 'Professionnalisme',
      hint: 'Ponctualité, tenue, documents et consignes respectés',
    },
    communicationScore: {
      label: 'Communication',
      hint: 'Joignable, prévient en cas de retard ou d’imprévu',
    },
    drivingSkillScore: {
      label: 'Conduite',
      hint: 'Conduite souple, manœuvres, soin du véhicule et de la marchandise',
    },
    safetyScore: {
      label: 'Sécurité',
      hint: 'Temps de conduite, arrimage et règles des sites respectés',
    },
  },
  transporter: {
    professionalismScore: {
      label: 'Professionnalisme',
      hint: 'Mission conforme à l’annonce, documents prêts, engagements tenus',
    },
    communicationScore: {
      label: 'Communication',
      hint: 'Consignes claires, joignable pendant la mission',
    },
    safetyScore: {
      label: 'Sécurité sur site',
      hint: 'Quais, chargement et consignes de sécurité sur les sites',
    },
  },
};

/** The short names, whatever the side (summaries, lists). */
export const SUB_SCORE_SHORT: Record<SubScore, string> = {
  professionalismScore: 'Professionnalisme',
  communicationScore: 'Communication',
  drivingSkillScore: 'Conduite',
  safetyScore: 'Sécurité',
};

/** A sub-score's name for the side reviewed ("Sécurité sur site" for a transporter). */
export const subScoreLabel = (key: SubScore, reviewed: ReviewedRole) =>
  SUB_SCORE_LABELS[reviewed][key]?.label ?? SUB_SCORE_SHORT[key];

/** Who a review is about, from who wrote it: the two parties of a mission review each other. */
export const reviewedRoleOf = (reviewerRole: ReviewedRole): ReviewedRole =>
  reviewerRole === 'driver' ? 'transporter' : 'driver';

export const RATING_WORDS: Record<number, string> = {
  1: 'Très décevant',
  2: 'Décevant',
  3: 'Correct',
  4: 'Bien',
  5: 'Excellent',
};

/**
 * The reputation formula (decision written in /tmp/road/notes-reviews.md and on the profile): a Bayesian average
 * of the overall ratings of the member's published, not removed reviews,
 *
 *     score = (PRIOR_WEIGHT × PRIOR_MEAN + sum of ratings) / (PRIOR_WEIGHT + number of reviews)
 *
 * as if every member started with PRIOR_WEIGHT reviews at PRIOR_MEAN: a few reviews move the score a little,
 * many reviews make it their own average. One 5★ review gives 4.17; fifty 4.8★ give 4.73. With no review the score
 * is 0, which the screens read as "pas encore d’avis" (never as a bad mark). Rounded to 2 decimals, between 1 and 5
 * as soon as there is a review (stored in users.reputationScore, numeric(5,2)).
 */
export const PRIOR_WEIGHT = 5;
export const PRIOR_MEAN = 4;

export function reputationScore(count: number, sumOfRatings: number): number {
  if (!Number.isFinite(count) || count <= 0) return 0;
  const score = (PRIOR_WEIGHT * PRIOR_MEAN + sumOfRatings) / (PRIOR_WEIGHT + count);
  return Math.round(Math.min(5, Math.max(1, score)) * 100) / 100;
}

/** "12 avis", "1 avis": the count as the profile and the cards say it. */
export function reviewCountLabel(count: number): string {
  return `${count.toLocaleString('fr-FR')} avis`;
}
