import { formatLongDateTime } from '#core/rules/french-dates.js';
import { ScrollText } from 'lucide-react';
import { useMemo, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AdminLog } from '#core/schemas/site-settings.js';
import { errorMessage } from '#web/lib/form-errors.js';
import { Button } from '#web/ui/button.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { count } from './format.js';
import { actionFamilies, actionLabel, detailsText, targetLabel } from './journal-labels.js';
import { useAdminLogFacets, useAdminLogs, type JournalFilter } from './settings-api.js';

/** « Toutes les actions … » for a family of actions (`user.*`): in French, the code only when it has no name. */
const FAMILY_LABELS: Record<string, string> = {
  admin: 'sur les administrateurs',
  user: 'sur les comptes',
  site_settings: 'sur les paramètres du site',
  tariffs: 'sur les tarifs',
  plan: 'sur les formules',
  document: 'sur les documents',
  driver: 'sur les chauffeurs',
  badge: 'sur les badges',
  review: 'sur les avis',
  review_report: 'sur les avis signalés',
  bug_report: 'sur les bugs signalés',
  mission: 'sur les missions',
};
const familyLabel = (family: string) => {
  const name = family.slice(0, -2);
  return `Toutes les actions ${FAMILY_LABELS[name] ?? `« ${name} »`}`;
};

const FILTER_KEYS = ['adminId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
const PAGE_SIZE = 50;

/** The filters live in the address (a filtered journal can be bookmarked or sent to a colleague). */
function useJournalFilter(): [JournalFilter, (next: Partial<JournalFilter>) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = useMemo(() => {
    const params = new URLSearchParams(search);
    const page = Number(params.get('page') ?? '1');
    return {
      ...(Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Omit<
        JournalFilter,
        'page'
      >),
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  }, [search]);
  const update = (next: Partial<JournalFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const params = new URLSearchParams();
    for (const key of FILTER_KEYS) if (merged[key]) params.set(key, merged[key]);
    if (merged.page > 1) params.set('page', String(merged.page));
    const query = params.toString();
    navigate(`/admin/journal${query ? `?${query}` : ''}`, { replace: true });
  };
  return [filter, update];
}

function Author({ entry }: { entry: AdminLog }) {
  if (!entry.adminName) return <span className="text-ink-muted">Compte supprimé</span>;
  return (
    <span className="min-w-0">
      <span className="user-text block font-semibold">{entry.adminName}</span>
      <span className="user-text block text-xs text-ink-muted">{entry.adminEmail}</span>
    </span>
  );
}

function Target({ entry }: { entry: AdminLog }) {
  return (
    <span className="min-w-0">
      <span className="block">{targetLabel(entry.targetType)}</span>
      {entry.targetId && <code className="block text-xs break-all text-ink-muted">{entry.targetId}</code>}
    </span>
  );
}

function Details({ entry }: { entry: AdminLog }) {
  const text = detailsText(entry.details);
  if (!text) return <span className="text-ink-muted">—</span>;
  return (
    <pre className="max-h-48 max-w-full overflow-auto rounded-lg bg-surface-sunken px-2 py-1 text-xs whitespace-pre">
      {text}
    </pre>
  );
}

function Entry({ entry }: { entry: AdminLog }) {
  return (
    <li className="grid gap-2 px-4 py-3 text-sm lg:grid-cols-[9rem_11rem_minmax(0,1fr)_9rem_minmax(0,2fr)] lg:gap-4">
      <span className="text-ink-muted">
        <time dateTime={entry.createdAt} className="block">
          {formatLongDateTime(entry.createdAt)}
        </time>
        <span className="block text-xs">
          <abbr title="Adresse IP">IP</abbr> {entry.ipAddress ?? '—'}
        </span>
      </span>
      <Author entry={entry} />
      <span className="min-w-0">
        <span className="block font-semibold">{actionLabel(entry.action)}</span>
        <code className="block text-xs text-ink-muted">{entry.action}</code>
      </span>
      <Target entry={entry} />
      <Details entry={entry} />
    </li>
  );
}

function Filters({
  filter,
  update,
}: {
  filter: JournalFilter;
  update: (next: Partial<JournalFilter>) => void;
}) {
  const facets = useAdminLogFacets().data;
  const actions = facets?.actions ?? [];
  const families = actionFamilies(actions);
  const onTarget = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('targetId');
    update({ targetId: typeof value === 'string' ? value.trim() : '' });
  };
  return (
    <div className="mb-5 grid gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-2 lg:grid-cols-3">
      <SelectField
        label="Administrateur"
        value={filter.adminId}
        placeholder="Tous"
        options={(facets?.admins ?? []).map((admin) => ({ value: admin.id, label: admin.fullName }))}
        onChange={(event) => update({ adminId: event.target.value })}
      />
      <SelectField
        label="Action"
        value={filter.action}
        placeholder="Toutes"
        options={[
          ...families.map((family) => ({
            value: family,
            label: familyLabel(family),
          })),
          ...actions.map((action) => ({ value: action, label: actionLabel(action) })),
        ]}
        onChange={(event) => update({ action: event.target.value })}
      />
      <SelectField
        label="Type de cible"
        value={filter.targetType}
        placeholder="Tous"
        options={(facets?.targetTypes ?? []).map((type) => ({ value: type, label: targetLabel(type) }))}
        onChange={(event) => update({ targetType: event.target.value })}
      />
      <form onSubmit={onTarget} className="flex items-end gap-2" key={filter.targetId}>
        <div className="flex-1">
          <TextField
            label="Identifiant de la cible"
            name="targetId"
            defaultValue={filter.targetId}
            placeholder="Identifiant exact"
            autoComplete="off"
          />
        </div>
        <Button type="submit" variant="secondary">
          Filtrer
        </Button>
      </form>
      <TextField
        label="Du (jour, heure de Paris)"
        type="date"
        value={filter.from}
        onChange={(event) => update({ from: event.target.value })}
      />
      <TextField
        label="Au (inclus)"
        type="date"
        value={filter.to}
        onChange={(event) => update({ to: event.target.value })}
      />
      {FILTER_KEYS.some((key) => filter[key]) && (
        <div className="sm:col-span-2 lg:col-span-3">
          <Button
            variant="ghost"
            onClick={() =>
              update({ adminId: '', action: '', targetType: '', targetId: '', from: '', to: '' })
            }
          >
            Effacer les filtres
          </Button>
        </div>
      )}
    </div>
  );
}

/** /admin/journal: every administrator's action, newest first, with its author, target, details and IP. */
export function AdminJournalPage() {
  const [filter, update] = useJournalFilter();
  const query = useAdminLogs(filter);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeader
        title="Journal"
        description="Chaque action des administrateurs, la plus récente d’abord : qui, quoi, sur quoi, avec quels détails et depuis quelle adresse IP."
      />
      <Filters filter={filter} update={update} />
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !data ? (
        <p role="alert" className="text-danger">
          {errorMessage(query.error, 'Le journal n’a pas pu être chargé. Réessayez dans un instant.')}
        </p>
      ) : data.entries.length === 0 ? (
        <EmptyState icon={ScrollText} title="Aucune action">
          <p>Aucune action d’administrateur ne correspond à ces filtres.</p>
        </EmptyState>
      ) : (
        <section aria-labelledby="journal-list">
          <h2 id="journal-list" className="mb-2 text-sm text-ink-muted">
            {count(data.total, 'action', 'actions')} · page {data.page} sur {pages}
          </h2>
          <div className="overflow-hidden rounded-2xl border border-line bg-surface-raised">
            <div
              aria-hidden="true"
              className="hidden gap-4 border-b border-line bg-surface-sunken px-4 py-2 text-xs font-semibold text-ink-muted uppercase lg:grid lg:grid-cols-[9rem_11rem_minmax(0,1fr)_9rem_minmax(0,2fr)]"
            >
              <span>Date · adresse IP</span>
              <span>Administrateur</span>
              <span>Action</span>
              <span>Cible</span>
              <span>Détails</span>
            </div>
            <ul aria-busy={query.isFetching} className="divide-y divide-line">
              {data.entries.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </ul>
          </div>
          {pages > 1 && (
            <nav aria-label="Pages du journal" className="mt-4 flex items-center gap-3">
              <Button
                variant="secondary"
                disabled={data.page <= 1}
                onClick={() => update({ page: data.page - 1 })}
              >
                Plus récentes
              </Button>
              <Button
                variant="secondary"
                disabled={data.page >= pages}
                onClick={() => update({ page: data.page + 1 })}
              >
                Plus anciennes
              </Button>
            </nav>
          )}
        </section>
      )}
    </>
  );
}
