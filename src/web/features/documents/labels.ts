import { formatFullDateTime, formatNumericDay } from '#core/rules/french-dates.js';
import {
  ADR_LABELS,
  DOCUMENT_STATE_LABELS,
  DRIVER_DOCUMENT_LABELS,
  EXPIRING_DAYS,
  daysBetween,
  type AdrSpecialisation,
  type DocumentState,
  type DriverDocumentType,
} from '#core/rules/documents.js';
import type { RequiredDocument } from '#core/rules/missions.js';
import type { DocumentView, RequirementVerdictView, ValidationView } from '#core/schemas/documents.js';
import { parisToday } from '#core/rules/days.js';

/**
 * What the driver reads on /documents: each required paper's state and what it blocks, each document's badge,
 * and where Relais's validation stands. Pure, so the wording is tested without a browser.
 */

export type Tone = 'success' | 'pending' | 'danger' | 'muted';

const REQUIREMENT_TITLES: Record<RequiredDocument, string> = {
  permis: 'Permis de conduire',
  carte_conducteur: 'Carte de conducteur',
  fimo_fco: 'FIMO / FCO',
  adr: 'Certificat ADR',
};

/** "Sans … valide": the name as it reads inside the sentence. */
const WITHOUT: Record<RequiredDocument, string> = {
  permis: 'Sans permis de conduire valide',
  carte_conducteur: 'Sans carte de conducteur valide',
  fimo_fco: 'Sans FIMO ou FCO valide',
  adr: 'Sans certificat ADR valide',
};

/** The document type to preselect in the form when the driver wants to fix a requirement. */
export function typeToAdd(
  requirement: RequiredDocument,
  documents: readonly DocumentView[],
): DriverDocumentType {
  if (requirement !== 'fimo_fco') return requirement;
  // After a FIMO comes the FCO every 5 years; a driver with neither starts with the FIMO.
  return documents.some((document) => document.type === 'fimo' || document.type === 'fco') ? 'fco' : 'fimo';
}

export interface RequirementLine {
  title: string;
  /** "Valide jusqu’au 12/03/2027", "Manquant", "Refusé — photo illisible"… */
  state: string;
  /** What it allows or blocks, in one line. */
  consequence: string;
  tone: Tone;
  /** The driver has something to do (add, replace, renew). */
  actionNeeded: boolean;
}

/** One required paper, judged for today by the server, in the driver's words. */
export function requirementLine(verdict: RequirementVerdictView, today = parisToday()): RequirementLine {
  const title = REQUIREMENT_TITLES[verdict.requirement];
  const blocked = `${WITHOUT[verdict.requirement]}, vous ne pouvez pas postuler aux missions qui l’exigent.`;
  switch (verdict.state) {
    case 'valid': {
      if (verdict.expiresOn && daysBetween(today, verdict.expiresOn) <= EXPIRING_DAYS)
        return {
          title,
          state: `Expire le ${formatNumericDay(verdict.expiresOn)}`,
          consequence: `Les missions qui finissent après le ${formatNumericDay(verdict.expiresOn)} vous sont déjà fermées : ajoutez le document renouvelé.`,
          tone: 'pending',
          actionNeeded: true,
        };
      return {
        title,
        state: verdict.expiresOn ? `Valide jusqu’au ${formatNumericDay(verdict.expiresOn)}` : 'Valide',
        consequence: 'Vous pouvez postuler aux missions qui l’exigent.',
        tone: 'success',
        actionNeeded: false,
      };
    }
    case 'pending':
      return {
        title,
        state: 'En cours de vérification',
        consequence: 'Vous pouvez déjà postuler aux missions qui l’exigent ; Relais vérifie le document.',
        tone: 'pending',
        actionNeeded: false,
      };
    case 'missing':
      return { title, state: 'Manquant', consequence: blocked, tone: 'danger', actionNeeded: true };
    case 'rejected':
      return {
        title,
        state: verdict.reason ? `Refusé — ${verdict.reason}` : 'Refusé',
        consequence: `${blocked} Envoyez-en une nouvelle version.`,
        tone: 'danger',
        actionNeeded: true,
      };
    case 'expires_before_end':
      return {
        title,
        state: verdict.expiresOn ? `Expiré depuis le ${formatNumericDay(verdict.expiresOn)}` : 'Expiré',
        consequence: blocked,
        tone: 'danger',
        actionNeeded: true,
      };
  }
}

/** A document's state badge: vérifié, en cours de vérification, expire bientôt, expiré, refusé, remplacé. */
export const DOCUMENT_STATE_TONES: Record<DocumentState, Tone> = {
  verified: 'success',
  pending: 'pending',
  expiring: 'pending',
  expired: 'danger',
  rejected: 'danger',
  replaced: 'muted',
};

export const documentStateLabel = (state: DocumentState) => DOCUMENT_STATE_LABELS[state];

/** The name of a document: the driver's own words for "autre", else its type. */
export function documentTitle(document: Pick<DocumentView, 'type' | 'label'>): string {
  return document.type === 'autre' && document.label ? document.label : DRIVER_DOCUMENT_LABELS[document.type];
}

/** The facts under a document's name, each one line: number, dates, categories, specialisations. */
export function documentFacts(document: DocumentView): string[] {
  const facts: string[] = [];
  if (document.number) facts.push(`N° ${document.number}`);
  const dates: string[] = [];
  if (document.issuedAt) dates.push(`Délivré le ${formatNumericDay(document.issuedAt)}`);
  if (document.expiresAt)
    dates.push(
      `${document.state === 'expired' ? 'Expiré le' : 'Valable jusqu’au'} ${formatNumericDay(document.expiresAt)}`,
    );
  if (dates.length) facts.push(dates.join(' · '));
  if (document.categories.length) facts.push(`Catégories : ${document.categories.join(', ')}`);
  if (document.adrKinds.length)
    facts.push(
      `Spécialisations : ${document.adrKinds.map((kind) => ADR_LABELS[kind as AdrSpecialisation] ?? kind).join(', ')}`,
    );
  return facts;
}

export type ValidationStep = 'documents' | 'interview' | 'decision';
export interface ValidationSummary {
  /** The step Relais is at (the last one once decided). */
  current: ValidationStep;
  /** Steps finished. */
  done: ValidationStep[];
  title: string;
  text: string;
  tone: Tone;
}

/** Where Relais's validation of the driver stands: documents, then an interview, then approved or refused. */
export function validationSummary(
  validation: ValidationView,
  documentsVerified: boolean,
  now = new Date(),
): ValidationSummary {
  if (validation.status === 'approved')
    return {
      current: 'decision',
      done: ['documents', 'interview', 'decision'],
      title: 'Profil validé par Relais',
      text: 'Les transporteurs voient que votre profil est vérifié sur chacune de vos candidatures.',
      tone: 'success',
    };
  if (validation.status === 'rejected')
    return {
      current: 'decision',
      done: ['documents', 'interview'],
      title: 'Profil refusé par Relais',
      text: validation.rejectionReason
        ? `Motif : ${validation.rejectionReason}`
        : 'Relais n’a pas validé votre profil. Écrivez au support pour en savoir plus.',
      tone: 'danger',
    };
  const unverified =
    'Tant que votre profil n’est pas validé, vos candidatures portent la mention « Non vérifié ».';
  if (!documentsVerified)
    return {
      current: 'documents',
      done: [],
      title: 'Étape 1 : vos documents',
      text: `Relais vérifie votre permis, votre carte de conducteur et votre FIMO / FCO avant l’entretien. ${unverified}`,
      tone: 'pending',
    };
  if (validation.interviewDate) {
    const past = new Date(validation.interviewDate).getTime() < now.getTime();
    return {
      current: past ? 'decision' : 'interview',
      done: past ? ['documents', 'interview'] : ['documents'],
      title: past ? 'Étape 3 : la décision' : 'Étape 2 : l’entretien',
      text: past
        ? `Entretien du ${formatFullDateTime(validation.interviewDate)} : Relais vous fera part de sa décision.`
        : `Entretien prévu le ${formatFullDateTime(validation.interviewDate)}. ${unverified}`,
      tone: 'pending',
    };
  }
  return {
    current: 'interview',
    done: ['documents'],
    title: 'Étape 2 : l’entretien',
    text: `Vos documents sont vérifiés : Relais vous contacte pour fixer un entretien. ${unverified}`,
    tone: 'pending',
  };
}
