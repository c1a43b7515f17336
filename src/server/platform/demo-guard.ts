import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { demoMessages } from '#core/schemas/demo.js';
import { AppError, unauthorized } from './errors.js';
import type { Mailer } from './mailer.js';
import type { Storage } from './storage.js';

/**
 * What a demo account may not do, and the /api/demo/* twins of docs/specification.md §7 (decision 022), in one place.
 * - A demo account never changes its e-mail or password, never pays or subscribes, never subscribes a device to
 *   web push and never sends anything to the team: those routes answer 403 `not_in_demo` for it, before any code
 *   of theirs runs. The list is checked against the routes at start-up: a renamed route cannot slip out of it.
 * - No e-mail ever leaves for a demo address (`…@demo.relais.invalid`, a domain that cannot exist, RFC 2606), and
 *   no web push for a demo account.
 * - The twins run the very same handlers: Fastify rewrites the address before routing, and only a demo session may
 *   use them.
 */

/** `METHOD url-pattern`, as the routes are registered. */
export const REFUSED_IN_DEMO = [
  // Credentials and the account itself: a demo account is left by « Quitter la démo », which removes it.
  'POST /api/account/email',
  'POST /api/account/email/confirm',
  'POST /api/account/password',
  'DELETE /api/account',
  'POST /api/auth/resend-verification',
  // Money and plans: Stripe is outside Relais, and a plan request reaches the team.
  'POST /api/billing/checkout',
  'POST /api/billing/connect',
  'POST /api/billing/portal',
  'POST /api/missions/:id/payment/deposit',
  'POST /api/missions/:id/payment/balance',
  // A Connect transfer to the driver, and a Stripe subscription's end: money moved outside Relais.
  'POST /api/missions/:id/payment/validate',
  'POST /api/billing/cancel',
  'POST /api/billing/resume',
  // Web push goes through the browser vendor's push service.
  'POST /api/push/subscriptions',
  // An SMS goes through a paid provider to a real number; a demo account never gets one (decision 051).
  'PUT /api/alerts/sms',
  // Reports reach the team, who would act on fictional data.
  'POST /api/bug-reports',
  'POST /api/reviews/:id/report',
] as const;

/** The addresses demo accounts are created with: the domain cannot exist, and nothing is ever sent to it. */
export const DEMO_EMAIL_DOMAIN = 'demo.relais.invalid';
/** An address at the demo domain or one under it (the sandboxes' people: `…@personnages.demo.relais.invalid`). */
function isDemoAddress(address: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return domain === DEMO_EMAIL_DOMAIN || domain.endsWith(`.${DEMO_EMAIL_DOMAIN}`);
}

/** A mailer that drops any mail to a demo address (whatever feature sends it) and sends the others. */
export function neverMailDemo(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      if (isDemoAddress(mail.to)) return;
      await mailer.send(mail);
    },
    close: () => mailer.close(),
  };
}

/** Storage keys of the files every demo sandbox shares (the specimen PDF the demonstration papers point at). */
export const SHARED_DEMO_FILES = 'demo/';

/**
 * A storage whose shared demo files no feature can remove: a visitor deleting a demonstration paper (or a dropped
 * mission's engagement document) removes its file as for a member, and must not take the specimen away from every
 * other sandbox. The files are still written and read as usual.
 */
export function keepSharedDemoFiles(storage: Storage): Storage {
  return {
    put: (key, bytes) => storage.put(key, bytes),
    get: (key) => storage.get(key),
    stat: (key) => storage.stat(key),
    remove: async (key) => {
      if (key.startsWith(SHARED_DEMO_FILES)) return;
      await storage.remove(key);
    },
  };
}

/** docs/specification.md §7: the paths that have a twin under /api/demo/, and where each twin leads. */
const MIRRORED = new Set([
  'missions',
  'missions/search',
  'transactions',
  'wallet/balance',
  'wallet/chart',
  'alerts',
  'dashboard/stats',
  'conversations',
]);

const DEMO_TWIN = Symbol('relais.demoTwin');
type MarkedRequest = IncomingMessage & { [DEMO_TWIN]?: boolean };

/**
 * For Fastify's `rewriteUrl`: `/api/demo/wallet/balance?x` → `/api/wallet/balance?x`, `/api/demo/messages/:id` →
 * `/api/messages/:id`, `/api/demo/reviews/:id` → `/api/reviews/user/:id`; any other address is left as it is. The
 * request is marked so that the guard lets only demo sessions through.
 */
export function rewriteDemoTwin(raw: IncomingMessage): string {
  const url = raw.url ?? '/';
  if (!url.startsWith('/api/demo/')) return url;
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).slice('/api/demo/'.length).replace(/\/+$/, '');
  const rest = query === -1 ? '' : url.slice(query);
  let target: string | null = null;
  if (MIRRORED.has(path)) target = `/api/${path}`;
  else if (/^messages\/[^/]+$/.test(path)) target = `/api/${path}`;
  else if (/^reviews\/[^/]+$/.test(path)) target = `/api/reviews/user/${path.slice('reviews/'.length)}`;
  if (!target) return url;
  (raw as MarkedRequest)[DEMO_TWIN] = true;
  return target + rest;
}

const isDemoTwin = (request: FastifyRequest) => (request.raw as MarkedRequest)[DEMO_TWIN] === true;

/** Registered after the sessions (it reads request.user). */
export function registerDemoGuard(app: FastifyInstance): void {
  const refused = new Set<string>(REFUSED_IN_DEMO);
  app.addHook('onRequest', async (request) => {
    if (isDemoTwin(request) && !request.user?.isDemo) {
      if (!request.user) throw unauthorized();
      throw new AppError(403, demoMessages.notDemo);
    }
    if (!request.user?.isDemo) return;
    if (refused.has(`${request.method} ${request.routeOptions.url}`))
      throw new AppError(403, demoMessages.notInDemo, undefined, undefined, 'not_in_demo');
  });
  app.addHook('onReady', async () => {
    const routes = new Set(app.routeTable.map((route) => `${route.method} ${route.url}`));
    const missing = REFUSED_IN_DEMO.filter((route) => !routes.has(route));
    if (missing.length > 0)
      throw new Error(`REFUSED_IN_DEMO names routes that do not exist: ${missing.join(', ')}`);
  });
}
