import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';

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
