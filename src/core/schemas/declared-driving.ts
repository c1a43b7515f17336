import { z } from 'zod';
import { DECLARED_DRIVING_MAX_MINUTES, declaredDrivingMessages } from '../rules/declared-driving.js';
import { daySchema } from './dates.js';
import { optionalText } from './text.js';

/** Driving declared outside Relais (decision 053): one calendar day's minutes at the wheel, and a note. */

export const declaredDayParamsSchema = z.object({ date: daySchema('Date invalide (AAAA-MM-JJ)') });

/** PUT /api/availability/driving/:date. */
export const declaredDrivingInputSchema = z.object({
  drivingMinutes: z
    .number({ error: declaredDrivingMessages.minutes })
    .int(declaredDrivingMessages.minutes)
    .min(0, declaredDrivingMessages.minutes)
    .max(DECLARED_DRIVING_MAX_MINUTES, declaredDrivingMessages.tooLong),
  note: optionalText({ max: 200, tooLong: 'La note ne doit pas dépasser 200 caractères' }),
});
export type DeclaredDrivingInput = z.output<typeof declaredDrivingInputSchema>;

export const declaredDaySchema = z.object({
  date: z.string(),
  drivingMinutes: z.number(),
  note: z.string().nullable(),
});
export type DeclaredDay = z.infer<typeof declaredDaySchema>;

/** GET /api/availability/driving: the days the driver may still declare (today and the 28 before), and theirs. */
export const declaredDrivingListSchema = z.object({
  today: z.string(),
  firstDay: z.string(),
  days: z.array(declaredDaySchema),
});
export type DeclaredDrivingList = z.infer<typeof declaredDrivingListSchema>;
