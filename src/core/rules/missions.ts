/**
 * Mission rules shared by the server and the screens: vehicle types and the licence each needs, pricing
 * types, required documents, engagement frames, and the lifecycle (docs/specification.md §3–§4, decision 009).
 */
import type { APPLICATION_STATUSES, LicenseType, MissionStatus } from './enums.js';
import { formatDateTime } from './french-dates.js';

export const VEHICLE_TYPES = [
  'porteur_leger',
  'porteur',
  'porteur_frigorifique',
  'porteur_remorque',
  'semi_remorque',
  'semi_frigorifique',
  'citerne',
  'plateau',
  'benne',
  'porte_conteneur',
  'porte_engins',
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const VEHICLE_LABELS: Record<VehicleType, string> = {
  porteur_leger: 'Porteur 3,5 à 7,5 t',
  porteur: 'Porteur (plus de 7,5 t)',
  porteur_frigorifique: 'Porteur frigorifique',
  porteur_remorque: 'Porteur avec remorque',
  semi_remorque: 'Semi-remorque (tautliner)',
  semi_frigorifique: 'Semi-remorque frigorifique',
  citerne: 'Citerne',
  plateau: 'Plateau',
  benne: 'Benne',
  porte_conteneur: 'Porte-conteneur',
  porte_engins: 'Porte-engins',
};

/** The licence category each vehicle needs at least. */
export const VEHICLE_LICENSE: Record<VehicleType, LicenseType> = {
  porteur_leger: 'C1',
  porteur: 'C',
  porteur_frigorifique: 'C',
  porteur_remorque: 'CE',
  semi_remorque: 'CE',
  semi_frigorifique: 'CE',
  citerne: 'CE',
  plateau: 'CE',
  benne: 'C',
  porte_conteneur: 'CE',
  porte_engins: 'CE',
};

/**
 * What each licence allows (European rules): C covers C1, C1E covers C1, CE covers C, C1 and C1E.
 * C1 < C, C1E < CE, C1 < C1E, C < CE.
 */
const LICENSE_COVERS: Record<LicenseType, readonly LicenseType[]> = {
  C1: ['C1'],
  C1E: ['C1', 'C1E'],
  C: ['C1', 'C'],
  CE: ['C1', 'C1E', 'C', 'CE'],
};

export function licenseCovers(held: LicenseType, needed: LicenseType): boolean {
  return LICENSE_COVERS[held].includes(needed);
}

/** The licences with which a vehicle may be driven. */
export function licensesFor(vehicle: VehicleType): LicenseType[] {
  const needed = VEHICLE_LICENSE[vehicle];
  return (Object.keys(LICENSE_COVERS) as LicenseType[]).filter((held) => licenseCovers(held, needed));
}

/** The vehicle types a licence allows. */
export function vehiclesFor(license: LicenseType): VehicleType[] {
  return VEHICLE_TYPES.filter((vehicle) => licenseCovers(license, VEHICLE_LICENSE[vehicle]));
}

export const PRICING_LABELS = { flat: 'Forfait', hourly: 'À l’heure', daily: 'À la journée' } as const;
export type PricingType = keyof typeof PRICING_LABELS;

export const REQUIRED_DOCUMENTS = ['permis', 'carte_conducteur', 'adr', 'fimo_fco'] as const;
export type RequiredDocument = (typeof REQUIRED_DOCUMENTS)[number];
export const DOCUMENT_LABELS: Record<RequiredDocument, string> = {
  permis: 'Permis de conduire',
  carte_conducteur: 'Carte conducteur',
  adr: 'ADR (matières dangereuses)',
  fimo_fco: 'FIMO / FCO',
};

/**
 * How the driver is engaged (docs/specification.md §1 keeps both readings of payment). Relais never moves money: the
 * parties settle directly, on the agreed price.
 */
export const ENGAGEMENT_TYPES = ['employment', 'independent'] as const;
export type EngagementType = (typeof ENGAGEMENT_TYPES)[number];
export const ENGAGEMENT_LABELS: Record<EngagementType, string> = {
  employment: 'Contrat court avec le transporteur',
  independent: 'Prestation d’un indépendant',
};
export const ENGAGEMENT_EXPLANATIONS: Record<EngagementType, string> = {
  employment:
    'Le chauffeur est embauché pour la mission (CDD ou intérim) : le transporteur déclare l’embauche et remet un bulletin de paie.',
  independent:
    'Le chauffeur est un transporteur indépendant inscrit au registre, avec son propre véhicule : il facture la prestation au transporteur.',
};

export const STATUS_LABELS: Record<MissionStatus, string> = {
  available: 'Disponible',
  assigned: 'Attribuée',
  in_progress: 'En cours',
  delivered: 'Livrée',
  completed: 'Terminée',
  cancelled: 'Annulée',
};

/** The lifecycle: who may do what, from which status, to which status. */
export const MISSION_ACTIONS = {
  start: { by: 'driver', from: ['assigned'], to: 'in_progress' },
  deliver: { by: 'driver', from: ['in_progress'], to: 'delivered' },
  complete: { by: 'transporter', from: ['delivered'], to: 'completed' },
  cancel: { by: 'transporter', from: ['available', 'assigned'], to: 'cancelled' },
  drop: { by: 'driver', from: ['assigned'], to: 'available' },
} as const satisfies Record<
  string,
  { by: 'driver' | 'transporter'; from: readonly MissionStatus[]; to: MissionStatus }
>;
export type MissionAction = keyof typeof MISSION_ACTIONS;
export const MISSION_ACTION_NAMES = Object.keys(MISSION_ACTIONS) as MissionAction[];

export const ACTION_LABELS: Record<MissionAction, string> = {
  start: 'Démarrer la mission',
  deliver: 'Marquer comme livrée',
  complete: 'Confirmer la fin de mission',
  cancel: 'Annuler la mission',
  drop: 'Se désister',
};

/** Actions that need a reason (the other side is told why). */
export const ACTIONS_WITH_REASON: readonly MissionAction[] = ['cancel', 'drop'];

/** The status after `action`, or the French reason it is refused. */
export function transition(
  status: MissionStatus,
  action: MissionAction,
): { ok: true; to: MissionStatus } | { ok: false; message: string } {
  const rule = MISSION_ACTIONS[action];
  if ((rule.from as readonly MissionStatus[]).includes(status)) return { ok: true, to: rule.to };
  return {
    ok: false,
    message: `Action impossible : la mission est « ${STATUS_LABELS[status].toLowerCase()} ».`,
  };
}

/**
 * A driver may start a mission from 2 hours before its planned start (decision 014): time to reach the quay,
 * couple the trailer and load, without a mission marked "en cours" the day before.
 */
export const START_EARLY_HOURS = 2;

/** From when "Démarrer" is allowed for a mission planned at `startDate`. */
export function startableFrom(startDate: Date | string): Date {
  return new Date(new Date(startDate).getTime() - START_EARLY_HOURS * 3600_000);
}

/** "mer. 25 nov. à 04:00", in Paris time, for the messages of the server and the screens alike. */
const parisDateTime = (date: Date) => formatDateTime(date).replace(',', ' à');

export const startTooEarlyMessage = (from: Date) =>
  `Vous pourrez démarrer cette mission à partir du ${parisDateTime(from)}, ${START_EARLY_HOURS} h avant le départ prévu.`;

/** The actions the given party may take on a mission in `status` (for buttons). */
export function availableActions(status: MissionStatus, party: 'driver' | 'transporter'): MissionAction[] {
  return MISSION_ACTION_NAMES.filter((action) => {
    const rule = MISSION_ACTIONS[action];
    return rule.by === party && (rule.from as readonly MissionStatus[]).includes(status);
  });
}

/** "2 candidatures (1 en attente)": every application received, and how many still wait for an answer. */
export function applicationCountLabel(total: number, pending: number): string {
  if (total === 0) return 'Aucune candidature';
  const received = `${total} candidature${total > 1 ? 's' : ''}`;
  if (pending === total) return received;
  return `${received} (${pending === 0 ? 'aucune' : pending} en attente)`;
}

/** The steps of a mission's timeline (mission_events.type), as the screens say them. */
export const TIMELINE_LABELS: Record<string, string> = {
  published: 'Mission publiée',
  updated: 'Mission modifiée',
  assigned: 'Chauffeur retenu',
  start: 'Mission démarrée',
  deliver: 'Livraison effectuée',
  complete: 'Fin de mission confirmée',
  cancelled: 'Mission annulée',
  dropped: 'Désistement du chauffeur',
  signatures_waived: 'Démarrage sans signatures accepté par le transporteur',
  driving_time_override: 'Chauffeur retenu au-delà des temps de conduite et de repos',
};

export const APPLICATION_STATUS_LABELS: Record<(typeof APPLICATION_STATUSES)[number], string> = {
  pending: 'En attente',
  accepted: 'Acceptée',
  rejected: 'Non retenue',
  withdrawn: 'Retirée',
};
