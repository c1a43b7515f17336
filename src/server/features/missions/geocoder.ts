import { PLACES } from '#core/rules/places.js';
import { searchable } from '#core/rules/text.js';

export interface AddressSuggestion {
  label: string;
  city: string;
  postcode: string | null;
  lat: number;
  lng: number;
  source: 'ban' | 'local';
}

interface BanFeature {
  geometry?: { coordinates?: unknown };
  properties?: { label?: unknown; city?: unknown; postcode?: unknown };
}

/** The suggestions in an answer of the Base Adresse Nationale (GeoJSON FeatureCollection). */
export function parseBanAnswer(body: unknown): AddressSuggestion[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  return (features as BanFeature[]).flatMap((feature) => {
    const [lng, lat] = Array.isArray(feature.geometry?.coordinates) ? feature.geometry.coordinates : [];
    const { label, city, postcode } = feature.properties ?? {};
    if (typeof lat !== 'number' || typeof lng !== 'number' || typeof label !== 'string') return [];
    return [
      {
        label,
        city: typeof city === 'string' ? city : label,
        postcode: typeof postcode === 'string' ? postcode : null,
        lat: Math.round(lat * 1e6) / 1e6,
        lng: Math.round(lng * 1e6) / 1e6,
        source: 'ban' as const,
      },
    ];
  });
}

/**
 * Cities of the built-in list that the query names: each query word of 3+ letters that starts a word of the
 * city's name counts its length; best scores first ("saint eti" → Saint-Étienne before Saint-Priest,
 * "1 rue de la tour rungis" → Rungis before Tours).
 */
export function localSuggestions(query: string, limit = 5): AddressSuggestion[] {
  const words = searchable(query)
    .split(' ')
    .filter((word) => word.length >= 3);
  if (words.length === 0) return [];
  return PLACES.map((place) => {
    const nameWords = searchable(place.name).split(' ');
    const score = words
      .filter((word) => nameWords.some((nameWord) => nameWord.startsWith(word)))
      .reduce((sum, word) => sum + word.length, 0);
    return { place, score };
  })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.place.name.localeCompare(b.place.name, 'fr'))
    .slice(0, limit)
    .map(({ place }) => ({
      label: place.name,
      city: place.name,
      postcode: null,
      lat: place.lat,
      lng: place.lng,
      source: 'local' as const,
    }));
}

/**
 * Address suggestions: the BAN when it answers within the timeout, else the built-in city list (the BAN is
 * unreachable from some networks, and a dispatcher must still be able to publish).
 */
export async function suggestAddresses(
  query: string,
  options: { url: string | null; timeoutMs: number },
): Promise<AddressSuggestion[]> {
  if (options.url && query.trim().length >= 3) {
    try {
      const url = new URL(options.url);
      url.searchParams.set('q', query.trim());
      url.searchParams.set('limit', '5');
      const response = await fetch(url, {
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (response.ok) {
        const found = parseBanAnswer(await response.json());
        if (found.length > 0) return found;
      }
    } catch {
      // Unreachable, too slow or not JSON: the built-in list answers.
    }
  }
  return localSuggestions(query);
}
