import { CloudOff } from 'lucide-react';
import { formatShortDay, formatTime } from '#core/rules/french-dates.js';
import { useSavedAt } from './network.js';

/** "aujourd’hui à 09:13", "28 nov. à 17:40": when a copy was saved, in Paris time. */
function savedWhen(savedAt: number, now = Date.now()): string {
  const day = formatShortDay(new Date(savedAt));
  const today = day === formatShortDay(new Date(now));
  return `${today ? 'aujourd’hui' : `le ${day}`} à ${formatTime(new Date(savedAt))}`;
}

/**
 * Above a page shown from the offline copy (decision 055): from when it dates, so that a driver knows what may have
 * changed since. Nothing when the page came from the server.
 */
export function SavedCopyNotice({
  path,
  what,
  className = '',
}: {
  path: string;
  what: string;
  className?: string;
}) {
  const savedAt = useSavedAt(path);
  if (savedAt === null) return null;
  return (
    <p
      role="status"
      className={`flex items-start gap-2 rounded-xl border border-line bg-surface-sunken px-4 py-3 text-sm ${className}`}
      data-testid="saved-copy"
    >
      <CloudOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {what} enregistrée sur ce téléphone {savedWhen(savedAt)} : elle a pu changer depuis.
      </span>
    </p>
  );
}
