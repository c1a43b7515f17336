import { List, LocateFixed, Map as MapIcon, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { LICENSE_TYPES } from '#core/rules/enums.js';
import { VEHICLE_LABELS, VEHICLE_TYPES } from '#core/rules/missions.js';
import type { QueryParams } from '#web/lib/api.js';
import { CommuneSuggestions } from '#web/lib/places.js';
import { Button } from '#web/ui/button.js';
import { EmptyState } from '#web/ui/empty-state.js';
import { Checkbox, FormFields, SelectField, TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';
import { useMissionSearch } from './api.js';
import { MissionCard } from './mission-card.js';

// Leaflet and its styles load only when someone opens the map.
const MissionMap = lazy(() => import('./mission-map.js'));

/** The filters behind "Plus de filtres"; the panel opens with them when a shared link sets one. */
const MORE_FILTERS = [
  'near',
  'vehicleType',
  'licenseType',
  'from',
  'to',
  'minPrice',
  'maxPrice',
  'urgent',
  'sort',
] as const;
/** The filters a search URL may carry (with the page and the view); shared links open the same search. */
const FILTERS = ['q', 'city', 'radiusKm', 'lat', 'lng', ...MORE_FILTERS, 'page', 'vue'] as const;

const SORTS = [
  { value: 'start', label: 'Date de début' },
  { value: 'price', label: 'Prix (du plus élevé)' },
  { value: 'distance', label: 'Distance' },
  { value: 'newest', label: 'Plus récentes' },
];

/** URL parameters → the API's query (the server places a city; dates become ISO times). */
function apiQuery(params: URLSearchParams): QueryParams {
  const get = (key: string) => params.get(key) ?? undefined;
  const day = (value: string | undefined, end: boolean) =>
    value ? new Date(`${value}T${end ? '23:59:59' : '00:00:00'}`).toISOString() : undefined;
  return {
    q: get('q'),
    vehicleType: get('vehicleType'),
    licenseType: get('licenseType'),
    from: day(get('from'), false),
    to: day(get('to'), true),
    minPrice: get('minPrice'),
    maxPrice: get('maxPrice'),
    urgent: get('urgent'),
    city: get('lat') ? undefined : get('city'),
    lat: get('lat'),
    lng: get('lng'),
    near: get('city') || get('lat') ? undefined : get('near'),
    radiusKm: get('radiusKm'),
    sort: get('sort'),
    page: get('page'),
  };
}

export function SearchPanel({
  missionHref,
  canSearchNearMe = false,
  emptyAction,
  defaultView = 'liste',
}: {
  missionHref?: (id: string) => string;
  canSearchNearMe?: boolean;
  emptyAction?: ReactNode;
  defaultView?: 'liste' | 'carte';
}) {
  const [params, setParams] = useSearchParams();
  const view =
    params.get('vue') === 'carte' || params.get('vue') === 'liste' ? params.get('vue')! : defaultView;
  const setView = (next: string) => {
    const updated = new URLSearchParams(params);
    updated.set('vue', next);
    updated.delete('page');
    setParams(updated);
  };
  const [showMore, setShowMore] = useState(() => MORE_FILTERS.some((key) => params.has(key)));
  const [locating, setLocating] = useState(false);
  const query = apiQuery(params);
  // The map shows the 50 nearest (or first) missions at once.
  const search = useMissionSearch(view === 'carte' ? { ...query, pageSize: 50, page: undefined } : query);
  const center =
    query.lat !== undefined && query.lng !== undefined
      ? { lat: Number(query.lat), lng: Number(query.lng) }
      : (search.data?.center ?? null);
  // The server places the city (a commune, by name or postcode) and says where; none: no such commune.
  const unknownCity = Boolean(params.get('city') && search.data && !search.data.center);
  const [cityText, setCityText] = useState(params.get('city') ?? '');

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const value = data.get(key);
      if (typeof value === 'string' && value.trim() !== '' && key !== 'page') next.set(key, value.trim());
    }
    if (params.get('lat') && !next.get('city')) {
      next.set('lat', params.get('lat')!);
      next.set('lng', params.get('lng')!);
    }
    setParams(next);
  };

  const locate = () => {
    if (!('geolocation' in navigator)) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const next = new URLSearchParams(params);
        next.delete('city');
        next.delete('page');
        next.set('lat', position.coords.latitude.toFixed(4));
        next.set('lng', position.coords.longitude.toFixed(4));
        if (!next.get('radiusKm')) next.set('radiusKm', '50');
        setParams(next);
      },
      () => setLocating(false),
      { timeout: 10_000 },
    );
  };

  const page = search.data;
  const unplaced = page ? page.items.filter((mission) => mission.pickupLat === null).length : 0;
  const known = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  // Past the counted matches (100+), a full page means there may be another.
  const hasNext = page
    ? page.page < known || (page.totalIsLowerBound && page.items.length === page.pageSize)
    : false;
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="space-y-6">
      <form
        key={params.toString()}
        onSubmit={apply}
        role="search"
        aria-label="Rechercher des missions"
        className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
      >
        <FormFields>
          <div className="grid gap-4 md:grid-cols-[2fr_1.5fr_1fr]">
            <TextField
              label="Mots-clés"
              name="q"
              type="search"
              placeholder="frigo, palettes, Rungis…"
              defaultValue={params.get('q') ?? ''}
            />
            <TextField
              label="Ville de chargement"
              name="city"
              list="relais-places"
              placeholder="Lyon, Lille…"
              defaultValue={params.get('city') ?? ''}
              onChange={(event) => setCityText(event.target.value)}
              error={unknownCity ? 'Commune inconnue : choisissez-en une dans la liste' : undefined}
              hint={
                search.data?.center && params.get('city')
                  ? `Autour de ${search.data.center.postcode ? `${search.data.center.city} (${search.data.center.postcode})` : search.data.center.city}`
                  : undefined
              }
            />
            <SelectField
              label="Rayon"
              name="radiusKm"
              defaultValue={params.get('radiusKm') ?? ''}
              placeholder="Toute la France"
              options={[10, 25, 50, 100, 200].map((km) => ({ value: String(km), label: `${km} km` }))}
            />
          </div>
          <CommuneSuggestions id="relais-places" text={cityText} />
          {showMore && (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField
                label="Véhicule"
                name="vehicleType"
                defaultValue={params.get('vehicleType') ?? ''}
                placeholder="Tous"
                options={VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_LABELS[type] }))}
              />
              <SelectField
                label="Mon permis"
                name="licenseType"
                defaultValue={params.get('licenseType') ?? ''}
                placeholder="Tous"
                options={LICENSE_TYPES.map((type) => ({ value: type, label: `Permis ${type}` }))}
              />
              <TextField
                label="À partir du"
                name="from"
                type="date"
                defaultValue={params.get('from') ?? ''}
              />
              <TextField label="Jusqu’au" name="to" type="date" defaultValue={params.get('to') ?? ''} />
              <TextField
                label="Prix minimum (€)"
                name="minPrice"
                type="number"
                min={0}
                inputMode="numeric"
                defaultValue={params.get('minPrice') ?? ''}
              />
              <TextField
                label="Prix maximum (€)"
                name="maxPrice"
                type="number"
                min={0}
                inputMode="numeric"
                defaultValue={params.get('maxPrice') ?? ''}
              />
              <SelectField
                label="Trier par"
                name="sort"
                defaultValue={params.get('sort') ?? ''}
                placeholder="Pertinence"
                options={SORTS}
              />
              <Checkbox
                name="urgent"
                value="true"
                defaultChecked={params.get('urgent') === 'true'}
                label="Urgentes seulement"
                className="self-end pb-3 font-semibold"
              />
              {canSearchNearMe && (
                <Checkbox
                  name="near"
                  value="me"
                  defaultChecked={params.get('near') === 'me'}
                  label="Autour de ma position enregistrée"
                  className="self-end pb-3 font-semibold"
                />
              )}
            </div>
          )}
          <input type="hidden" name="vue" value={view} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit">
              <Search className="h-4 w-4" aria-hidden="true" /> Rechercher
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setShowMore((v) => !v)}
              aria-expanded={showMore}
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
              {showMore ? 'Moins de filtres' : 'Plus de filtres'}
            </Button>
            <Button type="button" variant="ghost" onClick={locate} disabled={locating}>
              <LocateFixed className="h-4 w-4" aria-hidden="true" />
              {locating ? 'Localisation...' : 'Autour de moi'}
            </Button>
            {params.size > 0 && (
              <Button type="button" variant="ghost" onClick={() => setParams(new URLSearchParams())}>
                Effacer les filtres
              </Button>
            )}
          </div>
        </FormFields>
      </form>

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
            onClick={() => setView(value)}
            className={`flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold ${
              view === value ? 'bg-surface-raised shadow' : 'text-ink-muted hover:text-ink'
            }`}
          >
            <Icon className="h-4 w-4" aria-hidden="true" /> {label}
          </button>
        ))}
      </div>

      <div aria-live="polite">
        {search.isPending ? (
          <Spinner label="Recherche des missions..." />
        ) : search.isError ? (
          <p role="alert" className="rounded-xl border border-danger p-4 text-danger">
            {search.error.message}
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
                  radiusKm={query.radiusKm ? Number(query.radiusKm) : null}
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
                <Button variant="secondary" disabled={page.page <= 1} onClick={() => goTo(page.page - 1)}>
                  Précédente
                </Button>
                <span className="text-sm">
                  Page {page.page}
                  {page.totalIsLowerBound ? '' : ` sur ${known}`}
                </span>
                <Button variant="secondary" disabled={!hasNext} onClick={() => goTo(page.page + 1)}>
                  Suivante
                </Button>
              </nav>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
