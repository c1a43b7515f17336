import { loadPapers } from '../../platform/driver-papers.js';
import { notEligible, paperCheck } from '#core/rules/eligibility.js';
import { addressSuggestionSchema } from '#core/schemas/places.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MISSION_STATUSES } from '#core/rules/enums.js';
import { missionPageSchema, missionSchema, missionSearchSchema } from '#core/schemas/missions.js';
import type { MissionPage } from '#core/schemas/missions.js';
import { daySchema } from '#core/schemas/dates.js';
import { requiredText } from '#core/schemas/text.js';
import { roleOf } from '#core/rules/roles.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { sendJsonText } from '../../platform/json-text.js';
import { errorResponses } from '../../platform/errors.js';
import { requireRole } from '../../platform/sessions.js';
import { enforceRates } from '../../platform/rate-limit.js';
import { worldOf } from '../../platform/demo-world.js';
import { missionsCsv } from './export.js';
import { parisDate } from '#core/rules/days.js';
import { suggestAddresses } from './geocoder.js';
import type { SearchCache } from './search-cache.js';
import { listMyMissions } from './detail.js';
import { searchMissions } from './search.js';
import { refusals, textAnswer } from '../../platform/openapi.js';

const statusList = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(',') : []))
  .pipe(z.array(z.enum(MISSION_STATUSES, { error: 'Statut inconnu' })));
const day = (message: string) =>
  daySchema(message)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** Finding missions: the public search, my missions, address suggestions and the CSV export. */
export function listingRoutes(root: FastifyInstance, deps: FeatureDeps, searchCache: SearchCache): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, reads } = deps;

  app.get(
    '/api/missions/search',
    {
      schema: {
        security: [],
        tags: ['missions'],
        summary: 'Rechercher des missions ouvertes (public)',
        querystring: missionSearchSchema,
        response: { 200: missionPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user ?? null;
      const query = request.query;
      // "Around me" depends on the user's saved point; everything else only on being signed in or not.
      const point =
        query.near === 'me' && !(query.lat !== undefined && query.lng !== undefined)
          ? `${user?.currentLat ?? ''},${user?.currentLng ?? ''}`
          : '';
      // The viewer's world too: a demo sandbox's search served to a real visitor would show it its missions.
      const key = `${worldOf(user) ?? 'real'}|${user ? 'member' : 'visitor'}|${point}|${JSON.stringify(query)}`;
      const body = await searchCache.get(key, () => searchMissions(reads, { user }, query));
      // The page is JSON written by PostgreSQL to the schema above (a test holds it): sent as it is.
      if (!user || roleOf(user) !== 'driver') return sendJsonText(reply, body);
      // The driver's own verdict on each card, after the shared cache (never stored in it).
      const page = JSON.parse(body) as MissionPage;
      const papers = (await loadPapers(db, [user.id])).get(user.id) ?? [];
      return {
        ...page,
        // Every reason, in the words of the sheet (core/rules/eligibility.ts, decision 052).
        items: page.items.map((item) => ({
          ...item,
          notEligibleReasons: notEligible(user, item, paperCheck(papers, item).refusals).reasons,
        })),
      };
    },
  );

  app.get(
    '/api/missions',
    {
      schema: {
        tags: ['missions'],
        summary: 'Mes missions (chauffeur : attribuées ; transporteur : publiées)',
        querystring: z.object({ status: statusList }),
        response: { 200: z.array(missionSchema), ...errorResponses },
      },
    },
    async (request) =>
      listMyMissions(db, requireRole(request, 'driver', 'transporter'), request.query.status),
  );

  app.get(
    '/api/geocode',
    {
      schema: {
        tags: ['missions'],
        summary: 'Suggestions d’adresses (Base Adresse Nationale, sinon liste de villes intégrée)',
        querystring: z.object({
          q: requiredText('Saisissez une adresse', { min: 2, max: 200, tooLong: 'Adresse trop longue' }),
        }),
        response: {
          200: z.array(addressSuggestionSchema),
          ...errorResponses,
          ...refusals(429),
        },
      },
    },
    async (request) => {
      const user = requireRole(request, 'driver', 'transporter');
      await enforceRates(db, [
        { key: `geocode:user:${user.id}`, rule: deps.config.rateLimits.geocodePerUser },
      ]);
      // A demo account never causes a call outside Relais (decision 022): the built-in list of communes answers.
      return suggestAddresses(
        request.query.q,
        user.isDemo ? { ...deps.config.geocoder, url: null } : deps.config.geocoder,
      );
    },
  );

  app.get(
    '/api/missions/export.csv',
    {
      schema: {
        tags: ['missions'],
        summary: 'Exporter mes missions en CSV (historique)',
        querystring: z.object({
          status: statusList,
          from: day('Date de début invalide'),
          to: day('Date de fin invalide'),
        }),
        response: { 200: textAnswer('text/csv', 'Les missions (CSV, séparateur point-virgule)') },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'driver', 'transporter');
      const { status, from, to } = request.query;
      const missions = (
        await listMyMissions(db, user, status.length ? status : ['completed', 'cancelled'])
      ).filter((mission) => {
        const day = parisDate(mission.startDate);
        return (!from || day >= from) && (!to || day <= to);
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="relais-missions.csv"')
        .send(missionsCsv(missions, roleOf(user)));
    },
  );
}
