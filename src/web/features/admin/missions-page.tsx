import { Truck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { MISSION_STATUSES } from '#core/rules/enums.js';
import { STATUS_LABELS } from '#core/rules/missions.js';
import { ApiError } from '#web/lib/api.js';
import { Button } from '#web/ui/button.js';
import { Pager } from '#web/ui/pager.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { SelectField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import {
  filterFromSearch,
  NO_FILTER,
  searchForFilter,
  useAdminMissions,
  type MissionFilter,
} from './admin-missions-api.js';
import { MissionCards, MissionTable } from './missions-parts.js';

const STATUS_OPTIONS = MISSION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** /admin/missions: every mission, searched and filtered (the filters live in the address), newest first. */
export function AdminMissionsPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromSearch(params);
  const [search, setSearch] = useState(filter.q);
  const list = useAdminMissions(filter);
  const set = (next: Partial<MissionFilter>) =>
    setParams(searchForFilter({ ...filter, page: 1, ...next }), { replace: true });

  // The search is written to the address once typing pauses.
  useEffect(() => {
    const current = filterFromSearch(params);
    if (search.trim() === current.q.trim()) return;
    const timer = setTimeout(
      () => setParams(searchForFilter({ ...current, page: 1, q: search }), { replace: true }),
      350,
    );
    return () => clearTimeout(timer);
  }, [search, params, setParams]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = searchForFilter({ ...filter, page: 1 }).size > 0;
  const fieldErrors = list.error instanceof ApiError ? list.error.fieldErrors : {};

  return (
    <>
      <PageHeader
        title="Missions"
        description="Toutes les missions, les plus récentes d’abord. Cherchez par titre, ville, référence, transporteur ou chauffeur ; ouvrez une mission pour voir son historique ou l’annuler."
      />
      <form
        role="search"
        className="mb-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-6"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="xl:col-span-2">
          <TextField
            label="Rechercher"
            type="search"
            placeholder="Titre, ville, référence, société, chauffeur…"
            maxLength={100}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField
          label="Statut"
          placeholder="Tous les statuts"
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(event) => set({ status: event.target.value as MissionFilter['status'] })}
        />
        <SelectField
          label="Urgence"
          placeholder="Toutes"
          options={[
            { value: 'true', label: 'Urgentes' },
            { value: 'false', label: 'Non urgentes' },
          ]}
          value={filter.urgent}
          onChange={(event) => set({ urgent: event.target.value as MissionFilter['urgent'] })}
        />
        <SelectField
          label="Période selon"
          options={[
            { value: 'created', label: 'La publication' },
            { value: 'start', label: 'Le début' },
          ]}
          value={filter.dateField}
          onChange={(event) => set({ dateField: event.target.value as MissionFilter['dateField'] })}
        />
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label="Du"
            type="date"
            value={filter.from}
            error={fieldErrors.from}
            onChange={(event) => set({ from: event.target.value })}
          />
          <TextField
            label="Au"
            type="date"
            value={filter.to}
            onChange={(event) => set({ to: event.target.value })}
          />
        </div>
      </form>
      {(filter.companyId || filter.driverId || filtered) && (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          {filter.companyId && (
            <Button size="sm" variant="secondary" onClick={() => set({ companyId: '' })}>
              Un seul transporteur
              <X className="h-4 w-4" aria-label="retirer ce filtre" />
            </Button>
          )}
          {filter.driverId && (
            <Button size="sm" variant="secondary" onClick={() => set({ driverId: '' })}>
              Un seul chauffeur
              <X className="h-4 w-4" aria-label="retirer ce filtre" />
            </Button>
          )}
          {filtered && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setSearch('');
                setParams(searchForFilter(NO_FILTER), { replace: true });
              }}
            >
              Effacer les filtres
            </Button>
          )}
        </div>
      )}

      {list.isPending ? (
        <Spinner label="Chargement des missions..." />
      ) : list.isError && !data ? (
        <p role="alert" className="text-danger">
          {Object.values(fieldErrors)[0] ??
            'La liste des missions n’a pas pu être chargée. Réessayez dans un instant.'}
        </p>
      ) : !data || data.missions.length === 0 ? (
        <EmptyState icon={Truck} title={filtered ? 'Aucune mission trouvée' : 'Aucune mission publiée'}>
          <p>
            {filtered
              ? 'Aucune mission ne correspond à cette recherche ou à ces filtres.'
              : 'Les missions publiées par les transporteurs apparaissent ici.'}
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="missions-count" aria-busy={list.isPlaceholderData || undefined}>
          <h2 id="missions-count" className="mb-2 text-sm font-semibold text-ink-muted" aria-live="polite">
            {data.total} mission{data.total > 1 ? 's' : ''}
            {pages > 1 ? ` · page ${filter.page} sur ${pages}` : ''}
          </h2>
          <div className={cn(list.isPlaceholderData && 'opacity-60')}>
            <div className="hidden lg:block">
              <MissionTable missions={data.missions} />
            </div>
            <div className="lg:hidden">
              <MissionCards missions={data.missions} />
            </div>
          </div>
          <Pager
            page={filter.page}
            pages={pages}
            label="Pages des missions"
            onPage={(page) => set({ page })}
          />
        </section>
      )}
    </>
  );
}
