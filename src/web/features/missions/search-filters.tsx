import { DANGEROUS_GOODS_LABEL, EQUIPMENT_LABELS } from '#core/rules/freight.js';
import { LocateFixed, Search, SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LICENSE_TYPES } from '#core/rules/enums.js';
import { VEHICLE_LABELS, VEHICLE_TYPES } from '#core/rules/missions.js';
import { placementNote, type Homonyms, type Placement } from '#core/schemas/places.js';
import { CommuneSuggestions, HomonymChoice } from '#web/lib/places.js';
import { Button } from '#web/ui/button.js';
import { Checkbox, FormFields, SelectField, TextField } from '#web/ui/field.js';

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
  'atp',
  'tailLift',
  'adr',
  'temperature',
  'sort',
] as const;
/** The filters a search URL may carry (with the page and the view); shared links open the same search. */
const FILTERS = ['q', 'city', 'radiusKm', 'lat', 'lng', ...MORE_FILTERS, 'page', 'vue'] as const;

/** The freight filters (decision 052): any mission, only those that require it, or none of them. */
const FREIGHT_FILTERS = [
  { name: 'atp', label: EQUIPMENT_LABELS.atp },
  { name: 'tailLift', label: EQUIPMENT_LABELS.tail_lift },
  { name: 'adr', label: DANGEROUS_GOODS_LABEL },
  { name: 'temperature', label: 'Température dirigée' },
] as const;
const FREIGHT_CHOICES = [
  { value: 'include', label: 'Seulement celles-ci' },
  { value: 'exclude', label: 'Les exclure' },
];

const SORTS = [
  { value: 'start', label: 'Date de début' },
  { value: 'price', label: 'Prix (du plus élevé)' },
  { value: 'distance', label: 'Distance' },
  { value: 'newest', label: 'Plus récentes' },
];

/**
 * The search form: keywords, the loading city (placed by the server, or said unknown) and a radius, then the
 * filters behind « Plus de filtres ». « Rechercher » writes them all to the address, so a shared link opens the
 * same search; « Autour de moi » searches from the browser's position.
 */
export function SearchFilters({
  params,
  setParams,
  view,
  place,
  homonyms,
  unknownCity,
  canSearchNearMe,
}: {
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
  view: string;
  /** Where the server placed the city searched, if it did. */
  place: Placement | null;
  /** The communes of the name searched, when several bear it: the search asks which. */
  homonyms: Homonyms | null;
  unknownCity: boolean;
  canSearchNearMe: boolean;
}) {
  const [showMore, setShowMore] = useState(() => MORE_FILTERS.some((key) => params.has(key)));
  const [locating, setLocating] = useState(false);
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

  return (
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
            id="search-city"
            name="city"
            list="relais-places"
            placeholder="Lyon, Lille…"
            defaultValue={params.get('city') ?? ''}
            onChange={(event) => setCityText(event.target.value)}
            error={
              unknownCity
                ? 'Commune inconnue : choisissez-en une dans la liste'
                : homonyms
                  ? placementNote(homonyms)
                  : undefined
            }
            hint={
              place && params.get('city')
                ? `Autour de ${place.postcode ? `${place.city} (${place.postcode})` : place.city}`
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
        {homonyms && (
          <HomonymChoice
            homonyms={homonyms}
            describedBy="search-city-error"
            onChoose={(candidate) => {
              const next = new URLSearchParams(params);
              next.set('city', candidate.address);
              next.delete('page');
              setParams(next);
            }}
          />
        )}
        <CommuneSuggestions id="relais-places" text={cityText} />
        {showMore && <MoreFilters params={params} canSearchNearMe={canSearchNearMe} />}
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
  );
}

/**
 * The filters behind « Plus de filtres »: vehicle, licence, dates, prices, the freight (ATP, tail-lift, ADR,
 * set-point: only those or none of them), order, urgent only, near me.
 */
function MoreFilters({ params, canSearchNearMe }: { params: URLSearchParams; canSearchNearMe: boolean }) {
  return (
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
      <TextField label="À partir du" name="from" type="date" defaultValue={params.get('from') ?? ''} />
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
      {FREIGHT_FILTERS.map((filter) => (
        <SelectField
          key={filter.name}
          label={filter.label}
          name={filter.name}
          defaultValue={params.get(filter.name) ?? ''}
          placeholder="Indifférent"
          options={FREIGHT_CHOICES}
        />
      ))}
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
  );
}
