import { FileWarning, MessageSquare, Timer } from 'lucide-react';
import { formatWaiting } from '#core/rules/road.js';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { APPLICATION_STATUS_LABELS } from '#core/rules/missions.js';
import { APPLICATION_LIMIT_MESSAGE, applicationsLeftLabel } from '#core/rules/plans.js';
import { conversationPath } from '#core/schemas/messaging.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { EMAIL_NOT_VERIFIED, emailRequiredMessages } from '#core/schemas/users.js';
import { EmailRequiredNotice } from '#web/lib/verification-banner.js';
import { AVAILABILITY_UNAVAILABLE } from '#core/rules/availability.js';
import { ApiError } from '#web/lib/api.js';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { ConfirmDialog } from '#web/ui/confirm-dialog.js';
import { TextAreaField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { missionApi, useMissionMutation } from './api.js';
import { Section, useToastError } from './detail-section.js';
import { VerdictList } from './document-verdicts.js';

type Verdicts = MissionDetail['requirementsForMe'];
/** A verdict that refuses the application (a pending document does not: Relais has not said no yet). */
const blocks = (verdict: Verdicts[number]) => verdict.state !== 'valid' && verdict.state !== 'pending';

/** The documents this mission requires, with where the driver stands on each until its last day. */
function MyPapers({ verdicts }: { verdicts: Verdicts }) {
  if (verdicts.length === 0) return null;
  const blocked = verdicts.some(blocks);
  return (
    <div className="mb-4 rounded-xl bg-surface-sunken p-4">
      <p className="font-semibold">Documents exigés : où vous en êtes</p>
      <p className="text-sm text-ink-muted">
        Chacun doit rester valable jusqu’au dernier jour de la mission.
      </p>
      <VerdictList verdicts={verdicts} audience="driver" className="mt-2" />
      <p className="mt-3 text-sm">
        <Link href="/documents" className="font-semibold text-accent underline">
          {blocked ? 'Compléter mes documents' : 'Mes documents'}
        </Link>
      </p>
    </div>
  );
}

/**
 * Where the mission would take the driver's driving time (Regulation (EC) No 561/2006): the week's figure with it,
 * and each limit it would break. An estimate from the addresses, said as such.
 */
function MyDrivingTime({ check }: { check: MissionDetail['drivingTimeForMe'] }) {
  if (!check) return null;
  return (
    <div
      role="note"
      className={`mb-4 rounded-xl p-4 ${check.ok ? 'bg-surface-sunken' : 'bg-danger/10 text-danger'}`}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Timer className="h-4 w-4 shrink-0" aria-hidden="true" /> Temps de conduite
      </p>
      <p className="text-sm">
        Avec cette mission : {formatWaiting(check.weekDrivingMinutes)} de conduite sur la semaine, sur{' '}
        {formatWaiting(check.weekLimitMinutes)} autorisées (estimation d’après les adresses).
      </p>
      {check.sentences.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {check.sentences.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Why the driver cannot apply: every reason of their licence, equipment and papers, as the card lists them
 * (decision 052), or the one other reason (the mission taken, the month's limit…).
 */
function BlockedReasons({
  id,
  detail,
  papersBlock,
}: {
  id: string;
  detail: MissionDetail;
  papersBlock: boolean;
}) {
  const reasons = detail.applyBlockedReasons;
  if (reasons.length === 1)
    return (
      <p id={id} role="status" className="flex gap-2">
        {papersBlock && <FileWarning className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />}
        <span className="min-w-0">{reasons[0]}</span>
      </p>
    );
  return (
    <div id={id} role="status">
      <p className="font-semibold">Vous ne pouvez pas postuler à cette mission :</p>
      <ul className="mt-1 space-y-1">
        {reasons.map((reason) => (
          <li key={reason} className="flex gap-2">
            <FileWarning className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
            <span className="min-w-0">{reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ApplyValues {
  message: string;
}

const resolver = lazyResolver<ApplyValues>(
  async () => (await import('./resolvers.js')).applyResolver as never,
);

/** A driver's box: apply with a message, or the own application's status, the way to write, withdraw. */
export function ApplyBox({ detail }: { detail: MissionDetail }) {
  const toast = useToast();
  const failed = useToastError();
  const form = useForm<ApplyValues>({ resolver, defaultValues: { message: '' } });
  const messageError = form.formState.errors.message?.message;
  // The driver said they were unavailable that day: the server asks first; "Postuler quand même" sends it again.
  const [unavailableQuestion, setUnavailableQuestion] = useState<string | null>(null);
  const apply = useMissionMutation(
    ({ text, confirm }: { text: string; confirm: boolean }) =>
      missionApi.apply(detail.mission.id, text, confirm),
    {
      onSuccess: (application) => {
        setUnavailableQuestion(null);
        toast({
          title: 'Candidature envoyée',
          description: application.requirements.some((verdict) => verdict.state === 'pending')
            ? 'Le transporteur est prévenu ; il voit quels documents Relais vérifie encore.'
            : 'Le transporteur est prévenu.',
        });
      },
      onError: (error) => {
        if (
          error instanceof ApiError &&
          (error.body as { code?: string } | null)?.code === AVAILABILITY_UNAVAILABLE
        ) {
          setUnavailableQuestion(error.message);
          return;
        }
        setUnavailableQuestion(null);
        showFieldErrors(form, error);
        failed('Candidature impossible')(error);
      },
    },
  );
  const withdraw = useMissionMutation((id: string) => missionApi.decide(id, 'withdraw'), {
    onSuccess: () => toast({ title: 'Candidature retirée' }),
    onError: failed('Retrait impossible'),
  });
  const reasonId = useId();
  const mine = detail.myApplication;
  const papersBlock = detail.requirementsForMe.some(blocks);
  if (mine) {
    return (
      <Section title="Ma candidature">
        <p>
          Statut : <strong>{APPLICATION_STATUS_LABELS[mine.status]}</strong>
        </p>
        {mine.status === 'pending' && (
          <div className="mt-3">
            <MyDrivingTime check={detail.drivingTimeForMe} />
          </div>
        )}
        {(mine.status === 'pending' || mine.status === 'accepted') && mine.requirements.length > 0 && (
          <div className="mt-3">
            <MyPapers verdicts={mine.requirements} />
          </div>
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
      <MyPapers verdicts={detail.requirementsForMe} />
      <MyDrivingTime check={detail.drivingTimeForMe} />
      {detail.canApply ? (
        <form
          className="space-y-3"
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit(({ message }) => apply.mutate({ text: message, confirm: false }))(event)
          }
          onFocus={resolver.preload}
        >
          <TextAreaField
            label="Message au transporteur (facultatif)"
            rows={3}
            maxLength={1000}
            {...form.register('message')}
            error={messageError}
            placeholder="Disponible dès 5 h, habitué des quais de Rungis…"
          />
          <Button type="submit" size="lg" disabled={apply.isPending}>
            {apply.isPending ? 'Envoi...' : 'Postuler à cette mission'}
          </Button>
          <p className="text-sm text-ink-muted">{applicationsLeftLabel(detail.applicationsLeft)}</p>
          <ConfirmDialog
            open={unavailableQuestion !== null}
            onOpenChange={(open) => !open && setUnavailableQuestion(null)}
            title="Vous êtes indisponible ce jour-là"
            confirmLabel="Postuler quand même"
            busy={apply.isPending}
            onConfirm={() => apply.mutate({ text: form.getValues('message'), confirm: true })}
          >
            <p>{unavailableQuestion}</p>
            <p>Votre calendrier de disponibilités ne change pas ; modifiez-le si vos plans ont changé.</p>
          </ConfirmDialog>
        </form>
      ) : (
        <div className="space-y-3">
          {detail.applyBlockedCode === EMAIL_NOT_VERIFIED ? (
            <EmailRequiredNotice message={detail.applyBlockedReason ?? emailRequiredMessages.apply} />
          ) : (
            <BlockedReasons id={reasonId} detail={detail} papersBlock={papersBlock} />
          )}
          {/* Blocked for a reason other than the address (which has its own notice): the button stays where it
              always is, greyed, with the reason read with it. */}
          {detail.applyBlockedCode !== EMAIL_NOT_VERIFIED && (
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="lg" disabled aria-describedby={reasonId}>
                Postuler à cette mission
              </Button>
              {detail.applyBlockedReason === APPLICATION_LIMIT_MESSAGE && (
                <Link href="/pricing" className={buttonClasses('primary', 'lg')}>
                  Voir les formules
                </Link>
              )}
            </div>
          )}
        </div>
      )}
    </Section>
  );
}
