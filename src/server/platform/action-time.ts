import { actionTime } from '#core/rules/offline-actions.js';
import { AppError } from './errors.js';

/**
 * When a step took place: the phone's time for a step done without network and sent later (decision 055), within
 * core's bounds, else now. Out of bounds, a French 400 under the field `at`.
 */
export function timeOfAction(at: Date | undefined, notBefore?: Date | null): Date {
  const when = actionTime(at, new Date(), notBefore);
  if ('message' in when) throw new AppError(400, when.message, { at: when.message });
  return when.at;
}
