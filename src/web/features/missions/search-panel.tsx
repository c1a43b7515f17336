import { type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import type { QueryParams } from '#web/lib/api.js';
import { useMissionSearch } from './api.js';
import { SearchFilters } from './search-filters.js';
import { SearchResults, ViewToggle } from './search-results.js';

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
    atp: get('atp'),
    tailLift: get('tailLift'),
    adr: get('adr'),
    temperature: get('temperature'),
    city: get('lat') ? undefined : get('city'),
    lat: get('lat'),
    lng: get('lng'),
    near: get('city') || get('lat') ? undefined : get('near'),
    radiusKm: get('radiusKm'),
    sort: get('sort'),
    page: get('page'),
  };
}

/**
 * The missions' search (the explorer, /missions, the driver's map): the form, the view, the results, all read
 * from and written to the address.
 */
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
  const query = apiQuery(params);
  // The map shows the 50 nearest (or first) missions at once.
  const search = useMissionSearch(view === 'carte' ? { ...query, pageSize: 50, page: undefined } : query);
  // The server places the city (a commune, by name or postcode) and says where; none: no such commune; several of
  // that name and nothing to say which: no point, and the filters ask which (decision 046).
  const located = search.data?.center ?? null;
  const homonyms = located?.conflict === 'homonyms' ? located : null;
  const place = located?.conflict === 'homonyms' ? null : located;
  const center =
    query.lat !== undefined && query.lng !== undefined
      ? { lat: Number(query.lat), lng: Number(query.lng) }
      : place;
  const unknownCity = Boolean(params.get('city') && search.data && !located);
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="space-y-6">
      <SearchFilters
        params={params}
        setParams={setParams}
        view={view}
        place={place}
        homonyms={homonyms}
        unknownCity={unknownCity}
        canSearchNearMe={canSearchNearMe}
      />
      <ViewToggle view={view} onChange={setView} />
      <SearchResults
        search={search}
        view={view}
        center={center}
        radiusKm={query.radiusKm ? Number(query.radiusKm) : null}
        missionHref={missionHref}
        emptyAction={emptyAction}
        onPage={goTo}
      />
    </div>
  );
}
