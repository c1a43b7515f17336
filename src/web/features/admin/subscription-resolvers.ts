import { zodResolver } from '@hookform/resolvers/zod';
import { endPlanSchema, grantPlanSchema } from '#core/schemas/billing.js';

/** The API's own schemas validate the plan dialogs (loaded on demand through lazyResolver). */
export const grantResolver = zodResolver(grantPlanSchema);
export const endResolver = zodResolver(endPlanSchema);
