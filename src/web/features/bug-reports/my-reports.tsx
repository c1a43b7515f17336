import { useQuery } from '@tanstack/react-query';
import { Bug, MessageSquareText } from 'lucide-react';
import {
  BUG_CATEGORY_LABELS,
  BUG_PRIORITY_LABELS,
  BUG_STATUS_LABELS,
  type BugStatus,
} from '#core/rules/bug-reports.js';
import type { BugReport, MyBugReports } from '#core/schemas/bug-reports.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { cn } from '#web/ui/cn.js';
import { DisclosureNote } from './disclosure-note.js';

export const myReportsKey = ['/api/bug-reports/mine'] as const;

/** My reports; read again when the app comes back to the screen (an answer may have come meanwhile). */
export function useMyBugReports() {
  return useQuery<MyBugReports>({ queryKey: myReportsKey, refetchOnWindowFocus: true });
}

const STATUS_TONES: Record<BugStatus, string> = {
  new: 'border-line text-ink-muted',
  in_progress: 'border-accent/60 text-accent',
  resolved: 'border-success/60 text-success',
  closed: 'border-line text-ink-muted',
};

function BugStatusBadge({ status }: { status: BugStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-bold',
        STATUS_TONES[status],
      )}
    >
      {BUG_STATUS_LABELS[status]}
    </span>
  );
}

function ReportItem({ report }: { report: BugReport }) {
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="user-text min-w-0 font-bold">{report.title}</h3>
        <BugStatusBadge status={report.status} />
      </div>
      <p className="text-sm text-ink-muted">
        {BUG_CATEGORY_LABELS[report.category]} · priorité {BUG_PRIORITY_LABELS[report.priority].toLowerCase()}{' '}
        · envoyé le {formatShortDateTime(report.createdAt)}
        {report.resolvedAt &&
          ` · ${BUG_STATUS_LABELS[report.status].toLowerCase()} le ${formatShortDateTime(report.resolvedAt)}`}
      </p>
      <div className="flex gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="user-text line-clamp-4 whitespace-pre-line">{report.description}</p>
          {report.page && <p className="break-all text-sm text-ink-muted">Page : {report.page}</p>}
        </div>
        {report.screenshotUrl && (
          <a
            href={report.screenshotUrl}
            target="_blank"
            rel="noreferrer"
            className="shrink-0 rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-focus"
          >
            <img
              src={report.screenshotUrl}
              alt="Capture d’écran jointe (ouvrir en grand)"
              loading="lazy"
              className="h-20 w-20 rounded-lg border border-line object-cover sm:h-24 sm:w-24"
            />
          </a>
        )}
      </div>
      {report.publicAnswer && (
        <div className="rounded-lg bg-surface-sunken p-3">
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span className="flex items-center gap-2 font-semibold">
              <MessageSquareText className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
              Réponse de l’équipe
            </span>
            {report.answeredAt && (
              <span className="text-ink-muted">le {formatShortDateTime(report.answeredAt)}</span>
            )}
          </p>
          <p className="user-text mt-1 whitespace-pre-line">{report.publicAnswer}</p>
        </div>
      )}
      {report.disclosure && report.status !== 'resolved' && report.status !== 'closed' && (
        <DisclosureNote text={report.disclosure} />
      )}
    </li>
  );
}

/** "Mes signalements": each with where it stands and the team's answer. */
export function MyReports({ reports }: { reports: BugReport[] }) {
  return (
    <section aria-labelledby="my-reports-title" className="space-y-4">
      <h2 id="my-reports-title" className="text-xl font-bold">
        Mes signalements
      </h2>
      {reports.length === 0 ? (
        <div className="flex items-center gap-3 rounded-2xl border border-dashed border-line p-5 text-ink-muted">
          <Bug className="h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
          <p>
            Aucun signalement pour l’instant. Chacun de ceux que vous envoyez s’affiche ici, avec son statut
            et notre réponse.
          </p>
        </div>
      ) : (
        <ul className="space-y-3">
          {reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
    </section>
  );
}
