import { ArrowLeft, Clock, Gauge, MapPin, Pause, Route } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { routeKm, seenAgo, TRACKING_RETENTION_DAYS } from '#core/rules/tracking.js';
import type { MissionTracking } from '#core/schemas/tracking.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { useMissionTracking } from '#web/lib/tracking/api.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { cn } from '#web/ui/cn.js';
import { DriverDestinations } from './driver-destinations.js';
import { formatEta, useNow } from './format.js';

const TrackingMap = lazy(() => import('./tracking-map.js'));

function Stat({ icon: Icon, label, children }: { icon: typeof Clock; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-surface-raised p-3">
      <dt className="flex items-center gap-1.5 text-sm text-ink-muted">
        <Icon className="h-4 w-4" aria-hidden="true" /> {label}
      </dt>
      <dd className="mt-1 text-lg font-bold">{children}</dd>
    </div>
  );
}

/**
 * /mission/{id}/tracking, for the two parties: the live map (route so far, pickup, delivery, where the truck is),
 * when it was last seen, average speed, remaining distance and ETA, "suivi en pause". Updated by the realtime
 * event (lib/realtime.ts), with a slow poll behind it. Once the points are purged, the trip summary.
 */
export function MissionTrackingPage() {
  const { id } = useParams<{ id: string }>();
  const query = useMissionTracking(id);
  const now = useNow();
  const data = query.data;
  if (query.isLoading) return <Spinner label="Chargement du suivi…" />;
  if (!data)
    return (
      <EmptyState icon={MapPin} title="Suivi indisponible">
        {errorMessage(query.error, 'Ce suivi n’existe pas ou ne vous est pas accessible.')}
      </EmptyState>
    );
  const inProgress = data.status === 'in_progress';
  return (
    <div className="space-y-4">
      <Link href={`/mission/${id}`} className="inline-flex items-center gap-1 text-sm text-accent underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Retour à la mission
      </Link>
      <PageHeader
        title={`Suivi : ${data.title}`}
        description={[data.driverName, data.companyName].filter(Boolean).join(' · ')}
      />
      <StateBanner data={data} now={now} />
      {data.viewerIsDriver && inProgress && <DriverDestinations data={data} />}
      {data.summary ? (
        <Summary data={data} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-live="polite">
            <Stat icon={Clock} label="Dernière position">
              <span data-testid="seen-ago">
                {data.lastPositionAt ? seenAgo(data.lastPositionAt, now) : 'aucune'}
              </span>
            </Stat>
            <Stat icon={Gauge} label="Vitesse moyenne">
              {data.averageSpeedKmh !== null ? `${data.averageSpeedKmh} km/h` : '—'}
            </Stat>
            {inProgress ? (
              <>
                <Stat icon={Route} label="Reste environ">
                  {data.remainingKm !== null ? `${data.remainingKm.toLocaleString('fr-FR')} km` : '—'}
                </Stat>
                <Stat icon={MapPin} label="Arrivée estimée">
                  {data.etaAt ? (
                    <span className={cn(data.late && 'text-danger')}>{formatEta(data.etaAt, now)}</span>
                  ) : (
                    '—'
                  )}
                </Stat>
              </>
            ) : (
              <>
                {/* The trip is over: what was driven, and when it ended (no remaining distance, no ETA). */}
                <Stat icon={Route} label="Distance parcourue">
                  {data.positions.length > 1
                    ? `${Math.round(routeKm(data.positions)).toLocaleString('fr-FR')} km`
                    : '—'}
                </Stat>
                <Stat icon={MapPin} label="Livrée">
                  {data.deliveredAt ? formatEta(data.deliveredAt, now) : '—'}
                </Stat>
              </>
            )}
          </dl>
          <Suspense fallback={<Spinner label="Chargement de la carte…" />}>
            <TrackingMap tracking={data} />
          </Suspense>
          <MapLegend paused={inProgress && data.paused} />
          <p className="text-sm text-ink-muted">
            {inProgress
              ? `Estimation à partir de la distance restante à vol d’oiseau (majorée de 30 % pour la route) et de la vitesse moyenne du trajet ; fin prévue : ${formatDateTime(data.endDate)}.`
              : 'Trajet de la mission.'}{' '}
            {data.viewerIsDriver
              ? 'Vos positions ne sont visibles que du transporteur de la mission et de l’équipe Relais ; chaque consultation vous est montrée.'
              : 'Votre consultation est notée et visible du chauffeur (RGPD).'}
          </p>
        </>
      )}
    </div>
  );
}

/** What the dots mean: on a phone there is no hover to show the markers' tooltips. */
function MapLegend({ paused }: { paused: boolean }) {
  // The markers' own colours (tracking-map.tsx, markers.ts), the truck ringed in white like on the map.
  const dot = (color: string, truck = false) => (
    <span
      aria-hidden="true"
      className="inline-block h-3.5 w-3.5 rounded-full"
      style={{
        background: color,
        border: truck ? '2px solid #ffffff' : '2px solid #151920',
        boxShadow: truck ? '0 0 0 1px #151920' : undefined,
      }}
    />
  );
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted" aria-label="Légende de la carte">
      <li className="flex items-center gap-1.5">{dot('#2f9e44')} Enlèvement</li>
      <li className="flex items-center gap-1.5">{dot('#1c7ed6')} Livraison</li>
      <li className="flex items-center gap-1.5">
        {dot(paused ? '#868e96' : '#f76707', true)} {paused ? 'Dernière position (en pause)' : 'Camion'}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block h-1 w-5 rounded-full bg-[#f76707]" /> Trajet parcouru
      </li>
    </ul>
  );
}

function StateBanner({ data, now }: { data: MissionTracking; now: number }) {
  const inProgress = data.status === 'in_progress';
  if (inProgress && data.paused)
    return (
      <p
        role="status"
        data-testid="tracking-paused"
        className="flex items-center gap-2 rounded-xl border border-amber-500/60 bg-amber-500/15 p-3 font-semibold"
      >
        <Pause className="h-5 w-5" aria-hidden="true" />
        Suivi en pause{data.pausedAt ? ` depuis ${formatEta(data.pausedAt, now)}` : ''} : le chauffeur a
        suspendu le partage de sa position.
      </p>
    );
  if (inProgress && data.late)
    return (
      <p role="status" className="rounded-xl border border-danger/50 bg-danger/10 p-3 font-semibold">
        En retard : l’arrivée estimée dépasse la fin prévue ({formatDateTime(data.endDate)}).
      </p>
    );
  if (inProgress && !data.lastPositionAt)
    return (
      <p role="status" className="rounded-xl border border-line bg-surface-raised p-3">
        Aucune position reçue pour l’instant : la carte se met à jour dès que le téléphone du chauffeur en
        envoie.
      </p>
    );
  if (!inProgress && data.deliveredAt)
    return (
      <p role="status" className="rounded-xl border border-line bg-surface-raised p-3">
        Livrée le {formatDateTime(data.deliveredAt)} : le partage de position est terminé.
      </p>
    );
  return null;
}

function Summary({ data }: { data: MissionTracking }) {
  const summary = data.summary!;
  const hours = Math.floor(summary.durationMinutes / 60);
  const minutes = summary.durationMinutes % 60;
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 className="text-lg font-bold">Résumé du trajet</h2>
      <p className="mt-1 text-ink-muted">
        Les positions ont été effacées {TRACKING_RETENTION_DAYS} jours après la fin de la mission ; il reste
        ce résumé.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat icon={Route} label="Distance">
          {summary.distanceKm.toLocaleString('fr-FR')} km
        </Stat>
        <Stat icon={Clock} label="Durée">
          {hours > 0 ? `${hours} h ${String(minutes).padStart(2, '0')}` : `${minutes} min`}
        </Stat>
        <Stat icon={Gauge} label="Vitesse moyenne">
          {summary.averageSpeedKmh !== null ? `${Math.round(summary.averageSpeedKmh)} km/h` : '—'}
        </Stat>
        <Stat icon={MapPin} label="Points">
          {summary.pointCount}
        </Stat>
      </dl>
    </section>
  );
}
