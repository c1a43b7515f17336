/**
 * Bug reports (decision 020): how the screens, the alerts and the e-mails name their statuses, priorities and
 * categories, and the rules the server applies to them.
 */
import type { BUG_CATEGORIES, BUG_PRIORITIES, BUG_STATUSES } from './enums.js';

export type BugStatus = (typeof BUG_STATUSES)[number];
export type BugPriority = (typeof BUG_PRIORITIES)[number];
export type BugCategory = (typeof BUG_CATEGORIES)[number];

export const BUG_STATUS_LABELS: Record<BugStatus, string> = {
  new: 'Nouveau',
  in_progress: 'En cours',
  resolved: 'Résolu',
  closed: 'Fermé',
};

export const BUG_PRIORITY_LABELS: Record<BugPriority, string> = {
  low: 'Basse',
  medium: 'Moyenne',
  high: 'Haute',
};

export const BUG_CATEGORY_LABELS: Record<BugCategory, string> = {
  ui: 'Interface',
  functional: 'Fonctionnement',
  performance: 'Performance',
  security: 'Sécurité',
  other: 'Autre',
};

/** What each category covers, under the select (the reporter picks without knowing our words). */
export const BUG_CATEGORY_HINTS: Record<BugCategory, string> = {
  ui: 'Un affichage cassé, un bouton illisible, un texte coupé.',
  functional: 'Une action qui ne fait pas ce qu’elle devrait, un message d’erreur.',
  performance: 'Une page lente ou qui ne se charge pas.',
  security: 'Une faille possible : accès aux données d’un autre, contournement d’une règle.',
  other: 'Tout le reste.',
};

/** Reports one person may send per day (Europe/Paris): enough for a bad day, not for a flood. */
export const BUG_REPORTS_PER_DAY = 10;

/** Still waiting for the team: counted on the back office's menu. */
export const OPEN_BUG_STATUSES: readonly BugStatus[] = ['new', 'in_progress'];

/** Handled: the report gets its resolvedAt. */
export const isFinishedBugStatus = (status: string) => status === 'resolved' || status === 'closed';

/**
 * A security report is never below 'high': a possible breach is looked at first, whatever the reporter chose.
 */
export function effectivePriority(category: BugCategory, priority: BugPriority): BugPriority {
  return category === 'security' ? 'high' : priority;
}

/** We answer security reports within this many hours (said to the reporter). */
const SECURITY_ANSWER_HOURS = 72;

/** The responsible-disclosure note shown with a security report (form, answer, my reports). */
export function disclosureNote(contactEmail: string): string {
  return (
    `Merci de nous avoir prévenus. Pour protéger les autres membres, ne publiez pas les détails de cette faille ` +
    `ailleurs (réseaux sociaux, forums) tant qu’elle n’est pas corrigée. Nous vous répondons sous ` +
    `${SECURITY_ANSWER_HOURS} h ; pour un complément confidentiel, écrivez à ${contactEmail}.`
  );
}

/** What the reporter's device says of itself, as sent with the report and shown to them before sending. */
export function browserInfoText(info: {
  userAgent: string;
  screen: string;
  viewport: string;
  language: string;
  appVersion?: string | null;
}): string {
  return [
    `Navigateur : ${info.userAgent}`,
    `Écran : ${info.screen} (fenêtre ${info.viewport})`,
    `Langue : ${info.language}`,
    ...(info.appVersion ? [`Version de Relais : ${info.appVersion}`] : []),
  ].join('\n');
}

/**
 * The page a report concerns, as a same-site path ("/missions?page=2"): one slash then no second one (which
 * would name another host), no backslash, no blank, no control character (a NUL cannot even be stored) and no
 * unpaired surrogate. Null when it is not one.
 */
export function samePagePath(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  return /^\/(?![/\\])[^\s\\\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u.test(value) && value.length <= 500
    ? value
    : null;
}
