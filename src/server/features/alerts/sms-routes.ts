import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePhone } from '#core/rules/phone.js';
import {
  DEFAULT_QUIET_END,
  DEFAULT_QUIET_START,
  DEFAULT_SMS_DAILY_CAP,
  SMS_DAILY_CAP_MAX,
} from '#core/rules/sms.js';
import {
  smsSettingsInputSchema,
  smsSettingsSchema,
  smsWebhookEventSchema,
  type SmsSettings,
} from '#core/schemas/sms.js';
import type { DbOrTx } from '../../db/client.js';
import { smsPreferences } from '../../db/schema/sms.js';
import { users } from '../../db/schema/users.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { AppError, errorResponses, notFound } from '../../platform/errors.js';
import { refusals } from '../../platform/openapi.js';
import { guards, requireUser } from '../../platform/sessions.js';

const NOT_OFFERED = 'Les SMS ne sont pas proposés sur ce serveur.';

async function settingsOf(db: DbOrTx, userId: string, offered: boolean): Promise<SmsSettings> {
  const [row] = await db
    .select({
      phone: users.phone,
      enabled: smsPreferences.enabled,
      quietStart: smsPreferences.quietStart,
      quietEnd: smsPreferences.quietEnd,
      dailyCap: smsPreferences.dailyCap,
      stoppedAt: smsPreferences.stoppedAt,
    })
    .from(users)
    .leftJoin(smsPreferences, eq(smsPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return {
    offered,
    enabled: offered && (row?.enabled ?? false),
    phone: row?.phone ?? '',
    quietStart: row?.quietStart ?? DEFAULT_QUIET_START,
    quietEnd: row?.quietEnd ?? DEFAULT_QUIET_END,
    dailyCap: row?.dailyCap ?? DEFAULT_SMS_DAILY_CAP,
    maxDailyCap: SMS_DAILY_CAP_MAX,
    stoppedAt: row?.stoppedAt ? row.stoppedAt.toISOString() : null,
  };
}

/** A reply that asks to stop: « STOP », « Stop SMS », « ARRET »… */
const isStopWord = (text: string | undefined) => !!text && /^\s*(stop|arr[eê]t)\b/i.test(text);
const OPT_OUT_EVENTS = new Set(['unsubscribed', 'unsubscribe', 'optout', 'opt_out']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The member's SMS choice (GET/PUT /api/alerts/sms) and the provider's webhook (POST /api/sms/webhook/:secret),
 * through which a « STOP » reply (or Brevo's unsubscribe event) turns the SMS off for that number (decision 051).
 */
export async function smsRoutes(root: FastifyInstance, { db, config }: FeatureDeps): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const offered = config.sms !== null;

  app.get(
    '/api/alerts/sms',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Mes SMS : accord, numéro, heures calmes, nombre par jour (et s’ils sont proposés ici)',
        response: { 200: smsSettingsSchema },
      },
    },
    async (request) => settingsOf(db, requireUser(request).id, offered),
  );

  app.put(
    '/api/alerts/sms',
    {
      onRequest: guards.user,
      schema: {
        tags: ['alerts'],
        summary: 'Enregistrer mes choix de SMS (un numéro de mobile est requis pour les recevoir)',
        body: smsSettingsInputSchema,
        response: { 200: smsSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const input = request.body;
      if (input.enabled && !offered) throw new AppError(400, NOT_OFFERED, { enabled: NOT_OFFERED });
      const phone = input.phone.trim() === '' ? null : normalizePhone(input.phone);
      return db.transaction(async (tx) => {
        // The number is the account's own: the profile shows the same one.
        if (phone) await tx.update(users).set({ phone }).where(eq(users.id, user.id));
        const values = {
          enabled: input.enabled,
          quietStart: input.quietStart,
          quietEnd: input.quietEnd,
          dailyCap: input.dailyCap,
          // Opting in again lifts an earlier STOP.
          ...(input.enabled ? { stoppedAt: null } : {}),
        };
        await tx
          .insert(smsPreferences)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({ target: smsPreferences.userId, set: values });
        return settingsOf(tx, user.id, offered);
      });
    },
  );

  app.post(
    '/api/sms/webhook/:secret',
    {
      schema: {
        security: [],
        tags: ['alerts'],
        summary:
          'Événements SMS envoyés par le prestataire (réponse STOP, désinscription) ; 404 sans SMS ou mauvais secret',
        params: z.object({ secret: z.string().max(200) }),
        body: smsWebhookEventSchema,
        response: { 200: z.object({ received: z.literal(true), stopped: z.number() }), ...refusals(404) },
      },
    },
    async (request) => {
      if (!config.sms || !sameSecret(request.params.secret, config.sms.webhookSecret)) throw notFound();
      const event = request.body;
      const status = (event.msg_status ?? event.event ?? '').toLowerCase();
      const asked = OPT_OUT_EVENTS.has(status) || isStopWord(event.reply ?? event.text);
      // A reply comes from the member's number; an event about a message sent names it as its recipient.
      const raw = String(event.from ?? event.to ?? '').trim();
      const phone = raw === '' ? null : normalizePhone(raw.startsWith('+') ? raw : `+${raw}`);
      if (!asked || !phone) return { received: true as const, stopped: 0 };
      const stopped = await db.execute(sql`
        update sms_preferences set enabled = false, stopped_at = now(), updated_at = now()
        where enabled and user_id in (select id from users where phone = ${phone})`);
      request.log.info({ stopped: stopped.rowCount }, 'SMS stopped by the member');
      return { received: true as const, stopped: stopped.rowCount ?? 0 };
    },
  );
}
