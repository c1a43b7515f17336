/**
 * On the road (decision 019): incidents and waiting times, as the screens, the alerts and the documents say them.
 */
import type { IncidentType, WaitingPlace } from './enums.js';

export const INCIDENT_LABELS: Record<IncidentType, string> = {
  delay: 'Retard',
  breakdown: 'Panne',
  accident: 'Accident',
  damage: 'Marchandise endommagée',
  dock_wait: 'Attente au quai',
};

/** The incident in a sentence (« Karim signale un retard sur … »). */
export const INCIDENT_PHRASES: Record<IncidentType, string> = {
  delay: 'un retard',
  breakdown: 'une panne',
  accident: 'un accident',
  damage: 'de la marchandise endommagée',
  dock_wait: 'une attente au quai',
};

export const WAITING_PLACE_LABELS: Record<WaitingPlace, string> = {
  pickup: 'au chargement',
  delivery: 'à la livraison',
};

/** A waiting period as stored: started, and ended unless it still runs. */
export interface WaitingSpan {
  place: WaitingPlace;
  startedAt: Date;
  endedAt: Date | null;
}

/** Whole minutes of a period (a running one counts up to `now`), never negative. */
export function waitingMinutes(span: Pick<WaitingSpan, 'startedAt' | 'endedAt'>, now: Date): number {
  const end = span.endedAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - span.startedAt.getTime()) / 60_000));
}

/**
 * The waiting of a mission, per place, in minutes (what the mission and payment pages show). What of it is billed
 * depends on the mission's waiting rate (core/rules/waiting-rate.ts, decision 042).
 */
export function waitingTotals(spans: readonly WaitingSpan[], now: Date) {
  let pickupMinutes = 0;
  let deliveryMinutes = 0;
  for (const span of spans) {
    const minutes = waitingMinutes(span, now);
    if (span.place === 'pickup') pickupMinutes += minutes;
    else deliveryMinutes += minutes;
  }
  return {
    pickupMinutes,
    deliveryMinutes,
    totalMinutes: pickupMinutes + deliveryMinutes,
    periods: spans.length,
    running: spans.some((span) => span.endedAt === null),
  };
}

/** 0 → "0 min", 45 → "45 min", 65 → "1 h 05", 120 → "2 h". */
export function formatWaiting(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}

/** Why the waiting totals are shown but not added to the amount (payment page), when no rate was set. */
export const WAITING_NOT_BILLED_NOTE =
  'À titre d’information : aucun tarif d’attente n’a été fixé à la publication, Relais n’ajoute donc pas ce temps au montant. Une mission payée à l’heure le compte déjà dans les heures travaillées ; sinon, voyez-le directement entre vous.';

/** The waiting of a hired driver: working time, paid through the pay (payment page, hours statement; decision 042). */
export const WAITING_EMPLOYMENT_NOTE =
  'Temps de travail du conducteur, compris dans le temps retenu d’une mission payée à l’heure ; Relais ne le facture pas, l’employeur le rémunère selon le contrat de travail.';
