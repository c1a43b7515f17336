import { formatWeightKg } from '#core/rules/cargo.js';
import { copyDay, moveMissionTo } from '#core/rules/recurrence.js';
import { DEFAULT_WAITING_FRANCHISE_MINUTES } from '#core/rules/waiting-rate.js';
import type { Mission, MissionFormValues } from '#core/schemas/missions.js';
import type { MissionTemplate } from '#core/schemas/recurrence.js';
import { freightDefaults } from './freight-fields.js';
import { isoToLocalInput } from './format.js';

/** The publish form's values: empty, or a mission's (to edit it). */
export function defaults(mission?: Mission): MissionFormValues {
  if (!mission) {
    return {
      title: '',
      description: '',
      pickupAddress: '',
      deliveryAddress: '',
      vehicleType: '' as never,
      startDate: '',
      endDate: '',
      price: '',
      pricingType: 'flat',
      cargoType: '',
      requiredDocuments: [],
      urgency: false,
      engagementType: 'employment',
      paymentTerms: 'reception',
      cargoWeightKg: '',
      palletCount: '',
      waitingQuarterPrice: '',
      waitingFranchiseMinutes: String(DEFAULT_WAITING_FRANCHISE_MINUTES),
      pickupCity: null,
      pickupLat: null,
      pickupLng: null,
      deliveryCity: null,
      deliveryLat: null,
      deliveryLng: null,
      ...freightDefaults(),
    };
  }
  return {
    title: mission.title,
    description: mission.description,
    pickupAddress: mission.pickupAddress ?? '',
    deliveryAddress: mission.deliveryAddress ?? '',
    vehicleType: mission.vehicleType as MissionFormValues['vehicleType'],
    startDate: isoToLocalInput(mission.startDate),
    endDate: isoToLocalInput(mission.endDate),
    price: mission.price,
    pricingType: mission.pricingType,
    cargoType: mission.cargoType ?? '',
    requiredDocuments: mission.requiredDocuments as MissionFormValues['requiredDocuments'],
    urgency: mission.urgency,
    engagementType: mission.engagementType,
    paymentTerms: mission.paymentTerms,
    // As the form writes them: "24,5 t", "33", "12,50", "60".
    cargoWeightKg:
      mission.cargoWeightKg === null ? '' : formatWeightKg(mission.cargoWeightKg).replace('\u00a0', ' '),
    palletCount: mission.palletCount === null ? '' : String(mission.palletCount),
    waitingQuarterPrice: mission.waitingQuarterPrice?.replace('.', ',') ?? '',
    waitingFranchiseMinutes: String(mission.waitingFranchiseMinutes ?? DEFAULT_WAITING_FRANCHISE_MINUTES),
    pickupCity: mission.pickupCity,
    pickupLat: mission.pickupLat,
    pickupLng: mission.pickupLng,
    deliveryCity: mission.deliveryCity,
    deliveryLat: mission.deliveryLat,
    deliveryLng: mission.deliveryLng,
    ...freightDefaults(mission),
  };
}

/** A copy of a mission (« Dupliquer »): the same, moved to the next working day at the same times. */
export const copyDefaults = (mission: Mission): MissionFormValues =>
  defaults(moveMissionTo(mission, copyDay()));

/**
 * A series' first mission, as the server keeps it (the publish form's own input: the same names as a mission's
 * fields, dates at the series' next day), in the form.
 */
export const templateDefaults = (template: MissionTemplate): MissionFormValues =>
  defaults(template.mission as unknown as Mission);
