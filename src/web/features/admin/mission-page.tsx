import { formatLongDateTime } from '#core/rules/french-dates.js';
import { formatPhoneFr } from '#core/rules/phone.js';
import { ArrowLeft, Ban, CreditCard, Truck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import {
  APPLICATION_STATUS_LABELS,
  DOCUMENT_LABELS,
  ENGAGEMENT_LABELS,
  PRICING_LABELS,
  VEHICLE_LABELS,
  type EngagementType,
  type PricingType,
  type RequiredDocument,
  type VehicleType,
} from '#core/rules/missions.js';
import { PAYMENT_TERMS_LABELS, type PaymentTerms } from '#core/rules/money.js';
import type { AdminMissionDetail, AdminMissionPerson } from '#core/schemas/admin-missions.js';
import { ApiError } from '#web/lib/api.js';
import { Button } from '#web/ui/button.js';
import { EmptyState } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useToast } from '#web/ui/toast.js';
import { useAdminMission, useCancelMission } from './admin-missions-api.js';
import { CancelMissionDialog } from './mission-cancel-dialog.js';
import { MissionTimeline } from './mission-timeline.js';
import { formatMoney } from '#core/rules/money.js';
import { Demo, MissionStatusBadge, Urgent } from './missions-parts.js';
import { StatusBadge } from './status-badge.js';

const ACCOUNT_LABELS: Record<string, string> = {
  active: 'Actif',
  suspended: 'Suspendu',
  deactivated: 'Désactivé',
  deleted: 'Supprimé',
};

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
    >
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="user-text min-w-0">{children}</dd>
    </div>
  );
}

function Party({ role, person }: { role: string; person: AdminMissionPerson | null }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="text-sm font-semibold text-ink-muted">{role}</p>
      {person ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <Link
              href={`/admin/utilisateurs/${person.id}`}
              className="user-text font-bold text-accent underline underline-offset-2"
            >
              {person.companyName ?? person.fullName}
            </Link>
            {person.accountStatus !== 'active' && (
              <StatusBadge status="rejected">
                {ACCOUNT_LABELS[person.accountStatus] ?? person.accountStatus}
              </StatusBadge>
            )}
            {person.isDemo && <Demo />}
          </p>
          {person.companyName && <p className="user-text text-sm">{person.fullName}</p>}
          <p className="break-all text-sm text-ink-muted">{person.email}</p>
          {person.phone && <p className="text-sm text-ink-muted">{formatPhoneFr(person.phone)}</p>}
        </>
      ) : (
        <p className="text-ink-muted">Aucun chauffeur retenu.</p>
      )}
    </div>
  );
}

function Details({ detail }: { detail: AdminMissionDetail }) {
  const mission = detail.mission;
  return (
    <dl className="space-y-3">
      <Row label="Chargement">{mission.pickupAddress}</Row>
      <Row label="Livraison">{mission.deliveryAddress}</Row>
      <Row label="Début">{formatLongDateTime(mission.startDate)}</Row>
      <Row label="Fin">{formatLongDateTime(mission.endDate)}</Row>
      <Row label="Véhicule">{VEHICLE_LABELS[mission.vehicleType as VehicleType] ?? mission.vehicleType}</Row>
      {mission.cargoType && <Row label="Marchandise">{mission.cargoType}</Row>}
      <Row label="Prix">
        {formatMoney(mission.price)} ·{' '}
        {PRICING_LABELS[mission.pricingType as PricingType] ?? mission.pricingType}
      </Row>
      <Row label="Cadre">
        {ENGAGEMENT_LABELS[mission.engagementType as EngagementType] ?? mission.engagementType}
      </Row>
      <Row label="Délai de paiement">
        {PAYMENT_TERMS_LABELS[mission.paymentTerms as PaymentTerms] ?? mission.paymentTerms}
      </Row>
      {mission.requiredDocuments.length > 0 && (
        <Row label="Documents exigés">
          {mission.requiredDocuments
            .map((document) => DOCUMENT_LABELS[document as RequiredDocument] ?? document)
            .join(', ')}
        </Row>
      )}
      {detail.settlement && (
        <Row label="Règlement">
          {formatMoney(detail.settlement.amount)} · échéance{' '}
          {detail.settlement.dueDate.split('-').reverse().join('/')}
        </Row>
      )}
      <Row label="Publiée le">{formatLongDateTime(mission.createdAt)}</Row>
      <Row label="Description">
        <span className="whitespace-pre-line">{mission.description}</span>
      </Row>
    </dl>
  );
}

/** /admin/missions/:id: the mission's file (details, parties, applications, timeline) and its cancellation. */
export function AdminMissionPage() {
  const { id } = useParams<{ id: string }>();
  const query = useAdminMission(id);
  const cancel = useCancelMission(id);
  const toast = useToast();
  const [cancelling, setCancelling] = useState(false);

  const back = (
    <Link
      href="/admin/missions"
      className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-accent"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Missions
    </Link>
  );
  if (query.isPending)
    return (
      <>
        {back}
        <Spinner label="Chargement de la mission..." />
      </>
    );
  if (query.isError || !query.data)
    return (
      <>
        {back}
        <EmptyState icon={Truck} title="Mission introuvable">
          <p>
            {query.error instanceof ApiError && query.error.status === 404
              ? 'Cette mission n’existe pas ou a été supprimée avec le compte de son transporteur.'
              : 'La mission n’a pas pu être chargée. Réessayez dans un instant.'}
          </p>
        </EmptyState>
      </>
    );
  const detail = query.data;
  const mission = detail.mission;

  return (
    <>
      {back}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="user-text min-w-0">
          <p className="mb-1 flex flex-wrap items-center gap-2">
            <MissionStatusBadge status={mission.status} />
            {mission.urgency && <Urgent />}
            {mission.demo && <Demo />}
            <span className="text-sm text-ink-muted">Réf. {mission.reference}</span>
          </p>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{mission.title}</h1>
          <p className="mt-1 text-ink-muted">
            {mission.pickupCity ?? '?'} → {mission.deliveryCity ?? '?'}
          </p>
        </div>
        {detail.cancellable && (
          <Button variant="danger" onClick={() => setCancelling(true)}>
            <Ban className="h-4 w-4" aria-hidden="true" />
            Annuler la mission
          </Button>
        )}
      </div>

      {mission.status === 'cancelled' && (
        <div role="status" className="mb-6 rounded-2xl border border-danger/60 bg-danger/10 p-4">
          <p className="font-bold">
            Mission annulée{mission.cancelledAt ? ` le ${formatLongDateTime(mission.cancelledAt)}` : ''}
          </p>
          {mission.cancellationReason && <p className="user-text mt-1">{mission.cancellationReason}</p>}
        </div>
      )}
      {detail.capturedPayments.length > 0 && (
        <div className="mb-6 flex gap-3 rounded-2xl border border-accent/60 bg-brand-500/10 p-4">
          <CreditCard className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
          <p>
            Paiement par carte encaissé pour cette mission :{' '}
            {detail.capturedPayments
              .map(
                (payment) =>
                  `${payment.kind === 'deposit' ? 'acompte' : 'solde'} de ${formatMoney(payment.amount)}`,
              )
              .join(', ')}
            .{' '}
            {mission.status === 'cancelled'
              ? 'La mission est annulée : vérifiez que le remboursement a été fait sur Stripe.'
              : 'En cas d’annulation, il faut le rembourser depuis le tableau de bord Stripe.'}
          </p>
        </div>
      )}

      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <div className="min-w-0 space-y-6">
          <Card title="Détails" id="mission-details">
            <Details detail={detail} />
          </Card>
          <Card title="Historique" id="mission-timeline">
            <MissionTimeline entries={detail.timeline} />
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <Card title="Parties" id="mission-parties">
            <div className="space-y-4">
              <Party role="Transporteur" person={detail.company} />
              <Party role="Chauffeur" person={detail.driver} />
            </div>
          </Card>
          <Card title={`Candidatures (${detail.applications.length})`} id="mission-applications">
            {detail.applications.length === 0 ? (
              <p className="text-ink-muted">Aucune candidature.</p>
            ) : (
              <ul className="divide-y divide-line">
                {detail.applications.map((application) => (
                  <li key={application.id} className="space-y-1 py-3 first:pt-0 last:pb-0">
                    <p className="flex flex-wrap items-center justify-between gap-2">
                      <Link
                        href={`/admin/utilisateurs/${application.driver.id}`}
                        className="user-text font-semibold text-accent underline underline-offset-2"
                      >
                        {application.driver.fullName}
                      </Link>
                      <StatusBadge
                        status={
                          application.status === 'accepted'
                            ? 'verified'
                            : application.status === 'pending'
                              ? 'pending'
                              : 'replaced'
                        }
                      >
                        {APPLICATION_STATUS_LABELS[
                          application.status as keyof typeof APPLICATION_STATUS_LABELS
                        ] ?? application.status}
                      </StatusBadge>
                    </p>
                    <p className="text-sm text-ink-muted">Le {formatLongDateTime(application.createdAt)}</p>
                    {application.message && <p className="user-text text-sm">{application.message}</p>}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>

      <CancelMissionDialog
        open={cancelling}
        onOpenChange={setCancelling}
        detail={detail}
        onConfirm={async (input) => {
          await cancel.mutateAsync(input);
          toast({
            title: 'Mission annulée',
            description: 'Les parties ont été prévenues.',
            variant: 'success',
          });
        }}
      />
    </>
  );
}
