/**
 * What a mission says of its freight beyond weight and pallets (decision 052): the loading and delivery time slots,
 * the temperature set-point, the dangerous goods (ADR class and UN number) and the equipment the vehicle needs
 * (refrigerated unit under ATP, tail-lift). Pure rules shared by the server (publication, search, eligibility, the
 * transport order) and the screens.
 */
import { formatDateTime, formatTime } from './french-dates.js';
import { parisDate } from './days.js';

/** The 13 classes and divisions of the ADR (chapter 2.2), as the papers write them. */
export const ADR_CLASSES = [
  '1',
  '2',
  '3',
  '4.1',
  '4.2',
  '4.3',
  '5.1',
  '5.2',
  '6.1',
  '6.2',
  '7',
  '8',
  '9',
] as const;
export type AdrClass = (typeof ADR_CLASSES)[number];
export const ADR_CLASS_LABELS: Record<AdrClass, string> = {
  '1': 'Classe 1 — Matières et objets explosibles',
  '2': 'Classe 2 — Gaz',
  '3': 'Classe 3 — Liquides inflammables',
  '4.1': 'Classe 4.1 — Solides inflammables',
  '4.2': 'Classe 4.2 — Matières sujettes à l’inflammation spontanée',
  '4.3': 'Classe 4.3 — Matières qui, au contact de l’eau, dégagent des gaz inflammables',
  '5.1': 'Classe 5.1 — Matières comburantes',
  '5.2': 'Classe 5.2 — Peroxydes organiques',
  '6.1': 'Classe 6.1 — Matières toxiques',
  '6.2': 'Classe 6.2 — Matières infectieuses',
  '7': 'Classe 7 — Matières radioactives',
  '8': 'Classe 8 — Matières corrosives',
  '9': 'Classe 9 — Matières et objets dangereux divers',
};

/**
 * Equipment a mission may require of the vehicle, read in the driver's qualifications (their profile offers
 * « Frigo (ATP) » and « Hayon »).
 */
/** The one name of dangerous goods on the form, the filters, the sheet and the papers. */
export const DANGEROUS_GOODS_LABEL = 'Marchandises dangereuses (ADR)';

export const EQUIPMENT = ['atp', 'tail_lift'] as const;
export type Equipment = (typeof EQUIPMENT)[number];
/** The profile's own words for each (the qualification a driver ticks). */
export const EQUIPMENT_LABELS: Record<Equipment, string> = { atp: 'Frigo (ATP)', tail_lift: 'Hayon' };
/** The qualification read in a profile: « Frigo (ATP) », « ATP », « frigo »; « Hayon », « hayon élévateur ». */
const EQUIPMENT_PATTERNS: Record<Equipment, RegExp> = {
  atp: /\batp\b|\bfrigo/i,
  tail_lift: /\bhayons?\b/i,
};

/** Whether a driver's qualifications include the equipment. */
export const holdsEquipment = (certifications: readonly string[], equipment: Equipment) =>
  certifications.some((certification) => EQUIPMENT_PATTERNS[equipment].test(certification));

/**
 * The set-points a refrigerated vehicle keeps: deep-frozen goods travel at −18 °C to −25 °C, chilled at 0 to
 * +8 °C, some (chocolate, medicines) at +15 to +25 °C; beyond −30 °C or +30 °C is a typing mistake.
 */
export const TEMPERATURE_MIN_C = -30;
export const TEMPERATURE_MAX_C = 30;

export const freightMessages = {
  slotStartMissing: 'Indiquez aussi le début du créneau',
  slotEndMissing: 'Indiquez aussi la fin du créneau',
  slotEndBeforeStart: 'La fin du créneau doit être après son début',
  slotBeforeMission: 'Le créneau doit commencer au début de la mission ou après',
  slotAfterMission: 'Le créneau doit finir à la fin de la mission ou avant',
  deliveryBeforeLoading: 'Le créneau de livraison ne peut pas commencer avant celui de chargement',
  temperatureFormat: 'Température invalide : un nombre entier de degrés, par exemple 4 ou −18',
  temperatureRange: `La température de consigne doit être comprise entre ${formatTemperature(TEMPERATURE_MIN_C)} et ${formatTemperature(TEMPERATURE_MAX_C)}`,
  temperatureNeedsAtp:
    'Une température de consigne demande un véhicule frigorifique : cochez «\u00a0Frigo (ATP)\u00a0»',
  adrClass: 'Choisissez une classe ADR de la liste',
  adrClassMissing: 'Indiquez la classe ADR de ce numéro ONU',
  unNumberFormat: 'Numéro ONU invalide : 4 chiffres, par exemple « UN 1203 »',
  unNumberMissing: 'Indiquez le numéro ONU de la marchandise (4 chiffres, par exemple « UN 1203 »)',
  equipment: 'Équipement inconnu',
} as const;

/** "UN 1203", "UN1203", "ONU 1203", "1203" → "1203"; anything else is the French message of what is wrong. */
export function readUnNumber(value: string): { un: string } | { message: string } {
  const match = /^(?:O?NU|UN)?\s*(\d{4})$/i.exec(value.trim().replace(/\s+/gu, ' '));
  if (!match || match[1] === '0000') return { message: freightMessages.unNumberFormat };
  return { un: match[1]! };
}

/** "4", "+4", "−18", "-18 °C", "4°C" → degrees; anything else is the French message of what is wrong. */
export function readTemperature(value: string | number): { celsius: number } | { message: string } {
  const written =
    typeof value === 'number'
      ? String(value)
      : value
          .trim()
          .replace(/\s+/gu, '')
          .replace(/[\u2212\u2013]/gu, '-')
          .replace(/°?c$/iu, '')
          .replace(/°$/u, '');
  if (!/^[+-]?\d{1,3}$/.test(written)) return { message: freightMessages.temperatureFormat };
  const celsius = Number(written) || 0;
  if (celsius < TEMPERATURE_MIN_C || celsius > TEMPERATURE_MAX_C)
    return { message: freightMessages.temperatureRange };
  return { celsius };
}

/** "UN 1203" as the papers write it. */
export const formatUnNumber = (un: string) => `UN\u00a0${un}`;
/** 4 → "+4 °C", −18 → "−18 °C" (the minus sign), 0 → "0 °C". */
export function formatTemperature(celsius: number): string {
  return `${celsius > 0 ? '+' : celsius < 0 ? '\u2212' : ''}${Math.abs(celsius)}\u00a0°C`;
}
/** "Classe 3 — Liquides inflammables, UN 1203". */
export const adrLabel = (adrClass: string, un: string | null) =>
  `${ADR_CLASS_LABELS[adrClass as AdrClass] ?? `Classe ${adrClass}`}${un ? `, ${formatUnNumber(un)}` : ''}`;

/** A time slot in Paris time: "mer. 2 déc., 06:00 – 08:00" on one day, both ends in full over two days. */
export function slotLabel(start: string | Date, end: string | Date): string {
  const from = formatDateTime(start);
  return `${from} – ${parisDate(start) === parisDate(end) ? formatTime(end) : formatDateTime(end)}`;
}

/** The equipment a mission asks for, as the screens and papers say it: "Frigo (ATP), Hayon". */
const equipmentLabel = (equipment: readonly string[]) =>
  equipment.map((item) => EQUIPMENT_LABELS[item as Equipment] ?? item).join(', ');

/** The freight a mission states, as fields the papers and the screens have. */
export interface FreightFacts {
  loadingStart: Date | string | null;
  loadingEnd: Date | string | null;
  deliveryStart: Date | string | null;
  deliveryEnd: Date | string | null;
  temperatureC: number | null;
  adrClass: string | null;
  unNumber: string | null;
  requiredEquipment: readonly string[];
}

/** The freight's lines (label, value) for the transport order, the proof of delivery and the sheet: given ones only. */
export function freightLines(freight: FreightFacts): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (freight.loadingStart && freight.loadingEnd)
    lines.push({
      label: 'Créneau de chargement',
      value: slotLabel(freight.loadingStart, freight.loadingEnd),
    });
  if (freight.deliveryStart && freight.deliveryEnd)
    lines.push({
      label: 'Créneau de livraison',
      value: slotLabel(freight.deliveryStart, freight.deliveryEnd),
    });
  if (freight.temperatureC !== null)
    lines.push({ label: 'Température de consigne', value: formatTemperature(freight.temperatureC) });
  if (freight.adrClass)
    lines.push({
      label: DANGEROUS_GOODS_LABEL,
      value: adrLabel(freight.adrClass, freight.unNumber),
    });
  if (freight.requiredEquipment.length > 0)
    lines.push({ label: 'Équipement exigé', value: equipmentLabel(freight.requiredEquipment) });
  return lines;
}

/** The equipment a stored mission requires (two booleans, for the search's index), in the order of EQUIPMENT. */
export const equipmentOf = (row: { requiresAtp: boolean; requiresTailLift: boolean }): Equipment[] => [
  ...(row.requiresAtp ? (['atp'] as const) : []),
  ...(row.requiresTailLift ? (['tail_lift'] as const) : []),
];

/** A stored mission as the rules and the papers read it: its two booleans as the list of equipment required. */
export const withEquipment = <R extends { requiresAtp: boolean; requiresTailLift: boolean }>(row: R) => ({
  ...row,
  requiredEquipment: equipmentOf(row),
});
