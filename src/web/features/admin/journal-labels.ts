/**
 * French names of the journal's actions and targets. An action not listed here (a later feature's) shows as
 * written: nothing is hidden for want of a label.
 */
const ACTION_LABELS: Record<string, string> = {
  'admin.setup': 'Premier administrateur créé',
  'site_settings.update': 'Paramètres du site modifiés',
  'site_settings.logo': 'Logo changé',
  'tariffs.update': 'Tarifs modifiés',
  'plan.granted': 'Formule accordée',
  'plan.ended': 'Formule terminée',
  'document.verify': 'Document validé',
  'document.reject': 'Document refusé',
  'driver.interview': 'Entretien du chauffeur noté',
  'driver.approve': 'Chauffeur validé',
  'driver.reject': 'Chauffeur refusé',
  'badge.award': 'Badge attribué',
  'badge.remove': 'Badge retiré',
  'review.remove': 'Avis retiré',
  'review_report.dismiss': 'Signalement d’avis écarté',
  'bug_report.update': 'Signalement de bug traité',
  'user.deactivate': 'Compte désactivé',
  'user.reactivate': 'Compte réactivé',
  'user.resend_verification': 'Lien de vérification renvoyé',
  'user.mark_demo': 'Compte marqué démo',
  'user.unmark_demo': 'Marque démo retirée',
  'admin.invite': 'Administrateur invité',
  'admin.invitation_accepted': 'Invitation d’administrateur acceptée',
  'admin.invitation_revoked': 'Invitation d’administrateur annulée',
  'admin.remove': 'Administrateur retiré',
  'admin.second_factor_enrolled': 'Double authentification activée',
  'admin.recovery_code_used': 'Code de secours utilisé',
  'admin.recovery_codes_regenerated': 'Codes de secours régénérés',
  'mission.cancel': 'Mission annulée',
};

const TARGET_LABELS: Record<string, string> = {
  user: 'Membre',
  driver: 'Chauffeur',
  document: 'Document',
  mission: 'Mission',
  review: 'Avis',
  bug_report: 'Signalement de bug',
  site_settings: 'Paramètres du site',
  admin: 'Administrateur',
  admin_invitation: 'Invitation',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;
export const targetLabel = (type: string) => TARGET_LABELS[type] ?? type;

/** The families the filter offers (`plan.*`): every action sharing the part before the first dot. */
export function actionFamilies(actions: string[]): string[] {
  const families = new Map<string, number>();
  for (const action of actions) {
    const dot = action.indexOf('.');
    if (dot > 0) families.set(action.slice(0, dot), (families.get(action.slice(0, dot)) ?? 0) + 1);
  }
  return [...families].filter(([, count]) => count > 1).map(([family]) => `${family}.*`);
}

/** Details as short readable JSON: one line when it fits, else indented two spaces. */
export function detailsText(details: Record<string, unknown> | null): string | null {
  if (!details || Object.keys(details).length === 0) return null;
  const flat = JSON.stringify(details);
  return flat.length <= 90
    ? flat.replace(/","/g, '", "').replace(/":/g, '": ')
    : JSON.stringify(details, null, 2);
}
