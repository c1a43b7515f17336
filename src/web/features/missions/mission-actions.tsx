import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pathFromQueryKey } from '#web/lib/api.js';
import { keepLocally, readCopy } from '#web/lib/offline/copies.js';
import type { MissionDelivery } from '#core/schemas/delivery.js';
import { useForm } from 'react-hook-form';
import { showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import {
  ACTION_LABELS,
  ACTIONS_WITH_REASON,
  START_EARLY_HOURS,
  STATUS_LABELS,
  type MissionAction,
} from '#core/rules/missions.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import { formatDateTime } from '#core/rules/french-dates.js';
import { Button } from '#web/ui/button.js';
import { TextAreaField } from '#web/ui/field.js';
import { useToast } from '#web/ui/toast.js';
import { missionApi, missionKeys, useMissionMutation } from './api.js';
import { deliveryKey } from './delivery-api.js';
import { DeliveryProofDialog } from './delivery-proof-dialog.js';
import { useToastError } from './detail-section.js';
import { StartTrackingDialog } from './start-tracking-dialog.js';

/** Now, again every minute: a button that waits for a time turns on when it comes. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const resolver = lazyResolver<{ reason: string }>(
  async () => (await import('./resolvers.js')).reasonResolver,
);

/**
 * A start queued without network: the sheet shows the mission under way at once (and keeps it so in the offline
 * copy), so that the driver can count a wait or report an incident before the network comes back.
 */
function useStartedHere(detail: MissionDetail) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return async () => {
    const id = detail.mission.id;
    const startedAt = new Date().toISOString();
    // The delivery part was read while the mission was only assigned (kept offline ahead): it opens now. It is
    // in place before the sheet turns « En cours », so that the sheet does not read the older one.
    const delivery =
      queryClient.getQueryData<MissionDelivery>(deliveryKey(id)) ??
      ((await readCopy(pathFromQueryKey(deliveryKey(id))))?.data as MissionDelivery | undefined);
    if (delivery)
      await keepLocally(queryClient, deliveryKey(id), {
        ...delivery,
        status: 'in_progress',
        canReport: true,
        canWait: true,
      });
    await keepLocally(queryClient, missionKeys.detail(id), {
      ...detail,
      mission: { ...detail.mission, status: 'in_progress', startedAt },
      actions: [],
    });
    toast({
      title: 'Départ enregistré sur le téléphone',
      description:
        'Pas de réseau : le transporteur le saura dès le retour du réseau, avec l’heure de maintenant.',
    });
  };
}

/** Start, deliver, complete, cancel, drop: the buttons of the viewer's party, with a reason when needed. */
export function ActionBar({ detail }: { detail: MissionDetail }) {
  const toast = useToast();
  const failed = useToastError();
  const [pending, setPending] = useState<MissionAction | null>(null);
  // Starting asks for the position sharing first; delivering collects the proof of delivery.
  const [dialog, setDialog] = useState<'start' | 'deliver' | null>(null);
  const form = useForm<{ reason: string }>({ resolver, defaultValues: { reason: '' } });
  const startedHere = useStartedHere(detail);
  const act = useMissionMutation(
    async ({ action, reason }: { action: MissionAction; reason?: string }) =>
      action === 'start'
        ? missionApi.start(detail.mission.id)
        : { status: 'sent' as const, result: await missionApi.act(detail.mission.id, action, reason) },
    {
      onSuccess: (outcome) => {
        setPending(null);
        form.reset({ reason: '' });
        if (outcome.status === 'queued') return void startedHere();
        const next = outcome.result;
        toast({ title: STATUS_LABELS[next.mission.status], description: next.mission.title });
      },
      onError: (error) => {
        showFieldErrors(form, error);
        failed('Action impossible')(error);
      },
    },
  );
  const now = useMinute();
  const actions = detail.actions as MissionAction[];
  if (actions.length === 0) return null;
  // "Démarrer" waits for its time (2 h before the planned start): shown, off, with when it turns on.
  const startsAt = detail.startableFrom ? new Date(detail.startableFrom) : null;
  const tooEarly = startsAt !== null && startsAt.getTime() > now;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const needsReason = ACTIONS_WITH_REASON.includes(action);
          const waiting = action === 'start' && tooEarly;
          return (
            <Button
              key={action}
              variant={needsReason ? 'danger' : 'primary'}
              disabled={act.isPending || waiting}
              aria-describedby={waiting ? 'start-window' : undefined}
              onClick={() =>
                action === 'start' || action === 'deliver'
                  ? setDialog(action)
                  : needsReason
                    ? (resolver.preload(), setPending(action))
                    : act.mutate({ action })
              }
            >
              {ACTION_LABELS[action]}
            </Button>
          );
        })}
      </div>
      {tooEarly && startsAt && (
        <p id="start-window" className="text-sm text-ink-muted">
          Vous pourrez démarrer à partir du {formatDateTime(startsAt.toISOString())}, {START_EARLY_HOURS} h
          avant le départ prévu.
        </p>
      )}
      {dialog === 'start' && (
        <StartTrackingDialog
          detail={detail}
          busy={act.isPending}
          onConfirm={() => act.mutate({ action: 'start' }, { onSettled: () => setDialog(null) })}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'deliver' && (
        <DeliveryProofDialog
          detail={detail}
          onDelivered={() => setDialog(null)}
          onCancel={() => setDialog(null)}
        />
      )}
      {pending && (
        <form
          className="space-y-2 rounded-xl border border-danger p-4"
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit(({ reason }) => act.mutate({ action: pending, reason }))(event)
          }
        >
          <TextAreaField
            label={`${pending === 'cancel' ? 'Motif de l’annulation' : 'Motif du désistement'} (les personnes concernées le verront)`}
            required
            minLength={10}
            rows={3}
            {...form.register('reason')}
            error={form.formState.errors.reason?.message}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={act.isPending}>
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
