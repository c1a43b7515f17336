import { z } from 'zod';
import { requiredText } from './text.js';

/**
 * How well a point places an address: "exact" (the address itself, or a point put on the map), "commune" (the
 * commune's point), "approx" (a small commune, placed near its neighbours: ~10–20 km).
 */
export const PLACEMENT_PRECISIONS = ['exact', 'commune', 'approx'] as const;
export type PlacementPrecision = (typeof PLACEMENT_PRECISIONS)[number];

export const placementSchema = z.object({
  city: z.string(),
  postcode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  precision: z.enum(PLACEMENT_PRECISIONS),
  /**
   * Why the point may be wrong: the written city is not one the postcode serves ("59000 Marseille"), or several
   * communes bear the name and no postcode says which ("Sainte-Marie").
   */
  conflict: z.enum(['postcode-city', 'homonyms']).nullable(),
  /** The city as written, when it conflicts. */
  writtenCity: z.string().nullable(),
});
export type Placement = z.infer<typeof placementSchema>;

export const communeSuggestionSchema = placementSchema.extend({ label: z.string() });
export type CommuneSuggestion = z.infer<typeof communeSuggestionSchema>;

/**
 * GET /api/geocode: an address suggestion of the national address base ("ban", placed exactly) or, when it does
 * not answer, a commune of the built-in register ("local", the street typed kept in the label).
 * The answer's schema of GET /api/geocode (the route serialises through it) and the type the form reads.
 */
export const addressSuggestionSchema = z.object({
  label: z.string(),
  city: z.string(),
  postcode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  source: z.enum(['ban', 'local']),
  precision: z.enum(PLACEMENT_PRECISIONS),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const placeQuerySchema = z.object({
  q: requiredText('Saisissez une ville ou un code postal', {
    min: 2,
    max: 100,
    tooLong: 'Recherche trop longue',
  }),
});
export const locateQuerySchema = z.object({
  address: requiredText('Saisissez une adresse', { min: 2, max: 200, tooLong: 'Adresse trop longue' }),
});

/** What the forms say of where an address will be placed (the server places it the same way on saving). */
export function placementNote(placement: Placement | null): string {
  if (!placement)
    return 'Adresse non placée : ajoutez le code postal, choisissez une suggestion ou placez-la sur la carte.';
  const where = placement.postcode ? `${placement.city} (${placement.postcode})` : placement.city;
  if (placement.conflict === 'postcode-city')
    return `Le code postal ${placement.postcode} est celui de ${placement.city}, pas de « ${placement.writtenCity} » : placé à ${placement.city}, vérifiez l’adresse.`;
  if (placement.conflict === 'homonyms')
    return `Plusieurs communes s’appellent « ${placement.writtenCity} » : placé à ${placement.city} par défaut, ajoutez le code postal.`;
  if (placement.precision === 'exact') return `Adresse placée : ${where}`;
  if (placement.precision === 'commune') return `Placé d’après la commune : ${where}`;
  return `Position approximative (${where}, à 10–20 km près) : placez le point sur la carte pour être exact.`;
}

/**
 * "à 12 km", said as well as the point knows it: a commune's point gives "à ~12 km", and "dans la commune" rather
 * than a false "à 0 km" when the search starts from that same commune; an approximate point says so.
 */
export function distanceLabel(distanceKm: number, precision: PlacementPrecision | null): string {
  const km = distanceKm.toLocaleString('fr-FR', { maximumFractionDigits: distanceKm < 10 ? 1 : 0 });
  if (precision === 'exact') return `à ${km} km`;
  if (precision === 'commune') return distanceKm < 2 ? 'dans la commune' : `à ~${km} km`;
  return distanceKm < 10
    ? 'dans le secteur (position approximative)'
    : `à ~${km} km (position approximative)`;
}
