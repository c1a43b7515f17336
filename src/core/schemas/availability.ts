import { z } from 'zod';
import { roundCoordinate } from '../rules/tracking.js';
import { AVAILABILITY_STATUSES, LICENSE_TYPES, MISSION_STATUSES } from '../rules/enums.js';
import {
  CALENDAR_MAX_DAYS,
  DRIVER_SEARCH_MAX_RADIUS_KM,
  HOURS_PATTERN,
  hoursProblem,
  PATTERN_MAX_DAYS,
} from '../rules/availability.js';
import { daySchema } from './dates.js';
import { optionalText } from './text.js';
import { daysBetween } from '#core/rules/days.js';

const day = daySchema('Date invalide (AAAA-MM-JJ)');
const hours = z
  .string({ error: 'Heure invalide (HH:MM)' })
  .regex(HOURS_PATTERN, 'Heure invalide (HH:MM)')
  .nullish()
  .transform((value) => value ?? null);
const notes = optionalText({
  max: 500,
  tooLong: 'La note ne doit pas dépasser 500 caractères',
  multiline: true,
});

/** from ≤ to, and at most `max` days. */
function orderedRange<T extends { from: string; to: string }>(max: number, tooLong: string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const span = daysBetween(value.from, value.to);
    if (span < 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'La date de fin doit suivre la date de début' });
    else if (span + 1 > max) ctx.addIssue({ code: 'custom', path: ['to'], message: tooLong });
  };
}

export const calendarQuerySchema = z
  .object({ from: day, to: day })
  .superRefine(orderedRange(CALENDAR_MAX_DAYS, `Au plus ${CALENDAR_MAX_DAYS} jours à la fois`));

export const dayParamsSchema = z.object({ date: day });

const availabilityStatusSchema = z.enum(AVAILABILITY_STATUSES, { error: 'Statut inconnu' });

/** PUT /api/availability/:date. Partially available ('busy') needs its hours; the other statuses take none. */
export const setDaySchema = z
  .object({ status: availabilityStatusSchema, startTime: hours, endTime: hours, notes })
  .superRefine((value, ctx) => {
    if (value.status === 'busy') {
      const problem =
        hoursProblem(value.startTime, value.endTime) ??
        (value.startTime ? null : 'Indiquez vos horaires de disponibilité');
      if (problem)
        ctx.addIssue({ code: 'custom', path: [value.startTime ? 'endTime' : 'startTime'], message: problem });
    } else if (value.startTime || value.endTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['startTime'],
        message: 'Les horaires ne valent que pour « Partiellement disponible »',
      });
    }
  });
export type SetDayInput = z.output<typeof setDaySchema>;

const weekdays = z
  .array(
    z.number({ error: 'Jour invalide' }).int('Jour invalide').min(1, 'Jour invalide').max(7, 'Jour invalide'),
    {
      error: 'Jours attendus',
    },
  )
  .max(7, 'Jours invalides')
  .transform((values) => [...new Set(values)])
  .refine((values) => values.length > 0, 'Cochez au moins un jour');

/** POST /api/availability/pattern: "dispo du lundi au vendredi" over a range. */
export const patternSchema = z
  .object({
    from: day,
    to: day,
    weekdays,
    startTime: hours,
    endTime: hours,
    othersUnavailable: z.boolean({ error: 'Valeur invalide' }).default(false),
    notes,
  })
  .superRefine(orderedRange(PATTERN_MAX_DAYS, 'Une semaine type s’applique sur un an au plus'))
  .superRefine((value, ctx) => {
    const problem = hoursProblem(value.startTime, value.endTime);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endTime'], message: problem });
  });
export type PatternInput = z.output<typeof patternSchema>;

/** POST /api/availability/holidays: a range marked unavailable in one gesture. */
export const holidaysSchema = z
  .object({ from: day, to: day, notes })
  .superRefine(orderedRange(PATTERN_MAX_DAYS, 'Des congés d’un an au plus'));
export type HolidaysInput = z.output<typeof holidaysSchema>;

export const availabilityDaySchema = z.object({
  date: z.string(),
  status: availabilityStatusSchema,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  notes: z.string().nullable(),
});
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

const calendarMissionSchema = z.object({
  id: z.string(),
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  pickupCity: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  status: z.enum(MISSION_STATUSES),
});
export type CalendarMission = z.infer<typeof calendarMissionSchema>;

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Today in Paris: the first day that may be changed. */
  today: z.string(),
  days: z.array(availabilityDaySchema),
  missions: z.array(calendarMissionSchema),
});
export type Calendar = z.infer<typeof calendarSchema>;

const skippedDaySchema = z.object({
  date: z.string(),
  missionId: z.string(),
  missionTitle: z.string(),
});
export const applyResultSchema = z.object({
  /** Days written. */
  set: z.number(),
  /** Days left as they were: a mission holds them, so they were not marked available. */
  skipped: z.array(skippedDaySchema),
  /** Days written that hold a mission (marked unavailable over a mission: the driver should tell the transporter). */
  missionDays: z.array(skippedDaySchema),
});
export type ApplyResult = z.infer<typeof applyResultSchema>;

export const calendarSettingsSchema = z.object({
  visibleToTransporters: z.boolean(),
  /** A feed exists (its address was shown once, when created). */
  icsActive: z.boolean(),
  icsCreatedAt: z.string().nullable(),
});
export type CalendarSettings = z.infer<typeof calendarSettingsSchema>;
export const settingsInputSchema = z.object({
  visibleToTransporters: z.boolean({ error: 'Valeur invalide' }),
});

export const icsCreatedSchema = z.object({ url: z.string(), webcalUrl: z.string(), createdAt: z.string() });
export type IcsCreated = z.infer<typeof icsCreatedSchema>;

// Rounded to the micro-degree (about 10 cm), as every coordinate Relais keeps: a value such as 5e-324 is 0 then,
// not a float PostgreSQL refuses as out of range.
const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ error: 'Position invalide' })
    .min(min, 'Position invalide')
    .max(max, 'Position invalide')
    .transform(roundCoordinate)
    .optional();

/** GET /api/availability/drivers: who is free that day, optionally by licence and around a point. */
export const driverSearchSchema = z
  .object({
    date: day,
    licenseType: z
      .enum(LICENSE_TYPES, { error: 'Permis inconnu' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
    radiusKm: z.coerce
      .number({ error: 'Rayon invalide' })
      .int('Rayon invalide')
      .min(5, 'Rayon invalide')
      .max(DRIVER_SEARCH_MAX_RADIUS_KM, `Rayon de ${DRIVER_SEARCH_MAX_RADIUS_KM} km au plus`)
      .optional(),
    page: z.coerce
      .number({ error: 'Page invalide' })
      .int('Page invalide')
      .min(1, 'Page invalide')
      .max(50, 'Page invalide')
      .default(1),
  })
  .superRefine((value, ctx) => {
    if ((value.lat === undefined) !== (value.lng === undefined))
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'Position incomplète' });
  });
export type DriverSearchInput = z.output<typeof driverSearchSchema>;

const availableDriverSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  city: z.string().nullable(),
  licenseType: z.string().nullable(),
  vehicleTypes: z.array(z.string()),
  yearsExperience: z.number(),
  reputationScore: z.number(),
  averageRating: z.number().nullable(),
  reviewCount: z.number(),
  status: availabilityStatusSchema,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  distanceKm: z.number().nullable(),
});
export type AvailableDriver = z.infer<typeof availableDriverSchema>;
export const driverSearchResultSchema = z.object({
  drivers: z.array(availableDriverSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type DriverSearchResult = z.infer<typeof driverSearchResultSchema>;
