import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import { createHash } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { THEME_INIT_SCRIPT } from '#core/theme-init.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { accountRoutes } from './features/account/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { adminSecurityRoutes } from './features/admin-security/routes.js';
import { adminUserRoutes } from './features/admin-users/routes.js';
import { adminMissionRoutes } from './features/admin-missions/routes.js';
import { adminOverviewRoutes } from './features/admin-overview/routes.js';
import { adminJournalRoutes } from './features/admin-journal/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { alertRoutes } from './features/alerts/routes.js';
import { scheduleDigests } from './features/alerts/digest.js';
import { scheduleMissionReminders } from './features/alerts/sms-reminders.js';
import { subscribeAlerts } from './features/alerts/subscriber.js';
import { dashboardRoutes } from './features/dashboard/routes.js';
import { demoRoutes } from './features/demo/routes.js';
import { documentRoutes } from './features/documents/routes.js';
import { billingRoutes } from './features/billing/routes.js';
import { engagementRoutes } from './features/engagements/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { messagingRoutes } from './features/messaging/routes.js';
import { missionRoutes } from './features/missions/routes.js';
import { paymentRoutes } from './features/payments/routes.js';
import { placeRoutes } from './features/places/routes.js';
import { profileRoutes } from './features/profile/routes.js';
import { siteSettingsRoutes } from './features/site-settings/routes.js';
import { stripeRoutes } from './features/stripe/routes.js';
import { walletRoutes } from './features/wallet/routes.js';
import { trackingRoutes } from './features/tracking/routes.js';
import { deliveryRoutes } from './features/delivery/routes.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { badgeRoutes } from './features/badges/routes.js';
import { availabilityRoutes } from './features/availability/routes.js';
import { analyticsRoutes } from './features/analytics/routes.js';
import { siteAnalyticsRoutes } from './features/site-analytics/routes.js';
import { bugReportRoutes } from './features/bug-reports/routes.js';
import type { FeatureDeps } from './platform/deps.js';
import {
  keepSharedDemoFiles,
  neverMailDemo,
  registerDemoGuard,
  rewriteDemoTwin,
} from './platform/demo-guard.js';
import { registerErrorHandling } from './platform/errors.js';
import { registerIdempotency } from './platform/idempotency.js';
import { createEventBus } from './platform/events.js';
import { setPasswordCostFor } from './platform/passwords.js';
import { openApiOptions } from './platform/openapi.js';
import { registerRealtime } from './platform/realtime.js';
import { scheduleHousekeeping } from './platform/housekeeping.js';
import { registerJobs } from './platform/jobs.js';
import { createLogger } from './platform/logger.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import { registerOriginCheck } from './platform/origin.js';
import { createPush } from './platform/push.js';
import { registerSessions } from './platform/sessions.js';
import { createStorage } from './platform/storage.js';
import { createSms } from './platform/sms.js';
import { createStripe } from './platform/stripe.js';
import { registerWeb } from './platform/web.js';

interface RouteEntry {
  method: string;
  url: string;
  /** Left out of the OpenAPI document (file downloads served raw). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  /** Defaults to SMTP (SMTP_URL) or the outbox folder. */
  mailer?: Mailer;
  logger?: FastifyBaseLogger;
}

const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

/** Builds the whole application; never listens (main.ts does, tests use inject()). */
export async function buildApp({
  config,
  database,
  mailer,
  logger,
}: AppDependencies): Promise<FastifyInstance> {
  setPasswordCostFor(config.env);
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // Start-up waits on the database (job queues created, realtime listener): on a busy server, or several
    // instances starting at once on a new database, that takes more than Fastify's 10 s; an instance that gives up
    // then would only restart into the same wait.
    pluginTimeout: 60_000,
    // docs/specification.md §7's /api/demo/* twins run the normal handlers (platform/demo-guard.ts).
    rewriteUrl: rewriteDemoTwin,
  });
  // Every route, as registered: the authorisation matrix and the fuzzer start from this list.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, hidden: Boolean(route.schema?.hide) });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Before compression: the answer kept for a repeated action is the JSON the handler wrote.
  registerIdempotency(app, database.db);

  const secure = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our own files, plus the one inline theme script, allowed by its hash.
        scriptSrc: ["'self'", THEME_SCRIPT_HASH],
        // Radix and React set inline style attributes; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured provider only (MAP_TILES_URL).
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.mapTiles ? [config.mapTiles.imageSource] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api-adresse.data.gouv.fr'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(swagger, openApiOptions());

  registerOriginCheck(app, config);
  const sessions = registerSessions(app, database.db, config);
  registerDemoGuard(app);
  const ownMailer = mailer
    ? null
    : createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  if (ownMailer) app.addHook('onClose', async () => ownMailer.close());
  const events = createEventBus(app.log);
  const realtime = registerRealtime(app, config, database, sessions);
  // Nothing is ever pushed to a demo account, whichever feature notifies (decision 022).
  const push = createPush(database.db, config, app.log);
  const jobs = registerJobs(app, { url: database.url, config });
  // The VAPID key pair exists from the first start on.
  app.addHook('onReady', async () => void (await push.publicKey()));
  const deps: FeatureDeps = {
    db: database.db,
    reads: database.reads,
    config,
    sessions,
    // Nothing is ever mailed to a demo account, whichever feature writes (decision 022).
    mailer: neverMailDemo(mailer ?? ownMailer!),
    events,
    realtime,
    push,
    jobs,
    // The demonstration's shared files outlive any one sandbox's deletions.
    storage: keepSharedDemoFiles(createStorage(config)),
    stripe: createStripe(config),
    sms: createSms(config.sms),
  };

  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(adminSecurityRoutes, deps);
  await app.register(adminUserRoutes, deps);
  await app.register(adminMissionRoutes, deps);
  await app.register(adminOverviewRoutes, deps);
  await app.register(adminJournalRoutes, deps);
  await app.register(siteSettingsRoutes, deps);
  await app.register(placeRoutes, deps);
  await app.register(missionRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(messagingRoutes, deps);
  await app.register(alertRoutes, deps);
  await app.register(documentRoutes, deps);
  await app.register(engagementRoutes, deps);
  await app.register(paymentRoutes, deps);
  await app.register(walletRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(stripeRoutes, deps);
  await app.register(trackingRoutes, deps);
  await app.register(deliveryRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(badgeRoutes, deps);
  await app.register(availabilityRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(siteAnalyticsRoutes, deps);
  await app.register(bugReportRoutes, deps);
  await app.register(demoRoutes, deps);
  subscribeAlerts(deps, app.log);
  scheduleDigests(deps);
  scheduleMissionReminders(deps);
  app.get(
    '/api/docs/json',
    {
      schema: {
        tags: ['plateforme'],
        summary: 'Cette description de l’API (OpenAPI 3.1)',
        security: [],
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async () => app.swagger(),
  );

  await registerWeb(app, config);
  scheduleHousekeeping(jobs, database.db);
  return app;
}
