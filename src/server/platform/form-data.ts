import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Forms a browser sends as FormData (multipart/form-data): text fields and files, read by @fastify/multipart
 * (busboy) within the limits each route gives. What a route receives is the whole form in memory, its files as
 * bytes to check by their content (platform/uploads.ts); anything malformed or too large is a French 4xx, never a
 * crash.
 */
export interface FormFile {
  field: string;
  fileName: string | null;
  bytes: Buffer;
}
export interface ParsedForm {
  fields: Record<string, string>;
  files: FormFile[];
}

export interface FormRules {
  /** Fields and files together. */
  maxParts: number;
  /** One text field. */
  maxFieldBytes: number;
  /**
   * One file, as the route's own check counts it. The reader lets one byte more through, so that a file just
   * over reaches that check, which names its field; anything larger is stopped while it arrives (`tooLarge`).
   */
  maxFileBytes: number;
  /** How many files the form may carry (1). */
  maxFiles?: number;
  /** All the files together (each file's limit times maxFiles). */
  maxTotalBytes?: number;
  /** A file stopped past maxFileBytes. */
  tooLarge: string;
  /** The files past maxTotalBytes (`tooLarge`). */
  totalTooLarge?: string;
}

const MAX_FIELD_NAME = 60;

/** What any form reader says: not the page's form (malformed, a field twice or too long), text not in UTF-8. */
const FORM_MESSAGES = {
  invalid: 'Envoyez le formulaire de la page (multipart/form-data).',
  encoding: 'Texte illisible (il n’est pas en UTF-8) : renvoyez le formulaire depuis la page.',
} as const;

/**
 * Lets a feature's routes read forms (readFormData), in that feature's plugin only: every other route keeps
 * refusing multipart bodies with 415.
 */
export async function registerFormData(app: FastifyInstance): Promise<void> {
  // Nothing is read until a route asks, with its own limits; these only bound a form no route reads.
  await app.register(multipart, { limits: { parts: 1, fileSize: 1, fieldSize: 1 } });
}

/**
 * The whole form of the request, checked against `rules`. Browsers send text in UTF-8: a field decoded with
 * replacement characters ("R�mi") is refused on its field rather than kept so in a legal proof.
 */
export async function readFormData(request: FastifyRequest, rules: FormRules): Promise<ParsedForm> {
  const messages = FORM_MESSAGES;
  const invalid = () => new AppError(400, messages.invalid, { _: messages.invalid });
  const fileLimit = rules.maxFileBytes + 1;
  const totalLimit = rules.maxTotalBytes ?? (rules.maxFiles ?? 1) * fileLimit;
  const totalTooLarge = rules.totalTooLarge ?? rules.tooLarge;
  // An empty body is no form (busboy would read it as a form without fields).
  if (!request.isMultipart() || request.headers['content-length'] === '0') throw invalid();
  const form: ParsedForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  let total = 0;
  try {
    const iterator = request.parts({
      limits: {
        parts: rules.maxParts,
        fieldSize: rules.maxFieldBytes,
        fileSize: fileLimit,
        fieldNameSize: MAX_FIELD_NAME,
      },
    });
    for await (const part of iterator) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        total += bytes.length;
        if (total > totalLimit) throw new AppError(413, totalTooLarge, { _: totalTooLarge });
        // An empty file input is sent as a part with no name and no bytes: nothing was chosen.
        if (bytes.length > 0 || part.filename !== '')
          form.files.push({ field: part.fieldname, fileName: part.filename || null, bytes });
        continue;
      }
      const { fieldname, value } = part;
      if (
        typeof value !== 'string' ||
        part.valueTruncated ||
        part.fieldnameTruncated ||
        Object.hasOwn(form.fields, fieldname)
      )
        throw invalid();
      if (value.includes('\uFFFD'))
        throw new AppError(400, messages.encoding, { [fieldname]: messages.encoding });
      form.fields[fieldname] = value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, rules.tooLarge, { _: rules.tooLarge });
    // Too many parts, a prototype's name, a body cut short, no boundary: not the page's form.
    throw invalid();
  }
  return form;
}

/** The text fields of a form read by a zod schema: a French 400 with one message per field, as JSON bodies get. */
export function fieldsOf<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    errors[field] ??= issue.message;
  }
  throw new AppError(400, Object.values(errors)[0] ?? 'Requête invalide', errors);
}
