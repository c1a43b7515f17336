import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { createLogger } from '../platform/logger.js';
import type { Mailer } from '../platform/mailer.js';
import { sql } from 'drizzle-orm';
import { sessions } from '../db/schema/platform.js';
import { SESSION_COOKIE } from '../platform/sessions.js';
import { hashToken, newToken } from '../platform/tokens.js';
import type { NewUser, User } from '../db/schema/users.js';
import { TEST_PASSWORD, createUser, multipartBody } from './factories.js';

/** A fresh database cloned from the migrated template (fast: no migration per file). */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `relais_test_${inject('testRun')}_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${inject('templateDatabase')}`);
        break;
      } catch (error) {
        // Another file cloning the template at the same instant: wait and retry.
        if ((error as { code?: string }).code !== '55006' || attempt > 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real application on its own real database; mails go to the outbox folder unless a mailer is given. */
export async function createTestApp(
  options: {
    mailer?: Mailer;
    configure?: (config: AppConfig) => AppConfig;
    env?: NodeJS.ProcessEnv;
    /** Extra routes registered before the app is ready (to exercise guards and the error handler). */
    routes?: (app: FastifyInstance) => void;
    /** Where the app's log lines go (the platform's own logger, writing there): to read what would be logged. */
    logTo?: DestinationStream;
    /** The level of what is written to `logTo` ('info' unless given: every request is logged). */
    logLevel?: string;
    /** Another app's database (several instances on one database); a fresh clone of the template otherwise. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const url = options.databaseUrl ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'relais-data-'));
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    // No test reaches the internet; geocoder tests point this at a local server.
    GEOCODER_URL: 'off',
    // Scheduled jobs (digests, housekeeping) would run beside the test's own calls: the tests of the job queue
    // (platform/jobs.api.test.ts) and of each job's wiring turn the workers on.
    JOBS_WORKER: 'false',
    // Not the built web app: the suite runs while npm test rebuilds it (platform.api.test.ts makes its own).
    WEB_DIR: path.join(dataDir, 'web'),
    ...options.env,
  });
  // Every test request comes from 127.0.0.1: the brute-force limits get their own test file.
  const generous = { limit: 100_000, windowSeconds: 60 };
  const rateLimits = { ...base.rateLimits };
  for (const key of Object.keys(rateLimits) as Array<keyof typeof rateLimits>) rateLimits[key] = generous;
  const unlimited: AppConfig = { ...base, rateLimits };
  const config = options.configure ? options.configure(unlimited) : unlimited;
  const database = openDatabase(url, 5);
  const logger = options.logTo
    ? createLogger({ ...config, logLevel: options.logLevel ?? 'info' }, options.logTo)
    : undefined;
  const app = await buildApp({ config, database, mailer: options.mailer, logger });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the link of the newest mail written to the outbox folder. */
export async function lastOutboxMail(
  config: AppConfig,
): Promise<{ raw: string; link: string | undefined; files: number }> {
  const outbox = path.join(config.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const last = files.at(-1);
  if (!last) return { raw: '', link: undefined, files: 0 };
  const raw = await readFile(path.join(outbox, last), 'utf8');
  return { raw, link: extractVerificationLink(raw), files: files.length };
}

/** The newest outbox mail to `address`, waiting up to 5 s for it (some mails leave in the background). */
export async function waitForOutboxMail(
  config: AppConfig,
  address: string,
): Promise<{ raw: string; link: string | undefined; files: number }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = await lastOutboxMail(config);
    if (mail.raw.includes(`To: ${address}`)) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${address} in the outbox`);
}

/**
 * The verification link of a raw mail: the outbox's X-Relais-Link header as written, else the plain-text part
 * decoded (quoted-printable: soft breaks undone, then every =XX once — a token beginning with "3D" stays whole).
 */
export function extractVerificationLink(raw: string): string | undefined {
  const header = /^X-Relais-Link: *(\S+)\r?$/im.exec(raw)?.[1];
  if (header?.includes('/verify-email?token=')) return header;
  const body = raw.slice(Math.max(0, raw.search(/\r?\n\r?\n/)));
  const decoded = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decoded.match(/https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/)?.[0];
}

/** A browser-like client that keeps its session cookie between calls. */
export class Agent {
  cookie: string | undefined;
  /** remoteAddress: the client's IP as the server sees it (127.0.0.1 unless given). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = {
      ...(options.headers ?? {}),
      ...(this.cookie ? { cookie: `${SESSION_COOKIE}=${this.cookie}` } : {}),
    };
    const response = await this.app.inject({
      ...options,
      headers,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    const setCookie = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    if (setCookie) this.cookie = setCookie.value === '' ? undefined : setCookie.value;
    return response;
  }
  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  /**
   * POST as a browser's FormData: each Buffer (alone or in an array) is a file part of its key (`photos` →
   * photos-1.jpg…), anything else a text field; null and undefined are left out, as an unset input is.
   */
  postForm(url: string, values: Record<string, unknown>) {
    const fields: Record<string, string> = {};
    const files: Array<{ field: string; name: string; bytes: Buffer }> = [];
    for (const [key, value] of Object.entries(values))
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === null || item === undefined) continue;
        if (Buffer.isBuffer(item))
          files.push({ field: key, name: `${key}-${files.length + 1}.jpg`, bytes: item });
        else fields[key] = String(item);
      }
    return this.request({ method: 'POST', url, ...multipartBody(fields, files) });
  }
  put(url: string, payload?: unknown) {
    return this.request({
      method: 'PUT',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

/**
 * A session of `userId` written straight into the sessions table (what a login writes): for tests that need many
 * signed-in requests without a password hash each (the authorisation matrix, the fuzzer).
 */
export async function sessionCookie(db: Db, userId: string, userAgent = 'tests'): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    userAgent,
    ipAddress: '127.0.0.1',
    expiresAt: new Date(Date.now() + 3600_000),
    absoluteExpiresAt: new Date(Date.now() + 3600_000),
    // Past an administrator's second factor, password just typed (a non-admin's session ignores both).
    secondFactorAt: new Date(),
    reauthAt: new Date(),
  });
  return token;
}

/** An Agent holding a session of `userId` written by sessionCookie. */
export async function agentFor(t: Pick<TestApp, 'app' | 'db'>, userId: string): Promise<Agent> {
  const agent = new Agent(t.app);
  agent.cookie = await sessionCookie(t.db, userId);
  return agent;
}

/** A user inserted with `overrides`, and an Agent signed in as them through the real login. */
export async function signIn(
  t: Pick<TestApp, 'app' | 'db'>,
  overrides: Partial<NewUser> = {},
): Promise<{ user: User; agent: Agent }> {
  const user = await createUser(t.db, overrides);
  const agent = new Agent(t.app);
  const response = await agent.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  // An administrator's session counts once the second factor is passed (admin/security tests go through the real
  // enrolment and codes); here the session is marked as having passed it, with the password just typed again.
  if (user.isAdmin) await passSecondFactor(t, user.id);
  return { user, agent };
}

/** Marks the administrator's newest session as past the second factor, its password typed `reauthAgoMs` ago. */
export async function passSecondFactor(
  t: Pick<TestApp, 'db'>,
  userId: string,
  reauthAgoMs = 0,
): Promise<void> {
  await t.db.execute(sql`
    update sessions set second_factor_at = now(), reauth_at = now() - make_interval(secs => ${reauthAgoMs / 1000}),
      expires_at = now() + interval '30 minutes'
    where id = (select id from sessions where user_id = ${userId} order by created_at desc limit 1)`);
}
