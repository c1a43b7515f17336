/**
 * An action done on a phone without network is sent later with the time it was done (`at`, decision 055): a
 * mission started at a quay in a white zone starts at that moment, a wait is counted from when it began, not from
 * when the network came back. The phone's clock is trusted within bounds: not ahead of the server by more than a
 * few minutes (clocks drift), not older than the queue keeps actions, and never before what it follows (a wait
 * before the mission's start is counted from the start).
 */
const OFFLINE_ACTION_MAX_AGE_HOURS = 12;
/** The code of a 409 telling that the same action (same Idempotency-Key) is being handled: try again later. */
export const IDEMPOTENCY_IN_PROGRESS = 'idempotency_in_progress';
const CLOCK_SKEW_MS = 5 * 60_000;

export const offlineActionMessages = {
  invalid: 'Heure invalide',
  future: 'L’heure de l’action ne peut pas être dans le futur',
  tooOld: `Une action faite hors connexion ne peut être datée que des ${OFFLINE_ACTION_MAX_AGE_HOURS} dernières heures`,
} as const;

/**
 * When the action took place: now without `at`; else `at`, moved up to `notBefore` when earlier, and never later
 * than now. The French message of what is wrong instead.
 */
export function actionTime(
  when: Date | undefined,
  now: Date,
  notBefore?: Date | null,
): { at: Date } | { message: string } {
  if (when === undefined) return { at: now };
  if (when.getTime() > now.getTime() + CLOCK_SKEW_MS) return { message: offlineActionMessages.future };
  if (when.getTime() < now.getTime() - OFFLINE_ACTION_MAX_AGE_HOURS * 3_600_000)
    return { message: offlineActionMessages.tooOld };
  const floor = notBefore?.getTime() ?? -Infinity;
  return { at: new Date(Math.min(now.getTime(), Math.max(when.getTime(), floor))) };
}
