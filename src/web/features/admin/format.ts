import { formatLongDateTime, formatNumericDay } from '#core/rules/french-dates.js';
import {
  ADR_LABELS,
  DOCUMENT_STATE_LABELS,
  DRIVER_DOCUMENT_LABELS,
  type AdrSpecialisation,
  type DocumentState,
} from '#core/rules/documents.js';
import { DOCUMENT_LABELS, type RequiredDocument } from '#core/rules/missions.js';
import type { AdminDriver, AdminLogEntry, DocumentStatusFilter, DriverStatusFilter } from './api.js';

export const DOCUMENT_FILTER_LABELS: Record<DocumentStatusFilter, string> = {
  pending: 'En attente',
  verified: 'Vérifiés',
  rejected: 'Refusés',
  replaced: 'Remplacés',
  all: 'Tous',
};

export const DRIVER_FILTER_LABELS: Record<DriverStatusFilter, string> = {
  pending_validation: 'En attente',
  approved: 'Validés',
  rejected: 'Refusés',
  all: 'Tous',
};

export const VALIDATION_LABELS: Record<Exclude<DriverStatusFilter, 'all'>, string> = {
  pending_validation: 'En attente de validation',
  approved: 'Validé',
  rejected: 'Refusé',
};

export const documentTitle = (document: { type: string; label: string | null }) =>
  document.label ??
  DRIVER_DOCUMENT_LABELS[document.type as keyof typeof DRIVER_DOCUMENT_LABELS] ??
  'Document';

export const stateLabel = (state: string) => DOCUMENT_STATE_LABELS[state as DocumentState] ?? state;

export const adrLabel = (kind: string) => ADR_LABELS[kind as AdrSpecialisation] ?? kind;

export const requirementLabel = (requirement: string) =>
  DOCUMENT_LABELS[requirement as RequiredDocument] ?? requirement;

/** "12/03/2027" from "2027-03-12" (a day, no time). */
export const day = (value: string | null | undefined) =>
  value ? formatNumericDay(value.slice(0, 10)) : null;

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** One admin action as the back office tells it: "Vérifié par Alice Martin le 23 novembre 2026 à 21:40". */
export function historyText(entry: AdminLogEntry): { summary: string; reason: string | null } {
  const by = `par ${entry.adminName} le ${formatLongDateTime(entry.createdAt)}`;
  const reason = text(entry.details?.reason);
  switch (entry.action) {
    case 'document.verify':
      return { summary: `Vérifié ${by}`, reason: null };
    case 'document.reject':
      return { summary: `Refusé ${by}`, reason };
    case 'driver.interview': {
      const date = text(entry.details?.interviewDate);
      return {
        summary: `Entretien fixé${date ? ` au ${formatLongDateTime(date)}` : ''} ${by}`,
        reason: null,
      };
    }
    case 'driver.approve':
      return { summary: `Chauffeur validé ${by}`, reason: null };
    case 'driver.reject':
      return { summary: `Chauffeur refusé ${by}`, reason };
    default:
      return { summary: `${entry.action} ${by}`, reason };
  }
}

/** "3 documents", "1 document". */
export const count = (value: number, one: string, many: string) => `${value} ${value > 1 ? many : one}`;

/** "Documents : 2 en attente · 1 vérifié": the driver's papers at a glance. */
export function documentCountsText(counts: AdminDriver['documentCounts']): string {
  const parts = [
    counts.pending > 0 && `${counts.pending} en attente`,
    counts.verified > 0 && count(counts.verified, 'vérifié', 'vérifiés'),
    counts.rejected > 0 && count(counts.rejected, 'refusé', 'refusés'),
  ].filter(Boolean);
  return parts.length ? `Documents : ${parts.join(' · ')}` : 'Aucun document déposé';
}
