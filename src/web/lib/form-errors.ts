import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api.js';

/** The message to show for a failed call: the server's French message, else the screen's fallback (§8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * Puts the server's field errors (`400 { errors: { field: message } }`) under the form's own fields. Returns whether
 * it put any: when not, the refusal concerns no field of this form and the caller says it elsewhere. `prefix`: the
 * form is one part of the body (`mission.` of `{ mission, rule }`).
 */
export function showFieldErrors<T extends FieldValues, C, O extends FieldValues>(
  form: UseFormReturn<T, C, O>,
  error: unknown,
  prefix = '',
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = new Set(Object.keys(form.getValues()));
  let shown = false;
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    if (!path.startsWith(prefix)) continue;
    // "rule.weekdays.0" is the list's.
    const field = path.slice(prefix.length).split('.')[0]!;
    if (!known.has(field)) continue;
    form.setError(field as Path<T>, { message });
    shown = true;
  }
  return shown;
}
