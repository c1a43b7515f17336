import { formatLongDateTime } from '#core/rules/french-dates.js';
import { CalendarClock, ChevronRight, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useDriverQueue, type AdminDriver, type DriverStatusFilter } from './api.js';
import { DRIVER_FILTER_LABELS, VALIDATION_LABELS, count, documentCountsText } from './format.js';
import { StatusBadge } from './status-badge.js';

function DriverRow({ driver, showStatus }: { driver: AdminDriver; showStatus: boolean }) {
  const { validation } = driver;
  return (
    <li>
      <Link
        href={`/admin/chauffeurs/${driver.id}`}
        className="flex items-center gap-3 px-4 py-3 hover:bg-surface-sunken"
      >
        <span className="min-w-0 flex-1 space-y-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className="user-text font-bold">{driver.fullName}</span>
            {driver.documentsVerified && <StatusBadge status="verified">Dossier complet</StatusBadge>}
            {showStatus && (
              <StatusBadge status={validation.status}>{VALIDATION_LABELS[validation.status]}</StatusBadge>
            )}
          </span>
          <span className="user-text block text-sm text-ink-muted">{driver.email}</span>
          <span className="block text-sm">{documentCountsText(driver.documentCounts)}</span>
          {validation.status === 'pending_validation' && validation.interviewDate && (
            <span className="flex items-center gap-1.5 text-sm text-ink-muted">
              <CalendarClock className="h-4 w-4 shrink-0" aria-hidden="true" />
              Entretien le {formatLongDateTime(validation.interviewDate)}
            </span>
          )}
          <span className="block text-xs text-ink-muted">
            Inscrit le {formatLongDateTime(driver.registeredAt)}
          </span>
        </span>
        <ChevronRight className="h-5 w-5 shrink-0 text-ink-muted" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** /admin/chauffeurs: drivers by validation status, the longest waiting first. */
export function AdminDriversPage() {
  const [status, setStatus] = useState<DriverStatusFilter>('pending_validation');
  const queue = useDriverQueue(status);
  const drivers = queue.data?.drivers ?? [];
  return (
    <>
      <PageHeader
        title="Validation des chauffeurs"
        description="Vérifiez les documents de chaque chauffeur, fixez un entretien, puis validez ou refusez son compte."
      />
      <div
        role="group"
        aria-label="Statut de validation"
        className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-surface-sunken p-1 min-[480px]:flex min-[480px]:w-fit min-[480px]:flex-wrap"
      >
        {(Object.keys(DRIVER_FILTER_LABELS) as DriverStatusFilter[]).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cn(
              'min-h-11 rounded-lg px-3 py-2 font-semibold sm:px-4',
              status === value ? 'bg-surface-raised shadow' : 'text-ink-muted hover:text-ink',
            )}
          >
            {DRIVER_FILTER_LABELS[value]}
          </button>
        ))}
      </div>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <p role="alert" className="text-danger">
          La liste des chauffeurs n’a pas pu être chargée. Réessayez dans un instant.
        </p>
      ) : drivers.length === 0 ? (
        <EmptyState icon={UserCheck} title="Aucun chauffeur">
          <p>
            {status === 'pending_validation'
              ? 'Aucun chauffeur n’attend de validation. Chaque nouvel inscrit s’ajoute à cette liste.'
              : 'Aucun chauffeur dans cette liste pour l’instant.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm font-semibold text-ink-muted" aria-live="polite">
            {count(drivers.length, 'chauffeur', 'chauffeurs')}
          </p>
          <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised">
            {drivers.map((driver) => (
              <DriverRow key={driver.id} driver={driver} showStatus={status === 'all'} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
