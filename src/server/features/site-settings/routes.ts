import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSiteSettingsSchema,
  LOGO_MAX_BYTES,
  logoThemeParams,
  siteSettingsMessages,
  siteSettingsUpdateSchema,
  tariffsSchema,
} from '#core/schemas/site-settings.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { errorResponses, notFound } from '../../platform/errors.js';
import { readFormData, registerFormData, type FormRules } from '../../platform/form-data.js';
import { guards, requireRecentPassword, requireRole } from '../../platform/sessions.js';
import { readTariffs } from '../../platform/tariffs.js';
import { LOGO_NAME, logoOf, logoStorageKey, removeLogo, saveLogo } from './logos.js';
import { adminSettings, publicSettings, updateSettings } from './settings.js';
import { updateTariffs } from './tariffs.js';
import { fileAnswer } from '../../platform/openapi.js';

const LOGO_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
/** A logo's form: the file `image` alone. */
const LOGO_FORM: FormRules = {
  maxParts: 2,
  maxFieldBytes: 256,
  maxFileBytes: LOGO_MAX_BYTES,
  tooLarge: siteSettingsMessages.logoTooLarge,
};
/** Public answers that change when an administrator saves: the browser asks again every time. */
const FRESH = 'no-cache';

export async function siteSettingsRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;
  // Logos arrive as a browser's FormData.
  await registerFormData(app);

  app.get(
    '/api/site-settings',
    {
      schema: {
        security: [],
        tags: ['site'],
        summary:
          'Réglages publics du site (logos, contact, horaires, mentions légales, maintenance, fond de carte, paiement en ligne)',
        response: { 200: z.record(z.string(), z.string().nullable()) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', FRESH);
      return {
        ...(await publicSettings(db)),
        // From the server's configuration, not the database: where map tiles come from (null: none).
        mapTilesUrl: deps.config.mapTiles?.url ?? null,
        mapTilesAttribution: deps.config.mapTiles?.attribution ?? null,
        // Whether missions and plans may be paid online (Stripe configured): 'true', or null.
        onlinePayment: deps.stripe ? 'true' : null,
      };
    },
  );

  app.get(
    '/api/tariffs',
    {
      schema: {
        security: [],
        tags: ['site'],
        summary: 'Tarifs en vigueur des formules (euros TTC)',
        response: { 200: tariffsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', FRESH);
      return readTariffs(db);
    },
  );

  app.get(
    '/api/files/site/:name',
    {
      schema: {
        security: [],
        tags: ['site'],
        summary: 'Un logo du site (thème clair ou sombre)',
        params: z.object({ name: z.string().regex(LOGO_NAME) }),
        response: { 200: fileAnswer(Object.values(LOGO_CONTENT_TYPES), 'L’image du logo') },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const bytes = await storage.get(logoStorageKey(name));
      if (!bytes) throw notFound(siteSettingsMessages.logoNotFound);
      // A new name for every logo: the file itself never changes, browsers keep it.
      return reply
        .type(LOGO_CONTENT_TYPES[name.split('.').pop()!]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  );

  const admin = { onRequest: guards.role('admin') };

  app.get(
    '/api/admin/site-settings',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Paramètres du site, pour le back-office',
        response: { 200: adminSiteSettingsSchema, ...errorResponses },
      },
    },
    async () => adminSettings(db),
  );

  app.put(
    '/api/admin/site-settings',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Modifier les paramètres du site (contact, horaires, mentions légales, maintenance) ; mot de passe récent',
        body: siteSettingsUpdateSchema,
        response: { 200: adminSiteSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, 'admin');
      requireRecentPassword(request);
      return updateSettings(db, user, request.body, request.ip);
    },
  );

  app.post(
    '/api/admin/site-settings/logos/:theme',
    {
      ...admin,
      // A form (file `image`), as every upload: the back office's client asks for the password again and
      // retries on its own.
      schema: {
        tags: ['admin'],
        summary:
          'Changer le logo d’un thème (multipart : le fichier `image`, PNG, JPEG ou WebP, 2 Mo au plus) ; mot de passe récent',
        params: logoThemeParams,
        form: { files: { image: 'PNG, JPEG ou WebP, 2 Mo au plus' } },
        response: { 200: z.object({ url: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, 'admin');
      requireRecentPassword(request);
      const bytes = logoOf((await readFormData(request, LOGO_FORM)).files);
      return saveLogo({ db, storage }, user, request.params.theme, bytes, request.ip);
    },
  );

  app.delete(
    '/api/admin/site-settings/logos/:theme',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Retirer le logo d’un thème (le logo intégré revient) ; mot de passe récent',
        params: logoThemeParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireRole(request, 'admin');
      requireRecentPassword(request);
      await removeLogo({ db, storage }, user, request.params.theme, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/admin/tariffs',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Modifier les tarifs des formules ; mot de passe récent',
        body: tariffsSchema,
        response: { 200: tariffsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, 'admin');
      requireRecentPassword(request);
      return updateTariffs(db, user, request.body, request.ip);
    },
  );
}
