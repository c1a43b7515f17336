import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An http(s) URL, or null when it cannot be read (never throws). */
function urlOf(value: string): URL | null {
  if (value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
const hostOf = (value: string) => urlOf(value)?.host ?? null;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Whether a browser request comes from Relais's own pages (used for state changes and for /ws):
 * - `Sec-Fetch-Site`, when the browser sends it, decides: only `same-origin` and `none` (typed, bookmarked) pass;
 * - else `Origin`: `null` (sandboxed frames, some redirects) and anything unreadable are refused; a readable one
 *   must be one of ours (PUBLIC_URL) or the host the request was sent to;
 * - else `Referer`, read the same way;
 * - neither: not a browser (curl, another server), which carries no ambient cookies worth forging.
 * Never throws, whatever the headers hold.
 */
export function fromOwnPages(headers: IncomingHttpHeaders, ownHosts: ReadonlySet<string>): boolean {
  const fetchSite = single(headers['sec-fetch-site']);
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = single(headers.origin);
  const referer = single(headers.referer);
  const claimed = origin ?? referer;
  if (claimed === undefined) return true;
  const url = urlOf(claimed);
  if (!url) return false;
  if (ownHosts.has(url.host)) return true;
  // The host the request was sent to, read as a URL too (":80" and ":443" are implied).
  const requestHost = single(headers.host);
  return requestHost !== undefined && url.host === hostOf(`${url.protocol}//${requestHost}`);
}

/** The hosts of PUBLIC_URL and of the other origins Relais is served from. */
export function ownHostsOf(config: Pick<AppConfig, 'allowedOrigins'>): Set<string> {
  return new Set(config.allowedOrigins.map((origin) => hostOf(origin)).filter((host) => host !== null));
}

/** Cross-site request forgery: a state-changing request that is not from Relais's own pages is refused. */
export function registerOriginCheck(app: FastifyInstance, config: AppConfig): void {
  const ownHosts = ownHostsOf(config);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!fromOwnPages(request.headers, ownHosts)) {
      throw new AppError(403, 'Requête refusée : origine non autorisée');
    }
  });
}
