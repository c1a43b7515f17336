import { z } from 'zod';
import {
  DECLARED_DRIVING_MAX_MINUTES,
  declaredDayProblem,
  declaredDrivingMessages,
  parseDrivingDuration,
} from '../rules/declared-driving.js';
import { parisToday } from '../rules/days.js';
import { daySchema } from './dates.js';
import { optionalText } from './text.js';

/** Driving declared outside Relais (decision 053): one calendar day's minutes at the wheel, and a note. */

const day = daySchema('Date invalide (AAAA-MM-JJ)');
export const declaredDayParamsSchema = z.object({ date: day });

const drivingMinutes = z
  .number({ error: declaredDrivingMessages.minutes })
  .int(declaredDrivingMessages.minutes)
  .min(0, declaredDrivingMessages.minutes)
  .max(DECLARED_DRIVING_MAX_MINUTES, declaredDrivingMessages.tooLong);
const note = optionalText({ max: 200, tooLong: 'La note ne doit pas dépasser 200 caractères' });

/** PUT /api/availability/driving/:date. */
export const declaredDrivingInputSchema = z.object({ drivingMinutes, note });

/**
 * The driver's form (« Conduite hors Relais »): the day, within reach, and the duration as written (« 4 h 30 »);
 * gives the day and the API's body. The server checks the same again.
 */
export const declaredDrivingFormSchema = z.object({
  date: day.superRefine((value, ctx) => {
    const problem = declaredDayProblem(value, parisToday());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** As written (« 4 h 30 »), read into minutes. */
  drivingMinutes: z
    .string({ error: declaredDrivingMessages.duration })
    .transform((value, ctx) => {
      const minutes = parseDrivingDuration(value);
      if (minutes === null) ctx.addIssue({ code: 'custom', message: declaredDrivingMessages.duration });
      return minutes ?? 0;
    })
    .pipe(drivingMinutes),
  note,
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
