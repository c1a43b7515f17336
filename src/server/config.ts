import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PUSH_SERVICE_HOSTS, type PushEndpointPolicy } from './platform/push-endpoints.js';

const duration = (fallbackSeconds: number) => z.coerce.number().int().positive().default(fallbackSeconds);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Relais <no-reply@relais.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_SECONDS: duration(7 * 24 * 3600),
  SESSION_ABSOLUTE_SECONDS: duration(30 * 24 * 3600),
  /**
   * Which X-Forwarded-For entries to believe: `false` (none), a comma-separated list of the proxies' addresses or
   * CIDR ranges (the client is the first address, from the right, that is not one of them: whatever a client writes
   * before it is ignored), or `true` (every entry: only when the proxy overwrites the header). Fastify refuses hop
   * counts, which cannot check who is talking.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (value) =>
        value === 'true' ||
        value === 'false' ||
        value.split(',').every((part) => /^(?=.*[.:])[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part.trim())),
      { error: 'must be true, false or a list of the proxies’ addresses (10.0.0.0/8, 192.168.1.2)' },
    )
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value)),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** `false`: this instance serves HTTP and queues jobs but runs none (platform/jobs.ts; README "Scale out"). */
  JOBS_WORKER: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
  /** The built web app (`npm run build` writes dist/web); the API tests point it at a folder without one. */
  WEB_DIR: z.string().min(1).optional(),
  /** Demonstration sandboxes alive at once, all visitors together (decision 022); 0 closes the demo. */
  DEMO_MAX_SANDBOXES: z.coerce.number().int().min(0).max(100_000).default(2000),
  /** The national address service (Base Adresse Nationale); `off` uses the built-in city list only. */
  GEOCODER_URL: z.union([z.url(), z.literal('off')]).default('https://api-adresse.data.gouv.fr/search/'),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
  /**
   * An OSRM-compatible routing service (decision 054), e.g. http://osrm:5000 (its `/route/v1/driving/…` answers the
   * trips' road distance and duration); unset or `off`: the straight-line estimate of decision 050 only.
   */
  ROUTING_URL: z
    .union([z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }), z.literal('off')])
    .default('off'),
  ROUTING_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * Map tiles: an https URL template ({z}/{x}/{y}, {s} for subdomains) of a provider whose terms allow the
   * traffic; `off` draws only the built-in base layer of France. OpenStreetMap's own servers (the default)
   * are for light use only: set a provider in production (README).
   */
  MAP_TILES_URL: z
    .union([
      z
        .string()
        .regex(/^https:\/\/[^\s"'<>]+\{z\}[^\s"'<>]*$/, 'must be an https URL template with {z}, {x}, {y}'),
      z.literal('off'),
    ])
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILES_ATTRIBUTION: z.string().min(1).max(300).default('© contributeurs OpenStreetMap'),
  /** Push services whose endpoints browsers may register (comma-separated; `*.` for subdomains). */
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(/^(\*\.)?[a-z0-9.-]+(,(\*\.)?[a-z0-9.-]+)*$/i, 'must be host names separated by commas')
    .optional(),
  /** Files in an S3-compatible bucket instead of `$DATA_DIR/uploads` (all of S3_* or none: s3Problems). */
  S3_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/i, 'must be a region name such as us-east-1 or fr-par')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  /** Stripe mode (decision 018): both keys, or neither (direct settlement only). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Another Stripe API endpoint (a local server in the tests), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** SMS through Brevo's transactional SMS API (decision 051): the key, the sender and the webhook secret, or none. */
  SMS_API_KEY: z.string().min(1).optional(),
  /** The sender shown on the phone: up to 11 letters and digits, or a number of up to 15 digits (replies need one). */
  SMS_SENDER: z
    .string()
    .regex(
      /^([A-Za-z0-9]{1,11}|\d{1,15})$/,
      'must be up to 11 letters and digits, or a number of up to 15 digits',
    )
    .optional(),
  /** The secret in the address of the webhook Brevo posts SMS events to (STOP replies). */
  SMS_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,200}$/, 'must be 16 or more letters, digits, - or _')
    .optional(),
  /** Another SMS API base (a local server in the tests), e.g. http://127.0.0.1:12190. */
  SMS_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.brevo.com'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  /** Exact origins whose state-changing requests are accepted (besides the request's own host). */
  allowedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  session: { idleSeconds: number; absoluteSeconds: number; secureCookie: boolean };
  trustProxy: boolean | string;
  dbPoolSize: number;
  /** Scheduled and queued jobs (platform/jobs.ts): whether this instance works them. */
  jobs: { worker: boolean };
  /** Address suggestions: the BAN search URL (null: built-in city list only) and how long to wait for it. */
  geocoder: { url: string | null; timeoutMs: number };
  /** The routing service (null: the straight-line estimate only) and how long to wait for it. */
  routing: { url: string | null; timeoutMs: number };
  /** Map tiles (null: the built-in base layer only), and the origin the CSP lets images come from. */
  mapTiles: { url: string; attribution: string; imageSource: string } | null;
  /** Where the built web app lives; absent until `npm run build`. */
  webDir: string;
  /** Brute-force limits on the account endpoints (fixed windows, shared by all instances). */
  rateLimits: RateLimits;
  /** Which push subscription endpoints the server will call (platform/push-endpoints.ts). */
  push: PushEndpointPolicy;
  /** The S3-compatible bucket files are kept in; null: the local folder `$DATA_DIR/uploads`. */
  s3: S3Config | null;
  /** Stripe (null: direct settlement between the parties, plans granted by an administrator). */
  stripe: StripeConfig | null;
  /** The demonstration (decision 022): how many sandboxes may be alive at once. */
  demo: { maxSandboxes: number };
  /** SMS (decision 051); null: none is sent and the settings do not offer them. */
  sms: SmsConfig | null;
}

export interface SmsConfig {
  apiKey: string;
  sender: string;
  webhookSecret: string;
  /** The API's base, without a trailing slash (https://api.brevo.com). */
  apiUrl: string;
}

const SMS_REQUIRED = ['SMS_API_KEY', 'SMS_SENDER', 'SMS_WEBHOOK_SECRET'] as const;

/** SMS is all or nothing: a key without a sender or a webhook would send what no one could stop. */
function smsProblems(env: Record<string, unknown>): string[] {
  const set = SMS_REQUIRED.filter((key) => env[key] !== undefined);
  if (set.length === 0) return [];
  return SMS_REQUIRED.filter((key) => env[key] === undefined).map(
    (key) =>
      `${key}: required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set (unset them all to send no SMS)`,
  );
}

interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Parsed STRIPE_API_URL, or null for api.stripe.com. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

export interface S3Config {
  /** Endpoint, e.g. `https://s3.fr-par.scw.cloud`. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path (`https://host/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
}

const S3_REQUIRED = ['S3_URL', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

/** S3 storage is all or nothing: a half-configured bucket must not silently fall back to the local disk. */
function s3Problems(env: Record<string, unknown>): string[] {
  const set = [...S3_REQUIRED, ...S3_OPTIONAL].filter((key) => env[key] !== undefined);
  if (set.length === 0) return [];
  return S3_REQUIRED.filter((key) => env[key] === undefined).map(
    (key) =>
      `${key}: required when ${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set ` +
      `(S3 storage needs ${S3_REQUIRED.join(', ')}; unset them all to keep files in DATA_DIR/uploads)`,
  );
}

interface Rule {
  limit: number;
  windowSeconds: number;
}
export interface RateLimits {
  /** Demonstration sandboxes opened from one address (decision 022). */
  demoPerIp: Rule;
  /** Failed logins from one address, whatever the accounts. */
  loginPerIp: Rule;
  /** Failed logins from one address on one account. */
  loginPerIpAccount: Rule;
  /** Failed logins on one account from anywhere: beyond it, only addresses without failures may try. */
  loginPerAccount: Rule;
  registerPerIp: Rule;
  /** Sign-up mails to one e-mail address (its link, or the word to its owner): past it, no mail, same answer. */
  registerMailsPerAddress: Rule;
  resendPerIp: Rule;
  resendPerAccount: Rule;
  adminSetupPerIp: Rule;
  geocodePerUser: Rule;
  /** Site-analytics beacons from one address (counted in each instance's memory, not shared). */
  beaconsPerIp: Rule;
  /** Commune suggestions (public): per address. */
  placesPerIp: Rule;
  /** "Mot de passe oublié" requests, per address and per e-mail asked for. */
  passwordForgotPerIp: Rule;
  passwordForgotPerAccount: Rule;
  /** Reset links followed (each costs a password hash), per address. */
  passwordResetPerIp: Rule;
  /** Wrong current passwords typed in the settings (a stolen session must not guess it), per user. */
  currentPasswordPerUser: Rule;
  /** Downloads of one's personal data (a heavy read), per user. */
  exportPerUser: Rule;
  /** Requests to change one's address (each mails two addresses), per user. */
  emailChangePerUser: Rule;
  /** Reads of private calendar feeds (public URLs, polled by phone calendars), per address. */
  icsFeedPerIp: Rule;
}

const defaultRateLimits: RateLimits = {
  loginPerIp: { limit: 30, windowSeconds: 15 * 60 },
  loginPerIpAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 10, windowSeconds: 60 * 60 },
  registerMailsPerAddress: { limit: 3, windowSeconds: 60 * 60 },
  resendPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resendPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  adminSetupPerIp: { limit: 10, windowSeconds: 60 * 60 },
  geocodePerUser: { limit: 120, windowSeconds: 60 },
  beaconsPerIp: { limit: 300, windowSeconds: 60 },
  placesPerIp: { limit: 300, windowSeconds: 60 },
  passwordForgotPerIp: { limit: 10, windowSeconds: 60 * 60 },
  passwordForgotPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  passwordResetPerIp: { limit: 20, windowSeconds: 60 * 60 },
  currentPasswordPerUser: { limit: 10, windowSeconds: 15 * 60 },
  exportPerUser: { limit: 10, windowSeconds: 60 * 60 },
  emailChangePerUser: { limit: 5, windowSeconds: 60 * 60 },
  icsFeedPerIp: { limit: 120, windowSeconds: 60 },
  demoPerIp: { limit: 10, windowSeconds: 60 * 60 },
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration invalide :\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment once at start; every bad key is listed, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...s3Problems(cleaned),
    ...stripeProblems(cleaned),
    ...smsProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  if (e.SESSION_ABSOLUTE_SECONDS < e.SESSION_IDLE_SECONDS) {
    throw new ConfigError(['SESSION_ABSOLUTE_SECONDS: must be at least SESSION_IDLE_SECONDS']);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    allowedOrigins: [new URL(publicUrl).origin],
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    session: {
      idleSeconds: e.SESSION_IDLE_SECONDS,
      absoluteSeconds: e.SESSION_ABSOLUTE_SECONDS,
      secureCookie: publicUrl.startsWith('https://'),
    },
    trustProxy: e.TRUST_PROXY,
    dbPoolSize: e.DB_POOL_SIZE,
    demo: { maxSandboxes: e.DEMO_MAX_SANDBOXES },
    jobs: { worker: e.JOBS_WORKER },
    geocoder: { url: e.GEOCODER_URL === 'off' ? null : e.GEOCODER_URL, timeoutMs: e.GEOCODER_TIMEOUT_MS },
    routing: { url: e.ROUTING_URL === 'off' ? null : e.ROUTING_URL, timeoutMs: e.ROUTING_TIMEOUT_MS },
    mapTiles: e.MAP_TILES_URL === 'off' ? null : mapTilesOf(e.MAP_TILES_URL, e.MAP_TILES_ATTRIBUTION),
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : path.resolve(import.meta.dirname, '../../dist/web'),
    rateLimits: Object.fromEntries(
      Object.entries(defaultRateLimits).map(([key, rule]) => [
        key,
        { ...rule, limit: rule.limit * e.RATE_LIMIT_MULTIPLIER },
      ]),
    ) as unknown as RateLimits,
    push: {
      serviceHosts: e.PUSH_SERVICE_HOSTS ? e.PUSH_SERVICE_HOSTS.split(',') : DEFAULT_PUSH_SERVICE_HOSTS,
      allowPrivateNetwork: false,
    },
    s3:
      e.S3_URL && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            url: e.S3_URL,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_URL ? stripeApiOf(e.STRIPE_API_URL) : null,
          }
        : null,
    sms:
      e.SMS_API_KEY && e.SMS_SENDER && e.SMS_WEBHOOK_SECRET
        ? {
            apiKey: e.SMS_API_KEY,
            sender: e.SMS_SENDER,
            webhookSecret: e.SMS_WEBHOOK_SECRET,
            apiUrl: e.SMS_API_URL.replace(/\/$/, ''),
          }
        : null,
  };
}

function stripeApiOf(url: string) {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Stripe is both keys or neither: one alone would leave payments half working. */
function stripeProblems(env: Record<string, unknown>): string[] {
  const secret = env.STRIPE_SECRET_KEY !== undefined;
  const webhook = env.STRIPE_WEBHOOK_SECRET !== undefined;
  if (secret === webhook) return [];
  return [
    secret
      ? 'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (unset both to settle payments directly)'
      : 'STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set (unset both to settle payments directly)',
  ];
}

/** The tile template, and the CSP source its images come from ("{s}.tile.example.org" → "https://*.tile.example.org"). */
function mapTilesOf(url: string, attribution: string) {
  const host = /^https:\/\/([^/?#]+)/.exec(url)![1]!.replace(/^\{s\}\./, '*.');
  return { url, attribution, imageSource: `https://${host}` };
}
