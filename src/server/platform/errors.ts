import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_NOT_VERIFIED } from '#core/schemas/users.js';
import { WORLD_BOUNDARY_CODE } from './demo-world.js';

/** The 400 answer every route documents: a French message and, for forms, one message per field. */
export const errorResponses = {
  400: z.object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
    code: z.string().optional(),
  }),
};

/** The one error type services throw: an HTTP status and a French message for the user. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly headers?: Record<string, string>,
    /** A stable name the screens act on (offer to resend the verification link, say). */
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** PostgreSQL's error code (SQLSTATE) of a database error, as pg gives it or wrapped by Drizzle. */
export function databaseErrorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const code = typeof own === 'string' && /^[0-9A-Z]{5}$/.test(own) ? own : cause;
  return typeof code === 'string' ? code : undefined;
}

/** 403 for an action that needs a confirmed e-mail address; the screens offer to resend the link. */
export const emailNotVerified = (message: string) =>
  new AppError(403, message, undefined, undefined, EMAIL_NOT_VERIFIED);

export const unauthorized = () => new AppError(401, 'Authentification requise');
export const forbidden = (message = 'Accès refusé') => new AppError(403, message);
export const notFound = (message = 'Ressource introuvable') => new AppError(404, message);

export const CONFLICT_RETRY = 'Une autre opération est en cours sur ces données. Réessayez dans un instant.';
const GENERIC_ERROR = 'Une erreur interne est survenue. Veuillez réessayer dans quelques instants.';

const fastifyErrorMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Le corps de la requête n’est pas un JSON valide'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Le corps de la requête est vide'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Type de contenu non pris en charge'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'La requête est trop volumineuse'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Longueur de contenu invalide'],
};

/** `/email` → `email`, `/certifications/0` → `certifications.0`, the whole body → `_`. */
function fieldName(instancePath: string): string {
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return field === '' ? '_' : field;
}

/** 409 when what a change referred to disappeared during the request. */
/** What a write across the demonstration boundary is told: what it pointed at does not exist for it. */
export const NOT_FOUND_ACROSS_WORLDS = 'Introuvable : ce compte ou cette mission n’existe pas.';
const GONE_MEANWHILE = 'Ce que vous modifiiez n’existe plus. Rechargez la page.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath);
        errors[field] ??= field === '_' ? 'Requête invalide' : (issue.message ?? 'Valeur invalide');
      }
      const first = Object.values(errors)[0] ?? 'Requête invalide';
      return reply.status(400).send({ message: first, errors });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code ? { code: error.code } : {}),
      });
    }
    const known = error.code ? fastifyErrorMessages[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: GENERIC_ERROR });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: 'Trop de requêtes. Réessayez dans quelques instants.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send({ message: 'Requête invalide' });
    }
    // Two transactions that waited for each other, one of which PostgreSQL stopped: nothing was written,
    // and trying again will do. The lock orders are meant to prevent it; this keeps a miss from being a 500.
    const code = databaseErrorCode(error);
    if (code === '40P01' || code === '40001') {
      request.log.warn({ err: error }, 'transaction conflict');
      return reply.status(409).send({ message: CONFLICT_RETRY });
    }
    // A row this change pointed at went while it was on its way (a session ended, a mission removed): nothing was
    // written. Services check what they rely on; this keeps a race they did not foresee from being a 500.
    if (code === '23503') {
      request.log.warn({ err: error }, 'referenced row gone');
      return reply.status(409).send({ message: GONE_MEANWHILE });
    }
    // A write that would link rows of two worlds (demo and real, decision 022): for the writer, the other side
    // does not exist.
    if (code === WORLD_BOUNDARY_CODE) {
      request.log.warn({ err: error }, 'demo world boundary');
      return reply.status(404).send({ message: NOT_FOUND_ACROSS_WORLDS });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: GENERIC_ERROR });
  });
}
