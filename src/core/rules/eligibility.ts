/**
 * Every reason a driver may not take a mission for who they are (decision 052): their licence, the equipment the
 * mission requires and their qualifications, their papers until the mission's last day (ADR for dangerous goods).
 * One place for the words, read by the server's answers (search results, the mission's sheet, the refusal of an
 * application) and shown as they are by the cards and the sheet.
 */
import { parisDate } from './days.js';
import { eligibility as paperEligibility, missionRequirements, type Paper } from './documents.js';
import type { LicenseType } from './enums.js';
import { EQUIPMENT, EQUIPMENT_LABELS, holdsEquipment, type Equipment } from './freight.js';
import { licenseCovers, VEHICLE_LICENSE, type VehicleType } from './missions.js';

const eligibilityMessages = {
  licenseMissing: 'Renseignez votre type de permis dans votre profil avant de postuler.',
  licenseTooLow: (needed: LicenseType, held: LicenseType) =>
    `Ce véhicule demande le permis ${needed} ; votre permis ${held} ne le permet pas.`,
  equipmentMissing: (equipment: Equipment) =>
    `Cette mission demande «\u00a0${EQUIPMENT_LABELS[equipment]}\u00a0» : ajoutez cette qualification à votre profil si vous l’avez.`,
} as const;

/** The driver as the rules read them. */
export interface DriverQualifications {
  licenseType: string | null;
  certifications: readonly string[];
}

/** The mission as the rules read it (a row or an API answer). */
export interface MissionDemands {
  vehicleType: string;
  requiredEquipment: readonly string[];
  requiredDocuments: readonly string[];
  cargoType: string | null;
  adrClass: string | null;
  endDate: Date | string;
}

/** The licence and the equipment: what the profile says. */
function qualificationReasons(driver: DriverQualifications, mission: MissionDemands): string[] {
  const reasons: string[] = [];
  const held = driver.licenseType as LicenseType | null;
  const needed = VEHICLE_LICENSE[mission.vehicleType as VehicleType];
  if (!held) reasons.push(eligibilityMessages.licenseMissing);
  else if (needed && !licenseCovers(held, needed))
    reasons.push(eligibilityMessages.licenseTooLow(needed, held));
  for (const equipment of EQUIPMENT) {
    if (mission.requiredEquipment.includes(equipment) && !holdsEquipment(driver.certifications, equipment))
      reasons.push(eligibilityMessages.equipmentMissing(equipment));
  }
  return reasons;
}

/** The papers the mission requires, judged until its last day (Paris). */
export function paperCheck(papers: readonly Paper[], mission: MissionDemands) {
  return paperEligibility(
    papers,
    missionRequirements(mission.requiredDocuments, mission.cargoType, mission.adrClass),
    parisDate(mission.endDate),
  );
}

/**
 * Every reason, the profile's first, then the papers' (`paperRefusals`: paperCheck's, judged once by the caller);
 * empty when the driver qualifies. `papersOnly` when the profile is fine and only papers are missing: the screens
 * then offer to add them.
 */
export function notEligible(
  driver: DriverQualifications,
  mission: MissionDemands,
  paperRefusals: readonly string[],
): { reasons: string[]; papersOnly: boolean } {
  const profile = qualificationReasons(driver, mission);
  return {
    reasons: [...profile, ...paperRefusals],
    papersOnly: profile.length === 0 && paperRefusals.length > 0,
  };
}
