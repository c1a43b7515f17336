import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery: a state-changing request that a browser marks as coming from
 * another site is refused. Requests without Origin or Referer (curl, server-to-server) carry no
 * ambient browser credentials worth forging and are let through.
 */
export function registerOriginCheck(app: FastifyInstance, config: AppConfig): void {
  const allowed = new Set(config.allowedOrigins);
  const isOurs = (request: FastifyRequest, origin: string) =>
    allowed.has(origin) || origin === originOf(`${request.protocol}://${request.host}`);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    const header = request.headers.origin ?? request.headers.referer;
    if (
      fetchSite === 'cross-site' ||
      (header !== undefined && (origin === null || origin === undefined || !isOurs(request, origin)))
    ) {
      throw new AppError(403, 'Requête refusée : origine non autorisée');
    }
  });
}
