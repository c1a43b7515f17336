import { MapPin } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { MissionFormValues, MissionInput } from '#core/schemas/missions.js';
import { apiRequest } from '#web/lib/api.js';
import { TextField } from '#web/ui/field.js';
import { Spinner } from '#web/ui/spinner.js';

const PinMap = lazy(() => import('./pin-map.js'));

interface Suggestion {
  label: string;
  city: string;
  postcode: string | null;
  lat: number;
  lng: number;
  source: 'ban' | 'local';
}

/**
 * An address with suggestions from GET /api/geocode (the national address base, else the built-in cities).
 * Picking one places the mission exactly; typed free text is placed by its city on the server.
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
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [pinning, setPinning] = useState(false);
  const lat = form.watch(`${end}Lat`);
  const lng = form.watch(`${end}Lng`);
  const point = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const registration = form.register(`${end}Address`);
  const place = (chosen: Suggestion | null) => {
    form.setValue(`${end}City`, chosen?.city ?? null);
    form.setValue(`${end}Lat`, chosen?.lat ?? null);
    form.setValue(`${end}Lng`, chosen?.lng ?? null);
  };
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
            apiRequest<Suggestion[]>('GET', `/api/geocode?q=${encodeURIComponent(value.trim())}`)
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
        <span className="text-ink-muted" aria-live="polite">
          {point
            ? `Point placé : ${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`
            : 'Placé d’après la ville'}
        </span>
      </div>
      {pinning && (
        <Suspense fallback={<Spinner label="Chargement de la carte..." />}>
          <PinMap
            point={point}
            label={`Carte : touchez l’endroit exact (${label.toLowerCase()})`}
            onPick={(pickedLat, pickedLng) => {
              form.setValue(`${end}Lat`, pickedLat);
              form.setValue(`${end}Lng`, pickedLng);
            }}
          />
        </Suspense>
      )}
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={`${suggestion.label}-${suggestion.lat}`} value={suggestion.label}>
            {suggestion.source === 'local' ? 'Ville (position approximative)' : suggestion.postcode}
          </option>
        ))}
      </datalist>
    </div>
  );
}
