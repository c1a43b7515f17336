import { formatLongDateTime } from '#core/rules/french-dates.js';
import {
  AlertTriangle,
  CircleDollarSign,
  Clock,
  FileSignature,
  MapPin,
  PackageCheck,
  Star,
  Truck,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { ROLE_LABELS } from '#core/rules/roles.js';
import type { TimelineEntry, TimelineKind } from '#core/schemas/admin-missions.js';

const ICONS: Record<TimelineKind, LucideIcon> = {
  mission: Truck,
  application: UserPlus,
  engagement: FileSignature,
  tracking: MapPin,
  delivery: PackageCheck,
  incident: AlertTriangle,
  waiting: Clock,
  payment: CircleDollarSign,
  review: Star,
};

/** A mission's story, oldest first, as a vertical line of dated steps (Paris time). */
export function MissionTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-ink-muted">Aucun événement enregistré.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-line pl-6">
      {entries.map((entry, index) => {
        const Icon = ICONS[entry.kind];
        return (
          <li key={`${entry.at}-${index}`} className="relative">
            <span className="absolute -left-[2.15rem] flex h-7 w-7 items-center justify-center rounded-full border border-line bg-surface-raised text-accent">
              <Icon className="h-4 w-4" aria-hidden="true" />
            </span>
            <p className="font-semibold">{entry.label}</p>
            <p className="text-sm text-ink-muted">
              <time dateTime={entry.at}>{formatLongDateTime(entry.at)}</time>
              {entry.actor && (
                <>
                  {' · '}
                  {entry.actor.role === 'admin' ? (
                    <span className="user-text">
                      {entry.actor.name} ({ROLE_LABELS.admin.toLowerCase()})
                    </span>
                  ) : (
                    <Link
                      href={`/admin/utilisateurs/${entry.actor.id}`}
                      className="user-text text-accent underline underline-offset-2"
                    >
                      {entry.actor.name}
                    </Link>
                  )}
                </>
              )}
            </p>
            {entry.detail && <p className="user-text mt-1 text-sm">{entry.detail}</p>}
          </li>
        );
      })}
    </ol>
  );
}
