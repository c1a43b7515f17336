import { formatPhoneFr } from '#core/rules/phone.js';
import { Banknote, Phone, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { MissionStatus } from '#core/rules/enums.js';
import { TIMELINE_LABELS } from '#core/rules/missions.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { rememberReturnPath } from '#web/lib/return-path.js';
import { useOnlinePayment } from '#web/lib/site-settings.js';
import { useSession } from '#web/lib/session.js';
import { QueuedActionsList } from '#web/lib/offline/queued-actions.js';
import { missionGroup } from './delivery-api.js';
import { SavedCopyNotice } from '#web/lib/offline/saved-copy-notice.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useMission } from './api.js';
import { Applicants } from './applicants.js';
import { ApplyBox } from './apply-box.js';
import { Section } from './detail-section.js';
import { DeliveryPanel } from './delivery-panel.js';
import { DepositPanel } from './deposit-panel.js';
import { EngagementPanel } from './engagement-panel.js';
import { ActionBar } from './mission-actions.js';
import { StatusBadge, UrgentBadge } from './mission-card.js';
import { MissionFacts } from './mission-facts.js';
import { MissionForm } from './mission-form.js';
import { ReviewPanel } from './review-panel.js';
import { TrackingPanel } from './tracking-panel.js';

/**
 * For the publisher: an end of the mission the map cannot show, or shows roughly — the mission is then missing
 * from radius searches, or found at the wrong distance. Said here, with the way to fix it.
 */
function PlacementWarning({ detail, onEdit }: { detail: MissionDetail; onEdit: (() => void) | null }) {
  const { mission } = detail;
  const ends = [
    { label: 'Le ramassage', lat: mission.pickupLat, precision: mission.pickupPrecision },
    { label: 'La livraison', lat: mission.deliveryLat, precision: mission.deliveryPrecision },
  ];
  const lines = ends.flatMap((end) =>
    end.lat === null
      ? [
          `${end.label} n’a pas de position : la mission n’apparaît pas dans les recherches autour d’une ville.`,
        ]
      : end.precision === 'approx'
        ? [`${end.label} n’est placé qu’approximativement (à 10–20 km près).`]
        : [],
  );
  if (lines.length === 0) return null;
  return (
    <div role="status" className="mt-4 rounded-xl border border-accent bg-brand-500/10 p-4 text-sm">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="mt-1">
        Ajoutez le code postal à l’adresse, ou placez le point sur la carte.{' '}
        {onEdit && (
          <button type="button" className="font-semibold text-accent underline" onClick={onEdit}>
            Modifier la mission
          </button>
        )}
      </p>
    </div>
  );
}

/**
 * A shared mission link opened by a visitor: the mission without its addresses or contact, and "Postuler",
 * which leads to an account and back here.
 */
function VisitorMission({ detail }: { detail: MissionDetail }) {
  const [, navigate] = useLocation();
  const { mission } = detail;
  const here = `/mission/${mission.id}`;
  const open = mission.status === 'available';
  const goTo = (path: string) => {
    rememberReturnPath(here);
    navigate(path);
  };
  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-10">
      <PageHeader
        title={mission.title}
        description={`${mission.pickupCity ?? ''} → ${mission.deliveryCity ?? ''}`}
        actions={mission.urgency ? <UrgentBadge /> : undefined}
      />
      <Section title="La mission">
        <MissionFacts detail={detail} />
        {detail.company?.companyName && (
          <p className="mt-4 text-sm">
            Publiée par <span className="user-text font-semibold">{detail.company.companyName}</span>
          </p>
        )}
      </Section>
      <Section title={open ? 'Postuler' : 'Mission pourvue'}>
        {open ? (
          <>
            <p>
              Créez votre compte chauffeur gratuit pour voir les adresses exactes, écrire au transporteur et
              postuler. Vous reviendrez ensuite sur cette mission.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button size="lg" onClick={() => goTo('/register')}>
                Postuler
              </Button>
              <Button size="lg" variant="secondary" onClick={() => goTo('/login')}>
                J’ai déjà un compte
              </Button>
            </div>
          </>
        ) : (
          <p>
            Cette mission n’est plus ouverte aux candidatures.{' '}
            <Link href="/explorer" className="font-semibold text-accent underline">
              Voir les missions ouvertes
            </Link>
          </p>
        )}
      </Section>
    </div>
  );
}

/** Where « Y aller » is offered to a driver: while there is still somewhere to drive to. */
const ROUTE_AHEAD = new Set<string>(['available', 'assigned', 'in_progress']);

export function MissionDetailPage() {
  const { id } = useParams<{ id: string }>();
  const query = useMission(id);
  const { user } = useSession();
  const role = user?.role;
  const [editing, setEditing] = useState(false);
  const online = useOnlinePayment();
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data)
    return (
      <EmptyState
        icon={Truck}
        title="Mission introuvable"
        action={
          <Link href={user ? '/missions' : '/explorer'} className={buttonClasses('primary')}>
            {user ? 'Retour aux missions' : 'Voir les missions ouvertes'}
          </Link>
        }
      >
        <p>{query.error?.message ?? 'Cette mission n’existe pas ou n’est plus visible.'}</p>
      </EmptyState>
    );
  const detail = query.data;
  if (!user) return <VisitorMission detail={detail} />;
  const { mission } = detail;
  const isOwner = detail.applications !== null;
  const editable = isOwner && mission.status === 'available' && !mission.driverId;
  // The settlement opens for its two parties once the transporter has confirmed the end of the mission.
  const settles =
    mission.status === 'completed' && (isOwner || (role === 'driver' && mission.driverId === user.id));
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <PageHeader
        title={mission.title}
        description={`${mission.pickupCity ?? ''} → ${mission.deliveryCity ?? ''}`}
        actions={
          <div className="flex items-center gap-2">
            {mission.urgency && <UrgentBadge />}
            <StatusBadge status={mission.status as MissionStatus} />
            {editable && (
              <Button size="sm" variant="secondary" onClick={() => setEditing((value) => !value)}>
                {editing ? 'Fermer' : 'Modifier'}
              </Button>
            )}
            {isOwner && (
              <Link href={`/missions?copie=${mission.id}`} className={buttonClasses('secondary', 'sm')}>
                Dupliquer
              </Link>
            )}
          </div>
        }
      />
      <SavedCopyNotice path={`/api/missions/${mission.id}`} what="Fiche" />
      <QueuedActionsList
        group={missionGroup(mission.id)}
        className="rounded-xl border border-line bg-surface-raised px-4 py-3"
      />
      {editing ? (
        <Section title="Modifier la mission">
          <MissionForm mission={mission} onDone={() => setEditing(false)} />
        </Section>
      ) : (
        <Section title="La mission">
          <MissionFacts
            detail={detail}
            online={online}
            navigable={role === 'driver' && ROUTE_AHEAD.has(mission.status)}
          />
          {isOwner && <PlacementWarning detail={detail} onEdit={editable ? () => setEditing(true) : null} />}
          {detail.company && (
            <p className="mt-4 flex flex-wrap items-center gap-3 text-sm">
              <span className="user-text font-semibold">
                {detail.company.companyName ?? detail.company.fullName}
              </span>
              {detail.company.phone && !isOwner && (
                <a
                  href={`tel:${detail.company.phone}`}
                  className="flex items-center gap-1 font-semibold text-accent underline"
                >
                  <Phone className="h-4 w-4" aria-hidden="true" /> {formatPhoneFr(detail.company.phone)}
                </a>
              )}
            </p>
          )}
          {mission.cancellationReason && (
            <p className="mt-3 rounded-lg border border-danger p-3 text-danger">
              Motif d’annulation : {mission.cancellationReason}
            </p>
          )}
          {mission.driverName && isOwner && (
            <p className="mt-3">
              Chauffeur retenu : <strong>{mission.driverName}</strong>
            </p>
          )}
          <div className="mt-5">
            <ActionBar detail={detail} />
          </div>
        </Section>
      )}
      <TrackingPanel detail={detail} />
      <DeliveryPanel detail={detail} />
      <ReviewPanel detail={detail} />
      {settles && (
        <Section title="Règlement">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 flex-1 basis-64">
              Ce qui est dû pour cette mission, son échéance, les documents et le suivi du paiement.
            </p>
            <Link href={`/mission/${mission.id}/payment`} className={buttonClasses('primary')}>
              <Banknote className="h-5 w-5" aria-hidden="true" /> Règlement
            </Link>
          </div>
        </Section>
      )}
      {online && <DepositPanel detail={detail} isOwner={isOwner} />}
      <EngagementPanel detail={detail} />
      {isOwner && <Applicants detail={detail} />}
      {role === 'driver' && (detail.myApplication || mission.status === 'available') && (
        <ApplyBox detail={detail} />
      )}
      <Section title="Historique">
        <ol className="space-y-2">
          {detail.timeline.map((event) => (
            <li key={event.id} className="flex flex-wrap gap-x-3 text-sm">
              <span className="font-semibold">{TIMELINE_LABELS[event.type] ?? event.type}</span>
              <span className="text-ink-muted">{formatDateTime(event.createdAt)}</span>
              {event.actorName && <span className="user-text text-ink-muted">· {event.actorName}</span>}
              {event.reason && (
                <span className="user-text w-full text-ink-muted">Motif : {event.reason}</span>
              )}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
