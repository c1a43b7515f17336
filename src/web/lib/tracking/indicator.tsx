import { MapPin, MapPinOff, Pause } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#web/ui/cn.js';
import { useTrackingStatus } from './use-tracking.js';

/**
 * Always in view for a driver whose position is shared (the header): "Position partagée", or "Partage en pause",
 * or that it is stopped for want of the browser's permission; with the points waiting for the network. A tap
 * opens the mission.
 */
export function TrackingIndicator() {
  const status = useTrackingStatus();
  if (!status.missionId) return null;
  const off = !status.on && !status.paused;
  const label = status.paused ? 'Partage en pause' : off ? 'Partage interrompu' : 'Position partagée';
  const Icon = status.paused ? Pause : off ? MapPinOff : MapPin;
  return (
    <Link
      href={`/mission/${status.missionId}`}
      data-testid="tracking-indicator"
      aria-label={`${label}${status.pending > 0 ? `, ${status.pending} point${status.pending > 1 ? 's' : ''} en attente d’envoi` : ''} : voir la mission`}
      className={cn(
        'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold',
        status.paused || off
          ? 'border-amber-500/60 bg-amber-500/15 text-ink'
          : 'border-success/50 bg-success/15 text-ink',
      )}
    >
      <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
        {!status.paused && !off && (
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-success opacity-60 motion-reduce:hidden" />
        )}
        <span
          className={cn(
            'relative inline-flex h-2.5 w-2.5 rounded-full',
            status.paused || off ? 'bg-amber-500' : 'bg-success',
          )}
        />
      </span>
      <Icon className="h-4 w-4 max-[380px]:hidden" aria-hidden="true" />
      {/* On a phone's header, the short word; the full one from tablets up (and for screen readers). */}
      <span className="hidden sm:inline">{label}</span>
      <span className="sm:hidden">{status.paused ? 'En pause' : off ? 'Interrompu' : 'Partagée'}</span>
      {status.pending > 0 && (
        <span className="rounded-full bg-surface-sunken px-1.5 text-xs" aria-hidden="true">
          {status.pending}
        </span>
      )}
    </Link>
  );
}
