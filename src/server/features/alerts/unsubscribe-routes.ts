import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERT_TYPE_LABELS, ALERT_TYPES, type AlertType } from '#core/rules/notifications.js';
import { users } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, errorResponses } from '../../platform/errors.js';
import { createUnsubscribeLinks } from '../../platform/unsubscribe-links.js';
import { stopEmails } from './preferences.js';

const INVALID =
  'Ce lien de désabonnement n’est pas valide. Choisissez vos e-mails dans Alertes & Notifications, une fois connecté.';
const tokenField = z.string({ error: INVALID }).min(1, { error: INVALID }).max(200, { error: INVALID });

/**
 * POST /api/alerts/unsubscribe: the link of a digest's `List-Unsubscribe` header (RFC 8058 one-click: the mail
 * provider posts `List-Unsubscribe=One-Click` to it, token in the query) or of its footer (the /desabonnement
 * page posts the token): e-mails of that alert type, or of every type, stop for the member the token names.
 * No session needed; the same answer when asked twice.
 */
export async function unsubscribeRoutes(root: FastifyInstance, { db }: FeatureDeps): Promise<void> {
  const links = createUnsubscribeLinks(db);
  await root.register(async (scope) => {
    // Mail providers post a form; the page posts JSON. The body says nothing the token does not.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/alerts/unsubscribe',
      {
        schema: {
          security: [],
          tags: ['alerts'],
          summary: 'Ne plus recevoir un type d’alerte (ou aucune) par e-mail, depuis le lien d’un e-mail',
          querystring: z.object({ token: tokenField.optional() }),
          body: z.object({ token: tokenField.optional() }).passthrough().nullish(),
          response: { 200: z.object({ message: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        const token = request.query.token ?? request.body?.token;
        const named = token ? await links.read(token) : null;
        const scopeOf = named?.scope;
        if (!named || (scopeOf !== 'all' && !(ALERT_TYPES as readonly string[]).includes(scopeOf!)))
          throw new AppError(400, INVALID, { token: INVALID });
        const [user] = await db.select().from(users).where(eq(users.id, named.userId));
        if (!user) throw new AppError(400, INVALID, { token: INVALID });
        await stopEmails(db, user, scopeOf as AlertType | 'all');
        return {
          message:
            scopeOf === 'all'
              ? 'Vous ne recevrez plus aucun e-mail d’alerte de Relais. Vous pouvez les réactiver à tout moment dans Alertes & Notifications.'
              : `Vous ne recevrez plus par e-mail les alertes « ${ALERT_TYPE_LABELS[scopeOf as AlertType]} ». Les autres restent inchangées ; tout se règle dans Alertes & Notifications.`,
        };
      },
    );
  });
}
