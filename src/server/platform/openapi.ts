import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from './errors.js';

/**
 * The API description served at /api/docs/json (OpenAPI 3.1), built from the routes' own schemas. What a route
 * does not say is filled in here, from what the platform does to every request, so that a generated client knows
 * how to authenticate and which refusals it can meet:
 * - `operationId`: the method and the path (`GET /api/missions/:id` → `getMissionsById`);
 * - `security`: the session cookie, unless the route says `security: []` (public) or OPTIONAL_SESSION (answers a
 *   visitor too, and says more to a signed-in user);
 * - refusals, all with the one error body of platform/errors.ts: 400 for a route with an input (or a body), 401
 *   and 403 for a route behind the session, 403 (origin check), 409 (a concurrent change), 413 and 415 (the body)
 *   for every change, 404 and 414 for a path with an identifier, and what the route lists itself (429 where it counts
 *   attempts, 404 or 409 elsewhere).
 * The authorisation matrix and the fuzzer check that every status they meet is described here.
 */

const SESSION_COOKIE_SCHEME = 'session';

/** For a route's `security`: a visitor is answered too (no refusal for the missing cookie), a session says more. */
export const OPTIONAL_SESSION: Array<Record<string, string[]>> = [{}, { [SESSION_COOKIE_SCHEME]: [] }];

/** The body of every refusal (platform/errors.ts). */
const ERROR_BODY = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'Le message à montrer, en français' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Un message par champ refusé (`_` pour la requête entière)',
    },
    code: { type: 'string', description: 'Un nom stable, quand l’écran doit réagir (reauth_required…)' },
  },
};

const REFUSALS: Record<number, string> = {
  400: 'Requête invalide : `message`, et un message par champ dans `errors`',
  401: 'Authentification requise : pas de session, ou elle a pris fin',
  403: 'Refusé : rôle, origine de la requête, adresse e-mail à confirmer, démonstration, ou mot de passe à saisir de nouveau (`code`)',
  404: 'Introuvable, ou invisible pour cet utilisateur',
  409: 'En conflit avec l’état actuel (déjà fait, changé entre-temps) : rechargez puis réessayez',
  410: 'Expiré : ce lien n’est plus valable',
  413: 'Requête ou fichier trop volumineux',
  414: 'Adresse trop longue (un identifiant de plus de 100 caractères)',
  415: 'Type de contenu non pris en charge',
  429: 'Trop de tentatives : réessayez après le délai donné par `retry-after` (secondes)',
  503: 'Service momentanément indisponible',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A refusal as a route's `response` lists it: the shared error body (what errors.ts sends). */
const refusalSchema = errorResponses[400];

/** The refusals a route meets beyond those every route of its kind meets (see above), for its `response`. */
export function refusals(...statuses: number[]): Record<number, typeof refusalSchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, refusalSchema.describe(REFUSALS[status] ?? '')]),
  );
}

/** A success that is a file, not JSON: its media type, for a route's `response`. */
export function fileAnswer(mediaTypes: string | string[], description: string) {
  // The bytes as the route sends them (a Buffer or a stream: Fastify does not serialise those), a binary string
  // in the description.
  const schema = z.any().meta({ type: 'string', format: 'binary' });
  return {
    description,
    content: Object.fromEntries([mediaTypes].flat().map((type) => [type, { schema }])),
  };
}

/** Text that is not JSON (CSV, iCalendar): its media type, for a route's `response`. */
export function textAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** A form sent as multipart/form-data, for the description only (the route reads it with readFormData). */
interface FormDescription {
  /** The text fields: the zod schema the route reads them with (fieldsOf), or their names and meanings. */
  fields?: z.ZodType | Record<string, string>;
  /** The files, by field name. */
  files: Record<string, string>;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The multipart form the route reads (documentation only; readFormData checks it). */
    form?: FormDescription;
  }
}

/** `GET /api/missions/:id/export.csv` → `getMissionsByIdExportCsv`. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

type JsonSchema = Record<string, unknown>;

function formSchema(form: FormDescription): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const { fields = {} } = form;
  if (fields instanceof z.ZodType) {
    const json = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, JsonSchema>;
    };
    Object.assign(properties, json.properties);
  } else
    for (const [name, description] of Object.entries(fields))
      properties[name] = { type: 'string', description };
  for (const [name, description] of Object.entries(form.files))
    properties[name] = { type: 'string', format: 'binary', description };
  return { type: 'object', properties };
}

function refusal(status: number): JsonSchema {
  return { description: REFUSALS[status], content: { 'application/json': { schema: ERROR_BODY } } };
}

/** Fills in what a route's schema leaves to the platform (see the module's comment). */
function describeOperation(method: string, url: string, schema: JsonSchema): JsonSchema {
  const { form, ...rest } = schema as JsonSchema & { form?: FormDescription };
  const described: JsonSchema = {
    operationId: operationIdOf(method, url),
    security: [{ [SESSION_COOKIE_SCHEME]: [] }],
    ...rest,
  };
  if (form) {
    described.body = formSchema(form);
    described.consumes = ['multipart/form-data'];
  }
  const requirements = described.security as object[];
  // Public, or a session that may be absent (an empty requirement): a visitor is not refused for it.
  const isPublic = requirements.length === 0 || requirements.some((one) => Object.keys(one).length === 0);
  const hasInput = Boolean(described.body ?? described.querystring ?? described.params);
  const statuses = new Set<number>();
  if (hasInput || WRITES.has(method)) statuses.add(400);
  if (!isPublic) [401, 403].forEach((status) => statuses.add(status));
  if (url.includes('/:')) [404, 414].forEach((status) => statuses.add(status));
  if (WRITES.has(method)) [403, 409, 413, 415].forEach((status) => statuses.add(status));
  const response = { ...((described.response as Record<string, JsonSchema> | undefined) ?? {}) };
  for (const status of statuses) if (!(status in response)) response[status] = refusal(status);
  // A route's own refusals (zod schemas, converted) get the shared body and meaning.
  for (const status of Object.keys(response).map(Number))
    if (status >= 400 && REFUSALS[status]) response[status] = refusal(status);
  described.response = response;
  return described;
}

/** The options of @fastify/swagger for Relais. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Relais API',
        version: '1.0.0',
        description:
          'API de Relais : chauffeurs poids lourds et transporteurs. Réponses et messages en français. ' +
          'Une session est un cookie HttpOnly (`relais_session`) posé par `POST /api/auth/login` ; ' +
          'toute requête qui modifie quelque chose doit venir des pages de Relais (en-têtes Origin ou Sec-Fetch-Site).',
        license: { name: 'Propriétaire — tous droits réservés' },
      },
      // Relative: the instance that serves the document, whatever its address (the same text everywhere, so that
      // docs/openapi.json is this document).
      servers: [{ url: '/', description: 'L’instance de Relais qui sert ce document' }],
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'relais_session',
            description: 'Le cookie de session posé à la connexion',
          },
        },
      },
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      const schema = transformed.schema as JsonSchema | undefined;
      if (!schema || schema.hide) return transformed;
      const method = [input.route.method].flat()[0]!;
      return { url: transformed.url, schema: describeOperation(method, input.url, schema) };
    },
  };
}
