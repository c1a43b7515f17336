import type { LicenseType } from './enums.js';
import { LICENSE_TYPES } from './enums.js';
import type { RequiredDocument } from './missions.js';
import { formatNumericDay } from './french-dates.js';

/**
 * A driver's professional papers and what they allow (decision 017). Pure rules shared by the server (eligibility,
 * reminders, `documentsVerified`) and the screens (what is missing, what it blocks).
 */

export const DRIVER_DOCUMENT_TYPES = [
  'permis',
  'carte_conducteur',
  'fimo',
  'fco',
  'adr',
  'identite',
  'autre',
] as const;
export type DriverDocumentType = (typeof DRIVER_DOCUMENT_TYPES)[number];
/** The mission's engagement document (contract proposal or transport order) shares the table. */
export const ENGAGEMENT_DOCUMENT_TYPE = 'engagement';

export const DRIVER_DOCUMENT_LABELS: Record<DriverDocumentType, string> = {
  permis: 'Permis de conduire',
  carte_conducteur: 'Carte de conducteur (chronotachygraphe)',
  fimo: 'FIMO',
  fco: 'FCO',
  adr: 'Certificat ADR',
  identite: 'Pièce d’identité',
  autre: 'Autre document',
};

export const DRIVER_DOCUMENT_HINTS: Record<DriverDocumentType, string> = {
  permis:
    'Indiquez la date de fin de validité inscrite sur le permis (validité médicale : 5 ans, plus courte après 60 ans).',
  carte_conducteur: 'La carte de conducteur est valable 5 ans.',
  fimo: 'Valable 5 ans à compter de la formation ; ensuite la FCO tous les 5 ans.',
  fco: 'Valable 5 ans à compter de la FIMO ou de la dernière FCO.',
  adr: 'Valable 5 ans ; précisez les spécialisations (base, citerne, classe 1, classe 7).',
  identite: 'Carte d’identité ou passeport en cours de validité.',
  autre: 'Tout autre justificatif utile (attestation, habilitation…).',
};

export const ADR_SPECIALISATIONS = ['base', 'citerne', 'classe1', 'classe7'] as const;
export type AdrSpecialisation = (typeof ADR_SPECIALISATIONS)[number];
export const ADR_LABELS: Record<AdrSpecialisation, string> = {
  base: 'Base',
  citerne: 'Citerne',
  classe1: 'Classe 1 (explosifs)',
  classe7: 'Classe 7 (radioactifs)',
};

export interface DocumentRule {
  /** The document carries a number (licence, card, certificate). */
  hasNumber: boolean;
  /** An expiry date is needed; without one the document cannot prove anything on a date. */
  expiryRequired: boolean;
  /** Longest validity from the issue date, in years; an expiry beyond is a typing mistake. */
  maxYears: number | null;
  /** When the issue date is given and no expiry, the expiry is computed this many years later. */
  defaultYears: number | null;
}

export const DOCUMENT_RULES: Record<DriverDocumentType, DocumentRule> = {
  permis: { hasNumber: true, expiryRequired: true, maxYears: 15, defaultYears: null },
  carte_conducteur: { hasNumber: true, expiryRequired: true, maxYears: 5, defaultYears: 5 },
  fimo: { hasNumber: true, expiryRequired: true, maxYears: 5, defaultYears: 5 },
  fco: { hasNumber: true, expiryRequired: true, maxYears: 5, defaultYears: 5 },
  adr: { hasNumber: true, expiryRequired: true, maxYears: 5, defaultYears: 5 },
  identite: { hasNumber: true, expiryRequired: false, maxYears: 15, defaultYears: null },
  autre: { hasNumber: false, expiryRequired: false, maxYears: null, defaultYears: null },
};

export const LICENSE_CATEGORIES: readonly LicenseType[] = LICENSE_TYPES;

/** `YYYY-MM-DD` plus whole years (29 February → 28 February when the year has none). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Days before expiry at which the driver is reminded (and on the day itself). */
export const REMINDER_STAGES = [90, 30, 7, 0] as const;
/** "Expiring" on screens: within the first reminder's window. */
export const EXPIRING_DAYS = 90;

type StoredDocumentStatus = 'pending' | 'verified' | 'rejected' | 'replaced';

/** One of the driver's papers as the rules need it. */
export interface Paper {
  id: string;
  type: string;
  status: StoredDocumentStatus | string;
  expirationDate: string | null;
  rejectionReason?: string | null;
  uploadedAt?: string;
}

/** What the driver sees on each document: stored status plus what the date says. */
export type DocumentState = 'pending' | 'verified' | 'expiring' | 'expired' | 'rejected' | 'replaced';

export function documentState(paper: Paper, today: string): DocumentState {
  if (paper.status === 'rejected' || paper.status === 'replaced') return paper.status;
  if (paper.expirationDate && paper.expirationDate < today) return 'expired';
  if (paper.status === 'pending') return 'pending';
  if (paper.expirationDate && daysBetween(today, paper.expirationDate) <= EXPIRING_DAYS) return 'expiring';
  return 'verified';
}

export const DOCUMENT_STATE_LABELS: Record<DocumentState, string> = {
  pending: 'En cours de vérification',
  verified: 'Vérifié',
  expiring: 'Expire bientôt',
  expired: 'Expiré',
  rejected: 'Refusé',
  replaced: 'Remplacé',
};

/** The document types that satisfy a requirement (FIMO or the last FCO for "FIMO / FCO"). */
function typesFor(requirement: RequiredDocument): DriverDocumentType[] {
  return requirement === 'fimo_fco' ? ['fimo', 'fco'] : [requirement];
}

/** How a driver stands on one requirement for a period ending `until` (a mission's end day). */
export type RequirementVerdict =
  | { requirement: RequiredDocument; state: 'valid'; documentId: string; expiresOn: string | null }
  | { requirement: RequiredDocument; state: 'pending'; documentId: string; expiresOn: string | null }
  | { requirement: RequiredDocument; state: 'missing' }
  | { requirement: RequiredDocument; state: 'rejected'; reason: string | null }
  | { requirement: RequiredDocument; state: 'expires_before_end'; documentId: string; expiresOn: string };

/**
 * The driver's standing on a requirement until `until` (inclusive): a verified document valid to the end
 * wins, then one awaiting verification (Relais has not said no yet); otherwise the reason it fails.
 */
export function requirementVerdict(
  papers: readonly Paper[],
  requirement: RequiredDocument,
  until: string,
): RequirementVerdict {
  const types: readonly string[] = typesFor(requirement);
  const own = papers.filter((paper) => types.includes(paper.type));
  const live = own.filter((paper) => paper.status === 'verified' || paper.status === 'pending');
  const lasting = (paper: Paper) => !paper.expirationDate || paper.expirationDate >= until;
  const latest = (list: Paper[]) =>
    [...list].sort((a, b) => (b.expirationDate ?? '9999').localeCompare(a.expirationDate ?? '9999'))[0];
  const verified = latest(live.filter((paper) => paper.status === 'verified' && lasting(paper)));
  if (verified)
    return { requirement, state: 'valid', documentId: verified.id, expiresOn: verified.expirationDate };
  const pending = latest(live.filter((paper) => paper.status === 'pending' && lasting(paper)));
  if (pending)
    return { requirement, state: 'pending', documentId: pending.id, expiresOn: pending.expirationDate };
  const short = latest(live);
  if (short?.expirationDate)
    return {
      requirement,
      state: 'expires_before_end',
      documentId: short.id,
      expiresOn: short.expirationDate,
    };
  const rejected = own
    .filter((paper) => paper.status === 'rejected')
    .sort((a, b) => (b.uploadedAt ?? '').localeCompare(a.uploadedAt ?? ''))[0];
  if (rejected) return { requirement, state: 'rejected', reason: rejected.rejectionReason ?? null };
  return { requirement, state: 'missing' };
}

const REQUIREMENT_NAMES: Record<RequiredDocument, string> = {
  permis: 'Votre permis de conduire',
  carte_conducteur: 'Votre carte de conducteur',
  adr: 'Votre certificat ADR',
  fimo_fco: 'Votre FIMO / FCO',
};
const REQUIREMENT_FEMININE: Record<RequiredDocument, boolean> = {
  permis: false,
  carte_conducteur: true,
  adr: false,
  fimo_fco: true,
};

/** The precise French reason a verdict refuses an application, or null when it does not. */
function verdictRefusal(verdict: RequirementVerdict): string | null {
  const name = REQUIREMENT_NAMES[verdict.requirement];
  const e = REQUIREMENT_FEMININE[verdict.requirement] ? 'e' : '';
  switch (verdict.state) {
    case 'valid':
    case 'pending':
      return null;
    case 'missing':
      return `${name} est requis${e} pour cette mission : ajoutez-l${e ? 'a' : 'e'} dans Mes documents.`;
    case 'rejected':
      return `${name} a été refusé${e} par Relais${verdict.reason ? ` (${verdict.reason})` : ''} : envoyez-en une nouvelle version.`;
    case 'expires_before_end':
      return `${name} expire le ${formatNumericDay(verdict.expiresOn)}, avant la fin de cette mission.`;
  }
}

/** Dangerous goods named in the cargo imply the ADR certificate even when the publisher did not tick it. */
export function cargoNeedsAdr(cargoType: string | null | undefined): boolean {
  return Boolean(
    cargoType &&
    /\b(adr|mati[eè]res? dangereuses?|marchandises? dangereuses?|onu ?\d{4}|un ?\d{4})\b/i.test(cargoType),
  );
}

/**
 * What a mission asks of its driver: the ticked documents, plus ADR for dangerous goods — an ADR class given
 * (decision 052) or named in the cargo.
 */
export function missionRequirements(
  requiredDocuments: readonly string[],
  cargoType: string | null | undefined,
  adrClass: string | null = null,
): RequiredDocument[] {
  const all: RequiredDocument[] = ['permis', 'carte_conducteur', 'fimo_fco', 'adr'];
  return all.filter(
    (requirement) =>
      requiredDocuments.includes(requirement) ||
      (requirement === 'adr' && (adrClass !== null || cargoNeedsAdr(cargoType))),
  );
}

export interface Eligibility {
  verdicts: RequirementVerdict[];
  /** Every refusal, in the order of the requirements: the first is the one told when only one is. */
  refusals: string[];
}

export function eligibility(
  papers: readonly Paper[],
  requirements: readonly RequiredDocument[],
  until: string,
): Eligibility {
  const verdicts = requirements.map((requirement) => requirementVerdict(papers, requirement, until));
  const refusals = verdicts.map(verdictRefusal).filter((reason) => reason !== null);
  return { verdicts, refusals };
}

/** Every professional driver needs these; ADR too when they declare it among their qualifications. */
function profileRequirements(certifications: readonly string[]): RequiredDocument[] {
  const adr = certifications.some((certification) => /\badr\b/i.test(certification));
  return adr ? ['permis', 'carte_conducteur', 'fimo_fco', 'adr'] : ['permis', 'carte_conducteur', 'fimo_fco'];
}

/** `documentsVerified`: each needed document verified and valid today. */
export function documentsVerified(
  papers: readonly Paper[],
  certifications: readonly string[],
  today: string,
): boolean {
  return profileRequirements(certifications).every((requirement) => {
    const verdict = requirementVerdict(papers, requirement, today);
    return verdict.state === 'valid';
  });
}

/** A verdict as the API answers it (every field present, null when it does not apply). */
export function verdictView(verdict: RequirementVerdict) {
  return {
    requirement: verdict.requirement,
    state: verdict.state,
    documentId: 'documentId' in verdict ? verdict.documentId : null,
    expiresOn: 'expiresOn' in verdict ? verdict.expiresOn : null,
    reason: verdict.state === 'rejected' ? verdict.reason : null,
  };
}

/** What the profile needs (licence, card, FIMO/FCO, ADR when declared), judged on `day`. */
export function profileVerdicts(papers: readonly Paper[], certifications: readonly string[], day: string) {
  return profileRequirements(certifications).map((requirement) =>
    verdictView(requirementVerdict(papers, requirement, day)),
  );
}
