import { z } from 'zod';
import {
  ADR_SPECIALISATIONS,
  DOCUMENT_RULES,
  DRIVER_DOCUMENT_TYPES,
  LICENSE_CATEGORIES,
  addYears,
  type DriverDocumentType,
} from '../rules/documents.js';
import { REQUIRED_DOCUMENTS } from '../rules/missions.js';
import { dateSchema, parseDate } from './dates.js';
import { optionalText, requiredText } from './text.js';
import { parisToday } from '../rules/days.js';

export const documentMessages = {
  type: 'Choisissez le type de document',
  number: 'Le numéro ne doit pas dépasser 40 caractères',
  numberRequired: 'Indiquez le numéro du document',
  label: 'Précisez de quel document il s’agit',
  labelTooLong: 'Le nom du document ne doit pas dépasser 80 caractères',
  issued: 'Date de délivrance invalide',
  issuedFuture: 'La date de délivrance ne peut pas être dans le futur',
  expires: 'Date d’expiration invalide',
  expiresRequired: 'Indiquez la date de fin de validité',
  expiresBeforeIssued: 'La date d’expiration doit être après la date de délivrance',
  expired: 'Ce document est déjà expiré : envoyez celui en cours de validité',
  expiresTooFar: (years: number) =>
    `Ce document est valable ${years} ans au plus : vérifiez la date d’expiration`,
  categories: 'Cochez au moins une catégorie du permis',
  adr: 'Cochez au moins une spécialisation ADR',
  file: 'Choisissez un fichier PDF, JPEG, PNG ou WebP',
  fileTooLarge: 'Le fichier ne doit pas dépasser 10 Mo',
  reason: 'Indiquez la raison (5 caractères au moins)',
  reasonTooLong: 'La raison ne doit pas dépasser 500 caractères',
} as const;

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A day `YYYY-MM-DD` between 1950 and 2100 (a licence may be older than 2000). */
const day = (invalid: string) =>
  z
    .string({ error: invalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return parseDate(value).ok && year >= 1950 && year <= 2100;
    }, invalid);

/** Lists arrive from a query string as "C,CE" or as repeated keys. */
const commaList = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: message })
    .optional()
    .transform((value, ctx) => {
      const items = (Array.isArray(value) ? value : (value ?? '').split(','))
        .map((item) => item.trim())
        .filter(Boolean);
      if (items.length > values.length * 2 || items.some((item) => !values.includes(item))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(items)] as Array<T[number]>;
    });

/** What accompanies an uploaded file: the text fields of its form (the file itself is the part `file`). */
export const documentUploadSchema = z
  .object({
    type: z.enum(DRIVER_DOCUMENT_TYPES, { error: documentMessages.type }),
    number: optionalText({ max: 40, tooLong: documentMessages.number }),
    label: optionalText({ max: 80, tooLong: documentMessages.labelTooLong }),
    issuedAt: z.union([day(documentMessages.issued), z.literal('')]).optional(),
    expiresAt: z.union([day(documentMessages.expires), z.literal('')]).optional(),
    categories: commaList(LICENSE_CATEGORIES as readonly [string, ...string[]], documentMessages.categories),
    adrKinds: commaList(ADR_SPECIALISATIONS, documentMessages.adr),
  })
  .transform((input, ctx) => {
    const type: DriverDocumentType = input.type;
    const rule = DOCUMENT_RULES[type];
    const issuedAt = input.issuedAt || null;
    let expiresAt = input.expiresAt || null;
    if (issuedAt && issuedAt > parisToday())
      ctx.addIssue({ code: 'custom', path: ['issuedAt'], message: documentMessages.issuedFuture });
    if (!expiresAt && issuedAt && rule.defaultYears) expiresAt = addYears(issuedAt, rule.defaultYears);
    if (!expiresAt && rule.expiryRequired)
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: documentMessages.expiresRequired });
    if (expiresAt && expiresAt < parisToday())
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: documentMessages.expired });
    else if (expiresAt && issuedAt && expiresAt <= issuedAt)
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: documentMessages.expiresBeforeIssued });
    // Without an issue date, the longest validity counts from today.
    if (expiresAt && rule.maxYears && expiresAt > addYears(issuedAt ?? parisToday(), rule.maxYears))
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: documentMessages.expiresTooFar(rule.maxYears),
      });
    if (rule.hasNumber && type !== 'identite' && !input.number)
      ctx.addIssue({ code: 'custom', path: ['number'], message: documentMessages.numberRequired });
    if (type === 'autre' && !input.label)
      ctx.addIssue({ code: 'custom', path: ['label'], message: documentMessages.label });
    if (type === 'permis' && !input.categories?.length)
      ctx.addIssue({ code: 'custom', path: ['categories'], message: documentMessages.categories });
    if (type === 'adr' && !input.adrKinds?.length)
      ctx.addIssue({ code: 'custom', path: ['adrKinds'], message: documentMessages.adr });
    return {
      type,
      number: rule.hasNumber ? (input.number ?? null) : null,
      label: type === 'autre' ? (input.label ?? null) : null,
      issuedAt,
      expiresAt,
      categories: type === 'permis' ? (input.categories ?? []) : [],
      adrKinds: type === 'adr' ? (input.adrKinds ?? []) : [],
    };
  });
export type DocumentUploadInput = z.output<typeof documentUploadSchema>;

const documentStateSchema = z.enum(['pending', 'verified', 'expiring', 'expired', 'rejected', 'replaced']);

export const documentSchema = z.object({
  id: z.uuid(),
  type: z.enum(DRIVER_DOCUMENT_TYPES),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  number: z.string().nullable(),
  label: z.string().nullable(),
  categories: z.array(z.string()),
  adrKinds: z.array(z.string()),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  status: z.enum(['pending', 'verified', 'rejected', 'replaced']),
  state: documentStateSchema,
  rejectionReason: z.string().nullable(),
  uploadedAt: z.string(),
  verifiedAt: z.string().nullable(),
  fileUrl: z.string(),
});
export type DocumentView = z.infer<typeof documentSchema>;

export const requirementVerdictSchema = z.object({
  requirement: z.enum(REQUIRED_DOCUMENTS),
  state: z.enum(['valid', 'pending', 'missing', 'rejected', 'expires_before_end']),
  documentId: z.string().nullable(),
  expiresOn: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RequirementVerdictView = z.infer<typeof requirementVerdictSchema>;

const driverValidationStatusSchema = z.enum(['pending_validation', 'approved', 'rejected']);

const validationSchema = z.object({
  status: driverValidationStatusSchema,
  interviewDate: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  validatedAt: z.string().nullable(),
});
export type ValidationView = z.infer<typeof validationSchema>;

export const myDocumentsSchema = z.object({
  documents: z.array(documentSchema),
  /** What the profile needs (licence, card, FIMO/FCO, ADR when declared), judged for today. */
  requirements: z.array(requirementVerdictSchema),
  documentsVerified: z.boolean(),
  validation: validationSchema,
});
export type MyDocuments = z.infer<typeof myDocumentsSchema>;

const documentAccessSchema = z.object({
  id: z.uuid(),
  /** Null once the driver deleted the document. */
  documentId: z.uuid().nullable(),
  documentType: z.string(),
  viewerName: z.string(),
  viewerRole: z.enum(['transporter', 'admin']),
  viewedAt: z.string(),
});
export const documentAccessListSchema = z.object({ accesses: z.array(documentAccessSchema) });

export const rejectSchema = z.object({
  reason: requiredText(documentMessages.reason, {
    min: 5,
    max: 500,
    tooLong: documentMessages.reasonTooLong,
    multiline: true,
  }),
});

const adminNotesSchema = optionalText({
  max: 2000,
  tooLong: 'Les notes ne doivent pas dépasser 2000 caractères',
  multiline: true,
});

export const interviewSchema = z.object({
  interviewDate: dateSchema({
    invalid: 'Date d’entretien invalide',
    min: () => new Date(Date.now() - 60_000),
    max: () => new Date(Date.now() + 180 * 86_400_000),
    outOfRange: 'L’entretien doit avoir lieu dans les 6 prochains mois',
  }),
  notes: adminNotesSchema,
});

export const approveSchema = z.object({ notes: adminNotesSchema });

export const adminDocumentFilterSchema = z.object({
  status: z.enum(['pending', 'verified', 'rejected', 'replaced', 'all']).default('pending'),
  type: z.enum(DRIVER_DOCUMENT_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const adminLogEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  adminName: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export const adminDocumentSchema = documentSchema.extend({
  driver: z.object({ id: z.uuid(), fullName: z.string(), email: z.string() }),
  history: z.array(adminLogEntrySchema),
});
export const adminDocumentListSchema = z.object({
  documents: z.array(adminDocumentSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

const adminDriverSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  licenseType: z.string().nullable(),
  certifications: z.array(z.string()),
  registeredAt: z.string(),
  documentsVerified: z.boolean(),
  documentCounts: z.object({ pending: z.number(), verified: z.number(), rejected: z.number() }),
  validation: validationSchema.extend({
    interviewNotes: z.string().nullable(),
    adminNotes: z.string().nullable(),
  }),
});
export const adminDriverListSchema = z.object({ drivers: z.array(adminDriverSchema) });
export const adminDriverDetailSchema = adminDriverSchema.extend({
  documents: z.array(documentSchema),
  requirements: z.array(requirementVerdictSchema),
  history: z.array(adminLogEntrySchema),
});
export const adminDriverFilterSchema = z.object({
  status: z.enum(['pending_validation', 'approved', 'rejected', 'all']).default('pending_validation'),
});
