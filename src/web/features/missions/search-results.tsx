import { List, Map as MapIcon, Search } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { MissionPage } from '#core/schemas/missions.js';
import { Button } from '#web/ui/button.js';
import { EmptyState } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { MissionCard } from './mission-card.js';

// Leaflet and its styles load only when someone opens the map.
const MissionMap = lazy(() => import('./mission-map.js'));

/** « Liste » or « Carte »: the same search, as cards with pages or as the 50 first on the map. */
export function ViewToggle({ view, onChange }: { view: string; onChange: (view: string) => void }) {
  return (
    <div className="flex gap-1 rounded-xl bg-surface-sunken p-1" role="group" aria-label="Affichage">
      {(
        [
          ['liste', 'Liste', List],
          ['carte', 'Carte', MapIcon],
        ] as const
      ).map(([value, label, Icon]) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={`flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold ${
            view === value ? 'bg-surface-raised shadow' : 'text-ink-muted hover:text-ink'
          }`}
        >
          <Icon className="h-4 w-4" aria-hidden="true" /> {label}
        </button>
      ))}
    </div>
  );
}

/**
 * What a search found: its count (« Plus de 100 » past the counted ones), then the cards with their pages, or the
 * map (saying how many missions it cannot place); while loading a spinner, on failure the server's words.
 */
export function SearchResults({
  search,
  view,
  center,
  radiusKm,
  missionHref,
  emptyAction,
  onPage,
}: {
  search: { isPending: boolean; isError: boolean; error: Error | null; data: MissionPage | undefined };
  view: string;
  center: { lat: number; lng: number } | null;
  radiusKm: number | null;
  missionHref?: (id: string) => string;
  emptyAction?: ReactNode;
  onPage: (page: number) => void;
}) {
  const page = search.data;
  const unplaced = page ? page.items.filter((mission) => mission.pickupLat === null).length : 0;
  const known = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  // Past the counted matches (100+), a full page means there may be another.
  const hasNext = page
    ? page.page < known || (page.totalIsLowerBound && page.items.length === page.pageSize)
    : false;

  return (
    <div aria-live="polite">
      {search.isPending ? (
        <Spinner label="Recherche des missions..." />
      ) : search.isError ? (
        <p role="alert" className="rounded-xl border border-danger p-4 text-danger">
          {search.error?.message}
        </p>
      ) : page && page.items.length === 0 && view === 'liste' ? (
        <EmptyState icon={Search} title="Aucune mission ne correspond" action={emptyAction}>
          <p>Élargissez le rayon ou retirez un filtre : de nouvelles missions arrivent chaque jour.</p>
        </EmptyState>
      ) : page ? (
        <>
          <p className="mb-3 text-sm text-ink-muted">
            {page.total === 0
              ? 'Aucune mission ouverte ici pour l’instant : élargissez le rayon ou déplacez la recherche.'
              : `${page.totalIsLowerBound ? `Plus de ${page.total}` : page.total} mission${page.total > 1 ? 's' : ''} ouverte${page.total > 1 ? 's' : ''}`}
          </p>
          {view === 'carte' ? (
            <Suspense fallback={<Spinner label="Chargement de la carte..." />}>
              {unplaced > 0 && (
                <p className="mb-2 text-sm text-ink-muted">
                  {unplaced === 1
                    ? '1 mission sans position connue n’apparaît pas sur la carte (voir la liste).'
                    : `${unplaced} missions sans position connue n’apparaissent pas sur la carte (voir la liste).`}
                </p>
              )}
              <MissionMap
                missions={page.items}
                center={center}
                radiusKm={radiusKm}
                missionHref={missionHref}
              />
            </Suspense>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {page.items.map((mission) => (
                <MissionCard key={mission.id} mission={mission} href={missionHref?.(mission.id)} />
              ))}
            </div>
          )}
          {view === 'liste' && (page.page > 1 || hasNext) && (
            <nav aria-label="Pages de résultats" className="mt-6 flex items-center justify-center gap-3">
              <Button variant="secondary" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
                Précédente
              </Button>
              <span className="text-sm">
                Page {page.page}
                {page.totalIsLowerBound ? '' : ` sur ${known}`}
              </span>
              <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page.page + 1)}>
                Suivante
              </Button>
            </nav>
          )}
        </>
      ) : null}
    </div>
  );
}
