import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CommuneSuggestion, Homonyms, Located } from '#core/schemas/places.js';
import { Button } from '#web/ui/button.js';

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
 * by name or postcode, as the person types. A name several communes bear is offered with its postcode
 * (« 93200 Saint-Denis ») and shown with its department: picking it says which (decision 046).
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
        <option key={`${commune.label}-${commune.lat}`} value={commune.value}>
          {commune.label}
        </option>
      ))}
    </datalist>
  );
}

/**
 * Where the server will place a typed address (GET /api/places/locate): its commune, the communes of that name to
 * choose from, or null when nothing places it.
 */
export function usePlacement(address: string, enabled: boolean) {
  const settled = useDebounced(address.trim(), 400);
  return useQuery<Located | null>({
    queryKey: ['/api/places/locate', { address: settled }],
    enabled: enabled && settled.length >= 2,
  });
}

/**
 * Which of the communes of the same name (decision 046): one button per commune, « Saint-Denis (93200,
 * Seine-Saint-Denis) », under the field whose text named them. Choosing one hands over its text, the address with
 * that commune's postcode; the line above the buttons says why they are asked (`describedBy`).
 */
export function HomonymChoice({
  homonyms,
  describedBy,
  onChoose,
}: {
  homonyms: Homonyms;
  describedBy?: string;
  onChoose: (candidate: Homonyms['candidates'][number]) => void;
}) {
  return (
    <div
      role="group"
      aria-label={`Laquelle des communes « ${homonyms.city} » ?`}
      aria-describedby={describedBy}
      className="flex flex-wrap gap-2"
    >
      {homonyms.candidates.map((candidate) => (
        <Button
          key={candidate.label}
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => onChoose(candidate)}
        >
          {candidate.label}
        </Button>
      ))}
    </div>
  );
}
