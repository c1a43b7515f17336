import { z } from 'zod';
import { normalizePhone } from '../rules/phone.js';
import { isMobileNumber, SMS_DAILY_CAP_MAX, SMS_DAILY_CAP_MIN } from '../rules/sms.js';

const hour = z
  .number({ error: 'Heure invalide' })
  .int('Heure invalide')
  .min(0, 'Heure invalide')
  .max(23, 'Heure invalide');

const SMS_PHONE_MESSAGE = 'Indiquez un numéro de mobile valide (06 12 34 56 78 ou +32 …)';

/** PUT /api/alerts/sms: the member's SMS choice. A number is required to opt in, a mobile one. */
export const smsSettingsInputSchema = z
  .object({
    enabled: z.boolean({ error: 'Choix invalide' }),
    phone: z.string({ error: SMS_PHONE_MESSAGE }).max(40, SMS_PHONE_MESSAGE),
    quietStart: hour,
    quietEnd: hour,
    dailyCap: z
      .number({ error: 'Nombre invalide' })
      .int('Nombre invalide')
      .min(SMS_DAILY_CAP_MIN, `Au moins ${SMS_DAILY_CAP_MIN} SMS par jour`)
      .max(SMS_DAILY_CAP_MAX, `Au plus ${SMS_DAILY_CAP_MAX} SMS par jour`),
  })
  .superRefine((input, context) => {
    if (input.phone.trim() === '' && !input.enabled) return;
    const e164 = normalizePhone(input.phone);
    if (!e164 || !isMobileNumber(e164))
      context.addIssue({ code: 'custom', path: ['phone'], message: SMS_PHONE_MESSAGE });
  });
export type SmsSettingsInput = z.infer<typeof smsSettingsInputSchema>;

/** GET /api/alerts/sms. `offered`: false when this server sends no SMS (no provider configured). */
export const smsSettingsSchema = z.object({
  offered: z.boolean(),
  enabled: z.boolean(),
  /** The account's number, E.164, or empty. */
  phone: z.string(),
  quietStart: z.number().int(),
  quietEnd: z.number().int(),
  dailyCap: z.number().int(),
  maxDailyCap: z.number().int(),
  /** When a STOP reply turned the SMS off (ISO), until the member opts in again. */
  stoppedAt: z.string().nullable(),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

/**
 * An event Brevo posts to the SMS webhook (its transactional SMS webhooks): the number, what happened
 * (`msg_status`/`event`: replied, unsubscribed…) and, for a reply, its text. Other fields are kept and ignored.
 */
export const smsWebhookEventSchema = z.looseObject({
  to: z.union([z.string(), z.number()]).optional(),
  from: z.union([z.string(), z.number()]).optional(),
  msg_status: z.string().optional(),
  event: z.string().optional(),
  reply: z.string().optional(),
  text: z.string().optional(),
});
