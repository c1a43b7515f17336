import {
  BadgeCheck,
  CalendarClock,
  FileWarning,
  MapPin,
  MessageSquare,
  Phone,
  Star,
  Truck,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { MissionStatus } from '#core/rules/enums.js';
import {
  ACTION_LABELS,
  ACTIONS_WITH_REASON,
  APPLICATION_STATUS_LABELS,
  DOCUMENT_LABELS,
  ENGAGEMENT_EXPLANATIONS,
  ENGAGEMENT_LABELS,
  STATUS_LABELS,
  TIMELINE_LABELS,
  VEHICLE_LICENSE,
  type MissionAction,
  type RequiredDocument,
  type VehicleType,
} from '#core/rules/missions.js';
import { APPLICATION_LIMIT_MESSAGE, applicationsLeftLabel } from '#core/rules/plans.js';
import { conversationPath } from '#core/schemas/messaging.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { EMAIL_NOT_VERIFIED, emailRequiredMessages } from '#core/schemas/users.js';
import { useSession } from '#web/app/session.js';
import { EmailRequiredNotice } from '#web/app/verification-banner.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { TextAreaField } from '#web/ui/field.js';
import { Avatar } from '#web/ui/avatar.js';
import { useToast } from '#web/ui/toast.js';
import { missionApi, useMission, useMissionMutation } from './api.js';
import { formatDateTime } from '#web/lib/dates.js';
import { formatPrice, vehicleLabel } from './format.js';
import { MissionForm } from './mission-form.js';
import { StatusBadge, UrgentBadge } from './mission-card.js';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function useToastError() {
  const toast = useToast();
  return (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Réessayez dans un instant.'), variant: 'destructive' });
}

/** Start, deliver, complete, cancel, drop: the buttons of the viewer's party, with a reason when needed. */
function ActionBar({ detail }: { detail: MissionDetail }) {
  const toast = useToast();
  const failed = useToastError();
  const [pending, setPending] = useState<MissionAction | null>(null);
  const [reason, setReason] = useState('');
  const act = useMissionMutation(
    ({ action, reason }: { action: MissionAction; reason?: string }) =>
      missionApi.act(detail.mission.id, action, reason),
    {
      onSuccess: (next) => {
        setPending(null);
        setReason('');
        toast({ title: STATUS_LABELS[next.mission.status], description: next.mission.title });
      },
      onError: failed('Action impossible'),
    },
  );
  const actions = detail.actions as MissionAction[];
  if (actions.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const needsReason = ACTIONS_WITH_REASON.includes(action);
          return (
            <Button
              key={action}
              variant={needsReason ? 'danger' : 'primary'}
              disabled={act.isPending}
              onClick={() => (needsReason ? setPending(action) : act.mutate({ action }))}
            >
              {ACTION_LABELS[action]}
            </Button>
          );
        })}
      </div>
      {pending && (
        <form
          className="space-y-2 rounded-xl border border-danger p-4"
          onSubmit={(event) => {
            event.preventDefault();
            act.mutate({ action: pending, reason });
          }}
        >
          <TextAreaField
            label={`${pending === 'cancel' ? 'Motif de l’annulation' : 'Motif du désistement'} (les personnes concernées le verront)`}
            required
            minLength={10}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={act.isPending || reason.trim().length < 10}>
              Confirmer : {ACTION_LABELS[pending].toLowerCase()}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setPending(null)}>
              Retour
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function ApplyBox({ detail }: { detail: MissionDetail }) {
  const toast = useToast();
  const failed = useToastError();
  const [message, setMessage] = useState('');
  const apply = useMissionMutation((text: string) => missionApi.apply(detail.mission.id, text), {
    onSuccess: (application) => {
      toast({
        title: 'Candidature envoyée',
        description: application.missingDocuments.length
          ? `Pensez à fournir : ${application.missingDocuments.map((d) => DOCUMENT_LABELS[d as RequiredDocument]).join(', ')}.`
          : 'Le transporteur est prévenu.',
      });
    },
    onError: failed('Candidature impossible'),
  });
  const withdraw = useMissionMutation((id: string) => missionApi.decide(id, 'withdraw'), {
    onSuccess: () => toast({ title: 'Candidature retirée' }),
    onError: failed('Retrait impossible'),
  });
  const mine = detail.myApplication;
  if (mine) {
    return (
      <Section title="Ma candidature">
        <p>
          Statut : <strong>{APPLICATION_STATUS_LABELS[mine.status]}</strong>
        </p>
        {mine.missingDocuments.length > 0 && (
          <p className="mt-2 flex gap-2 text-sm text-accent">
            <FileWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
            Documents demandés que vous n’avez pas encore fournis :{' '}
            {mine.missingDocuments.map((d) => DOCUMENT_LABELS[d as RequiredDocument]).join(', ')}.{' '}
            <Link href="/documents" className="font-semibold underline">
              Mes documents
            </Link>
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {mine.status !== 'withdrawn' && detail.company && (
            <Link
              href={conversationPath(detail.company.id, detail.mission.id)}
              className={buttonClasses('secondary')}
            >
              <MessageSquare className="h-4 w-4" aria-hidden="true" /> Écrire au transporteur
            </Link>
          )}
          {mine.status === 'pending' && (
            <Button
              variant="secondary"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate(mine.id)}
            >
              Retirer ma candidature
            </Button>
          )}
        </div>
      </Section>
    );
  }
  return (
    <Section title="Postuler">
      {detail.canApply ? (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            apply.mutate(message);
          }}
        >
          <TextAreaField
            label="Message au transporteur (facultatif)"
            rows={3}
            maxLength={1000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            placeholder="Disponible dès 5 h, habitué des quais de Rungis…"
          />
          {detail.missingDocumentsForMe.length > 0 && (
            <p className="flex gap-2 text-sm text-accent">
              <FileWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
              Cette mission demande des documents absents de votre profil :{' '}
              {detail.missingDocumentsForMe.map((d) => DOCUMENT_LABELS[d as RequiredDocument]).join(', ')}.
              Vous pouvez postuler, le transporteur le verra.
            </p>
          )}
          <Button type="submit" size="lg" disabled={apply.isPending}>
            {apply.isPending ? 'Envoi...' : 'Postuler à cette mission'}
          </Button>
          <p className="text-sm text-ink-muted">{applicationsLeftLabel(detail.applicationsLeft)}</p>
        </form>
      ) : (
        <div className="space-y-2">
          {detail.applyBlockedCode === EMAIL_NOT_VERIFIED ? (
            <EmailRequiredNotice message={detail.applyBlockedReason ?? emailRequiredMessages.apply} />
          ) : (
            <p role="status">{detail.applyBlockedReason}</p>
          )}
          {detail.applyBlockedReason === APPLICATION_LIMIT_MESSAGE && (
            <Link href="/pricing" className={buttonClasses('primary', 'sm')}>
              Voir les formules
            </Link>
          )}
        </div>
      )}
    </Section>
  );
}

function Applicants({ detail }: { detail: MissionDetail }) {
  const toast = useToast();
  const failed = useToastError();
  const decide = useMissionMutation(
    ({ id, decision }: { id: string; decision: 'accept' | 'reject' }) => missionApi.decide(id, decision),
    { onSuccess: (result) => toast({ title: result.message }), onError: failed('Action impossible') },
  );
  const applications = detail.applications ?? [];
  const open = detail.mission.status === 'available';
  return (
    <Section title={`Candidatures (${applications.length})`}>
      {applications.length === 0 ? (
        <p className="text-ink-muted">
          Aucune candidature pour l’instant. Les chauffeurs correspondants sont alertés.
        </p>
      ) : (
        <ul className="space-y-3">
          {applications.map((application) => {
            const driver = application.driver!;
            if (driver.accountClosed)
              return (
                <li key={application.id} className="rounded-xl border border-line p-4 text-ink-muted">
                  <p className="font-bold">{driver.fullName}</p>
                  <p className="text-sm">Candidature retirée : ce chauffeur a supprimé son compte.</p>
                </li>
              );
            return (
              <li key={application.id} className="rounded-xl border border-line p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex items-center gap-3">
                    <Avatar src={driver.avatar} size="md" />
                    <div>
                      <p className="font-bold">
                        <Link href={`/profile/${driver.id}`} className="underline-offset-2 hover:underline">
                          {driver.fullName}
                        </Link>
                      </p>
                      <p className="text-sm text-ink-muted">
                        Permis {driver.licenseType ?? '—'} · {driver.yearsExperience} an
                        {driver.yearsExperience > 1 ? 's' : ''} d’expérience · {driver.completedMissions}{' '}
                        mission
                        {driver.completedMissions > 1 ? 's' : ''} réalisée
                        {driver.completedMissions > 1 ? 's' : ''}
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-3 text-sm">
                        <span className="flex items-center gap-1">
                          <Star className="h-4 w-4 text-accent" aria-hidden="true" /> Réputation{' '}
                          {Number(driver.reputationScore).toLocaleString('fr-FR')}
                        </span>
                        {driver.documentsVerified ? (
                          <span className="flex items-center gap-1 text-success">
                            <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Documents vérifiés
                          </span>
                        ) : (
                          <span className="text-ink-muted">Documents non vérifiés</span>
                        )}
                      </p>
                    </div>
                  </div>
                  <span className="text-sm font-semibold">
                    {APPLICATION_STATUS_LABELS[application.status]}
                  </span>
                </div>
                {application.message && (
                  <p className="mt-3 rounded-lg bg-surface-sunken p-3">« {application.message} »</p>
                )}
                {application.missingDocuments.length > 0 && (
                  <p className="mt-2 text-sm text-accent">
                    Non fournis :{' '}
                    {application.missingDocuments
                      .map((d) => DOCUMENT_LABELS[d as RequiredDocument])
                      .join(', ')}
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    href={conversationPath(driver.id, detail.mission.id)}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    <MessageSquare className="h-4 w-4" aria-hidden="true" /> Écrire
                  </Link>
                  {open && application.status === 'pending' && (
                    <>
                      <Button
                        size="sm"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: application.id, decision: 'accept' })}
                      >
                        Retenir ce chauffeur
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ id: application.id, decision: 'reject' })}
                      >
                        Refuser
                      </Button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

export function MissionDetailPage() {
  const { id } = useParams<{ id: string }>();
  const query = useMission(id);
  const role = useSession().user?.role;
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data)
    return (
      <EmptyState
        icon={Truck}
        title="Mission introuvable"
        action={
          <Link href="/missions" className={buttonClasses('primary')}>
            Retour aux missions
          </Link>
        }
      >
        <p>{query.error?.message ?? 'Cette mission n’existe pas ou n’est plus visible.'}</p>
      </EmptyState>
    );
  const detail = query.data;
  const { mission } = detail;
  const isOwner = detail.applications !== null;
  const editable = isOwner && mission.status === 'available' && !mission.driverId;
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
              <Button size="sm" variant="secondary" onClick={() => setEditing((v) => !v)}>
                {editing ? 'Fermer' : 'Modifier'}
              </Button>
            )}
          </div>
        }
      />
      {editing ? (
        <Section title="Modifier la mission">
          <MissionForm mission={mission} onDone={() => setEditing(false)} />
        </Section>
      ) : (
        <Section title="La mission">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-ink-muted">Ramassage</dt>
              <dd className="flex gap-1.5 font-semibold">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                {mission.pickupAddress ?? mission.pickupCity}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Livraison</dt>
              <dd className="flex gap-1.5 font-semibold">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                {mission.deliveryAddress ?? mission.deliveryCity}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Début</dt>
              <dd className="flex gap-1.5 font-semibold">
                <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                {formatDateTime(mission.startDate)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Fin</dt>
              <dd className="font-semibold">{formatDateTime(mission.endDate)}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Véhicule</dt>
              <dd className="font-semibold">
                {vehicleLabel(mission.vehicleType)} · permis{' '}
                {VEHICLE_LICENSE[mission.vehicleType as VehicleType] ?? '—'}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Prix convenu</dt>
              <dd className="text-xl font-extrabold">{formatPrice(mission.price, mission.pricingType)}</dd>
            </div>
            {mission.cargoType && (
              <div>
                <dt className="text-sm text-ink-muted">Marchandise</dt>
                <dd className="font-semibold">{mission.cargoType}</dd>
              </div>
            )}
            <div>
              <dt className="text-sm text-ink-muted">Documents exigés</dt>
              <dd className="font-semibold">
                {mission.requiredDocuments.length
                  ? mission.requiredDocuments.map((d) => DOCUMENT_LABELS[d as RequiredDocument]).join(', ')
                  : 'Aucun'}
              </dd>
            </div>
          </dl>
          <div className="mt-4 rounded-xl bg-surface-sunken p-4">
            <p className="font-semibold">{ENGAGEMENT_LABELS[mission.engagementType]}</p>
            <p className="mt-1 text-sm text-ink-muted">{ENGAGEMENT_EXPLANATIONS[mission.engagementType]}</p>
            <p className="mt-1 text-sm text-ink-muted">
              Relais ne gère aucun paiement : le règlement se fait directement entre les parties.
            </p>
          </div>
          <p className="mt-4 whitespace-pre-line">{mission.description}</p>
          {detail.company && (
            <p className="mt-4 flex flex-wrap items-center gap-3 text-sm">
              <span className="font-semibold">{detail.company.companyName ?? detail.company.fullName}</span>
              {detail.company.phone && !isOwner && (
                <a
                  href={`tel:${detail.company.phone}`}
                  className="flex items-center gap-1 font-semibold text-accent underline"
                >
                  <Phone className="h-4 w-4" aria-hidden="true" /> {detail.company.phone}
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
              {event.actorName && <span className="text-ink-muted">· {event.actorName}</span>}
              {event.reason && <span className="w-full text-ink-muted">Motif : {event.reason}</span>}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
