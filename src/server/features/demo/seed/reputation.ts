import { badgeCriteria, BADGE_RULES, earnedBadges, type BadgeType } from '#core/rules/badges.js';
import { reputationScore, reviewClosesAt, SUB_SCORES_FOR, type ReviewedRole } from '#core/rules/reviews.js';
import type { DbOrTx } from '../../../db/client.js';
import { badges } from '../../../db/schema/documents.js';
import { measureDrivers } from '../../../platform/badge-figures.js';
import { bulkInsert } from './bulk.js';
import type { Mission } from './missions.js';
import { earliest, HOUR, latest, MINUTE, plus, type Account, type World } from './world.js';

/**
 * Reviews, reputation and badges (reviews and badges features): each party's review after completion, published
 * when both have written or when the 14-day window closes (double-blind), the reputation score every account
 * gets from its published reviews (core reputationScore), and the computed badges its figures reach (core
 * earnedBadges over the figures platform/badge-figures.ts measures in the rows once written).
 */

const COMMENTS: Record<ReviewedRole, Record<number, string[]>> = {
  driver: {
    5: [
      'Chauffeur ponctuel et soigneux, livraison impeccable. À refaire !',
      'Très professionnel, a prévenu de son arrivée, client ravi.',
      'Rien à redire : à l’heure, arrimage parfait, documents complets.',
    ],
    4: [
      'Bonne mission, léger retard au chargement bien communiqué.',
      'Sérieux et aimable, je le recontacterai.',
      'Travail propre, quelques minutes de retard à la livraison.',
    ],
    3: ['Mission faite, mais peu joignable pendant le trajet.'],
  },
  transporter: {
    5: [
      'Consignes claires, chargement prêt à l’heure, paiement rapide.',
      'Exploitation très réactive, quais bien organisés. Merci !',
      'Mission conforme à l’annonce, accueil au top sur les sites.',
    ],
    4: [
      'Bonne organisation, un peu d’attente au quai de chargement.',
      'Mission conforme, documents prêts. Attente raisonnable à la livraison.',
    ],
    3: ['Correct, mais 1 h 30 d’attente au chargement non prévue.'],
  },
};

export interface ReviewPlan {
  rating: number;
  /** Written this long after completion (hours); within the 14-day window. */
  afterHours?: number;
  comment?: string | null;
}

/**
 * A party's review of the mission's other party: `by` the company (about the driver) or the driver (about the
 * company), with the sub-scores that apply to the reviewed side. Published later (publishReviews).
 */
export function review(w: World, mission: Mission, by: 'company' | 'driver', plan: ReviewPlan) {
  const { row } = mission;
  const reviewer = by === 'company' ? mission.company : mission.driver!;
  const reviewee = by === 'company' ? mission.driver! : mission.company;
  const reviewed: ReviewedRole = by === 'company' ? 'driver' : 'transporter';
  const closes = reviewClosesAt(row.completedAt!);
  const createdAt = earliest(
    plus(row.completedAt!, (plan.afterHours ?? w.between(2, 70)) * HOUR),
    plus(closes, -HOUR),
    w.at(-10 * MINUTE),
  );
  const score = () => Math.max(1, Math.min(5, plan.rating + (w.random() < 0.25 ? -1 : 0)));
  const scores = Object.fromEntries(SUB_SCORES_FOR[reviewed].map((key) => [key, score()]));
  const written = {
    id: w.id(),
    reviewerId: reviewer.id,
    revieweeId: reviewee.id,
    missionId: row.id,
    rating: plan.rating,
    ...scores,
    comment:
      plan.comment === undefined
        ? w.pick(COMMENTS[reviewed][plan.rating] ?? COMMENTS[reviewed][4]!)
        : plan.comment,
    createdAt,
  };
  w.rows.reviews.push(written);
  return written;
}

/**
 * Publication as the reviews feature does it: both written, both published at the second one; one written and
 * the window closed, published at the close (the hourly job); otherwise still waiting for the other party.
 */
export function publishReviews(w: World): void {
  const byMission = new Map<string, World['rows']['reviews']>();
  for (const row of w.rows.reviews)
    byMission.set(row.missionId, [...(byMission.get(row.missionId) ?? []), row]);
  const completedAt = new Map(w.rows.missions.map((row) => [row.id, row.completedAt!]));
  for (const [missionId, written] of byMission) {
    const closes = reviewClosesAt(completedAt.get(missionId)!);
    const publishedAt =
      written.length === 2
        ? latest(...written.map((row) => row.createdAt))
        : w.past(closes)
          ? plus(closes, w.noise(5, 55) * MINUTE)
          : null;
    for (const row of written) row.publishedAt = publishedAt && w.past(publishedAt) ? publishedAt : null;
  }
}

/** users.reputationScore of every account, from its published reviews (core reputationScore, 2 decimals). */
export function scoreReputations(w: World): void {
  for (const account of w.accounts) {
    const received = w.rows.reviews.filter((row) => row.revieweeId === account.id && row.publishedAt);
    account.row.reputationScore = reputationScore(
      received.length,
      received.reduce((sum, row) => sum + row.rating, 0),
    ).toFixed(2);
  }
}

/** When a badge was reached: the start that completed the reliability window, else the latest completion. */
function reachedAt(w: World, driver: Account, type: BadgeType): Date {
  const own = w.rows.missions.filter((row) => row.driverId === driver.id);
  if (type === 'reliable') {
    const starts = own
      .flatMap((row) => (row.startedAt ? [row.startedAt] : []))
      .sort((a, b) => a.getTime() - b.getTime());
    return starts[BADGE_RULES.reliable.window - 1] ?? w.now;
  }
  const ends = own
    .flatMap((row) => (row.completedAt ? [row.completedAt] : []))
    .sort((a, b) => a.getTime() - b.getTime());
  return ends.at(-1) ?? w.now;
}

/** The eco_driver badges Relais gave (never computed: the administrator's word, with the reason). */
export function awardEcoDriver(
  w: World,
  awarded: Array<{ driver: Account; at: Date; reason: string }>,
): void {
  for (const { driver, at, reason } of awarded)
    w.rows.badges.push({ userId: driver.id, type: 'eco_driver', earnedAt: at, reason, awardedBy: null });
}

/**
 * Every driver's computed badges, once the sandbox's rows are written: the figures the badges feature measures
 * (platform/badge-figures.ts, one statement for all the drivers), the badges core earnedBadges gives from them
 * with the figures as criteria, each dated when it was reached. Written, and added to the world's badges.
 */
export async function writeComputedBadges(tx: DbOrTx, w: World): Promise<void> {
  const drivers = w.accounts.filter((account) => account.side === 'driver');
  const measured = await measureDrivers(
    tx,
    drivers.map((driver) => driver.id),
  );
  const computed = drivers.flatMap((driver) => {
    const figures = measured.get(driver.id)!;
    return earnedBadges(figures).map((type) => ({
      userId: driver.id,
      type,
      criteria: badgeCriteria(type, figures),
      earnedAt: reachedAt(w, driver, type),
    }));
  });
  await bulkInsert(tx, badges, computed);
  w.rows.badges.push(...computed);
}
