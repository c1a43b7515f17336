import type { AddressSuggestion } from '#core/schemas/places.js';
import { streetPart, suggestCommunes } from '../../platform/places.js';

interface BanFeature {
  geometry?: { coordinates?: unknown };
  properties?: { label?: unknown; city?: unknown; postcode?: unknown; context?: unknown };
}

/** The suggestions in an answer of the Base Adresse Nationale (GeoJSON FeatureCollection). */
export function parseBanAnswer(body: unknown): AddressSuggestion[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  return (features as BanFeature[]).flatMap((feature) => {
    const [lng, lat] = Array.isArray(feature.geometry?.coordinates) ? feature.geometry.coordinates : [];
    const { label, city, postcode, context } = feature.properties ?? {};
    if (typeof lat !== 'number' || typeof lng !== 'number' || typeof label !== 'string') return [];
    // "93, Seine-Saint-Denis, Île-de-France": the department's number, its name, the region.
    const department = typeof context === 'string' ? (context.split(',')[1]?.trim() ?? null) : null;
    return [
      {
        label,
        city: typeof city === 'string' ? city : label,
        postcode: typeof postcode === 'string' ? postcode : null,
        lat: Math.round(lat * 1e6) / 1e6,
        lng: Math.round(lng * 1e6) / 1e6,
        source: 'ban' as const,
        precision: 'exact' as const,
        department: department || null,
      },
    ];
  });
}

/**
 * Communes of the built-in register that the query names (postcode first): a point per commune, not per address.
 * The street typed before the commune is kept in the label, which becomes the field's text when picked; a commune
 * whose name others bear comes with its postcode ("93200 Saint-Denis"), so the text picked says which.
 */
export function localSuggestions(query: string, limit = 5): AddressSuggestion[] {
  return suggestCommunes(query, limit).map(
    ({ label, value, city, postcode, department, lat, lng, precision }) => {
      const street = streetPart(query, { city, postcode });
      const alone = value === city ? label : value;
      return {
        label: street ? `${street}, ${postcode ? `${postcode} ` : ''}${city}` : alone,
        city,
        postcode,
        lat,
        lng,
        source: 'local' as const,
        precision,
        department,
      };
    },
  );
}

/**
 * Address suggestions: the BAN when it answers within the timeout, else the communes of the built-in register
 * (the BAN is unreachable from some networks, and a dispatcher must still be able to publish).
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
