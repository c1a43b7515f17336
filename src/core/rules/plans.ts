import type { MissionStatus, SubscriptionPlan } from './enums.js';
import { ELITE_FEATURE } from './billing.js';
import { FREEMIUM_LIMITS } from './tariffs.js';

/** Freemium (plan 'basic') limits; Premium and Elite have none (docs/specification.md §1, §9). */
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

/** The daily limit reached, in the words of the sender's role (a transporter's free plan is not "Freemium"). */
export function messageLimitMessage(role: 'driver' | 'transporter' | 'admin'): string {
  return role === 'transporter'
    ? `Vous avez envoyé vos ${FREEMIUM_LIMITS.messagesPerDay} messages du jour avec l’offre gratuite. Passez à la formule Transporteur pour écrire sans limite.`
    : MESSAGE_LIMIT_MESSAGE;
}

/**
 * Limits are for prospecting, not for running a mission (decision 014): messages between a mission's transporter
 * and its chosen driver, about that mission, while it is assigned or under way and until 48 h after it is
 * completed, are never counted against (or stopped by) the daily limit — both ways.
 */
const COORDINATION_HOURS_AFTER_COMPLETION = 48;

export function isMissionCoordination(
  mission: {
    status: MissionStatus | string;
    companyId: string;
    driverId: string | null;
    completedAt: Date | null;
  },
  senderId: string,
  receiverId: string,
  now: Date = new Date(),
): boolean {
  if (!mission.driverId) return false;
  const pair = [mission.companyId, mission.driverId];
  if (!pair.includes(senderId) || !pair.includes(receiverId) || senderId === receiverId) return false;
  if (['assigned', 'in_progress', 'delivered'].includes(mission.status)) return true;
  return (
    mission.status === 'completed' &&
    mission.completedAt !== null &&
    now.getTime() - mission.completedAt.getTime() <= COORDINATION_HOURS_AFTER_COMPLETION * 3600_000
  );
}

/** Said wherever the daily message limit is (pricing, the CGU). */
export const COORDINATION_NOTE = `Les messages échangés avec votre chauffeur ou votre transporteur pendant une mission, et jusqu’à ${COORDINATION_HOURS_AFTER_COMPLETION} h après sa fin, ne sont pas décomptés.`;

/** The same, to someone signed in, in the words of their role (the dashboard, the plan page). */
export function coordinationNote(role: 'driver' | 'transporter'): string {
  return role === 'transporter'
    ? `Les messages échangés avec le chauffeur retenu pour une mission, pendant la mission et jusqu’à ${COORDINATION_HOURS_AFTER_COMPLETION} h après sa fin, ne sont pas décomptés.`
    : `Les messages échangés avec le transporteur d’une mission qui vous est attribuée, pendant la mission et jusqu’à ${COORDINATION_HOURS_AFTER_COMPLETION} h après sa fin, ne sont pas décomptés.`;
}

/** A plan as its holder sees it: its name and what it allows, in the words of their role. */
export function planSummary(
  role: 'driver' | 'transporter',
  plan: SubscriptionPlan | string,
): {
  name: string;
  limits: string[];
} {
  const messages =
    dailyMessageLimit(plan) === null
      ? 'Messages illimités'
      : `${FREEMIUM_LIMITS.messagesPerDay} messages par jour`;
  if (role === 'transporter') {
    const paid = plan !== 'basic';
    return {
      name: paid ? 'Transporteur' : 'Gratuit',
      limits: ['Publication de missions sans limite', messages],
    };
  }
  const applications =
    monthlyApplicationLimit(plan) === null
      ? 'Candidatures illimitées'
      : `${FREEMIUM_LIMITS.applicationsPerMonth} candidatures par mois`;
  const name = plan === 'premium' ? 'Premium Chauffeur' : plan === 'elite' ? 'Elite Chauffeur' : 'Freemium';
  return {
    name,
    limits: plan === 'elite' ? [applications, messages, ELITE_FEATURE] : [applications, messages],
  };
}
