import { Clock } from 'lucide-react';
import { formatTime } from '#core/rules/french-dates.js';
import { useQueuedActions } from './outbox.js';

/**
 * What this screen's member did without network and is waiting to be sent (decision 055), oldest first, each with
 * the time it was done.
 */
export function QueuedActionsList({ group, className }: { group: string; className?: string }) {
  const waiting = useQueuedActions(group);
  if (waiting.length === 0) return null;
  return (
    <div role="status" className={className} data-testid="queued-actions">
      <p className="text-sm font-semibold">En attente du réseau</p>
      <ul className="mt-1 space-y-1 text-sm">
        {waiting.map((action) => (
          <li key={action.key} className="flex items-start gap-2 text-ink-muted">
            <Clock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="user-text min-w-0 break-words">
              {action.label} · faite à {formatTime(new Date(action.createdAt))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
