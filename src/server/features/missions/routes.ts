import { loadPapers } from '../../platform/driver-papers.js';
import { isDocumentEvent, isPlanEvent } from '../../platform/events.js';
import { documentCheck } from './shared.js';
import { PLACEMENT_PRECISIONS } from '#core/schemas/places.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MISSION_STATUSES } from '#core/rules/enums.js';
import { MISSION_ACTION_NAMES } from '#core/rules/missions.js';
import {
  applicationSchema,
  applySchema,
  missionDetailSchema,
  missionInputSchema,
  missionPageSchema,
  missionSchema,
  missionSearchSchema,
  reasonSchema,
} from '#core/schemas/missions.js';
import { messageSchema } from '#core/schemas/users.js';
import { daySchema } from '#core/schemas/dates.js';
import { requiredText } from '#core/schemas/text.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { sendJsonText } from '../../platform/json-text.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { requireRole } from '../../platform/sessions.js';
import { roleOf } from '#core/rules/roles.js';
import { enforceRates } from '../../platform/rate-limit.js';
import { worldOf } from '../../platform/demo-world.js';
import { missionsCsv, parisDay } from './export.js';
import { suggestAddresses } from './geocoder.js';
import { SearchCache } from './search-cache.js';
import {
  applicationQuota,
  applyToMission,
  decideApplication,
  myApplications,
  withdrawApplication,
} from './applications.js';
import { getMissionDetail, listMyMissions } from './detail.js';
import { actOnMission } from './lifecycle.js';
import { createMission, updateMission } from './publish.js';
import { searchMissions } from './search.js';
import type { MissionPage } from '#core/schemas/missions.js';

const statusList = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(',') : []))
  .pipe(z.array(z.enum(MISSION_STATUSES, { error: 'Statut inconnu' })));
const day = (message: string) =>
  daySchema(message)
    .optional()
    .or(z.literal('').transform(() => undefined));

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
export async function missionRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, reads, events } = deps;
  const searchCache = new SearchCache();
  // Every instance keeps its own cache: a change here clears it on the others too, through the realtime bus, before
  // the request that made the change is answered.
  const MISSIONS_CHANGED = 'missions-changed';
  deps.realtime.onSignal(MISSIONS_CHANGED, () => searchCache.clear());
  const searchesStale = () => {
    searchCache.clear();
    return deps.realtime.signal(MISSIONS_CHANGED);
  };
  events.subscribe(async (event) => {
    // A demo sandbox restored: its missions are new rows, and a cached page would point at the old ones.
    if (event.type === 'sandbox.reset') return searchesStale();
    if (event.type === 'message.sent' || isDocumentEvent(event) || isPlanEvent(event)) return;
    // Reviews and badges change no mission.
    if (!('missionId' in event) || event.type.startsWith('review.')) return;
    await searchesStale();
    // Everyone concerned sees the mission change without a reload.
    const parties = [
      'companyId' in event ? event.companyId : null,
      'driverId' in event ? event.driverId : null,
      ...('applicantIds' in event ? event.applicantIds : []),
      ...('rejectedDriverIds' in event ? event.rejectedDriverIds : []),
      ...('reopenedApplicantIds' in event ? event.reopenedApplicantIds : []),
    ].filter((id): id is string => typeof id === 'string');
    const status =
      event.type === 'mission.status_changed'
        ? event.status
        : event.type === 'mission.cancelled'
          ? 'cancelled'
          : event.type === 'mission.dropped'
            ? 'available'
            : event.type === 'application.accepted'
              ? 'assigned'
              : null;
    return deps.realtime.deliver(parties, {
      type: 'mission-update',
      mission: { id: event.missionId, status },
    });
  });

  app.get(
    '/api/missions/search',
    {
      schema: {
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
        items: page.items.map((item) => ({
          ...item,
          documentRefusal: documentCheck(papers, { ...item, endDate: new Date(item.endDate) }).refusal,
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
          200: z.array(
            z.object({
              label: z.string(),
              city: z.string(),
              postcode: z.string().nullable(),
              lat: z.number(),
              lng: z.number(),
              source: z.enum(['ban', 'local']),
              precision: z.enum(PLACEMENT_PRECISIONS),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = requireRole(request, 'driver', 'transporter');
      await enforceRates(db, [
        { key: `geocode:user:${user.id}`, rule: deps.config.rateLimits.geocodePerUser },
      ]);
      // A demo account never causes a call outside Relais (issue 18): the built-in list of communes answers.
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
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'driver', 'transporter');
      const { status, from, to } = request.query;
      const missions = (
        await listMyMissions(db, user, status.length ? status : ['completed', 'cancelled'])
      ).filter((mission) => {
        const day = parisDay(mission.startDate);
        return (!from || day >= from) && (!to || day <= to);
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="relais-missions.csv"')
        .send(missionsCsv(missions, roleOf(user)));
    },
  );

  app.post(
    '/api/missions',
    {
      schema: {
        tags: ['missions'],
        summary: 'Publier une mission',
        body: missionInputSchema,
        response: { 201: missionDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = requireRole(request, 'transporter');
      return reply.status(201).send(await createMission(db, events, company, request.body));
    },
  );

  app.get(
    '/api/missions/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'Détail d’une mission',
        params: idParams,
        response: { 200: missionDetailSchema },
      },
    },
    async (request) => getMissionDetail(db, { user: request.user ?? null }, request.params.id),
  );

  app.put(
    '/api/missions/:id',
    {
      schema: {
        tags: ['missions'],
        summary: 'Modifier une mission (tant qu’aucun chauffeur n’est retenu)',
        params: idParams,
        body: missionInputSchema,
        response: { 200: missionDetailSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateMission(db, events, requireRole(request, 'transporter'), request.params.id, request.body),
  );

  app.post(
    '/api/missions/:id/:action',
    {
      schema: {
        tags: ['missions'],
        summary: 'Faire avancer une mission : start, deliver, complete, cancel, drop',
        params: idParams.extend({ action: z.enum(MISSION_ACTION_NAMES, { error: 'Action inconnue' }) }),
        body: reasonSchema.partial().nullish(),
        response: { 200: missionDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, 'driver', 'transporter');
      const { action, id } = request.params;
      const needsReason = action === 'cancel' || action === 'drop';
      let reason: string | null = null;
      if (needsReason) {
        const parsed = reasonSchema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Indiquez la raison';
          throw new AppError(400, message, { reason: message });
        }
        reason = parsed.data.reason;
      }
      return actOnMission(db, events, user, id, action, reason);
    },
  );

  app.post(
    '/api/missions/:id/apply',
    {
      schema: {
        tags: ['applications'],
        summary: 'Postuler à une mission',
        params: idParams,
        body: applySchema.nullish(),
        response: { 201: applicationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const driver = requireRole(request, 'driver');
      const application = await applyToMission(
        db,
        events,
        driver,
        request.params.id,
        request.body?.message ?? '',
        request.body?.confirmUnavailable ?? false,
      );
      return reply.status(201).send(application);
    },
  );

  app.get(
    '/api/applications/mine',
    {
      schema: {
        tags: ['applications'],
        summary: 'Mes candidatures et mon quota du mois',
        response: {
          200: z.object({
            items: z.array(applicationSchema),
            quota: z.object({ used: z.number(), limit: z.number().nullable(), left: z.number().nullable() }),
          }),
        },
      },
    },
    async (request) => {
      const driver = requireRole(request, 'driver');
      const [items, quota] = await Promise.all([myApplications(db, driver), applicationQuota(db, driver)]);
      return { items, quota };
    },
  );

  for (const action of ['withdraw', 'accept', 'reject'] as const) {
    app.post(
      `/api/applications/:id/${action}`,
      {
        schema: {
          tags: ['applications'],
          summary:
            action === 'withdraw'
              ? 'Retirer ma candidature'
              : action === 'accept'
                ? 'Retenir ce chauffeur'
                : 'Refuser cette candidature',
          params: idParams,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        if (action === 'withdraw') {
          await withdrawApplication(db, events, requireRole(request, 'driver'), request.params.id);
          return { message: 'Candidature retirée' };
        }
        const company = requireRole(request, 'transporter');
        await decideApplication(db, events, company, request.params.id, action);
        return { message: action === 'accept' ? 'Chauffeur retenu' : 'Candidature refusée' };
      },
    );
  }
}
