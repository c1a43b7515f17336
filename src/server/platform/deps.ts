import type pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { EventBus } from './events.js';
import type { Jobs } from './jobs.js';
import type { Mailer } from './mailer.js';
import type { Push } from './push.js';
import type { Realtime } from './realtime.js';
import type { SessionManager } from './sessions.js';
import type { SmsProvider } from './sms.js';
import type { Storage } from './storage.js';
import type { StripeClient } from './stripe.js';

/** What the platform hands to every feature plugin. */
export interface FeatureDeps {
  db: Db;
  /** The pool of prepared hot reads (db/client.ts `reads`): the missions search. */
  reads: pg.Pool;
  config: AppConfig;
  mailer: Mailer;
  sessions: SessionManager;
  events: EventBus;
  realtime: Realtime;
  push: Push;
  storage: Storage;
  /** Scheduled and one-off jobs, once across all instances (platform/jobs.ts). */
  jobs: Jobs;
  /** The Stripe client when Stripe is configured; null: direct settlement (platform/stripe.ts). */
  stripe: StripeClient | null;
  /** The SMS provider when SMS is configured; null: no SMS is ever sent (platform/sms.ts). */
  sms: SmsProvider | null;
}
