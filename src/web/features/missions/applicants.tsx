import { reputationLabel } from '#core/rules/reputation.js';
import { BadgeCheck, CalendarX, MessageSquare, ShieldAlert, Star, Timer, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { APPLICATION_STATUS_LABELS } from '#core/rules/missions.js';
import { conversationPath } from '#core/schemas/messaging.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { Avatar } from '#web/ui/avatar.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { TextAreaField } from '#web/ui/field.js';
import { BadgeChips } from '#web/ui/member-badges.js';
import { useToast } from '#web/ui/toast.js';
import { missionApi, useMissionMutation } from './api.js';
import { Section, useToastError } from './detail-section.js';
import { VerdictList } from './document-verdicts.js';

/** The publisher's list of applicants: who they are, their papers, and the choice. */
export function Applicants({ detail }: { detail: MissionDetail }) {
  const toast = useToast();
  const failed = useToastError();
  // The applicant about to be chosen: choosing turns every other pending applicant down, so it is confirmed.
  const [choosing, setChoosing] = useState<string | null>(null);
  // Past the driving-time rules, choosing needs a reason (kept in the mission's timeline).
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const decide = useMissionMutation(
    ({
      id,
      decision,
      overrideReason,
    }: {
      id: string;
      decision: 'accept' | 'reject';
      overrideReason?: string;
    }) => missionApi.decide(id, decision, overrideReason),
    {
      onSuccess: (result) => {
        setChoosing(null);
        setReason('');
        toast({ title: result.message });
      },
      onError: (error) => {
        setChoosing(null);
        failed('Action impossible')(error);
      },
    },
  );
  const applications = detail.applications ?? [];
  const open = detail.mission.status === 'available';
  const chosen = applications.find((application) => application.id === choosing);
  const others = applications.filter(
    (application) =>
      application.id !== choosing && application.status === 'pending' && !application.driver?.accountClosed,
  );
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
                  <p className="user-text font-bold">{driver.fullName}</p>
                  <p className="text-sm">Candidature retirée : ce chauffeur a supprimé son compte.</p>
                </li>
              );
            return (
              <li key={application.id} className="rounded-xl border border-line p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar src={driver.avatar} size="md" />
                    <div className="user-text">
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
                          <Star className="h-4 w-4 text-accent" aria-hidden="true" />{' '}
                          {reputationLabel(driver.reputationScore)}
                          {driver.reviewCount > 0 && (
                            <span className="text-ink-muted">
                              {' '}
                              · {driver.reviewCount} avis publié{driver.reviewCount > 1 ? 's' : ''}
                            </span>
                          )}
                        </span>
                        {driver.documentsVerified ? (
                          <span className="flex items-center gap-1 text-success">
                            <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Documents vérifiés
                          </span>
                        ) : (
                          <span className="text-ink-muted">Documents non vérifiés</span>
                        )}
                        {driver.featured && (
                          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-ink">
                            Elite
                          </span>
                        )}
                        {driver.validationStatus !== 'approved' && (
                          <span
                            className="flex items-center gap-1 rounded-full bg-danger/15 px-2 py-0.5 text-xs font-bold text-danger"
                            title="Relais n’a pas encore validé ce chauffeur (documents puis entretien)."
                          >
                            <ShieldAlert className="h-3.5 w-3.5" aria-hidden="true" /> Non vérifié
                          </span>
                        )}
                      </p>
                      <BadgeChips badges={driver.badges} className="mt-2" />
                    </div>
                  </div>
                  <span className="text-sm font-semibold">
                    {APPLICATION_STATUS_LABELS[application.status]}
                  </span>
                </div>
                {application.message && (
                  <p className="mt-3 rounded-lg bg-surface-sunken p-3">« {application.message} »</p>
                )}
                {application.bookedElsewhere && (
                  <p role="note" className="mt-3 flex gap-2 rounded-lg bg-danger/10 p-3 text-sm text-danger">
                    <CalendarX className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                    {application.bookedElsewhere}
                  </p>
                )}
                {application.drivingTime && !application.drivingTime.ok && (
                  <div role="note" className="mt-3 rounded-lg bg-danger/10 p-3 text-sm text-danger">
                    <p className="flex items-center gap-2 font-semibold">
                      <Timer className="h-4 w-4 shrink-0" aria-hidden="true" /> Temps de conduite et de repos
                    </p>
                    <ul className="mt-1 list-disc space-y-1 pl-5">
                      {application.drivingTime.sentences.map((sentence) => (
                        <li key={sentence}>{sentence}</li>
                      ))}
                    </ul>
                  </div>
                )}
                {application.requirements.length > 0 && (
                  <div className="mt-3">
                    <p className="text-sm font-semibold">Documents exigés, jusqu’à la fin de la mission</p>
                    <VerdictList
                      verdicts={application.requirements}
                      audience="transporter"
                      className="mt-1"
                    />
                  </div>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    href={conversationPath(driver.id, detail.mission.id)}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    <MessageSquare className="h-4 w-4" aria-hidden="true" /> Écrire
                  </Link>
                  <Link href={`/profile/${driver.id}`} className={buttonClasses('secondary', 'sm')}>
                    <UserRound className="h-4 w-4" aria-hidden="true" /> Voir le profil et les avis
                  </Link>
                  {open && application.status === 'pending' && (
                    <>
                      <Button
                        size="sm"
                        disabled={decide.isPending || Boolean(application.bookedElsewhere)}
                        onClick={() => setChoosing(application.id)}
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
      <ConfirmDialog
        open={chosen !== undefined}
        onOpenChange={(isOpen) => !isOpen && setChoosing(null)}
        title={`Retenir ${chosen?.driver?.fullName ?? 'ce chauffeur'} ?`}
        confirmLabel={decide.isPending ? 'Envoi...' : 'Retenir ce chauffeur'}
        busy={decide.isPending}
        onConfirm={() => {
          if (!chosen) return;
          const beyond = chosen.drivingTime && !chosen.drivingTime.ok;
          if (beyond && reason.trim().length < 10) {
            setReasonError(
              'Indiquez pourquoi ce chauffeur peut faire cette mission (10 caractères au moins)',
            );
            return;
          }
          decide.mutate({
            id: chosen.id,
            decision: 'accept',
            ...(beyond ? { overrideReason: reason.trim() } : {}),
          });
        }}
      >
        <p>
          {chosen?.driver?.fullName} recevra une alerte : sa candidature est retenue pour «{' '}
          {detail.mission.title} », et votre numéro de téléphone lui devient visible. La mission ne pourra
          plus être modifiée.
        </p>
        {chosen?.drivingTime && !chosen.drivingTime.ok && (
          <>
            <p className="font-medium text-ink">
              Cette mission ferait dépasser à ce chauffeur les temps de conduite et de repos autorisés
              (règlement (CE) n° 561/2006). Votre entreprise en répond : ne le retenez que si la mission peut
              se faire dans les règles (un second conducteur, une partie du trajet déjà faite…).
            </p>
            <TextAreaField
              label="Pourquoi ce chauffeur peut-il la faire ?"
              rows={3}
              maxLength={500}
              value={reason}
              error={reasonError}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
            />
          </>
        )}
        {others.length > 0 ? (
          <p>
            {others.length === 1 ? 'La candidature en attente de ' : 'Les candidatures en attente de '}
            {others.map((application) => application.driver?.fullName).join(', ')}{' '}
            {others.length === 1 ? 'sera refusée' : 'seront refusées'}, avec une alerte.
          </p>
        ) : (
          <p>Aucune autre candidature n’est en attente.</p>
        )}
      </ConfirmDialog>
    </Section>
  );
}
