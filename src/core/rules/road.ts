/**
 * On the road (issue 15): incidents and waiting times, as the screens, the alerts and the documents say them.
 */
import type { IncidentType, WaitingPlace } from './enums.js';

export const INCIDENT_LABELS: Record<IncidentType, string> = {
  delay: 'Retard',
  breakdown: 'Panne',
  accident: 'Accident',
  damage: 'Marchandise endommagée',
  dock_wait: 'Attente au quai',
};

export const WAITING_PLACE_LABELS: Record<WaitingPlace, string> = {
  pickup: 'au chargement',
  delivery: 'à la livraison',
};
