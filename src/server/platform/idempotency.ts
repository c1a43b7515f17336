import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_IN_PROGRESS } from '#core/rules/offline-actions.js';
import type { Db } from '../db/client.js';
import { idempotentRequests } from '../db/schema/platform.js';
import { AppError } from './errors.js';

/**
 * Actions done once however often they are sent (decision 055). A phone that queued an action offline sends it
 * again when it cannot know whether the first sending arrived (the network dropped before the answer): with the
 * same `Idempotency-Key` header, the second sending gets the first one's answer and changes nothing.
 *
 * - Only a signed-in member's writes (POST, PUT, PATCH, DELETE) that carry the header; without it nothing changes.
 * - The key is claimed (a row without answer) before the handler runs, in one statement: of two sendings at the same
 *   moment, one runs and the other is told it is being handled (409), and tries again later.
 * - The answer is kept when it is the action's (2xx, 4xx); a server error (5xx) or a file answer releases the key,
 *   so that the action can be tried again. A claim left without answer for a minute (an instance that stopped in
 *   the middle) is taken over.
 * - Kept a day (housekeeping): a queue older than that is not sent again by the app.
 */
const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ABANDONED_AFTER_MS = 60_000;

const idempotencyMessages = {
  invalid: 'Clé d’idempotence invalide (8 à 100 lettres, chiffres, « - » ou « _ »)',
  reused: 'Cette clé d’idempotence a déjà servi pour une autre action',
  inProgress: 'Cette action est en cours de traitement : réessayez dans un instant',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept under it. */
    idempotencyClaim?: { userId: string; key: string };
  }
}

function headerKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

const inProgress = () =>
  new AppError(409, idempotencyMessages.inProgress, undefined, undefined, IDEMPOTENCY_IN_PROGRESS);

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request, reply) => {
    const key = headerKey(request);
    if (key === undefined || !WRITES.has(request.method) || !request.user) return;
    if (!KEY.test(key)) throw new AppError(400, idempotencyMessages.invalid);
    const userId = request.user.id;
    const path = request.url;
    const claimed = await db
      .insert(idempotentRequests)
      .values({ userId, key, method: request.method, path })
      .onConflictDoUpdate({
        target: [idempotentRequests.userId, idempotentRequests.key],
        // Taken over only when the first claim was abandoned (no answer after a minute) for the same action.
        set: { createdAt: sql`now()` },
        setWhere: sql`${idempotentRequests.status} is null
          and ${idempotentRequests.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_MS / 1000})
          and ${idempotentRequests.method} = ${request.method} and ${idempotentRequests.path} = ${path}`,
      })
      .returning({ key: idempotentRequests.key });
    if (claimed.length > 0) {
      request.idempotencyClaim = { userId, key };
      return;
    }
    const [earlier] = await db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
    if (!earlier) throw inProgress();
    if (earlier.method !== request.method || earlier.path !== path)
      throw new AppError(422, idempotencyMessages.reused);
    if (earlier.status === null) throw inProgress();
    return reply
      .code(earlier.status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(earlier.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const where = and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key));
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    if (reply.statusCode >= 500 || body === null) await db.delete(idempotentRequests).where(where);
    else await db.update(idempotentRequests).set({ status: reply.statusCode, body }).where(where);
    return payload;
  });
}

/** Housekeeping: answers older than a day go. */
export async function deleteOldIdempotentRequests(db: Db): Promise<void> {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, sql`now() - interval '1 day'`));
}
