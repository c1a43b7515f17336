import { Eye, Map as MapIcon, MapPin, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { seenAgo } from '#core/rules/tracking.js';
import type { MissionDetail } from '#core/schemas/missions.js';
import type { TrackingView } from '#core/schemas/tracking.js';
import { useSession } from '#web/lib/session.js';
import { parisDate } from '#core/rules/days.js';
import { formatShortDateTime, formatShortDay, formatTime } from '#core/rules/french-dates.js';
import { useMissionTracking, useTrackingViews } from '#web/lib/tracking/api.js';
import {
  askPosition,
  missionStatusSeen,
  pauseTracking,
  resumeTracking,
  startTracking,
  useTrackingStatus,
} from '#web/lib/tracking/use-tracking.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { Section, useToastError } from './detail-section.js';
import { ScreenAwakeSetting } from './screen-awake.js';

/** Now, again every 30 s: "il y a 2 min" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const TRIP = new Set(['in_progress', 'delivered', 'completed']);

/**
 * Live tracking on the mission page. The driver, during the mission: sharing on, paused or off, the points
 * waiting for the network, Pause/Reprendre, the map; and, from the start, who looked at the positions. The
 * transporter: paused or last seen, and "Suivre en direct".
 */
export function TrackingPanel({ detail }: { detail: MissionDetail }) {
  const { user } = useSession();
  const { mission } = detail;
  const isDriver = user !== null && mission.driverId === user.id;
  const isCompany = user !== null && mission.companyId === user.id;
  // What comes after the trip stops the phone's sharing (delivered, or given up).
  useEffect(() => missionStatusSeen(mission.id, mission.status), [mission.id, mission.status]);
  if (!TRIP.has(mission.status) || (!isDriver && !isCompany)) return null;
  return (
    <Section title={mission.status === 'in_progress' ? 'Suivi en direct' : 'Trajet'}>
      {isDriver ? <DriverTracking detail={detail} /> : <CompanyTracking detail={detail} />}
    </Section>
  );
}

function DriverTracking({ detail }: { detail: MissionDetail }) {
  const { mission } = detail;
  const status = useTrackingStatus();
  const failed = useToastError();
  const [busy, setBusy] = useState(false);
  const [denied, setDenied] = useState(false);
  const mine = status.missionId === mission.id;
  const inProgress = mission.status === 'in_progress';
  const now = useNow();

  const run = async (action: () => Promise<void>, error: string) => {
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      failed(error)(caught);
    } finally {
      setBusy(false);
    }
  };
  const share = () =>
    run(async () => {
      const answer = await askPosition();
      if (answer === 'denied' || answer === 'unsupported') {
        setDenied(true);
        return;
      }
      setDenied(false);
      await startTracking(mission.id);
    }, 'Partage impossible');

  return (
    <div className="space-y-4">
      {inProgress && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0 flex-1 basis-60" role="status" data-testid="tracking-state">
            {mine && status.paused ? (
              <p className="font-semibold">
                <Pause className="mr-1 inline h-4 w-4 text-amber-600" aria-hidden="true" />
                {'Partage en pause : le transporteur voit «\u00a0suivi en pause\u00a0».'}
              </p>
            ) : mine && status.on ? (
              <p className="font-semibold">
                <MapPin className="mr-1 inline h-4 w-4 text-success" aria-hidden="true" />
                Votre position est partagée avec le transporteur.
              </p>
            ) : (
              <p className="font-semibold">Votre position n’est pas partagée.</p>
            )}
            {mine && (
              <p className="text-sm text-ink-muted">
                {status.pending > 0
                  ? `${status.pending} point${status.pending > 1 ? 's' : ''} en attente d’envoi (ils partiront dès que le réseau revient).`
                  : 'Tous les points sont envoyés.'}
                {status.lastSentAt !== null && ` Dernier envoi ${seenAgo(status.lastSentAt, now)}.`}
              </p>
            )}
            {(denied || status.permissionDenied) && (
              <p className="mt-1 text-sm text-danger" role="alert">
                Votre navigateur refuse l’accès à la position : autorisez la localisation pour ce site dans
                ses réglages, puis réessayez.
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {mine && status.paused && (
              <Button disabled={busy} onClick={() => void run(resumeTracking, 'Reprise impossible')}>
                <Play className="h-4 w-4" aria-hidden="true" /> Reprendre
              </Button>
            )}
            {mine && !status.paused && status.on && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run(pauseTracking, 'Pause impossible')}
              >
                <Pause className="h-4 w-4" aria-hidden="true" /> Pause
              </Button>
            )}
            {(!mine || (!status.on && !status.paused)) && (
              <Button disabled={busy} onClick={() => void share()}>
                <MapPin className="h-4 w-4" aria-hidden="true" /> Partager ma position
              </Button>
            )}
            <Link href={`/mission/${mission.id}/tracking`} className={buttonClasses('secondary')}>
              <MapIcon className="h-4 w-4" aria-hidden="true" /> Carte
            </Link>
          </div>
        </div>
      )}
      {inProgress && <ScreenAwakeSetting missionId={mission.id} />}
      <ViewsLog missionId={mission.id} />
    </div>
  );
}

/** "le 24 nov., 03:19"; "3 fois le 24 nov., de 03:19 à 03:21"; across days "3 fois, du … au …". */
function viewedWhen(view: TrackingView): string {
  if (view.views <= 1) return `le ${formatShortDateTime(view.lastViewedAt)}`;
  if (parisDate(view.firstViewedAt) === parisDate(view.lastViewedAt))
    return `${view.views} fois le ${formatShortDay(view.firstViewedAt)}, de ${formatTime(view.firstViewedAt)} à ${formatTime(view.lastViewedAt)}`;
  return `${view.views} fois, du ${formatShortDateTime(view.firstViewedAt)} au ${formatShortDateTime(view.lastViewedAt)}`;
}

/** RGPD: each look at the driver's positions by someone else, for the driver. */
function ViewsLog({ missionId }: { missionId: string }) {
  const views = useTrackingViews(missionId);
  const items = views.data ?? [];
  return (
    <div>
      <h3 className="flex items-center gap-2 font-semibold">
        <Eye className="h-4 w-4" aria-hidden="true" /> Qui a consulté vos positions
      </h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">Personne pour l’instant.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm" data-testid="tracking-views">
          {items.map((view) => (
            <li
              key={`${view.viewerName}-${view.firstViewedAt}`}
              className="flex flex-wrap justify-between gap-x-3 py-1.5"
            >
              <span className="user-text font-medium">{view.viewerName}</span>
              <span className="text-ink-muted">{viewedWhen(view)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CompanyTracking({ detail }: { detail: MissionDetail }) {
  const { mission } = detail;
  // The status only (paused, last seen): no position, so not a look at them.
  const tracking = useMissionTracking(mission.id, 'status');
  const now = useNow();
  const data = tracking.data;
  const inProgress = mission.status === 'in_progress';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0 flex-1 basis-60" role="status" data-testid="tracking-state">
        {!data ? (
          <p className="text-ink-muted">Chargement du suivi…</p>
        ) : data.summary ? (
          <p>
            Trajet terminé : {data.summary.distanceKm.toLocaleString('fr-FR')} km. Les positions ont été
            effacées 30 jours après la fin de la mission.
          </p>
        ) : inProgress && data.paused ? (
          <p className="font-semibold">Suivi en pause : le chauffeur a suspendu le partage de sa position.</p>
        ) : data.lastPositionAt ? (
          <p>
            {inProgress ? 'Dernière position reçue' : 'Dernière position'}{' '}
            <strong>{seenAgo(data.lastPositionAt, now)}</strong>.
            {inProgress && data.late && <span className="ml-1 font-semibold text-danger">En retard.</span>}
          </p>
        ) : (
          <p className="text-ink-muted">
            {inProgress
              ? 'Aucune position reçue pour l’instant (le chauffeur peut ne pas la partager).'
              : 'Aucune position n’a été partagée pendant cette mission.'}
          </p>
        )}
      </div>
      {(data?.lastPositionAt || inProgress) && !data?.summary && (
        <Link href={`/mission/${mission.id}/tracking`} className={buttonClasses('primary')}>
          <MapIcon className="h-5 w-5" aria-hidden="true" />{' '}
          {inProgress ? 'Suivre en direct' : 'Voir le trajet'}
        </Link>
      )}
    </div>
  );
}
