import { z } from 'zod';
import { isoWeekday, WEEKDAY_LABELS } from '../rules/availability.js';
import { addDays, parisDate } from '../rules/days.js';
import { HOLIDAY_POLICIES } from '../rules/recurrence.js';
import { daySchema } from './dates.js';
import { missionInputSchema } from './missions.js';
import { blank } from './transport-terms.js';

/** Recurring missions (decision 056): the rule's limits and messages, shared by the form and the API. */
export const RECURRENCE_LIMITS = { maxCount: 200, maxLeadDays: 30, maxYears: 1 } as const;
const RECURRENCE_ENDS = ['until', 'count', 'never'] as const;
export const DEFAULT_LEAD_DAYS = 7;

export const recurrenceMessages = {
  weekdays: 'Choisissez au moins un jour de la semaine',
  end: 'Choisissez quand la série s’arrête',
  until: 'Indiquez la date de la dernière mission',
  untilBeforeStart: 'La dernière date doit suivre le début de la première mission',
  untilTooFar: 'Une série s’arrête au plus tard un an après sa première mission',
  count: `Indiquez un nombre de missions entre 1 et ${RECURRENCE_LIMITS.maxCount}`,
  leadDays: `Publiez entre 1 et ${RECURRENCE_LIMITS.maxLeadDays} jours à l’avance`,
  holidays: 'Choisissez que faire les jours fériés',
  stopped: 'Cette série est arrêtée',
  firstDayNotTicked: (day: string) =>
    `La première mission tombe un ${day} : cochez ce jour, ou changez la date de début`,
} as const;

/** A whole number between 1 and `max`, written in a field or sent as a number; empty → null. */
const wholeNumber = (max: number, message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return null;
      const written = String(value).trim();
      const count = /^\d+$/.test(written) ? Number(written) : NaN;
      if (!(count >= 1 && count <= max)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return count;
    });

export const recurrenceRuleSchema = z
  .object({
    /** ISO weekdays, 1 (Monday) to 7 (Sunday); the form's checkboxes send them as text. */
    weekdays: z
      .array(
        z.union([z.number(), z.string()], { error: recurrenceMessages.weekdays }).transform((value, ctx) => {
          const day = Number(value);
          if (!Number.isInteger(day) || day < 1 || day > 7) {
            ctx.addIssue({ code: 'custom', message: recurrenceMessages.weekdays });
            return z.NEVER;
          }
          return day;
        }),
        { error: recurrenceMessages.weekdays },
      )
      .min(1, recurrenceMessages.weekdays)
      .max(7, recurrenceMessages.weekdays)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    end: z.enum(RECURRENCE_ENDS, { error: recurrenceMessages.end }),
    until: daySchema(recurrenceMessages.until).nullable().optional().or(z.literal('')),
    count: wholeNumber(RECURRENCE_LIMITS.maxCount, recurrenceMessages.count),
    leadDays: wholeNumber(RECURRENCE_LIMITS.maxLeadDays, recurrenceMessages.leadDays).transform(
      (value) => value ?? DEFAULT_LEAD_DAYS,
    ),
    holidays: z.enum(HOLIDAY_POLICIES, { error: recurrenceMessages.holidays }),
  })
  .superRefine((rule, ctx) => {
    if (rule.end === 'until' && !rule.until)
      ctx.addIssue({ code: 'custom', path: ['until'], message: recurrenceMessages.until });
    if (rule.end === 'count' && rule.count === null)
      ctx.addIssue({ code: 'custom', path: ['count'], message: recurrenceMessages.count });
  })
  // The output reads again as an input (the form sends what it parsed): `end` stays, the other end's value goes.
  .transform(({ until, count, ...rule }) => ({
    ...rule,
    until: rule.end === 'until' ? until || null : null,
    count: rule.end === 'count' ? count : null,
  }));
export type RecurrenceRuleInput = z.output<typeof recurrenceRuleSchema>;

/**
 * A recurring mission: the first mission as the publish form writes it, and its rule. The series starts on the
 * first mission's day; its last day is at most a year later.
 */
export const missionTemplateInputSchema = z
  .object({ mission: missionInputSchema, rule: recurrenceRuleSchema })
  .superRefine(({ mission, rule }, ctx) => {
    const first = parisDate(mission.startDate);
    // The mission typed is the series' first: its day must be one the series runs on.
    const weekday = isoWeekday(first);
    if (!rule.weekdays.includes(weekday))
      ctx.addIssue({
        code: 'custom',
        path: ['rule', 'weekdays'],
        message: recurrenceMessages.firstDayNotTicked(WEEKDAY_LABELS[weekday - 1]!.toLowerCase()),
      });
    if (!rule.until) return;
    if (rule.until < first)
      ctx.addIssue({ code: 'custom', path: ['rule', 'until'], message: recurrenceMessages.untilBeforeStart });
    else if (rule.until > addDays(first, 366 * RECURRENCE_LIMITS.maxYears))
      ctx.addIssue({ code: 'custom', path: ['rule', 'until'], message: recurrenceMessages.untilTooFar });
  });
export type MissionTemplateInput = z.output<typeof missionTemplateInputSchema>;
export type RecurrenceFormValues = z.input<typeof recurrenceRuleSchema>;

/** A series as its company reads it. */
export const missionTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  pickupCity: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  /** The first mission, as it was written: the form edits it. */
  mission: z.record(z.string(), z.unknown()),
  rule: z.object({
    weekdays: z.array(z.number()),
    firstDay: z.string(),
    until: z.string().nullable(),
    count: z.number().nullable(),
    leadDays: z.number(),
    holidays: z.enum(HOLIDAY_POLICIES),
  }),
  /** "Chaque lundi et jeudi, jusqu’au 31 mars 2027 · publiée 7 jours avant". */
  summary: z.string(),
  stoppedAt: z.string().nullable(),
  /** Running, but no day is left to publish (its end reached). */
  finished: z.boolean(),
  /** The next days a mission will be published for (up to three), with the holiday that moved one. */
  upcoming: z.array(z.object({ day: z.string(), holiday: z.string().nullable() })),
  /** The missions it published, latest first (up to ten). */
  missions: z.array(z.object({ id: z.string(), startDate: z.string(), status: z.string() })),
  publishedCount: z.number(),
  createdAt: z.string(),
});
export type MissionTemplate = z.infer<typeof missionTemplateSchema>;
