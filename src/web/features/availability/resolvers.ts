import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { holidaysSchema, patternSchema, setDaySchema } from '#core/schemas/availability.js';
import { declaredDrivingFormSchema } from '#core/schemas/declared-driving.js';
import {
  dayInputOf,
  holidaysInputOf,
  patternInputOf,
  type DayValues,
  type DeclaredValues,
  type HolidaysValues,
  type PatternValues,
} from './form-values.js';

/**
 * The API's own schemas check the calendar's forms on what each form would send (hours only where they apply): the
 * same French messages under the same fields; the form then sends exactly that. Loaded on demand (lazyResolver).
 */
function checked<V extends FieldValues, I extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  inputOf: (values: V) => I,
): Resolver<V, unknown, I> {
  const resolve = zodResolver(schema, undefined, { raw: true });
  return (async (values, context, options) =>
    resolve(inputOf(values), context, options as never)) as Resolver<V, unknown, I>;
}

export const dayResolver = checked<DayValues, ReturnType<typeof dayInputOf>>(setDaySchema, dayInputOf);
export const patternResolver = checked<PatternValues, ReturnType<typeof patternInputOf>>(
  patternSchema,
  patternInputOf,
);
export const holidaysResolver = checked<HolidaysValues, ReturnType<typeof holidaysInputOf>>(
  holidaysSchema,
  holidaysInputOf,
);

/** « Conduite hors Relais »: the day in reach and the duration as written; gives the day, its minutes and the note. */
export const declaredResolver = zodResolver(declaredDrivingFormSchema) as unknown as Resolver<
  DeclaredValues,
  unknown,
  DeclaredOutput
>;
export type DeclaredOutput = z.output<typeof declaredDrivingFormSchema>;
