import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { roleOf, type Role } from '#core/rules/roles.js';
import { adminMessages, REAUTH_REQUIRED } from '#core/schemas/admin.js';
import type { AppConfig } from '../config.js';
import type { Db, DbOrTx } from '../db/client.js';
import { sessions } from '../db/schema/platform.js';
import { users, type User } from '../db/schema/users.js';
import { AppError, unauthorized } from './errors.js';
import { hashToken, newToken } from './tokens.js';

export const SESSION_COOKIE = 'relais_session';
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;
/** Tokens looked up in one statement at most (a crowd reconnecting asks thousands in the same moment). */
const LOOKUP_BATCH = 500;

/** Statements of one kind (session lookups, touches) in flight at once; what arrives meanwhile goes next. */
const BATCHES_IN_FLIGHT = 1;

/**
 * Answers keys in batches, each key once, at most `max` keys a call. A key asked for alone goes at the end of the
 * turn of the event loop; while a call is out, the keys asked for wait and go together in the next. Idle, nothing
 * waits; in a crowd (every phone reconnecting after a restart: an upgrade and a few reads each) a handful of round
 * trips serve thousands of requests, and the pool stays free for the requests behind them.
 */
function batched<K, V>(
  max: number,
  run: (keys: K[]) => Promise<Map<K, V> | void>,
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  const waiting = new Map<K, Waiter[]>();
  let inFlight = 0;
  let scheduled = false;
  const send = (part: Array<[K, Waiter[]]>) => {
    inFlight++;
    run(part.map(([key]) => key))
      .then(
        (found) => {
          for (const [key, waiters] of part) for (const waiter of waiters) waiter.resolve(found?.get(key));
        },
        (error: unknown) => {
          for (const [, waiters] of part) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        inFlight--;
        flush();
      });
  };
  const flush = () => {
    scheduled = false;
    while (waiting.size > 0 && inFlight < BATCHES_IN_FLIGHT) {
      const part: Array<[K, Waiter[]]> = [];
      for (const entry of waiting) {
        part.push(entry);
        if (part.length === max) break;
      }
      for (const [key] of part) waiting.delete(key);
      send(part);
    }
  };
  return (key) =>
    new Promise((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled && inFlight < BATCHES_IN_FLIGHT) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}

/**
 * API reads (GET) running at once on this instance: beyond `size`, a read waits its turn here, first come first
 * served, before it touches the database. Every phone reconnecting after a restart reads its screens again (a few
 * thousand reads in a second): queued in the database pool instead, they would make every write and socket upgrade
 * wait behind them, and fail after the pool's 10 s. Writes and upgrades never wait here; one read alone does not.
 */
function readTurns(size: number) {
  let running = 0;
  /** Replies waiting for a turn, in order of arrival. */
  const waiting = new Map<FastifyReply, () => void>();
  const holding = new WeakSet<FastifyReply>();
  const give = (reply: FastifyReply) => {
    const go = waiting.get(reply);
    if (go) {
      // Gone while waiting (the client closed the connection): out of the line, and on to its end.
      waiting.delete(reply);
      go();
      return;
    }
    if (!holding.delete(reply)) return;
    const next = waiting.entries().next();
    if (next.done) {
      running--;
      return;
    }
    const [nextReply, nextGo] = next.value;
    waiting.delete(nextReply);
    holding.add(nextReply);
    nextGo();
  };
  return {
    async take(reply: FastifyReply) {
      reply.raw.once('close', () => give(reply));
      if (running < size) {
        running++;
        holding.add(reply);
        return;
      }
      await new Promise<void>((go) => waiting.set(reply, go));
    },
    give,
  };
}

/**
 * Administrators' sessions are shorter (decision 021): 30 minutes idle, 12 hours at most; one that has only passed the
 * password has 10 minutes to pass the second factor. Sensitive actions want the password typed within 5 minutes.
 */
export const ADMIN_SESSION = {
  idleSeconds: 30 * 60,
  absoluteSeconds: 12 * 3600,
  secondFactorSeconds: 10 * 60,
  reauthSeconds: 5 * 60,
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
    /** An administrator whose session has passed the password but not yet the second factor: the only routes
     * that read it are the second factor's own; everywhere else the request is anonymous. */
    pendingAdmin: User | null;
    /** When the password was last typed again in this session (administrators' sensitive actions). */
    reauthAt: Date | null;
  }
}

export interface SessionManager {
  /** Opens a new session (new token each time) and sets the cookie. */
  open(tx: DbOrTx, reply: FastifyReply, request: FastifyRequest, userId: string): Promise<void>;
  /** Ends the request's session, if any, and clears the cookie. */
  close(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Who the current-user routes answer about (decision 038): the signed-in user; null for a visitor, who sent no
   * session cookie (nothing failed, so the browser logs nothing); 401 for a cookie that no longer opens a session
   * (expired, ended elsewhere, account closed) — the session ended — whose answer also clears it, so that the next
   * page is a visitor's.
   */
  currentUser(request: FastifyRequest, reply: FastifyReply): User | null;
  /** The active user of a session token (the realtime upgrade has no Fastify request). */
  userFromToken(token: string): Promise<User | null>;
  /** Of these token hashes, those of sessions that still stand (open /ws sockets are checked with it). */
  liveSessions(tokenHashes: string[]): Promise<Set<string>>;
}

export function registerSessions(app: FastifyInstance, db: Db, config: AppConfig): SessionManager {
  const { idleSeconds, absoluteSeconds, secureCookie } = config.session;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookie,
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('pendingAdmin', null);
  app.decorateRequest('reauthAt', null);

  // Runs on every signed-in request and socket upgrade: a named prepared statement keeps its plan per connection,
  // and the tokens asked for at one moment go together (batched).
  const sessionsByTokens = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .prepare('sessions_by_tokens');
  const sessionByTokenHash = batched(LOOKUP_BATCH, async (tokenHashes: string[]) => {
    const rows = await sessionsByTokens.execute({ tokenHashes });
    return new Map(rows.map((row) => [row.session.tokenHash, row]));
  });

  /** The live session of a token and its user, when the account is active; the API and /ws both ask this. */
  const activeSession = async (token: string | undefined) => {
    if (!token || token.length > 100) return null;
    const row = await sessionByTokenHash(hashToken(token));
    if (!row || !isOpenAccount(row.user)) return null;
    // Requests of one session in the same turn got the same row: each its own copy, as if read alone.
    return { session: { ...row.session }, user: { ...row.user } };
  };

  /**
   * Pushes a session's idle expiry forward. The touches asked for in one turn are one statement, and a session
   * already being touched is not written twice: a phone that reconnects reads three things at once, each of which
   * found the session last seen long ago (one write, not three).
   */
  type Touch = { id: string; at: Date; expiresAt: Date };
  const touching = new Map<string, Promise<unknown>>();
  const touchSessions = batched(LOOKUP_BATCH, async (touches: Touch[]) => {
    const ids = sql.param(touches.map((one) => one.id));
    const seen = sql.param(touches.map((one) => one.at.toISOString()));
    const expiries = sql.param(touches.map((one) => one.expiresAt.toISOString()));
    await db.execute(sql`
      update sessions s set last_seen_at = t.at, expires_at = t.expires_at
      from unnest(${ids}::uuid[], ${seen}::timestamptz[], ${expiries}::timestamptz[]) as t(id, at, expires_at)
      where s.id = t.id`);
  });
  const touch = async (id: string, at: Date, expiresAt: Date) => {
    let pending = touching.get(id);
    if (!pending) {
      pending = touchSessions({ id, at, expiresAt }).finally(() => touching.delete(id));
      touching.set(id, pending);
    }
    await pending;
  };

  // Two of the pool's connections stay free for writes and socket upgrades, whatever the reads wait for.
  // The pool drizzle was opened on (tests open smaller ones than the configuration says).
  const client = (db as Db & { $client?: unknown }).$client;
  const poolSize = client instanceof pg.Pool ? (client.options.max ?? 10) : config.dbPoolSize;
  const reads = readTurns(Math.max(1, poolSize - 2));
  /** Who is asking: the request's user (or administrator waiting for the second factor) and session. */
  const identify = async (request: FastifyRequest) => {
    const now = new Date();
    const row = await activeSession(request.cookies[SESSION_COOKIE]);
    if (!row) return;
    // An administrator is signed in only once the second factor is passed; until then, only its routes see them.
    if (roleOf(row.user) === 'admin' && !row.session.secondFactorAt) {
      request.pendingAdmin = row.user;
      request.sessionId = row.session.id;
      return;
    }
    request.user = row.user;
    request.sessionId = row.session.id;
    request.reauthAt = row.session.reauthAt;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      const idle = roleOf(row.user) === 'admin' ? ADMIN_SESSION.idleSeconds : idleSeconds;
      const expiresAt = new Date(
        Math.min(now.getTime() + idle * 1000, row.session.absoluteExpiresAt.getTime()),
      );
      await touch(row.session.id, now, expiresAt);
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    // Only the API needs to know who is asking; pages and assets (which the browser requests with the
    // cookie too) must not cost a database round trip each.
    if (!request.url.startsWith('/api/')) return;
    await identify(request);
    // Then a read waits for its turn (its session was looked up with every other arriving at that moment); the
    // load balancer's health check never waits behind a crowd of reads.
    if (request.method === 'GET' && request.url !== '/api/health') await reads.take(reply);
  });

  // A read's turn ends once its answer is ready (not once a slow client has received all of it), or when the
  // connection closes first.
  app.addHook('onSend', async (_request, reply) => reads.give(reply));

  return {
    async open(tx, reply, request, userId) {
      const token = newToken();
      const now = Date.now();
      const [owner] = await tx
        .select({ isAdmin: users.isAdmin, userType: users.userType })
        .from(users)
        .where(eq(users.id, userId));
      // An administrator's session starts with 10 minutes to pass the second factor, within 12 hours at most.
      const admin = owner !== undefined && roleOf(owner) === 'admin';
      const absolute = admin ? ADMIN_SESSION.absoluteSeconds : absoluteSeconds;
      const idle = admin ? ADMIN_SESSION.secondFactorSeconds : idleSeconds;
      await tx.insert(sessions).values({
        userId,
        tokenHash: hashToken(token),
        userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
        ipAddress: request.ip,
        expiresAt: new Date(now + idle * 1000),
        absoluteExpiresAt: new Date(now + absolute * 1000),
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: absolute });
    },
    async userFromToken(token) {
      const row = await activeSession(token);
      // A session waiting for the administrator's second factor opens no live connection.
      if (!row || (roleOf(row.user) === 'admin' && !row.session.secondFactorAt)) return null;
      return row.user;
    },
    async liveSessions(tokenHashes) {
      if (tokenHashes.length === 0) return new Set();
      // Every open socket every 30 s: only what the answer needs, in one statement per thousand sockets.
      const rows = await db
        .select({
          tokenHash: sessions.tokenHash,
          secondFactorAt: sessions.secondFactorAt,
          isActive: users.isActive,
          accountStatus: users.accountStatus,
          userType: users.userType,
          isAdmin: users.isAdmin,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            sql`${sessions.tokenHash} = any(${sql.param(tokenHashes)}::text[])`,
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.absoluteExpiresAt, sql`now()`),
          ),
        );
      return new Set(
        rows
          .filter((row) => isOpenAccount(row) && (roleOf(row) !== 'admin' || row.secondFactorAt))
          .map((row) => row.tokenHash),
      );
    },
    async close(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    currentUser(request, reply) {
      if (request.user) return request.user;
      if (!request.cookies[SESSION_COOKIE]) return null;
      // An administrator between the password and the second factor keeps the session their next step needs.
      if (!request.sessionId) reply.clearCookie(SESSION_COOKIE, cookieOptions);
      throw unauthorized();
    },
  };
}

export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(sql`${sessions.lastSeenAt} desc`, sql`${sessions.id} desc`);
}

/** Ends one of the user's own sessions; another user's session id is "not found". */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/**
 * Spends every link still waiting in the user's mailboxes (password reset, e-mail change). Done whenever the owner
 * secures the account — new password, other devices signed out, new address — so that a link asked for by someone
 * else before (who had the password for a while, or registered with the owner's address) can no longer be used.
 */
export async function cancelPendingLinks(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(
    sql`update account_tokens set used_at = now() where user_id = ${userId} and used_at is null`,
  );
}

/** Ends the user's other sessions (all of them without `keepSessionId`), and the links they may have asked for. */
export async function endOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  await cancelPendingLinks(db, userId);
  const deleted = await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  const now = new Date();
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)));
}

/**
 * Locks the rows of users who take part in a change (the actor, the other party), in one order (by id), and checks
 * that each account is still active: a change racing the account's deletion either waits for it and is refused,
 * or lands first and the deletion then sees it. Row share locks, taken before any mission or application row, so
 * that no two transactions wait for each other. A closed actor gets 401 (the session no longer stands).
 */
export async function lockActiveUsers(
  tx: DbOrTx,
  actorId: string,
  ...others: string[]
): Promise<Map<string, User>> {
  const ids = [...new Set([actorId, ...others])];
  // Locked as the rows are read, in id order.
  const rows = await tx.select().from(users).where(inArray(users.id, ids)).orderBy(users.id).for('share');
  const byId = new Map(rows.map((row) => [row.id, row]));
  if (!isOpenAccount(byId.get(actorId))) throw unauthorized();
  return byId;
}

/**
 * The user's row, only while the account is open: an update that waited behind a deletion or a deactivation is
 * checked again on the row it commits on (PostgreSQL re-reads it), finds nothing, and writes nothing.
 */
export const openAccountRow = (userId: string) =>
  sql`${users.id} = ${userId} and ${users.isActive} and ${users.accountStatus} = 'active'`;

/** Whether the account may act (neither deactivated nor deleted). */
export const isOpenAccount = <T extends Pick<User, 'isActive' | 'accountStatus'>>(
  user: T | undefined,
): user is T => user !== undefined && user.isActive && user.accountStatus === 'active';

const roleMessages: Record<Role, string> = {
  driver: 'Cette action est réservée aux chauffeurs',
  transporter: 'Cette action est réservée aux transporteurs',
  admin: 'Cette action est réservée aux administrateurs',
};

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user when they hold the role, else 401/403. Every later feature guards with this. */
export function requireRole(request: FastifyRequest, ...allowed: Role[]): User {
  const user = requireUser(request);
  if (!allowed.includes(roleOf(user))) {
    throw new AppError(403, allowed.length === 1 ? roleMessages[allowed[0]!] : 'Accès refusé');
  }
  return user;
}

/**
 * For an administrator's sensitive action (deactivating an account, granting a plan, changing tariffs, adding or
 * removing an administrator…): the password must have been typed again in this session within 5 minutes, else
 * 403 with REAUTH_REQUIRED, on which the back office asks for it (POST /api/admin/reauth) and tries again.
 */
export function requireRecentPassword(request: FastifyRequest): void {
  const at = request.reauthAt;
  if (!at || Date.now() - at.getTime() > ADMIN_SESSION.reauthSeconds * 1000)
    throw new AppError(403, adminMessages.reauthRequired, undefined, undefined, REAUTH_REQUIRED);
}

/** preHandler forms of the guards, for route options. */
export const guards = {
  user: async (request: FastifyRequest) => {
    requireUser(request);
  },
  role:
    (...allowed: Role[]) =>
    async (request: FastifyRequest) => {
      requireRole(request, ...allowed);
    },
};
