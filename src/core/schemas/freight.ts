/**
 * The freight fields of the mission form (decision 052), all optional: the forms and the API read them with these
 * same schemas, and `freightChecks` holds them together and against the mission's dates.
 */
import { z } from 'zod';
import { ADR_CLASSES, EQUIPMENT, freightMessages, readTemperature, readUnNumber } from '../rules/freight.js';
import { dateSchema } from './dates.js';
import { uniqueList } from './text.js';
import { blank, optionalReading } from './transport-terms.js';

const SLOT_INVALID = 'Date et heure invalides';
/** One end of a slot: a date and time (Paris when no offset), or null when left empty. */
const slotEnd = z
  .union([z.literal(''), dateSchema({ invalid: SLOT_INVALID })], { error: SLOT_INVALID })
  .nullable()
  .optional()
  .transform((value) => (value instanceof Date ? value : null));

export const freightFields = {
  loadingStart: slotEnd,
  loadingEnd: slotEnd,
  deliveryStart: slotEnd,
  deliveryEnd: slotEnd,
  /** Whole degrees Celsius, −30 to +30, or null. */
  temperatureC: optionalReading(
    z.union([z.string(), z.number()], { error: freightMessages.temperatureFormat }),
    readTemperature,
    'celsius',
  ),
  adrClass: z
    .union([z.literal(''), z.enum(ADR_CLASSES)], { error: freightMessages.adrClass })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  /** "UN 1203" → "1203", or null. */
  unNumber: optionalReading(
    z.string({ error: freightMessages.unNumberFormat }).max(20, freightMessages.unNumberFormat),
    readUnNumber,
    'un',
  ),
  requiredEquipment: uniqueList(
    z.enum(EQUIPMENT, { error: freightMessages.equipment }),
    EQUIPMENT.length,
    freightMessages.equipment,
  ).default([]),
};

type Freight = {
  startDate?: unknown;
  endDate?: unknown;
  loadingStart?: unknown;
  loadingEnd?: unknown;
  deliveryStart?: unknown;
  deliveryEnd?: unknown;
  temperatureC?: unknown;
  adrClass?: unknown;
  unNumber?: unknown;
  requiredEquipment?: unknown;
};
type Issue = { path: keyof Freight; message: string };

const date = (value: unknown) => (value instanceof Date ? value : null);
/** What the user gave: a parsed value, or raw text still waiting to be read (another field failed). */
const given = (value: unknown) => !blank(value);

/** One slot: both ends or neither, in order, inside the mission's period. */
function slotIssues(
  mission: Freight,
  start: 'loadingStart' | 'deliveryStart',
  end: 'loadingEnd' | 'deliveryEnd',
) {
  const issues: Issue[] = [];
  if (given(mission[start]) && !given(mission[end]))
    issues.push({ path: end, message: freightMessages.slotEndMissing });
  if (!given(mission[start]) && given(mission[end]))
    issues.push({ path: start, message: freightMessages.slotStartMissing });
  const from = date(mission[start]);
  const to = date(mission[end]);
  const missionStart = date(mission.startDate);
  const missionEnd = date(mission.endDate);
  if (from && to && to <= from) issues.push({ path: end, message: freightMessages.slotEndBeforeStart });
  if (from && missionStart && from < missionStart)
    issues.push({ path: start, message: freightMessages.slotBeforeMission });
  if (to && missionEnd && to > missionEnd)
    issues.push({ path: end, message: freightMessages.slotAfterMission });
  return issues;
}

/**
 * The rules between fields (decision 052): each slot has both ends or neither, ends after it starts, and lies
 * inside the mission's period; the delivery slot does not start before the loading slot; a temperature set-point
 * needs « Frigo (ATP) » ticked; the ADR class and the UN number go together. Each message under its field.
 */
function freightIssues(mission: Freight): Issue[] {
  const issues = [
    ...slotIssues(mission, 'loadingStart', 'loadingEnd'),
    ...slotIssues(mission, 'deliveryStart', 'deliveryEnd'),
  ];
  const loading = date(mission.loadingStart);
  const delivery = date(mission.deliveryStart);
  if (loading && delivery && delivery < loading)
    issues.push({ path: 'deliveryStart', message: freightMessages.deliveryBeforeLoading });
  const equipment = Array.isArray(mission.requiredEquipment) ? (mission.requiredEquipment as unknown[]) : [];
  if (given(mission.temperatureC) && !equipment.includes('atp'))
    issues.push({ path: 'temperatureC', message: freightMessages.temperatureNeedsAtp });
  if (given(mission.adrClass) && !given(mission.unNumber))
    issues.push({ path: 'unNumber', message: freightMessages.unNumberMissing });
  if (!given(mission.adrClass) && given(mission.unNumber))
    issues.push({ path: 'adrClass', message: freightMessages.adrClassMissing });
  return issues;
}

/** `freightIssues` as a zod refinement, run even while another field is wrong (every message shows at once). */
export const freightChecks = [
  (mission: Freight, ctx: z.RefinementCtx) => {
    for (const issue of freightIssues(mission))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  },
  { when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null },
] as const;
