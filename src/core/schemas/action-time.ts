import { offlineActionMessages } from '../rules/offline-actions.js';
import { dateSchema } from './dates.js';

/**
 * The optional `at` of an action done without network and sent later (decision 055), read as every date of Relais
 * is; its bounds (not ahead, not too old, not before what it follows) are core's `actionTime`.
 */
export const actionAtSchema = dateSchema({ invalid: offlineActionMessages.invalid })
  .optional()
  .describe('Quand l’action a eu lieu, si elle a été faite hors connexion (ISO 8601) ; maintenant sinon');
