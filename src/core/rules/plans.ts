import type { SubscriptionPlan } from './enums.js';
import { FREEMIUM_LIMITS } from './tariffs.js';

/** Freemium (plan 'basic') limits; Premium and Elite have none (SPEC.md §1, §9). */
export function monthlyApplicationLimit(plan: SubscriptionPlan | string): number | null {
  return plan === 'basic' ? FREEMIUM_LIMITS.applicationsPerMonth : null;
}

export function dailyMessageLimit(plan: SubscriptionPlan | string): number | null {
  return plan === 'basic' ? FREEMIUM_LIMITS.messagesPerDay : null;
}

/** Applications left this month, or null when unlimited. */
export function applicationsLeft(plan: SubscriptionPlan | string, usedThisMonth: number): number | null {
  const limit = monthlyApplicationLimit(plan);
  return limit === null ? null : Math.max(0, limit - usedThisMonth);
}

export function applicationsLeftLabel(left: number | null): string {
  if (left === null) return 'Candidatures illimitées';
  if (left === 0) return 'Aucune candidature restante ce mois-ci';
  return left === 1 ? '1 candidature restante ce mois-ci' : `${left} candidatures restantes ce mois-ci`;
}

export const APPLICATION_LIMIT_MESSAGE = `Vous avez utilisé vos ${FREEMIUM_LIMITS.applicationsPerMonth} candidatures du mois avec la formule Freemium. Passez à Premium pour postuler sans limite.`;

export const MESSAGE_LIMIT_MESSAGE = `Vous avez envoyé vos ${FREEMIUM_LIMITS.messagesPerDay} messages du jour avec la formule Freemium. Passez à Premium pour écrire sans limite.`;
