import type { AvailabilityStatus } from '#core/rules/availability.js';

/** What the calendar's forms hold, and what each sends (core/schemas/availability.ts checks it). */
export interface DayValues {
  status: AvailabilityStatus;
  startTime: string;
  endTime: string;
  notes: string;
}

export const dayInputOf = (values: DayValues) => ({
  status: values.status,
  startTime: values.status === 'busy' ? values.startTime : null,
  endTime: values.status === 'busy' ? values.endTime : null,
  notes: values.notes.trim() || null,
});

export interface PatternValues {
  /** The weekdays ticked, 1 (Monday) to 7, as the checkboxes give them ("1"). */
  weekdays: string[];
  withHours: boolean;
  startTime: string;
  endTime: string;
  from: string;
  to: string;
  othersUnavailable: boolean;
}

export const patternInputOf = (values: PatternValues) => ({
  from: values.from,
  to: values.to,
  weekdays: values.weekdays.map(Number).sort(),
  startTime: values.withHours ? values.startTime : null,
  endTime: values.withHours ? values.endTime : null,
  othersUnavailable: values.othersUnavailable,
});

export interface HolidaysValues {
  from: string;
  to: string;
  notes: string;
}

export const holidaysInputOf = (values: HolidaysValues) => ({
  from: values.from,
  to: values.to,
  notes: values.notes.trim() || null,
});

export interface DeclaredValues {
  date: string;
  /** As written: « 4 h 30 » (core parseDrivingDuration); the API's minutes once read. */
  drivingMinutes: string;
  note: string;
}
