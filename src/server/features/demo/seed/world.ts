import { randomUUID } from 'node:crypto';
import { parseDate } from '#core/schemas/dates.js';
import type {
  badges,
  availability,
  documents,
  documentReminders,
  documentSignatures,
  driverApplications,
  driverCalendars,
} from '../../../db/schema/documents.js';
import type { alerts, conversations, messages } from '../../../db/schema/messaging.js';
import type {
  gpsPositions,
  missionApplications,
  missionEvents,
  missions,
  reviews,
} from '../../../db/schema/missions.js';
import type { documentSequences, driverPayments, transactions } from '../../../db/schema/payments.js';
import type {
  missionIncidents,
  missionTracking,
  trackingViews,
  waitingPeriods,
} from '../../../db/schema/road.js';
import type { NewUser } from '../../../db/schema/users.js';
import type { Persona } from './cast.js';
import type { Place } from './places.js';
import { addDays, parisDate } from '#core/rules/days.js';

/** What the sandbox service gives the seed (decision 022): the world, the visitor, the door, the clock, the file. */
export interface SeedInput {
  /** The world of every account created (users.sandboxId); all of them are isDemo. */
  sandboxId: string;
  /** The visitor's own account, created with this id. */
  userId: string;
  /** The door taken: the visitor is a driver (userType 'driver') or a transporter (userType 'company'). */
  role: 'driver' | 'transporter';
  /** Everything is dated from this instant, so that the demonstration always looks current. */
  now: Date;
  /** The one stored PDF every demonstration document points at (documents.fileUrl = key). */
  specimen: { key: string; mimeType: string; sizeBytes: number; sha256: string };
}

export type Side = 'driver' | 'transporter';

/** One account of the data set, as the builders need it; `row` is what goes into `users` at the end. */
export interface Account {
  id: string;
  side: Side;
  fullName: string;
  /** How the account signs and is shown: the company's name for a transporter. */
  displayName: string;
  /** null: the visitor. */
  persona: Persona | null;
  home: Place;
  row: NewUser;
}

export type MissionRow = typeof missions.$inferInsert & {
  id: string;
  companyId: string;
  title: string;
  startDate: Date;
  endDate: Date;
  createdAt: Date;
  price: string;
  pricingType: string;
  engagementType: string;
  paymentTerms: string;
  status: string;
};

/** The rows of every table, filled in memory by the builders and inserted at the end (insert.ts). */
export interface Rows {
  missions: MissionRow[];
  applications: Array<typeof missionApplications.$inferInsert>;
  events: Array<typeof missionEvents.$inferInsert>;
  documents: Array<typeof documents.$inferInsert & { id: string }>;
  signatures: Array<typeof documentSignatures.$inferInsert>;
  reminders: Array<typeof documentReminders.$inferInsert>;
  sequences: Array<typeof documentSequences.$inferInsert>;
  positions: Array<typeof gpsPositions.$inferInsert>;
  tracking: Array<typeof missionTracking.$inferInsert>;
  trackingViews: Array<typeof trackingViews.$inferInsert>;
  incidents: Array<typeof missionIncidents.$inferInsert>;
  waiting: Array<typeof waitingPeriods.$inferInsert>;
  conversations: Array<typeof conversations.$inferInsert & { id: string }>;
  messages: Array<typeof messages.$inferInsert & { createdAt: Date }>;
  alerts: Array<typeof alerts.$inferInsert>;
  reviews: Array<typeof reviews.$inferInsert & { createdAt: Date }>;
  badges: Array<typeof badges.$inferInsert>;
  payments: Array<typeof driverPayments.$inferInsert>;
  transactions: Array<typeof transactions.$inferInsert>;
  availability: Array<typeof availability.$inferInsert>;
  calendars: Array<typeof driverCalendars.$inferInsert>;
  /** Relais's validation of each driver's profile (documents/validation.ts): all of them approved. */
  validations: Array<typeof driverApplications.$inferInsert>;
}

function mulberry(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The sandbox being built: its accounts, its rows, its clock (`now` of the input) and seeded random sources, so
 * that every sandbox (and every reset) holds the same story, only dated from its own `now`.
 */
export class World {
  readonly now: Date;
  readonly accounts: Account[] = [];
  readonly rows: Rows = {
    missions: [],
    applications: [],
    events: [],
    documents: [],
    signatures: [],
    reminders: [],
    sequences: [],
    positions: [],
    tracking: [],
    trackingViews: [],
    incidents: [],
    waiting: [],
    conversations: [],
    messages: [],
    alerts: [],
    reviews: [],
    badges: [],
    payments: [],
    transactions: [],
    availability: [],
    calendars: [],
    validations: [],
  };
  private state = 0x5eed_2024;
  /** A second stream for what depends on the clock (how many GPS points, which windows have closed). */
  private noiseState = 0x0b5e_55ed;

  constructor(readonly input: SeedInput) {
    this.now = input.now;
  }

  id(): string {
    return randomUUID();
  }

  /**
   * A number in [0, 1) from the seeded generator (mulberry32): the story's choices (prices, ratings, times), the
   * same in every sandbox whatever its `now`.
   */
  random(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    return mulberry(this.state);
  }

  /**
   * The same from a stream of its own, for details whose number depends on the clock (a trail's points): drawing
   * them from `random` would shift every later choice with the minute the sandbox opens.
   */
  noise(min: number, max: number): number {
    this.noiseState = (this.noiseState + 0x6d2b79f5) | 0;
    return min + Math.floor(mulberry(this.noiseState) * (max - min + 1));
  }

  /** An integer between min and max, both included. */
  between(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  /** `now` moved by `ms` (negative: the past), rounded down to the minute. */
  at(ms: number): Date {
    return new Date(Math.floor((this.now.getTime() + ms) / MINUTE) * MINUTE);
  }

  /** The instant Paris clocks show `time` ("06:30"), `dayOffset` days from today in Paris. */
  wall(dayOffset: number, time: string): Date {
    const parsed = parseDate(`${addDays(parisDate(this.now), dayOffset)}T${time}`);
    if (!parsed.ok) throw new Error(`demo seed: bad wall time ${time}`);
    return parsed.date;
  }

  /**
   * `dayOffset`, or the Saturday before when it falls on a Sunday in Paris: lorries over 7.5 t do not run on
   * Sundays in France, and a dispatcher would see a history of missions started on Sundays at once.
   */
  notSunday(dayOffset: number): number {
    const date = addDays(parisDate(this.now), dayOffset);
    return new Date(`${date}T12:00:00Z`).getUTCDay() === 0 ? dayOffset - 1 : dayOffset;
  }

  /** Whether an instant has passed. */
  past(date: Date | null | undefined): boolean {
    return date != null && date.getTime() <= this.now.getTime();
  }

  get visitor(): Account {
    return this.accounts.find((account) => account.persona === null)!;
  }

  get specimen() {
    return this.input.specimen;
  }
}

/** The later of instants (never before the first argument). */
export const latest = (...dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));
export const earliest = (...dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
export const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);
/** An instant rounded down (or up) to a multiple of `minutes`: planned times read "06:45", not "06:47". */
export const rounded = (date: Date, minutes: number, up = false) => {
  const step = minutes * MINUTE;
  return new Date((up ? Math.ceil : Math.floor)(date.getTime() / step) * step);
};
