import { zodResolver } from '@hookform/resolvers/zod';
import { notificationPreferencesSchema } from '#core/schemas/alerts.js';
import { smsSettingsInputSchema } from '#core/schemas/sms.js';

/** The API's own schema checks the preferences before they are sent (loaded on demand through lazyResolver). */
export const preferencesResolver = zodResolver(notificationPreferencesSchema);

/** The SMS choice, checked by the API's schema (a mobile number to opt in) before it is sent. */
export const smsResolver = zodResolver(smsSettingsInputSchema);
