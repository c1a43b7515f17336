import { z } from 'zod';
import { samePagePath } from '../rules/bug-reports.js';
import { BUG_CATEGORIES, BUG_PRIORITIES, BUG_STATUSES } from '../rules/enums.js';
import { cleanText, optionalText, requiredText, textMessages } from './text.js';

export const bugReportMessages = {
  title: 'Donnez un titre de 3 caractères au moins',
  titleTooLong: 'Le titre ne doit pas dépasser 120 caractères',
  description: 'Décrivez le problème en 10 caractères au moins',
  descriptionTooLong: 'La description ne doit pas dépasser 5000 caractères',
  category: 'Choisissez une catégorie',
  priority: 'Choisissez une priorité',
  status: 'Statut inconnu',
  page: 'Indiquez une page de Relais, qui commence par « / » (par exemple /missions)',
  browserInfoTooLong: 'Les informations techniques ne doivent pas dépasser 1000 caractères',
  screenshot: 'Capture illisible : choisissez une image JPEG, PNG ou WebP',
  screenshotTooLarge: 'La capture doit peser 5 Mo au plus',
  notesTooLong: 'Les notes ne doivent pas dépasser 5000 caractères',
  answerTooLong: 'La réponse ne doit pas dépasser 5000 caractères',
  search: 'La recherche ne doit pas dépasser 100 caractères',
} as const;

export const BUG_TITLE_MAX = 120;
export const BUG_DESCRIPTION_MAX = 5000;
export const BUG_TEXT_MAX = 5000;
/** The screenshot, decoded (the app shrinks it before sending; a raw phone screenshot fits too). */
export const BUG_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

const category = z.enum(BUG_CATEGORIES, { error: bugReportMessages.category });
const priority = z.enum(BUG_PRIORITIES, { error: bugReportMessages.priority });
const status = z.enum(BUG_STATUSES, { error: bugReportMessages.status });

/**
 * A report as the form sends it: text fields (multipart/form-data, as the browser's FormData sends it) and an
 * optional file `screenshot`, whose kind is read from its bytes on the server.
 */
export const bugReportInputSchema = z.object({
  title: requiredText(bugReportMessages.title, {
    min: 3,
    max: BUG_TITLE_MAX,
    tooLong: bugReportMessages.titleTooLong,
  }),
  description: requiredText(bugReportMessages.description, {
    min: 10,
    max: BUG_DESCRIPTION_MAX,
    tooLong: bugReportMessages.descriptionTooLong,
    multiline: true,
  }),
  category,
  priority: priority.default('medium'),
  /** The page concerned, a path of this site; empty: none given. */
  page: z
    .string({ error: bugReportMessages.page })
    .max(500, bugReportMessages.page)
    .nullish()
    .transform((value, ctx) => {
      const trimmed = value?.trim() ?? '';
      if (trimmed === '') return null;
      const path = samePagePath(trimmed);
      if (path === null) {
        ctx.addIssue({ code: 'custom', message: bugReportMessages.page });
        return z.NEVER;
      }
      return path;
    }),
  /** Filled by the app (browser, screen, language), shown to the reporter before sending. */
  browserInfo: optionalText({
    max: 1000,
    tooLong: bugReportMessages.browserInfoTooLong,
    multiline: true,
  }),
});
export type BugReportInput = z.output<typeof bugReportInputSchema>;

/** A report as its author sees it: never the team's internal notes. */
export const bugReportSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category,
  priority,
  status,
  page: z.string().nullable(),
  browserInfo: z.string().nullable(),
  /** The access-checked route of the screenshot, or null. */
  screenshotUrl: z.string().nullable(),
  publicAnswer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For a security report: the responsible-disclosure note (with the contact address). */
  disclosure: z.string().nullable(),
});
export type BugReport = z.infer<typeof bugReportSchema>;

export const myBugReportsSchema = z.object({
  reports: z.array(bugReportSchema),
  /** Reports still allowed today (Europe/Paris). */
  remainingToday: z.number(),
});
export type MyBugReports = z.infer<typeof myBugReportsSchema>;

/** A list filter: one of the values, or 'all' (or nothing) for every one. */
const allOr = <T extends string>(schema: z.ZodType<T>, message: string) =>
  z
    .union([z.literal('all'), schema], { error: message })
    .optional()
    .transform((value): T | undefined => (value === 'all' ? undefined : (value as T | undefined)));

export const adminBugReportsQuerySchema = z.object({
  status: allOr(status, bugReportMessages.status),
  priority: allOr(priority, bugReportMessages.priority),
  category: allOr(category, bugReportMessages.category),
  q: z
    .string({ error: bugReportMessages.search })
    .trim()
    .max(100, bugReportMessages.search)
    // A NUL cannot even reach PostgreSQL: refused like in every typed text.
    .refine((value) => cleanText(value).ok, textMessages.control)
    .optional(),
  page: z.coerce
    .number({ error: 'Page invalide' })
    .int('Page invalide')
    .min(1, 'Page invalide')
    .max(1000, 'Page invalide')
    .default(1),
});

const reporterSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    role: z.enum(['driver', 'transporter', 'admin']),
    companyName: z.string().nullable(),
  })
  .nullable();

const adminBugReportItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  category,
  priority,
  status,
  page: z.string().nullable(),
  hasScreenshot: z.boolean(),
  hasAnswer: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** null once the reporter's account is gone. */
  reporter: reporterSchema,
});
export type AdminBugReportItem = z.infer<typeof adminBugReportItemSchema>;

const countsSchema = z.object({
  new: z.number(),
  in_progress: z.number(),
  resolved: z.number(),
  closed: z.number(),
});

export const adminBugReportListSchema = z.object({
  reports: z.array(adminBugReportItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Every report by status, whatever the filters. */
  counts: countsSchema,
  /** New and in progress: the menu's badge. */
  open: z.number(),
});
export type AdminBugReportList = z.infer<typeof adminBugReportListSchema>;

export const adminBugReportSchema = bugReportSchema.extend({
  adminNotes: z.string().nullable(),
  reporter: reporterSchema,
});
export type AdminBugReport = z.infer<typeof adminBugReportSchema>;

/** What an administrator changes; a field left out stays as it is, null (or blank) clears a text. */
export const adminBugReportUpdateSchema = z.object({
  status: status.optional(),
  priority: priority.optional(),
  adminNotes: optionalText({ max: BUG_TEXT_MAX, tooLong: bugReportMessages.notesTooLong, multiline: true }),
  publicAnswer: optionalText({
    max: BUG_TEXT_MAX,
    tooLong: bugReportMessages.answerTooLong,
    multiline: true,
  }),
});
export type AdminBugReportUpdate = z.input<typeof adminBugReportUpdateSchema>;
