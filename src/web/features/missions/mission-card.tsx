import { ArrowRight, CalendarClock, FileWarning, MapPin, Route, Truck, Users } from 'lucide-react';
import { EQUIPMENT_LABELS, formatTemperature, formatUnNumber } from '#core/rules/freight.js';
import { Link } from 'wouter';
import type { MissionStatus } from '#core/rules/enums.js';
import { applicationCountLabel, ENGAGEMENT_LABELS, STATUS_LABELS } from '#core/rules/missions.js';
import type { Mission } from '#core/schemas/missions.js';
import { distanceLabel } from '#core/schemas/places.js';
import { cn } from '#web/ui/cn.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { formatPrice, vehicleLabel } from './format.js';
import { ROUTE_NOTES, routeLabel } from '#core/rules/driving-time-estimate.js';

const STATUS_STYLES: Record<MissionStatus, string> = {
  available: 'bg-success/15 text-success',
  assigned: 'bg-brand-500/15 text-accent',
  in_progress: 'bg-brand-500/15 text-accent',
  delivered: 'bg-success/15 text-success',
  completed: 'bg-surface-sunken text-ink-muted',
  cancelled: 'bg-danger/15 text-danger',
};

export function StatusBadge({ status }: { status: MissionStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold', STATUS_STYLES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}

export function UrgentBadge() {
  return <span className="rounded-full bg-danger/15 px-2 py-0.5 text-xs font-bold text-danger">Urgent</span>;
}

/** What the freight asks, as short tags: the equipment, the set-point, the dangerous goods (decision 052). */
function FreightTags({ mission }: { mission: Mission }) {
  const tags = [
    ...mission.requiredEquipment.map((equipment) => EQUIPMENT_LABELS[equipment]),
    ...(mission.temperatureC === null ? [] : [formatTemperature(mission.temperatureC)]),
    ...(mission.adrClass
      ? [`ADR classe ${mission.adrClass}${mission.unNumber ? ` · ${formatUnNumber(mission.unNumber)}` : ''}`]
      : []),
  ];
  if (tags.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Exigences">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-semibold text-ink">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** One mission in a list: route, when, what, how much, and how the driver is engaged. */
export function MissionCard({
  mission,
  href,
  showStatus = false,
}: {
  mission: Mission;
  href?: string;
  showStatus?: boolean;
}) {
  const from = mission.pickupCity ?? mission.pickupAddress ?? '—';
  const to = mission.deliveryCity ?? mission.deliveryAddress ?? '—';
  const body = (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="user-text text-lg font-bold leading-snug">{mission.title}</h3>
        <div className="flex shrink-0 gap-1.5">
          {mission.urgency && <UrgentBadge />}
          {showStatus && <StatusBadge status={mission.status} />}
        </div>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-x-1.5 font-semibold">
        <MapPin className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
        <span className="user-text">{from}</span>
        <ArrowRight className="h-4 w-4 shrink-0 text-ink-muted" aria-label="vers" />
        <span className="user-text">{to}</span>
        {mission.distanceKm !== null && (
          <span className="ml-1 text-sm font-normal text-ink-muted">
            · {distanceLabel(mission.distanceKm, mission.pickupPrecision)}
          </span>
        )}
      </p>
      {mission.route && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-muted">
          <Route className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="sr-only">Trajet : </span>
            {routeLabel(mission.route)}
            <span className="text-xs"> ({ROUTE_NOTES[mission.route.source].short})</span>
          </span>
        </p>
      )}
      <dl className="mt-3 grid gap-x-4 gap-y-1.5 text-sm text-ink-muted sm:grid-cols-2">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Début</dt>
          <CalendarClock className="h-4 w-4 shrink-0" aria-hidden="true" />
          <dd>{formatDateTime(mission.startDate)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Véhicule</dt>
          <Truck className="h-4 w-4 shrink-0" aria-hidden="true" />
          <dd>{vehicleLabel(mission.vehicleType)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Candidatures</dt>
          <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
          <dd>{applicationCountLabel(mission.applicationCount, mission.pendingApplicationCount)}</dd>
        </div>
        <div>
          <dt className="sr-only">Cadre</dt>
          <dd>{ENGAGEMENT_LABELS[mission.engagementType]}</dd>
        </div>
      </dl>
      <FreightTags mission={mission} />
      <p className="mt-3 text-xl font-extrabold">{formatPrice(mission.price, mission.pricingType)}</p>
      {/* Every reason this driver may not apply, in the sheet's words (the search computed them). */}
      {mission.notEligibleReasons && mission.notEligibleReasons.length > 0 && (
        <div className="mt-2 text-sm font-medium text-danger">
          <p className="sr-only">Vous ne pouvez pas postuler :</p>
          <ul className="space-y-1">
            {mission.notEligibleReasons.map((reason) => (
              <li key={reason} className="flex gap-1.5">
                <FileWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0">{reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
  const frame = 'block rounded-2xl border border-line bg-surface-raised p-5';
  if (!href) return <article className={frame}>{body}</article>;
  return (
    <article>
      <Link href={href} className={cn(frame, 'transition hover:border-accent focus-visible:border-accent')}>
        {body}
      </Link>
    </article>
  );
}
