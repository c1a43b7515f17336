import { formatLongDateTime } from '#core/rules/french-dates.js';
import { Bug, ImageIcon, MessageSquareText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  BUG_CATEGORY_LABELS,
  BUG_PRIORITY_LABELS,
  BUG_STATUS_LABELS,
  type BugCategory,
  type BugPriority,
  type BugStatus,
} from '#core/rules/bug-reports.js';
import { BUG_CATEGORIES, BUG_PRIORITIES, BUG_STATUSES } from '#core/rules/enums.js';
import type { AdminBugReportItem } from '#core/schemas/bug-reports.js';
import { Pager } from '#web/ui/pager.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { BugReportDetail } from './bug-report-detail.js';
import {
  ALL_BUG_REPORTS,
  useAdminBugReport,
  useAdminBugReports,
  type BugReportFilter,
} from './bug-reports-api.js';
import { StatusBadge } from './status-badge.js';

const STATUS_TONES: Record<BugStatus, string> = {
  new: 'pending',
  in_progress: 'pending',
  resolved: 'verified',
  closed: 'replaced',
};
const PRIORITY_OPTIONS = BUG_PRIORITIES.map((value) => ({ value, label: BUG_PRIORITY_LABELS[value] }));
const CATEGORY_OPTIONS = BUG_CATEGORIES.map((value) => ({ value, label: BUG_CATEGORY_LABELS[value] }));

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

function ReportRow({
  report,
  selected,
  onSelect,
}: {
  report: AdminBugReportItem;
  selected: boolean;
  onSelect: () => void;
}) {
  const who = report.reporter ? (report.reporter.companyName ?? report.reporter.fullName) : 'Compte supprimé';
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        className={cn(
          'block w-full space-y-1 border-l-4 px-4 py-3 text-left hover:bg-surface-sunken',
          selected ? 'border-accent bg-brand-500/10' : 'border-transparent',
        )}
      >
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge status={STATUS_TONES[report.status]}>{BUG_STATUS_LABELS[report.status]}</StatusBadge>
          {report.priority === 'high' && (
            <span className="rounded-full bg-danger/15 px-2 py-0.5 text-xs font-bold text-danger">
              Priorité haute
            </span>
          )}
          {report.hasScreenshot && (
            <ImageIcon className="h-4 w-4 text-ink-muted" aria-label="Avec capture d’écran" />
          )}
          {report.hasAnswer && (
            <MessageSquareText className="h-4 w-4 text-ink-muted" aria-label="Réponse donnée" />
          )}
        </span>
        <span className="user-text block font-bold">{report.title}</span>
        <span className="user-text block text-sm text-ink-muted">
          {BUG_CATEGORY_LABELS[report.category]} · {who}
        </span>
        <span className="block text-sm text-ink-muted">Envoyé le {formatLongDateTime(report.createdAt)}</span>
      </button>
    </li>
  );
}

/** The counts of each status, each a shortcut to its filter. */
function StatusCounts({
  counts,
  current,
  onPick,
}: {
  counts: Record<BugStatus, number>;
  current: BugStatus | '';
  onPick: (status: BugStatus | '') => void;
}) {
  return (
    <ul className="mb-5 flex flex-wrap gap-2" aria-label="Signalements par statut">
      {BUG_STATUSES.map((status) => (
        <li key={status}>
          <button
            type="button"
            aria-pressed={current === status}
            onClick={() => onPick(current === status ? '' : status)}
            className={cn(
              'min-h-9 rounded-full border px-3 text-sm font-semibold',
              current === status
                ? 'border-accent bg-accent text-accent-ink'
                : 'border-line bg-surface-raised hover:bg-surface-sunken',
            )}
          >
            {BUG_STATUS_LABELS[status]} · {counts[status]}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** /admin/signalements: the members' bug reports, filtered; one read and handled beside the list. */
export function AdminBugReportsPage() {
  const [filter, setFilter] = useState<BugReportFilter>(ALL_BUG_REPORTS);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  const list = useAdminBugReports(filter);
  const reports = list.data?.reports ?? [];
  const shownId = reports.some((report) => report.id === selectedId) ? selectedId : (reports[0]?.id ?? null);
  const detail = useAdminBugReport(shownId);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  // The search is sent once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter((current) => (current.q === search ? current : { ...current, q: search, page: 1 }));
    }, 350);
    return () => clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (!moveFocus.current || !detail.data) return;
    const heading = detailRef.current?.querySelector<HTMLElement>('[data-review-heading]');
    if (!heading) return;
    moveFocus.current = false;
    heading.focus({ preventScroll: true });
    if (window.matchMedia('(max-width: 1023px)').matches)
      detailRef.current?.scrollIntoView({ block: 'start' });
  }, [detail.data]);

  const change = (next: Partial<BugReportFilter>) => {
    setFilter((current) => ({ ...current, page: 1, ...next }));
    setSelectedId(null);
  };
  const select = (id: string) => {
    setSelectedId(id);
    moveFocus.current = true;
  };
  const filtered = filter.status || filter.priority || filter.category || filter.q;

  return (
    <>
      <PageHeader
        title="Signalements de bugs"
        description="Ce que les membres signalent, les ouverts d’abord. Changez le statut ou répondez : le déclarant est prévenu par une alerte et un e-mail."
      />
      {list.data && (
        <StatusCounts
          counts={list.data.counts}
          current={filter.status}
          onPick={(status) => change({ status })}
        />
      )}
      <div className="mb-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Statut"
          placeholder="Tous les statuts"
          options={BUG_STATUSES.map((value) => ({ value, label: BUG_STATUS_LABELS[value] }))}
          value={filter.status}
          onChange={(event) => change({ status: event.target.value as BugStatus | '' })}
        />
        <SelectField
          label="Priorité"
          placeholder="Toutes les priorités"
          options={PRIORITY_OPTIONS}
          value={filter.priority}
          onChange={(event) => change({ priority: event.target.value as BugPriority | '' })}
        />
        <SelectField
          label="Catégorie"
          placeholder="Toutes les catégories"
          options={CATEGORY_OPTIONS}
          value={filter.category}
          onChange={(event) => change({ category: event.target.value as BugCategory | '' })}
        />
        <TextField
          label="Rechercher"
          type="search"
          placeholder="Titre, texte, déclarant…"
          maxLength={100}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert" className="text-danger">
          La liste des signalements n’a pas pu être chargée. Réessayez dans un instant.
        </p>
      ) : reports.length === 0 ? (
        <EmptyState icon={Bug} title={filtered ? 'Aucun signalement' : 'Aucun signalement reçu'}>
          <p>
            {filtered
              ? 'Aucun signalement ne correspond à ces filtres.'
              : 'Les membres signalent un problème depuis « Signaler un bug » ; chaque signalement arrive ici.'}
          </p>
        </EmptyState>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <section aria-labelledby="bug-list-title" className="min-w-0">
            <h2 id="bug-list-title" className="mb-2 text-sm font-semibold text-ink-muted" aria-live="polite">
              {plural(list.data!.total, 'signalement', 'signalements')}
              {pages > 1 ? ` · page ${filter.page} sur ${pages}` : ''}
            </h2>
            <ul
              aria-busy={list.isPlaceholderData || undefined}
              className={cn(
                'divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised',
                list.isPlaceholderData && 'opacity-60',
              )}
            >
              {reports.map((report) => (
                <ReportRow
                  key={report.id}
                  report={report}
                  selected={report.id === shownId}
                  onSelect={() => select(report.id)}
                />
              ))}
            </ul>
            <Pager
              page={filter.page}
              pages={pages}
              label="Pages des signalements"
              onPage={(page) => setFilter((current) => ({ ...current, page }))}
            />
          </section>
          <div ref={detailRef} className="min-w-0 scroll-mt-20">
            {detail.data ? (
              <BugReportDetail report={detail.data} />
            ) : detail.isError ? (
              <p role="alert" className="text-danger">
                Ce signalement n’a pas pu être chargé. Réessayez dans un instant.
              </p>
            ) : (
              <Spinner />
            )}
          </div>
        </div>
      )}
    </>
  );
}
