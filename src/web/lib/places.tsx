import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CommuneSuggestion, Placement } from '#core/schemas/places.js';

/** The value, once it has stopped changing for `ms`: typing does not send a request per key. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A datalist of French communes for a city field (GET /api/places): every commune of the official register,
 * by name or postcode, as the person types.
 */
export function CommuneSuggestions({ id, text }: { id: string; text: string }) {
  const q = useDebounced(text.trim());
  const suggestions = useQuery<CommuneSuggestion[]>({
    queryKey: ['/api/places', { q }],
    enabled: q.length >= 2,
  });
  return (
    <datalist id={id}>
      {(suggestions.data ?? []).map((commune) => (
        <option key={`${commune.label}-${commune.lat}`} value={commune.city}>
          {commune.label}
        </option>
      ))}
    </datalist>
  );
}

/** Where the server will place a typed address (GET /api/places/locate), or null when nothing places it. */
export function usePlacement(address: string, enabled: boolean) {
  const settled = useDebounced(address.trim(), 400);
  return useQuery<Placement | null>({
    queryKey: ['/api/places/locate', { address: settled }],
    enabled: enabled && settled.length >= 2,
  });
}
