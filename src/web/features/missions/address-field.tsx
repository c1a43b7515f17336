import { MapPin } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { MissionFormValues, MissionInput } from '#core/schemas/missions.js';
import { placementNote, type AddressSuggestion } from '#core/schemas/places.js';
import { apiRequest } from '#web/lib/api.js';
import { HomonymChoice, usePlacement } from '#web/lib/places.js';
import { TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';

const PinMap = lazy(() => import('./pin-map.js'));

/**
 * An address with suggestions from GET /api/geocode (the national address base, else the built-in communes).
 * Picking one places the mission; typed free text is placed by its commune on the server, and the line under
 * the field says beforehand where, and how well — or that nothing places it. A commune several bear, with nothing
 * typed to say which, is asked under the field (decision 046): the server refuses to publish it as it is.
 */
export function AddressField({
  form,
  end,
  label,
  error,
  hint,
}: {
  form: UseFormReturn<MissionFormValues, unknown, MissionInput>;
  end: 'pickup' | 'delivery';
  label: string;
  error?: string;
  hint?: string;
}) {
  const listId = useId();
  const noteId = useId();
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [pinning, setPinning] = useState(false);
  const lat = form.watch(`${end}Lat`);
  const lng = form.watch(`${end}Lng`);
  const point = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const registration = form.register(`${end}Address`);
  const address = form.watch(`${end}Address`) ?? '';
  // A suggestion picked (or a pin put) says how well it places the address; otherwise the server is asked.
  const [chosen, setChosen] = useState<AddressSuggestion | null>(null);
  const typed = usePlacement(address, point === null);
  const place = (picked: AddressSuggestion | null) => {
    setChosen(picked);
    form.setValue(`${end}City`, picked?.city ?? null);
    form.setValue(`${end}Lat`, picked?.lat ?? null);
    form.setValue(`${end}Lng`, picked?.lng ?? null);
  };
  const homonyms = !point && typed.data?.conflict === 'homonyms' ? typed.data : null;
  const note = point
    ? chosen
      ? placementNote({ ...chosen, conflict: null, writtenCity: null })
      : `Point placé sur la carte : ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`
    : address.trim().length < 2
      ? ''
      : typed.isFetching && typed.data === undefined
        ? 'Recherche de la commune…'
        : placementNote(typed.data ?? null);
  return (
    <div className="space-y-2">
      <TextField
        label={label}
        placeholder="N°, rue, code postal, ville"
        autoComplete="off"
        list={listId}
        hint={hint}
        error={error}
        {...registration}
        onChange={(event) => {
          void registration.onChange(event);
          const value = event.target.value;
          place(suggestions.find((suggestion) => suggestion.label === value) ?? null);
          clearTimeout(timer.current);
          if (value.trim().length < 3) return;
          timer.current = setTimeout(() => {
            apiRequest<AddressSuggestion[]>('GET', `/api/geocode?q=${encodeURIComponent(value.trim())}`)
              .then(setSuggestions)
              .catch(() => setSuggestions([]));
          }, 300);
        }}
      />
      <div className="flex flex-wrap items-center gap-x-3 text-sm">
        <button
          type="button"
          className="flex items-center gap-1 font-semibold text-accent underline"
          aria-expanded={pinning}
          onClick={() => setPinning((v) => !v)}
        >
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {pinning ? 'Fermer la carte' : 'Placer sur la carte'}
        </button>
        <span id={noteId} className="text-ink-muted" aria-live="polite">
          {note}
        </span>
      </div>
      {homonyms && (
        <HomonymChoice
          homonyms={homonyms}
          describedBy={noteId}
          onChoose={(candidate) => {
            // The address with the commune's postcode: the server then places it by that postcode, as typed.
            form.setValue(`${end}Address`, candidate.address, { shouldDirty: true });
            form.clearErrors(`${end}Address`);
            place(null);
            form.setFocus(`${end}Address`);
          }}
        />
      )}
      {pinning && (
        <Suspense fallback={<Spinner label="Chargement de la carte..." />}>
          <PinMap
            point={point}
            label={`Carte : touchez l’endroit exact (${label.toLowerCase()})`}
            onPick={(pickedLat, pickedLng) => {
              setChosen(null);
              form.setValue(`${end}Lat`, pickedLat);
              form.setValue(`${end}Lng`, pickedLng);
            }}
          />
        </Suspense>
      )}
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={`${suggestion.label}-${suggestion.lat}`} value={suggestion.label}>
            {[
              suggestion.source === 'local'
                ? suggestion.precision === 'approx'
                  ? 'Commune (position approximative)'
                  : 'Commune'
                : suggestion.postcode,
              suggestion.department,
            ]
              .filter(Boolean)
              .join(', ')}
          </option>
        ))}
      </datalist>
    </div>
  );
}
