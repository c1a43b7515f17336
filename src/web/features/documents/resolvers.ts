import type { FieldErrors, Resolver } from 'react-hook-form';
import { DOCUMENT_RULES } from '#core/rules/documents.js';
import { DOCUMENT_MAX_BYTES, documentMessages, documentUploadSchema } from '#core/schemas/documents.js';
import type { UploadFormValues } from './upload-values.js';

const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
const ACCEPTED_NAMES = /\.(pdf|jpe?g|png|webp)$/i;

/** The file's own message, or null when it may be sent (the server reads its content again). */
export function fileError(file: File | null | undefined): string | null {
  if (!file) return documentMessages.file;
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_NAMES.test(file.name)) return documentMessages.file;
  if (file.size === 0) return documentMessages.file;
  if (file.size > DOCUMENT_MAX_BYTES) return documentMessages.fileTooLarge;
  return null;
}

/**
 * The server's own schema (documentUploadSchema) checks the fields before anything is sent, so the messages
 * under the fields are the ones the server would give; the file is checked for its kind and its 10 Mo.
 */
export const uploadResolver: Resolver<UploadFormValues> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  const type = values.type || undefined;
  const rule = type ? DOCUMENT_RULES[type] : null;
  const parsed = documentUploadSchema.safeParse({
    type,
    number: rule?.hasNumber ? values.number : undefined,
    label: type === 'autre' ? values.label : undefined,
    issuedAt: values.issuedAt,
    expiresAt: values.expiresAt,
    categories: type === 'permis' ? values.categories : undefined,
    adrKinds: type === 'adr' ? values.adrKinds : undefined,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'type');
      errors[field] ??= { type: 'validate', message: issue.message };
    }
  const problem = fileError(values.file?.[0]);
  if (problem) errors.file = { type: 'validate', message: problem };
  if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<UploadFormValues> };
  return { values, errors: {} };
};
