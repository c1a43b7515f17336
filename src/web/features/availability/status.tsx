import { Ban, Check, Clock, Truck, type LucideIcon } from 'lucide-react';
import { AVAILABILITY_LABELS, type AvailabilityStatus } from '#core/rules/availability.js';
import type { AvailabilityDay } from '#core/schemas/availability.js';
import { cn } from '#web/ui/cn.js';

/** Each status: its colour, but also its icon and its words (never colour alone). */
export const STATUS_LOOK: Record<
  AvailabilityStatus,
  { icon: LucideIcon; cell: string; chip: string; ink: string; short: string }
> = {
  available: {
    icon: Check,
    cell: 'border-success/60 bg-success/10',
    chip: 'bg-success/15',
    ink: 'text-success',
    short: 'Dispo',
  },
  busy: {
    icon: Clock,
    cell: 'border-brand-500/60 bg-brand-500/10',
    chip: 'bg-brand-500/15',
    ink: 'text-accent',
    short: 'Partiel',
  },
  unavailable: {
    icon: Ban,
    cell: 'border-danger/50 bg-danger/10',
    chip: 'bg-danger/15',
    ink: 'text-danger',
    short: 'Indispo',
  },
};

/** "Disponible", "Partiellement disponible 08:00–12:00", "Indisponible" with its icon; compact in the month grid. */
export function StatusChip({
  day,
  compact = false,
  inTintedCell = false,
}: {
  day: AvailabilityDay;
  compact?: boolean;
  /** Inside a day's cell, which is already tinted with the status's colour. */
  inTintedCell?: boolean;
}) {
  const look = STATUS_LOOK[day.status];
  const Icon = look.icon;
  const hours =
    day.status === 'busy' && day.startTime && day.endTime ? `${day.startTime}–${day.endTime}` : null;
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold',
        look.ink,
        // In a day's cell, already tinted: a second tint under the words would take their contrast below 4.5:1
        // in the light theme.
        !inTintedCell && look.chip,
      )}
    >
      <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span className={compact ? 'truncate' : undefined}>
        {compact ? (hours ?? look.short) : AVAILABILITY_LABELS[day.status]}
        {!compact && hours ? <span className="whitespace-nowrap"> {hours}</span> : null}
      </span>
    </span>
  );
}

/** What the colours and icons mean. */
export function Legend() {
  return (
    <ul aria-label="Légende" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {(Object.keys(STATUS_LOOK) as AvailabilityStatus[]).map((status) => {
        const Icon = STATUS_LOOK[status].icon;
        return (
          <li key={status} className="flex items-center gap-1.5">
            <span
              className={cn('flex h-5 w-5 items-center justify-center rounded', STATUS_LOOK[status].chip)}
            >
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            </span>
            {AVAILABILITY_LABELS[status]}
          </li>
        );
      })}
      <li className="flex items-center gap-1.5">
        <span className="h-5 w-5 rounded border border-dashed border-line" aria-hidden="true" />
        Non renseigné
      </li>
      <li className="flex items-center gap-1.5">
        <span className="flex h-5 w-5 items-center justify-center rounded bg-surface-sunken">
          <Truck className="h-3.5 w-3.5" aria-hidden="true" />
        </span>
        Mission
      </li>
    </ul>
  );
}
