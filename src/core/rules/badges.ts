/**
 * Badges (docs/specification.md §3, decision 019): what each one means, as profiles and applicant cards say it.
 * The rules that award them are in this file too (pure functions over figures the server measures).
 *
 * Badges are for drivers: each one says something about how a driver works (on time, experienced, well rated,
 * quick to answer, safe). Transporters are judged by their reviews and reputation score only.
 *
 * Five badges are computed from what Relais records (missions' step times, published reviews, incidents,
 * messages) and follow the data both ways: earned when the figures reach the threshold, lost when they fall
 * back. The sixth, eco_driver, is awarded by an administrator with a reason: positions taken every 30 s or 200 m
 * cannot measure fuel use, harsh braking or idling, so no honest rule computes it from our data.
 */
import type { BADGE_TYPES } from './enums.js';

export type BadgeType = (typeof BADGE_TYPES)[number];
/** The badges Relais computes; eco_driver is given by an administrator. */
export type ComputedBadgeType = Exclude<BadgeType, 'eco_driver'>;
export const COMPUTED_BADGES: readonly ComputedBadgeType[] = [
  'reliable',
  'expert',
  'top_rated',
  'fast_responder',
  'safety_champion',
];
/** Awarded by an administrator, with a reason (never added nor removed by the computation). */
export const AWARDED_BADGES: readonly BadgeType[] = ['eco_driver'];

export const BADGE_LABELS: Record<BadgeType, string> = {
  reliable: 'Fiable',
  expert: 'Expert',
  top_rated: 'Très bien noté',
  fast_responder: 'Répond vite',
  safety_champion: 'Champion de la sécurité',
  eco_driver: 'Éco-conduite',
};

/** The thresholds, in one place: the server's measure, the evaluators and the screens read them. */
export const BADGE_RULES = {
  reliable: {
    /** The driver's last missions started, newest first. */
    window: 20,
    /** Started at most this long after the planned start counts as on time (earlier is on time too). */
    graceMinutes: 15,
    minPercent: 95,
  },
  expert: { completed: 100 },
  top_rated: {
    /** Published reviews of the driver, not removed by an administrator: one per mission. */
    minReviews: 50,
    /** In tenths of a star (4.8), compared with whole numbers: no rounding at the threshold. */
    minAverageTenths: 48,
  },
  fast_responder: {
    /** Conversations with a transporter where the transporter wrote and the driver's answer is known. */
    minConversations: 10,
    /** The driver's last conversations counted, newest first. */
    window: 50,
    replyWithinMinutes: 60,
    minPercent: 90,
  },
  safety_champion: {
    /** The driver's last completed missions, newest first: all needed. */
    window: 50,
  },
} as const;

/** What each badge means, as the profile, the applicant card and the driver's own page say it. */
export const BADGE_MEANINGS: Record<BadgeType, string> = {
  reliable: `Parti à l’heure (au plus ${BADGE_RULES.reliable.graceMinutes} min après l’heure prévue) pour au moins ${BADGE_RULES.reliable.minPercent} % de ses ${BADGE_RULES.reliable.window} dernières missions.`,
  expert: `Au moins ${BADGE_RULES.expert.completed} missions terminées sur Relais.`,
  top_rated: `Note moyenne d’au moins 4,8 / 5 sur au moins ${BADGE_RULES.top_rated.minReviews} missions notées par les transporteurs.`,
  fast_responder: `Répond au premier message d’un transporteur en moins d’une heure dans au moins ${BADGE_RULES.fast_responder.minPercent} % des conversations (${BADGE_RULES.fast_responder.minConversations} au moins).`,
  safety_champion: `Aucun accident ni marchandise endommagée signalés sur ses ${BADGE_RULES.safety_champion.window} dernières missions terminées.`,
  eco_driver:
    'Attribué par l’équipe Relais pour une conduite économe reconnue (formation, suivi de l’employeur) : le suivi GPS de Relais ne mesure pas la consommation.',
};

/** What the server measures for one driver (platform/badge-figures.ts), as whole numbers. */
export interface DriverBadgeFigures {
  /** Of the driver's last `window` missions started: how many, and how many started on time. */
  reliable: { started: number; onTime: number };
  /** Missions the driver completed. */
  expert: { completed: number };
  /** Published, not removed reviews of the driver: how many, and the sum of their overall ratings (1–5). */
  top_rated: { reviews: number; ratingSum: number };
  /** Of the driver's last `window` conversations with a transporter: how many, and how many answered in time. */
  fast_responder: { conversations: number; answeredInTime: number };
  /** Of the driver's last `window` completed missions: how many, and the accidents / damage reported on them. */
  safety_champion: { completed: number; incidents: number };
}

/** part / whole ≥ percent %, in whole numbers (no floating-point error at the threshold). */
export function reachesPercent(part: number, whole: number, percent: number): boolean {
  return whole > 0 && part * 100 >= percent * whole;
}

export function isReliable({ started, onTime }: DriverBadgeFigures['reliable']): boolean {
  const rule = BADGE_RULES.reliable;
  return started >= rule.window && reachesPercent(onTime, started, rule.minPercent);
}

export function isExpert({ completed }: DriverBadgeFigures['expert']): boolean {
  return completed >= BADGE_RULES.expert.completed;
}

export function isTopRated({ reviews, ratingSum }: DriverBadgeFigures['top_rated']): boolean {
  const rule = BADGE_RULES.top_rated;
  return reviews >= rule.minReviews && ratingSum * 10 >= rule.minAverageTenths * reviews;
}

export function isFastResponder({
  conversations,
  answeredInTime,
}: DriverBadgeFigures['fast_responder']): boolean {
  const rule = BADGE_RULES.fast_responder;
  return (
    conversations >= rule.minConversations && reachesPercent(answeredInTime, conversations, rule.minPercent)
  );
}

export function isSafetyChampion({ completed, incidents }: DriverBadgeFigures['safety_champion']): boolean {
  return completed >= BADGE_RULES.safety_champion.window && incidents === 0;
}

export function meetsBadge(type: ComputedBadgeType, figures: DriverBadgeFigures): boolean {
  switch (type) {
    case 'reliable':
      return isReliable(figures.reliable);
    case 'expert':
      return isExpert(figures.expert);
    case 'top_rated':
      return isTopRated(figures.top_rated);
    case 'fast_responder':
      return isFastResponder(figures.fast_responder);
    case 'safety_champion':
      return isSafetyChampion(figures.safety_champion);
  }
}

/** The computed badges the figures give, in the order of COMPUTED_BADGES. */
export function earnedBadges(figures: DriverBadgeFigures): ComputedBadgeType[] {
  return COMPUTED_BADGES.filter((type) => meetsBadge(type, figures));
}

/** What a badge row keeps of the figures at the time (badges.criteria). */
export function badgeCriteria(type: ComputedBadgeType, figures: DriverBadgeFigures): Record<string, number> {
  return { ...figures[type] };
}

export interface BadgeProgress {
  /** From 0 to 1: how far the driver is along the way (1 when the conditions are met). */
  ratio: number;
  /** Where the driver stands, in a sentence. */
  summary: string;
}

const percentText = (part: number, whole: number) =>
  whole === 0 ? '—' : `${Math.floor((part * 1000) / whole) / 10}`.replace('.', ',') + ' %';
const plural = (count: number, word: string, words: string) => `${count} ${count > 1 ? words : word}`;
const clamp = (value: number) => Math.max(0, Math.min(1, value));

/** Where a driver stands towards a computed badge (their own /profile page). */
export function badgeProgress(type: ComputedBadgeType, figures: DriverBadgeFigures): BadgeProgress {
  switch (type) {
    case 'reliable': {
      const { started, onTime } = figures.reliable;
      const { window, minPercent } = BADGE_RULES.reliable;
      if (started < window)
        return {
          ratio: clamp(started / window),
          summary: `${plural(started, 'mission démarrée', 'missions démarrées')} sur les ${window} nécessaires, dont ${onTime} à l’heure.`,
        };
      return {
        ratio: clamp((onTime * 100) / (minPercent * started)),
        summary: `${plural(onTime, 'départ', 'départs')} à l’heure sur vos ${window} dernières missions (${percentText(onTime, started)}, ${minPercent} % demandés).`,
      };
    }
    case 'expert': {
      const { completed } = figures.expert;
      const target = BADGE_RULES.expert.completed;
      return {
        ratio: clamp(completed / target),
        summary: `${plural(completed, 'mission terminée', 'missions terminées')} sur ${target}.`,
      };
    }
    case 'top_rated': {
      const { reviews, ratingSum } = figures.top_rated;
      const { minReviews } = BADGE_RULES.top_rated;
      const average =
        reviews === 0
          ? 'pas encore de note'
          : `moyenne ${(Math.floor((ratingSum * 100) / reviews) / 100).toLocaleString('fr-FR')} / 5`;
      const count = plural(reviews, 'mission notée', 'missions notées');
      return {
        ratio: clamp(Math.min(reviews / minReviews, reviews === 0 ? 0 : (ratingSum * 10) / (48 * reviews))),
        summary: `${count} sur ${minReviews}, ${average} (4,8 demandés).`,
      };
    }
    case 'fast_responder': {
      const { conversations, answeredInTime } = figures.fast_responder;
      const { minConversations, minPercent } = BADGE_RULES.fast_responder;
      if (conversations < minConversations)
        return {
          ratio: clamp(conversations / minConversations),
          summary: `${plural(conversations, 'conversation comptée', 'conversations comptées')} sur les ${minConversations} nécessaires, dont ${answeredInTime} avec une réponse en moins d’une heure.`,
        };
      return {
        ratio: clamp((answeredInTime * 100) / (minPercent * conversations)),
        summary: `Réponse en moins d’une heure dans ${answeredInTime} conversations sur ${conversations} (${percentText(answeredInTime, conversations)}, ${minPercent} % demandés).`,
      };
    }
    case 'safety_champion': {
      const { completed, incidents } = figures.safety_champion;
      const { window } = BADGE_RULES.safety_champion;
      const reported =
        incidents === 0
          ? 'aucun accident ni dommage signalé'
          : `${plural(incidents, 'accident ou dommage signalé', 'accidents ou dommages signalés')}`;
      return {
        ratio: incidents > 0 ? 0 : clamp(completed / window),
        summary:
          completed < window
            ? `${plural(completed, 'mission terminée', 'missions terminées')} sur les ${window} nécessaires, ${reported}.`
            : `Sur vos ${window} dernières missions terminées : ${reported}.`,
      };
    }
  }
}
