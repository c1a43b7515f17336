import { useQuery } from '@tanstack/react-query';
import { MapPin, SearchX, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LICENSE_TYPES } from '#core/rules/enums.js';
import { VEHICLE_LABELS, type VehicleType } from '#core/rules/missions.js';
import { searchable } from '#core/rules/text.js';
import type { AvailableDriver } from '#core/schemas/availability.js';
import type { CommuneSuggestion } from '#core/schemas/places.js';
import type { QueryParams } from '#web/lib/api.js';
import { CommuneSuggestions, useDebounced } from '#web/lib/places.js';
import { Button } from '#web/ui/button.js';
import { EmptyState } from '#web/ui/empty-state.js';
import { FormFields, SelectField, TextField } from '#web/ui/field.js';
import { Stars } from '#web/ui/review-parts.js';
import { Spinner } from '#web/ui/spinner.js';
import { useDriverSearch } from './api.js';
import { formatLongDay } from './calendar-model.js';
import { StatusChip } from './status.js';
import { addDays, parisToday } from '#core/rules/days.js';

const RADII = [25, 50, 100, 200];

/** The commune a typed city names (the suggestion of the same name, else the first one). */
function useCommune(city: string) {
  const q = useDebounced(city.trim());
  const suggestions = useQuery<CommuneSuggestion[]>({
    queryKey: ['/api/places', { q }],
    enabled: q.length >= 2,
  });
  const wanted = searchable(q);
  const list = suggestions.data ?? [];
  return {
    commune:
      q.length < 2 ? null : (list.find((place) => searchable(place.city) === wanted) ?? list[0] ?? null),
    settled: q === city.trim() && !suggestions.isFetching,
  };
}

function DriverCard({ driver }: { driver: AvailableDriver }) {
  return (
    <li className="rounded-2xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <Link
            href={`/profile/${driver.id}`}
            className="user-text text-lg font-bold text-accent hover:underline"
          >
            {driver.fullName}
          </Link>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
            {driver.city && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="h-4 w-4" aria-hidden="true" /> {driver.city}
              </span>
            )}
            {driver.distanceKm !== null && <span>à {driver.distanceKm} km</span>}
          </p>
        </div>
        <StatusChip
          day={{
            date: '',
            status: driver.status,
            startTime: driver.startTime,
            endTime: driver.endTime,
            notes: null,
          }}
        />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Permis</dt>
        <dd>{driver.licenseType ?? 'Non indiqué'}</dd>
        <dt className="text-ink-muted">Expérience</dt>
        <dd>
          {driver.yearsExperience} an{driver.yearsExperience > 1 ? 's' : ''}
        </dd>
        {driver.vehicleTypes.length > 0 && (
          <>
            <dt className="text-ink-muted">Véhicules</dt>
            <dd>
              {driver.vehicleTypes.map((type) => VEHICLE_LABELS[type as VehicleType] ?? type).join(', ')}
            </dd>
          </>
        )}
        <dt className="text-ink-muted">Avis</dt>
        <dd className="flex items-center gap-2">
          {driver.averageRating !== null ? (
            <>
              <Stars value={driver.averageRating} size="sm" />
              <span>
                {driver.averageRating.toLocaleString('fr-FR')} ({driver.reviewCount} avis)
              </span>
            </>
          ) : (
            'Pas encore d’avis'
          )}
        </dd>
      </dl>
    </li>
  );
}

/** Transporters: the drivers who chose to be visible and said they are free on a day, by licence and zone. */
export function DriverSearch() {
  const [date, setDate] = useState(() => addDays(parisToday(), 1));
  const [licenseType, setLicenseType] = useState('');
  const [city, setCity] = useState('');
  const [radiusKm, setRadiusKm] = useState('50');
  const [params, setParams] = useState<QueryParams | null>(null);
  const [cityError, setCityError] = useState('');
  const { commune, settled } = useCommune(city);
  const search = useDriverSearch(params);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCityError('');
    if (city.trim() && !commune) {
      setCityError(settled ? 'Ville introuvable : choisissez-la dans la liste' : 'Recherche de la ville…');
      return;
    }
    setParams({
      date,
      licenseType,
      ...(commune ? { lat: commune.lat, lng: commune.lng, radiusKm } : {}),
    });
  };
  const fieldErrors = (search.error as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
  const drivers = search.data?.pages.flatMap((page) => page.drivers) ?? [];
  const total = search.data?.pages[0]?.total ?? 0;

  return (
    <div className="space-y-5">
      <section aria-labelledby="recherche" className="rounded-2xl border border-line bg-surface-raised p-5">
        <h2 id="recherche" className="text-lg font-bold">
          Chauffeurs disponibles
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Les chauffeurs qui ont choisi d’être visibles et se sont déclarés disponibles ce jour-là (toute la
          journée ou sur certaines heures). Leur téléphone n’est pas montré : écrivez-leur depuis une mission.
        </p>
        <form noValidate onSubmit={submit} className="mt-4">
          <FormFields className="grid gap-4 space-y-0 sm:grid-cols-2 lg:grid-cols-4">
            <TextField
              label="Jour"
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={fieldErrors.date}
            />
            <SelectField
              label="Permis"
              value={licenseType}
              onChange={(e) => setLicenseType(e.target.value)}
              placeholder="Tous les permis"
              options={LICENSE_TYPES.map((type) => ({ value: type, label: `Permis ${type} (ou supérieur)` }))}
            />
            <div>
              <TextField
                label="Ville ou code postal (facultatif)"
                list="chauffeurs-places"
                autoComplete="off"
                value={city}
                onChange={(e) => setCity(e.target.value)}
                error={cityError}
                hint={commune && searchable(commune.label) !== searchable(city) ? commune.label : undefined}
              />
              <CommuneSuggestions id="chauffeurs-places" text={city} />
            </div>
            <SelectField
              label="Rayon"
              value={radiusKm}
              onChange={(e) => setRadiusKm(e.target.value)}
              disabled={!city.trim()}
              options={RADII.map((radius) => ({ value: String(radius), label: `${radius} km` }))}
            />
            <div className="sm:col-span-2 lg:col-span-4">
              <Button type="submit" disabled={search.isFetching && !search.isFetchingNextPage}>
                {search.isFetching && !search.isFetchingNextPage ? 'Recherche...' : 'Chercher'}
              </Button>
            </div>
          </FormFields>
        </form>
      </section>
      {params === null ? null : search.isPending ? (
        <Spinner />
      ) : search.isError && !search.isFetchNextPageError ? (
        <p role="alert" className="text-danger">
          {search.error.message}
        </p>
      ) : drivers.length === 0 ? (
        <EmptyState icon={SearchX} title="Aucun chauffeur disponible trouvé">
          <p>
            Personne ne s’est déclaré disponible le {formatLongDay(String(params.date)).toLowerCase()}
            {params.lat ? ` à moins de ${params.radiusKm} km de ${commune?.city ?? 'cette ville'}` : ''}
            {params.licenseType ? ` avec le permis ${params.licenseType}` : ''} parmi les chauffeurs visibles.
          </p>
          <p className="mt-2">
            Élargissez le rayon, essayez un autre jour, ou publiez la mission : les chauffeurs de la zone en
            sont prévenus.
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="resultats">
          <h2 id="resultats" className="mb-3 flex items-center gap-2 font-bold" aria-live="polite">
            <UserRound className="h-5 w-5 text-accent" aria-hidden="true" />
            {total} chauffeur{total > 1 ? 's' : ''} disponible
            {total > 1 ? 's' : ''} le {formatLongDay(String(params.date)).toLowerCase()}
          </h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {drivers.map((driver) => (
              <DriverCard key={driver.id} driver={driver} />
            ))}
          </ul>
          {total > drivers.length && (
            <div className="mt-4 flex flex-col items-center gap-2 text-center">
              <p className="text-sm text-ink-muted">
                {drivers.length} sur {total} chauffeurs, les plus proches et les mieux notés d’abord
              </p>
              <Button
                variant="secondary"
                onClick={() => void search.fetchNextPage()}
                disabled={search.isFetchingNextPage}
              >
                {search.isFetchingNextPage ? 'Chargement…' : 'Voir plus de chauffeurs'}
              </Button>
            </div>
          )}
          {search.isFetchNextPageError && (
            <p role="alert" className="mt-2 text-center text-sm text-danger">
              La suite n’a pas pu être chargée : {search.error.message}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
