import { toCsv } from '#core/rules/csv.js';
import {
  ENGAGEMENT_LABELS,
  PRICING_LABELS,
  STATUS_LABELS,
  VEHICLE_LABELS,
  type VehicleType,
} from '#core/rules/missions.js';
import type { Role } from '#core/rules/roles.js';
import type { Mission } from '#core/schemas/missions.js';
import { formatNumericDateTime } from '#core/rules/french-dates.js';

const when = (iso: string | null) => (iso ? formatNumericDateTime(iso) : '');

/** The user's missions as a spreadsheet: one row each, amounts with a decimal comma. */
export function missionsCsv(missions: Mission[], role: Role): string {
  const other = role === 'driver' ? 'Transporteur' : 'Chauffeur';
  return toCsv([
    [
      'Début',
      'Fin',
      'Titre',
      'Départ',
      'Arrivée',
      'Véhicule',
      'Statut',
      'Prix (€)',
      'Tarification',
      'Cadre',
      other,
      'Terminée le',
      'Motif d’annulation',
    ],
    ...missions.map((mission) => [
      when(mission.startDate),
      when(mission.endDate),
      mission.title,
      mission.pickupCity ?? mission.pickupAddress,
      mission.deliveryCity ?? mission.deliveryAddress,
      VEHICLE_LABELS[mission.vehicleType as VehicleType] ?? mission.vehicleType,
      STATUS_LABELS[mission.status],
      mission.price.replace('.', ','),
      PRICING_LABELS[mission.pricingType],
      ENGAGEMENT_LABELS[mission.engagementType],
      role === 'driver' ? mission.companyName : mission.driverName,
      when(mission.completedAt),
      mission.cancellationReason,
    ]),
  ]);
}
