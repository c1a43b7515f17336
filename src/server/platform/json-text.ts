import type { FastifyReply } from 'fastify';

/**
 * Sends JSON already written (by PostgreSQL, or kept in a cache) as it is: Fastify serialises objects only, so the
 * route's response schema is not run over it again. The caller answers for its shape (a test holds it).
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
