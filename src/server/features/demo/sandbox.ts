import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { demoMessages, type DemoRole } from '#core/schemas/demo.js';
import type { DbOrTx } from '../../db/client.js';
import { demoSandboxes } from '../../db/schema/demo.js';
import { sessions } from '../../db/schema/platform.js';
import { users, type User } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { SHARED_DEMO_FILES } from '../../platform/demo-guard.js';
import { SHOWROOM_WORLD } from '../../platform/demo-world.js';
import { AppError, databaseErrorCode } from '../../platform/errors.js';
import { recordDomainEvent } from '../../platform/outbox.js';
import { addressKey, consumeRate, refundRate } from '../../platform/rate-limit.js';
import { seedSandbox } from './seed/index.js';
import { demoSpecimen, type Specimen } from './specimen.js';

/**
 * A visitor's sandbox (decision 022): its own demo account and the people, missions and history around
 * it, all in the sandbox's world. Opened in one transaction (limits, data, session), restored in one, removed in
 * one; the files its people uploaded go after the commit.
 */

/** Taking a place takes this lock in turn: the total cap holds under concurrent doors. */
const OPEN_LOCK = sql`select pg_advisory_xact_lock(hashtext('relais:demo:open'))`;

const rateKey = (ip: string) => `demo:ip:${addressKey(ip)}`;

/**
 * POST /api/demo/login: a new sandbox for the door taken, signed in. A demo visitor taking a door again leaves
 * the old sandbox (removed); a member signed in with a real account is told to sign out first.
 */
export async function openSandbox(
  deps: FeatureDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  role: DemoRole,
): Promise<User> {
  const current = request.user;
  if (current && !current.isDemo) throw new AppError(409, demoMessages.signedIn);
  const key = rateKey(request.ip);
  const { allowed, retryAfter } = await consumeRate(deps.db, key, deps.config.rateLimits.demoPerIp);
  if (!allowed)
    throw new AppError(429, demoMessages.tooManyFromAddress, undefined, {
      'retry-after': String(retryAfter),
    });
  if (current?.sandboxId && current.sandboxId !== SHOWROOM_WORLD) {
    await removeSandbox(deps, current.sandboxId);
  }
  const specimen = await demoSpecimen(deps.storage);
  const sandboxId = randomUUID();
  const userId = randomUUID();
  // The place is taken first, briefly under the lock (doors taken together wait for each other's count, not for
  // each other's data set); the data set and the session follow in one transaction, or the place is given back.
  try {
    await deps.db.transaction(async (tx) => {
      await tx.execute(OPEN_LOCK);
      const [open] = await tx.select({ count: sql<number>`count(*)::int` }).from(demoSandboxes);
      if ((open?.count ?? 0) >= deps.config.demo.maxSandboxes) throw new AppError(503, demoMessages.full);
      await tx
        .insert(demoSandboxes)
        .values({ id: sandboxId, role, userId, addressKey: addressKey(request.ip) });
    });
  } catch (error) {
    // A door that did not open does not count against the address.
    if (error instanceof AppError && error.statusCode === 503) await refundRate(deps.db, key);
    throw error;
  }
  try {
    await deps.db.transaction(async (tx) => {
      await seedSandbox(tx, { sandboxId, userId, role, now: new Date(), specimen });
      await tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
      await deps.sessions.open(tx, reply, request, userId);
    });
  } catch (error) {
    await deps.db.delete(demoSandboxes).where(eq(demoSandboxes.id, sandboxId));
    throw error;
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  return user!;
}

/**
 * POST /api/demo/reset: the sandbox as it was opened (dated from now), in one transaction; the visitor keeps the
 * same account id and stays signed in on every device (its sessions are put back as they were), so open pages
 * and live connections carry on.
 */
export async function resetSandbox(deps: FeatureDeps, user: User): Promise<void> {
  const specimen = await demoSpecimen(deps.storage);
  const reset = await deadlockRetried(() => restore(deps, user, specimen));
  await deps.events.publish(reset.told);
  await removeFiles(deps, reset.files);
}

/**
 * The reset deletes and writes back every row of the sandbox: a request of the visitor's on another tab, or a
 * persona's scripted reply, locking some of the same rows in the other order makes a deadlock, and the database
 * picks the reset (the older waiter) as its victim. The visitor clicked once: the reset tries again.
 */
async function deadlockRetried<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = databaseErrorCode(error);
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw error;
      // A moment, longer each time and never the same for two resets, for the other transaction to finish.
      await new Promise((resolve) => setTimeout(resolve, attempt * (50 + Math.random() * 100)));
    }
  }
}

async function restore(deps: FeatureDeps, user: User, specimen: Specimen) {
  return deps.db.transaction(async (tx) => {
    const [sandbox] = await tx
      .select()
      .from(demoSandboxes)
      .where(eq(demoSandboxes.userId, user.id))
      .for('update');
    // A showroom account (marked demo by the team) has no sandbox to restore.
    if (!sandbox) throw new AppError(409, demoMessages.noSandbox);
    const kept = await tx.select().from(sessions).where(eq(sessions.userId, user.id));
    const files = await uploadedFiles(tx, sandbox.id);
    await deletePeople(tx, sandbox.id);
    await seedSandbox(tx, {
      sandboxId: sandbox.id,
      userId: user.id,
      role: sandbox.role as DemoRole,
      now: new Date(),
      specimen,
    });
    if (kept.length > 0) await tx.insert(sessions).values(kept);
    await tx
      .update(demoSandboxes)
      .set({ lastActiveAt: sql`now()` })
      .where(eq(demoSandboxes.id, sandbox.id));
    const told = await recordDomainEvent(tx, {
      type: 'sandbox.reset',
      sandboxId: sandbox.id,
      userId: user.id,
    });
    return { files, told };
  });
}

/** A sandbox and everything in it (its accounts, and their rows with them), then the files they uploaded. */
export async function removeSandbox(deps: FeatureDeps, sandboxId: string): Promise<void> {
  if (sandboxId === SHOWROOM_WORLD) return;
  const files = await deps.db.transaction(async (tx) => {
    const files = await uploadedFiles(tx, sandboxId);
    await deletePeople(tx, sandboxId);
    await tx.delete(demoSandboxes).where(eq(demoSandboxes.id, sandboxId));
    return files;
  });
  await removeFiles(deps, files);
}

/**
 * The scheduled clean-up: sandboxes idle for `idleHours` go, and so do accounts of a sandbox that no longer
 * exists (left by a crash between two steps, say). Returns how many sandboxes went.
 */
export async function removeIdleSandboxes(deps: FeatureDeps, idleHours: number): Promise<number> {
  // Activity: the visitor's last request (its sessions' last sight, touched once a minute) or the last reset.
  const { rows: idle } = await deps.db.execute<{ id: string }>(sql`
    select d.id from demo_sandboxes d
    where greatest(d.last_active_at,
            (select max(s.last_seen_at) from sessions s where s.user_id = d.user_id))
          < now() - make_interval(hours => ${idleHours})
    limit 500`);
  for (const { id } of idle) await removeSandbox(deps, id);
  await deps.db.execute(sql`
    delete from users u
    where u.sandbox_id is not null and u.sandbox_id <> ${SHOWROOM_WORLD}::uuid
      and u.created_at < now() - interval '1 hour'
      and not exists (select 1 from demo_sandboxes d where d.id = u.sandbox_id)`);
  return idle.length;
}

/** The sandbox of a demo account (null for the showroom's accounts, which have none). */
export async function sandboxOf(db: DbOrTx, user: User) {
  const [sandbox] = await db.select().from(demoSandboxes).where(eq(demoSandboxes.userId, user.id));
  return sandbox ?? null;
}

/**
 * The sandbox's accounts, and so (by the foreign keys' cascades) their rows. Reports they filed would outlive them
 * as anonymous ones in the team's queues: they go first.
 */
async function deletePeople(tx: DbOrTx, sandboxId: string): Promise<void> {
  const people = sql`(select id from users where sandbox_id = ${sandboxId}::uuid)`;
  await tx.execute(sql`delete from bug_reports where user_id in ${people}`);
  await tx.execute(sql`delete from review_reports where reporter_id in ${people}`);
  await tx.delete(users).where(eq(users.sandboxId, sandboxId));
}

/** Storage keys of what the sandbox's people uploaded or Relais wrote for them (never the shared specimen). */
async function uploadedFiles(tx: DbOrTx, sandboxId: string): Promise<string[]> {
  const { rows } = await tx.execute<{ key: string | null }>(sql`
    with people as (select id, avatar from users where sandbox_id = ${sandboxId}::uuid),
    own_missions as (select m.id from missions m where m.sandbox_id = ${sandboxId}::uuid)
    select d.file_url as key from documents d where d.user_id in (select id from people)
      or d.mission_id in (select id from own_missions)
    union select d.signed_url from documents d where d.user_id in (select id from people)
      or d.mission_id in (select id from own_missions)
    union select p.signature_key from delivery_proofs p where p.mission_id in (select id from own_missions)
    union select unnest(p.photo_keys) from delivery_proofs p where p.mission_id in (select id from own_missions)
    union select unnest(i.photo_keys) from mission_incidents i where i.mission_id in (select id from own_missions)
    union select 'avatars/' || substring(avatar from '^/api/files/avatars/([A-Za-z0-9_-]+\\.(?:png|jpg|webp))$')
      from people where avatar is not null`);
  return rows.flatMap((row) => (row.key && !row.key.startsWith(SHARED_DEMO_FILES) ? [row.key] : []));
}

async function removeFiles(deps: FeatureDeps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.remove(key).catch(() => undefined)));
}
