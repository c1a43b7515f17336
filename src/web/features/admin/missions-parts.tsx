import { formatNumericDateTime } from '#core/rules/french-dates.js';
import { Zap } from 'lucide-react';
import { Link } from 'wouter';
import type { MissionStatus } from '#core/rules/enums.js';
import { STATUS_LABELS } from '#core/rules/missions.js';
import type { AdminMissionItem } from '#core/schemas/admin-missions.js';
import { StatusBadge } from './status-badge.js';
import { formatMoney } from '#core/rules/money.js';

/** The mission statuses as the badge colours them: waiting, going well, ended badly, or done. */
const TONE: Record<MissionStatus, string> = {
  available: 'pending',
  assigned: 'verified',
  in_progress: 'verified',
  delivered: 'pending',
  completed: 'replaced',
  cancelled: 'rejected',
};

export function MissionStatusBadge({ status }: { status: MissionStatus }) {
  return <StatusBadge status={TONE[status]}>{STATUS_LABELS[status]}</StatusBadge>;
}

const route = (mission: Pick<AdminMissionItem, 'pickupCity' | 'deliveryCity'>) =>
  `${mission.pickupCity ?? '?'} → ${mission.deliveryCity ?? '?'}`;

export function Urgent() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-danger/15 px-2 py-0.5 text-xs font-bold text-danger">
      <Zap className="h-3 w-3" aria-hidden="true" />
      Urgente
    </span>
  );
}

export function Demo() {
  return (
    <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold text-ink-muted">
      Démo
    </span>
  );
}

const applicationsText = (mission: AdminMissionItem) =>
  `${mission.applicationCount} candidature${mission.applicationCount > 1 ? 's' : ''}${
    mission.pendingApplicationCount ? ` (${mission.pendingApplicationCount} en attente)` : ''
  }`;

/** Desktop: one row per mission. */
export function MissionTable({ missions }: { missions: AdminMissionItem[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface-raised">
      <table className="w-full text-sm">
        <caption className="sr-only">Missions trouvées</caption>
        <thead>
          <tr className="border-b border-line text-left text-ink-muted">
            <th scope="col" className="px-4 py-2 font-semibold">
              Mission
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Statut
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Transporteur
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Chauffeur
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Début
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Publiée le
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Prix
            </th>
          </tr>
        </thead>
        <tbody>
          {missions.map((mission) => (
            <tr
              key={mission.id}
              className="border-b border-line align-top last:border-b-0 hover:bg-surface-sunken"
            >
              <td className="px-4 py-3">
                <Link
                  href={`/admin/missions/${mission.id}`}
                  className="user-text font-semibold text-accent underline-offset-2 hover:underline"
                >
                  {mission.title}
                </Link>
                <span className="block text-ink-muted">
                  {route(mission)} · Réf. {mission.reference}
                </span>
                <span className="mt-1 flex flex-wrap gap-1">
                  {mission.urgency && <Urgent />}
                  {mission.demo && <Demo />}
                </span>
              </td>
              <td className="px-4 py-3">
                <MissionStatusBadge status={mission.status} />
                <span className="mt-1 block text-xs text-ink-muted">{applicationsText(mission)}</span>
              </td>
              <td className="user-text px-4 py-3">{mission.company.name}</td>
              <td className="user-text px-4 py-3">
                {mission.driver?.name ?? <span className="text-ink-muted">—</span>}
              </td>
              <td className="whitespace-nowrap px-4 py-3">{formatNumericDateTime(mission.startDate)}</td>
              <td className="whitespace-nowrap px-4 py-3">{formatNumericDateTime(mission.createdAt)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right">{formatMoney(mission.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phone: one card per mission, the whole card a link. */
export function MissionCards({ missions }: { missions: AdminMissionItem[] }) {
  return (
    <ul className="space-y-3">
      {missions.map((mission) => (
        <li key={mission.id}>
          <Link
            href={`/admin/missions/${mission.id}`}
            className="block space-y-1 rounded-2xl border border-line bg-surface-raised p-4 hover:border-accent"
          >
            <span className="flex flex-wrap items-center gap-2">
              <MissionStatusBadge status={mission.status} />
              {mission.urgency && <Urgent />}
              {mission.demo && <Demo />}
            </span>
            <span className="user-text block font-bold">{mission.title}</span>
            <span className="block text-sm text-ink-muted">
              {route(mission)} · Réf. {mission.reference}
            </span>
            <span className="user-text block text-sm">
              {mission.company.name}
              {mission.driver ? ` · ${mission.driver.name}` : ''}
            </span>
            <span className="block text-sm text-ink-muted">
              Début {formatNumericDateTime(mission.startDate)} · {formatMoney(mission.price)}
            </span>
            <span className="block text-xs text-ink-muted">{applicationsText(mission)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
