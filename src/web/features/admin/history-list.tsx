import { History } from 'lucide-react';
import { useId } from 'react';
import { cn } from '#web/ui/cn.js';
import type { AdminLogEntry } from './api.js';
import { historyText } from './format.js';

/** "Historique": what the administrators did, oldest first, each with who and when (and the reason given). */
export function HistoryList({
  entries,
  title = 'Historique',
  level = 3,
}: {
  entries: AdminLogEntry[];
  title?: string;
  level?: 2 | 3;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className="space-y-2">
      <Heading id={id} className={cn('flex items-center gap-2 font-bold', level === 2 && 'text-lg')}>
        <History className="h-4 w-4 text-ink-muted" aria-hidden="true" />
        {title}
      </Heading>
      {entries.length === 0 ? (
        <p className="text-sm text-ink-muted">Aucune décision pour l’instant.</p>
      ) : (
        <ol className="space-y-2 border-l-2 border-line pl-4">
          {entries.map((entry) => {
            const { summary, reason } = historyText(entry);
            return (
              <li key={entry.id} className="text-sm">
                {summary}
                {reason && (
                  <>
                    {' — '}
                    <span className="user-text">{reason}</span>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
