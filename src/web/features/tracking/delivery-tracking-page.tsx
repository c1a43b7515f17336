import { MapPin, Pause, Truck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { seenAgo } from '#core/rules/tracking.js';
import type { ActiveTracking } from '#core/schemas/tracking.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { useActiveTracking } from '#web/lib/tracking/api.js';
import { buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { formatEta, useNow } from './format.js';

const FleetMap = lazy(() => import('./fleet-map.js'));

/**
 * /delivery-tracking: every mission of the transporter in progress, on one map and in a list, late ones first
 * (the server's order), each opening its live page. Updated by the realtime event, with a slow poll behind.
 */
export function DeliveryTrackingPage() {
  const query = useActiveTracking();
  const now = useNow();
  const items = query.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader
        title="Suivi des livraisons"
        description="Vos missions en cours, là où en sont les chauffeurs ; les retards d’abord."
      />
      {query.isLoading ? (
        <Spinner label="Chargement des livraisons…" />
      ) : query.error ? (
        <EmptyState icon={Truck} title="Suivi indisponible">
          {errorMessage(query.error, 'Réessayez dans un instant.')}
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={Truck} title="Aucune mission en cours">
          Dès qu’un chauffeur démarre une de vos missions, elle apparaît ici avec sa position.
        </EmptyState>
      ) : (
        <>
          <Suspense fallback={<Spinner label="Chargement de la carte…" />}>
            <FleetMap items={items} />
          </Suspense>
          <ul className="grid gap-3 md:grid-cols-2" data-testid="active-deliveries">
            {items.map((item) => (
              <DeliveryCard key={item.missionId} item={item} now={now} />
            ))}
          </ul>
          <p className="text-sm text-ink-muted">
            Chaque consultation des positions est notée et visible du chauffeur (RGPD).
          </p>
        </>
      )}
    </div>
  );
}

function DeliveryCard({ item, now }: { item: ActiveTracking; now: number }) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="user-text min-w-0 flex-1 font-bold">{item.title}</h2>
        {item.paused ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/20 px-2 py-0.5 text-xs font-bold">
            <Pause className="h-3 w-3" aria-hidden="true" /> Suivi en pause
          </span>
        ) : item.late ? (
          <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-bold text-danger-ink">
            En retard
          </span>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        {item.driverName ?? 'Chauffeur'} · {item.pickupCity ?? '?'} → {item.deliveryCity ?? '?'}
      </p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-ink-muted">Position</dt>
          <dd className="font-semibold">
            {item.lastPositionAt ? seenAgo(item.lastPositionAt, now) : 'aucune'}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Reste</dt>
          <dd className="font-semibold">
            {item.remainingKm !== null ? `≈ ${item.remainingKm.toLocaleString('fr-FR')} km` : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">Arrivée</dt>
          <dd className={item.late ? 'font-semibold text-danger' : 'font-semibold'}>
            {item.etaAt ? formatEta(item.etaAt, now) : '—'}
          </dd>
        </div>
      </dl>
      <Link
        href={`/mission/${item.missionId}/tracking`}
        className={buttonClasses('secondary', 'sm', 'self-start')}
      >
        <MapPin className="h-4 w-4" aria-hidden="true" /> Suivre en direct
      </Link>
    </li>
  );
}
