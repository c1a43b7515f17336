import { z } from 'zod';

/** The `:id` of a mission or application route. */
export const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
