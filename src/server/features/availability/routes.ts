import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyResultSchema,
  availabilityDaySchema,
  calendarQuerySchema,
  calendarSchema,
  calendarSettingsSchema,
  dayParamsSchema,
  driverSearchResultSchema,
  driverSearchSchema,
  holidaysSchema,
  icsCreatedSchema,
  patternSchema,
  setDaySchema,
  settingsInputSchema,
} from '#core/schemas/availability.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import { addressKey, enforceRates } from '../../platform/rate-limit.js';
import { guards, requireRole } from '../../platform/sessions.js';
import { clearDay, getCalendar, setDay } from './calendar.js';
import { declaredDrivingRoutes } from './declared-routes.js';
import { searchAvailableDrivers } from './drivers-search.js';
import { createFeed, feedFor, revokeFeed } from './ics.js';
import { applyHolidays, applyPattern } from './pattern.js';
import { getSettings, setVisibility } from './settings.js';
import { refusals, textAnswer } from '../../platform/openapi.js';

const tags = ['availability'];

/** Availability (decision 020): the driver's calendar, their private ICS feed, and transporters' search. */
export async function availabilityRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  // The role first (onRequest): nobody else has their body read.
  const driverOnly = { onRequest: guards.role('driver') };
  declaredDrivingRoutes(root, deps);

  app.get(
    '/api/availability',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Mes disponibilités et mes missions sur une période (62 jours au plus)',
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema, ...errorResponses },
      },
    },
    async (request) => getCalendar(db, requireRole(request, 'driver'), request.query.from, request.query.to),
  );

  app.put(
    '/api/availability/:date',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Renseigner un jour : disponible, partiellement disponible (horaires) ou indisponible',
        params: dayParamsSchema,
        body: setDaySchema,
        response: { 200: availabilityDaySchema, ...errorResponses },
      },
    },
    async (request) => setDay(db, requireRole(request, 'driver'), request.params.date, request.body),
  );

  app.delete(
    '/api/availability/:date',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Effacer un jour (non renseigné)',
        params: dayParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await clearDay(db, requireRole(request, 'driver'), request.params.date);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/availability/pattern',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Appliquer une semaine type sur une période (un an au plus)',
        body: patternSchema,
        response: { 200: applyResultSchema, ...errorResponses },
      },
    },
    async (request) => applyPattern(db, requireRole(request, 'driver'), request.body),
  );

  app.post(
    '/api/availability/holidays',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Poser des congés : chaque jour de la période indisponible',
        body: holidaysSchema,
        response: { 200: applyResultSchema, ...errorResponses },
      },
    },
    async (request) => applyHolidays(db, requireRole(request, 'driver'), request.body),
  );

  app.get(
    '/api/availability/settings',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Visibilité auprès des transporteurs et état du lien d’agenda',
        response: { 200: calendarSettingsSchema, ...errorResponses },
      },
    },
    async (request) => getSettings(db, requireRole(request, 'driver')),
  );

  app.put(
    '/api/availability/settings',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Être visible (ou non) des transporteurs les jours où je suis disponible',
        body: settingsInputSchema,
        response: { 200: calendarSettingsSchema, ...errorResponses },
      },
    },
    async (request) => setVisibility(db, requireRole(request, 'driver'), request.body.visibleToTransporters),
  );

  app.post(
    '/api/availability/ics',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Créer (ou remplacer) le lien privé de mon agenda ; l’adresse n’est montrée qu’une fois',
        response: { 201: icsCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFeed(db, config, requireRole(request, 'driver'))),
  );

  app.delete(
    '/api/availability/ics',
    {
      ...driverOnly,
      schema: {
        tags,
        summary: 'Révoquer le lien privé de mon agenda',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeFeed(db, requireRole(request, 'driver'));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/availability/ics/:file',
    {
      schema: {
        tags,
        summary: 'Flux iCalendar privé d’un chauffeur (adresse secrète, sans session)',
        security: [],
        params: z.object({ file: z.string().max(200) }),
        response: { 200: textAnswer('text/calendar', 'Le calendrier (iCalendar)'), ...refusals(429) },
      },
    },
    async (request, reply) => {
      await enforceRates(db, [
        { key: `ics:ip:${addressKey(request.ip)}`, rule: config.rateLimits.icsFeedPerIp },
      ]);
      const body = await feedFor(db, config, request.params.file);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="relais.ics"')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
  );

  app.get(
    '/api/availability/drivers',
    {
      onRequest: guards.role('transporter', 'admin'),
      schema: {
        tags,
        summary:
          'Chauffeurs disponibles un jour donné (ceux qui ont choisi d’être visibles), par permis et zone',
        querystring: driverSearchSchema,
        response: { 200: driverSearchResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      return searchAvailableDrivers(db, requireRole(request, 'transporter', 'admin'), request.query);
    },
  );
}
