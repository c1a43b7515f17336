import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatWaiting, WAITING_PLACE_LABELS } from '#core/rules/road.js';
import { waitingRateOf, waitingRateText } from '#core/rules/waiting-rate.js';
import type { MissionDelivery } from '#core/schemas/delivery.js';
import type { Mission } from '#core/schemas/missions.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import type { ActionOutcome } from '#web/lib/offline/outbox.js';
import { Button } from '#web/ui/button.js';
import { deliveryApi, useSetDelivery } from './delivery-api.js';

/** "12:04" or "1:02:09" since `from`, ticking every second. */
function useElapsed(from: string | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!from) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [from]);
  if (!from) return '';
  const seconds = Math.max(0, Math.floor((now - new Date(from).getTime()) / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const clock = `${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return hours ? `${hours}:${clock}` : clock;
}

/** A wait started on the phone without network: the timer runs from now. */
function startedHere(delivery: MissionDelivery, place: 'pickup' | 'delivery'): MissionDelivery {
  const startedAt = new Date().toISOString();
  return { ...delivery, waiting: { ...delivery.waiting, open: { id: 'queued', place, startedAt } } };
}

/** A wait stopped on the phone without network: no timer any more (the total comes from the server). */
function stoppedHere(delivery: MissionDelivery): MissionDelivery {
  return { ...delivery, waiting: { ...delivery.waiting, open: null } };
}

/** The driver counts a wait at the pickup or the delivery: start, a live timer, stop. */
export function WaitingBox({ delivery, mission }: { delivery: MissionDelivery; mission: Mission }) {
  const rate = waitingRateOf(mission);
  const setDelivery = useSetDelivery(delivery.missionId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = delivery.waiting.open;
  const elapsed = useElapsed(open?.startedAt ?? null);
  // The periods already stopped (the running one is the timer).
  const closed = delivery.waiting.periods.filter((period) => period.endedAt !== null);
  const closedMinutes = (place: 'pickup' | 'delivery') =>
    closed.filter((period) => period.place === place).reduce((sum, period) => sum + period.minutes, 0);

  /** Sent, the new state; queued without network, the phone shows it at once (sent when the network returns). */
  const run = async (request: () => Promise<ActionOutcome<MissionDelivery>>, queued: MissionDelivery) => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await request();
      if (outcome.status === 'sent') setDelivery(outcome.result);
      else setDelivery(queued, { local: true });
    } catch (failure) {
      setError(errorMessage(failure, 'Pas de connexion : réessayez dans un instant.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-xl border border-line p-4" aria-label="Temps d’attente" role="group">
      <p className="flex items-center gap-2 font-semibold">
        <Hourglass className="h-5 w-5 text-accent" aria-hidden="true" />
        {open ? `Attente ${WAITING_PLACE_LABELS[open.place]} en cours` : 'Vous attendez ?'}
      </p>
      {open ? (
        <>
          <p className="mt-1 text-sm text-ink-muted">Depuis {formatShortDateTime(open.startedAt)}</p>
          <p className="mt-2 font-mono text-3xl font-bold tabular-nums" role="timer" aria-live="off">
            {elapsed}
          </p>
          <Button
            className="mt-3 w-full sm:w-auto"
            disabled={busy}
            onClick={() => void run(() => deliveryApi.stopWaiting(delivery.missionId), stoppedHere(delivery))}
          >
            Arrêter l’attente
          </Button>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            Comptez le temps passé à attendre : le transporteur le voit, avec le total, sur la mission et le
            règlement.{' '}
            {rate
              ? `Au-delà de la franchise, il est facturé : ${waitingRateText(rate)}.`
              : 'Aucun tarif d’attente n’a été fixé pour cette mission : il est relevé à titre d’information.'}
          </p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {(['pickup', 'delivery'] as const).map((place) => (
              <Button
                key={place}
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => deliveryApi.startWaiting(delivery.missionId, place),
                    startedHere(delivery, place),
                  )
                }
              >
                Attente {WAITING_PLACE_LABELS[place]}
              </Button>
            ))}
          </div>
        </>
      )}
      {closed.length > 0 && (
        <p className="mt-3 text-sm text-ink-muted">
          Déjà compté :{' '}
          {/* Only the places where the driver waited; a space that does not break inside "12 min". */}
          {(['pickup', 'delivery'] as const)
            .filter((place) => closedMinutes(place) > 0)
            .map(
              (place) =>
                `${formatWaiting(closedMinutes(place)).replace(/ /g, '\u00a0')} ${place === 'pickup' ? 'au chargement' : 'à la livraison'}`,
            )
            .join(', ') || 'moins d’une minute'}
          .
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
