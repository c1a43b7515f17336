import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  beaconSchema,
  eventsQuerySchema,
  eventsReportSchema,
  ingestStatsSchema,
  overviewSchema,
  periodQuerySchema,
} from '#core/schemas/site-analytics.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { ownHostsOf } from '../../platform/origin.js';
import { guards } from '../../platform/sessions.js';
import { AnalyticsBuffer } from './buffer.js';
import { BeaconLimiter, contributionOf } from './collect.js';
import { eventsReport, overview } from './report.js';
import { purgeSiteAnalytics } from './retention.js';
import { refusals } from '../../platform/openapi.js';

/** A beacon of 20 events of a few hundred bytes each, and some room. */
const BEACON_BODY_LIMIT = 16 * 1024;

/**
 * First-party site analytics (decision 020): the tracker's beacons (consent respected, batched writes), the back
 * office's figures, and the 13-month purge of what identifies.
 */
export async function siteAnalyticsRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, jobs, config } = deps;
  const buffer = new AnalyticsBuffer(db, root.log);
  const limiter = new BeaconLimiter(config.rateLimits.beaconsPerIp);
  const ownHosts = ownHostsOf(config);
  root.addHook('onReady', async () => buffer.start());
  root.addHook('onClose', async () => buffer.stop());

  jobs.schedule(
    'site-analytics-retention',
    '50 3 * * *',
    async (run) => {
      const deleted = await purgeSiteAnalytics(db, run.slot);
      run.log.info({ deleted }, 'site analytics rows older than 13 months deleted');
    },
    { catchUpSeconds: 6 * 3600 },
  );

  // navigator.sendBeacon(url, string) sends text/plain (no CORS preflight): read here as JSON, in this plugin
  // only. The Origin check (platform/origin.ts) applies as to any POST: our pages pass, others are refused.
  root.removeContentTypeParser('text/plain');
  root.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError(400, 'Le corps de la requête n’est pas un JSON valide'), undefined);
      }
    },
  );

  app.post(
    '/api/analytics/collect',
    {
      bodyLimit: BEACON_BODY_LIMIT,
      onRequest: async (request) => {
        if (!limiter.allow(request.ip)) {
          const retryAfter = limiter.retryAfter();
          throw new AppError(429, 'Trop de mesures envoyées. Réessayez dans un instant.', undefined, {
            'retry-after': String(retryAfter),
          });
        }
      },
      schema: {
        security: [],
        tags: ['site-analytics'],
        summary:
          'Mesure d’audience (navigator.sendBeacon) : sans consentement, des comptes anonymes seulement ; avec, la session et les visites',
        body: beaconSchema,
        response: { 204: z.null(), ...errorResponses, ...refusals(429) },
      },
    },
    async (request, reply) => {
      buffer.add(contributionOf(request, request.body, ownHosts));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/analytics/overview',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['site-analytics'],
        summary: 'Fréquentation du site sur une période (administrateurs)',
        querystring: periodQuerySchema,
        response: { 200: overviewSchema, ...errorResponses },
      },
    },
    async (request) => overview(db, request.query),
  );

  app.get(
    '/api/admin/analytics/events',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['site-analytics'],
        summary: 'Événements mesurés sur une période, par type (administrateurs)',
        querystring: eventsQuerySchema,
        response: { 200: eventsReportSchema, ...errorResponses },
      },
    },
    async (request) => eventsReport(db, request.query),
  );

  app.get(
    '/api/admin/analytics/ingest',
    {
      onRequest: guards.role('admin'),
      schema: {
        tags: ['site-analytics'],
        summary: 'État de la file d’écriture de la mesure d’audience sur cette instance (administrateurs)',
        response: { 200: ingestStatsSchema, ...errorResponses },
      },
    },
    async () => buffer.snapshot(),
  );
}
