import { notificationFor } from '#core/rules/notifications.js';
import type { alerts } from '../../db/schema/messaging.js';
import type { FeatureDeps } from '../../platform/deps.js';
import { smsKindOf, textAlert } from './sms-alert.js';

type ReachDeps = Pick<FeatureDeps, 'db' | 'realtime' | 'push' | 'sms' | 'config'>;

/**
 * A member away from Relais (no screen of theirs open on any instance: an open one shows the alert itself) gets
 * a push on their devices when they chose it; and when the alert is one that cannot wait and no push service
 * accepted it (no device, push not chosen for its type, or every device refused), an SMS (decision 051).
 */
export async function reachAway(
  deps: ReachDeps,
  row: typeof alerts.$inferSelect,
  pushChosen: boolean,
): Promise<void> {
  const kind = smsKindOf(row);
  if (!pushChosen && !kind) return;
  if (await deps.realtime.hasOpenSocket(row.userId)) return;
  const pushed = pushChosen
    ? await deps.push.sendToUser(row.userId, {
        ...notificationFor(row),
        link: row.link,
        tag: typeof row.metadata?.conversationId === 'string' ? row.metadata.conversationId : row.id,
      })
    : { sent: 0 };
  if (kind && pushed.sent === 0) await textAlert(deps, row, kind);
}
