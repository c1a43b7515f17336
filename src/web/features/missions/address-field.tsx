import { useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { MissionFormValues, MissionInput } from '#core/schemas/missions.js';
import { apiRequest } from '#web/lib/api.js';
import { TextField } from '#web/ui/field.js';

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
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const registration = form.register(`${end}Address`);
  const place = (chosen: Suggestion | null) => {
    form.setValue(`${end}City`, chosen?.city ?? null);
    form.setValue(`${end}Lat`, chosen?.lat ?? null);
    form.setValue(`${end}Lng`, chosen?.lng ?? null);
  };
  return (
    <>
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
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={`${suggestion.label}-${suggestion.lat}`} value={suggestion.label}>
            {suggestion.source === 'local' ? 'Ville (position approximative)' : suggestion.postcode}
          </option>
        ))}
      </datalist>
    </>
  );
}
