import { zodResolver } from '@hookform/resolvers/zod';
import { notificationPreferencesSchema } from '#core/schemas/alerts.js';

/** The API's own schema checks the preferences before they are sent (loaded on demand through lazyResolver). */
export const preferencesResolver = zodResolver(notificationPreferencesSchema);
