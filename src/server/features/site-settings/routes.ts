import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteSettings } from '../../db/schema/admin.js';
import type { FeatureDeps } from '../../platform/deps.js';

/** Settings every visitor may read; the web app falls back to its built-in logos when they are null. */
const PUBLIC_DEFAULTS: Record<string, string | null> = {
  logoLightUrl: null,
  logoDarkUrl: null,
  contactEmail: 'contact@relais.fr',
};

export async function siteSettingsRoutes(root: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/site-settings',
    {
      schema: {
        tags: ['site'],
        summary: 'Réglages publics du site (logos, contact, fond de carte, paiement en ligne)',
        response: { 200: z.record(z.string(), z.string().nullable()) },
      },
    },
    async () => {
      const rows = await deps.db
        .select({ key: siteSettings.key, value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.isPublic, true));
      return {
        ...PUBLIC_DEFAULTS,
        ...Object.fromEntries(rows.map((row) => [row.key, row.value])),
        // From the server's configuration, not the database: where map tiles come from (null: none).
        mapTilesUrl: deps.config.mapTiles?.url ?? null,
        mapTilesAttribution: deps.config.mapTiles?.attribution ?? null,
        // Whether missions and plans may be paid online (Stripe configured): 'true', or null.
        onlinePayment: deps.stripe ? 'true' : null,
      };
    },
  );
}
