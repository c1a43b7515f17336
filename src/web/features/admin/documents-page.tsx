import { formatLongDateTime } from '#core/rules/french-dates.js';
import { FileCheck2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  DRIVER_DOCUMENT_LABELS,
  DRIVER_DOCUMENT_TYPES,
  type DriverDocumentType,
} from '#core/rules/documents.js';
import { Pager } from '#web/ui/pager.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { SelectField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import {
  useDocumentQueue,
  type AdminDocument,
  type DocumentFilter,
  type DocumentStatusFilter,
} from './api.js';
import { DocumentReview } from './document-review.js';
import { DOCUMENT_FILTER_LABELS, day, documentTitle, stateLabel } from './format.js';
import { StatusBadge } from './status-badge.js';

const STATUS_OPTIONS = (Object.keys(DOCUMENT_FILTER_LABELS) as DocumentStatusFilter[]).map((value) => ({
  value,
  label: DOCUMENT_FILTER_LABELS[value],
}));
const TYPE_OPTIONS = DRIVER_DOCUMENT_TYPES.map((value) => ({ value, label: DRIVER_DOCUMENT_LABELS[value] }));

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

function QueueItem({
  document,
  selected,
  showStatus,
  onSelect,
}: {
  document: AdminDocument;
  selected: boolean;
  showStatus: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        className={cn(
          'block w-full border-l-4 px-4 py-3 text-left hover:bg-surface-sunken',
          selected ? 'border-accent bg-brand-500/10' : 'border-transparent',
        )}
      >
        <span className="user-text block font-bold">{document.driver.fullName}</span>
        <span className="user-text block">{documentTitle(document)}</span>
        <span className="block text-sm text-ink-muted">
          {document.number ? `N° ${document.number}` : 'Sans numéro'}
          {document.expiresAt ? ` · expire le ${day(document.expiresAt)}` : ''}
        </span>
        <span className="block text-sm text-ink-muted">
          Déposé le {formatLongDateTime(document.uploadedAt)}
        </span>
        {showStatus && (
          <span className="mt-1 block">
            <StatusBadge status={document.state}>{stateLabel(document.state)}</StatusBadge>
          </span>
        )}
      </button>
    </li>
  );
}

/** /admin/documents: the documents queue (oldest waiting first), one document reviewed beside it. */
export function AdminDocumentsPage() {
  const [filter, setFilter] = useState<DocumentFilter>({ status: 'pending', type: '', page: 1 });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** A document chosen, or the next one after a decision: focus goes to its review once it is shown. */
  const moveFocus = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const requestFocus = () => {
    moveFocus.current = true;
    setFocusRequest((count) => count + 1);
  };
  const reviewRef = useRef<HTMLElement>(null);
  const queue = useDocumentQueue(filter);
  const documents = queue.data?.documents ?? [];
  const selected = documents.find((document) => document.id === selectedId) ?? documents[0] ?? null;
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / queue.data.pageSize)) : 1;

  useEffect(() => {
    if (!moveFocus.current || queue.isFetching) return;
    const heading = reviewRef.current?.querySelector<HTMLElement>('[data-review-heading]');
    if (!heading) return;
    moveFocus.current = false;
    // Beside the list (wide screens) the review scrolls on its own: a new document is read from its top.
    reviewRef.current!.scrollTop = 0;
    heading.focus({ preventScroll: true });
    // On a phone the review is under the list: bring it into view.
    if (window.matchMedia('(max-width: 1023px)').matches)
      reviewRef.current?.scrollIntoView({ block: 'start' });
  }, [focusRequest, selected?.id, queue.isFetching]);

  // Decisions emptied the last page: show the one before.
  useEffect(() => {
    if (queue.data && queue.data.documents.length === 0 && filter.page > 1)
      setFilter((current) => ({
        ...current,
        page: Math.max(1, Math.ceil(queue.data.total / queue.data.pageSize)),
      }));
  }, [queue.data, filter.page]);

  const select = (id: string) => {
    setSelectedId(id);
    requestFocus();
  };
  const decided = (document: AdminDocument) => {
    // A decided document leaves the waiting queue: the next one in the list (or the one before, at the end).
    const index = documents.findIndex((item) => item.id === document.id);
    const next = documents[index + 1] ?? documents[index - 1] ?? null;
    const leaves = filter.status !== 'all' && filter.status !== document.status;
    setSelectedId(leaves ? (next?.id ?? null) : document.id);
    requestFocus();
  };
  const turnPage = (step: number) => {
    setFilter((current) => ({ ...current, page: current.page + step }));
    // The new page is read from its top.
    const title = document.getElementById('queue-title');
    if (title && title.getBoundingClientRect().top < 0) title.scrollIntoView({ block: 'start' });
  };
  const change = (next: Partial<DocumentFilter>) => {
    setFilter((current) => ({ ...current, page: 1, ...next }));
    setSelectedId(null);
  };

  return (
    <>
      <PageHeader
        title="Documents à vérifier"
        description="Les pièces déposées par les chauffeurs, les plus anciennes d’abord. Vérifiez chaque fichier ou refusez-le en disant pourquoi."
      />
      <div className="mb-5 grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          label="Statut"
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(event) => change({ status: event.target.value as DocumentStatusFilter })}
        />
        <SelectField
          label="Type de document"
          placeholder="Tous les types"
          options={TYPE_OPTIONS}
          value={filter.type}
          onChange={(event) => change({ type: event.target.value as DriverDocumentType | '' })}
        />
      </div>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <p role="alert" className="text-danger">
          La liste des documents n’a pas pu être chargée. Réessayez dans un instant.
        </p>
      ) : documents.length === 0 ? (
        <EmptyState
          icon={FileCheck2}
          title={filter.status === 'pending' ? 'Aucun document en attente' : 'Aucun document'}
        >
          <p>
            {filter.status === 'pending'
              ? 'Tous les documents déposés ont été traités. Chaque nouveau dépôt s’ajoute à cette file.'
              : 'Aucun document ne correspond à ces filtres.'}
          </p>
        </EmptyState>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)]">
          <section aria-labelledby="queue-title" className="min-w-0">
            <h2
              id="queue-title"
              className="mb-2 scroll-mt-20 text-sm font-semibold text-ink-muted"
              aria-live="polite"
            >
              {plural(queue.data!.total, 'document', 'documents')}
              {filter.status === 'pending' ? ' en attente' : ''}
              {pages > 1 ? ` · page ${filter.page} sur ${pages}` : ''}
            </h2>
            <ul
              // While another filter or page loads, the list shown is the previous one.
              aria-busy={queue.isPlaceholderData || undefined}
              className={cn(
                'divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised',
                queue.isPlaceholderData && 'opacity-60',
              )}
            >
              {documents.map((document) => (
                <QueueItem
                  key={document.id}
                  document={document}
                  selected={document.id === selected?.id}
                  showStatus={filter.status !== 'pending'}
                  onSelect={() => select(document.id)}
                />
              ))}
            </ul>
            <Pager
              page={filter.page}
              pages={pages}
              label="Pages des documents"
              onPage={(page) => turnPage(page - filter.page)}
            />
          </section>
          {selected && (
            <section
              ref={reviewRef}
              aria-label="Document sélectionné"
              className="min-w-0 scroll-mt-20 rounded-2xl border border-line bg-surface-raised p-4 sm:p-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
            >
              <DocumentReview
                key={selected.id}
                document={selected}
                driverName={selected.driver.fullName}
                history={selected.history}
                headerExtra={
                  <p className="mt-1 text-sm text-ink-muted">
                    <span className="user-text">{selected.driver.email}</span> ·{' '}
                    <Link
                      href={`/admin/chauffeurs/${selected.driver.id}`}
                      className="font-semibold text-accent underline-offset-2 hover:underline"
                    >
                      Dossier du chauffeur
                    </Link>
                  </p>
                }
                onDecided={decided}
              />
            </section>
          )}
        </div>
      )}
    </>
  );
}
