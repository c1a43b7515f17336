import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api.js';

/** The message to show for a failed call: the server's French message, else the screen's fallback (§8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Puts the server's field errors (`400 { errors: { field: message } }`) under the form's own fields. */
export function showFieldErrors<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  error: unknown,
): void {
  if (!(error instanceof ApiError)) return;
  const known = new Set(Object.keys(form.getValues()));
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (known.has(field)) form.setError(field as Path<T>, { message });
  }
}
