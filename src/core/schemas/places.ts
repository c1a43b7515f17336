import { z } from 'zod';
import { requiredText } from './text.js';

/**
 * How well a point places an address: "exact" (the address itself, or a point put on the map), "commune" (the
 * commune's point), "approx" (a small commune, placed near its neighbours: ~10–20 km).
 */
export const PLACEMENT_PRECISIONS = ['exact', 'commune', 'approx'] as const;
export type PlacementPrecision = (typeof PLACEMENT_PRECISIONS)[number];

const placementSchema = z.object({
  city: z.string(),
  postcode: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  precision: z.enum(PLACEMENT_PRECISIONS),
  /** Why the point may be wrong: the written city is not one the postcode serves ("59000 Marseille"). */
  conflict: z.enum(['postcode-city']).nullable(),
  /** The city as written, when it conflicts. */
  writtenCity: z.string().nullable(),
});
export type Placement = z.infer<typeof placementSchema>;

/** One of several communes of the same name (decision 046), as a form offers it. */
const communeChoiceSchema = z.object({
  /** « Saint-Denis (93200, Seine-Saint-Denis) »: never the same for two communes. */
  label: z.string(),
  city: z.string(),
  postcode: z.string(),
  /** The department's name: « Seine-Saint-Denis », « La Réunion ». */
  department: z.string(),
  /** The address as written, with this commune's postcode before its name: what the field becomes if chosen. */
  address: z.string(),
});

/**
 * Several communes bear the name an address gives, and nothing in it (postcode, department number) says which
 * (decision 046): none is placed, the form asks which one, and publishing a mission is refused until it is said.
 */
const homonymsSchema = z.object({
  conflict: z.literal('homonyms'),
  /** The name they share, as the register spells it. */
  city: z.string(),
  /** Most populous first. */
  candidates: z.array(communeChoiceSchema),
});
export type Homonyms = z.infer<typeof homonymsSchema>;

/** How the server reads an address: placed (a Placement), or the homonyms it may mean. */
export const locatedSchema = z.union([placementSchema, homonymsSchema]);
export type Located = z.infer<typeof locatedSchema>;

export const communeSuggestionSchema = placementSchema.extend({
  /** « Rungis (94150) »; with the department when other communes bear the name: « Valence (82400, Tarn-et-Garonne) ». */
  label: z.string(),
  /** What a city field takes when it is picked: the name, or « 82400 Valence » when other communes bear it. */
  value: z.string(),
  department: z.string(),
});
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
  /** The department's name, when known (« Seine-Saint-Denis »): it tells apart communes of the same name. */
  department: z.string().nullable(),
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

/**
 * Why a mission's address is refused while it names homonyms (decision 046): which departments, and how to say
 * which one. « Plusieurs communes s’appellent « Saint-Denis » (La Réunion, Seine-Saint-Denis, Aude, Gard) : … ».
 */
export function homonymsMessage({ city, candidates }: Homonyms): string {
  const departments = candidates.slice(0, 4).map((candidate) => candidate.department);
  const more = candidates.length > 4 ? '…' : '';
  const example = candidates[0] ? `, par exemple « ${candidates[0].postcode} ${candidates[0].city} »` : '';
  return `Plusieurs communes s’appellent « ${city} » (${departments.join(', ')}${more}) : précisez laquelle par son code postal ou son département${example}.`;
}

/** What the forms say of where an address will be placed (the server places it the same way on saving). */
export function placementNote(placement: Located | null): string {
  if (!placement)
    return 'Adresse non placée : ajoutez le code postal, choisissez une suggestion ou placez-la sur la carte.';
  if (placement.conflict === 'homonyms')
    return `Plusieurs communes s’appellent « ${placement.city} » : choisissez laquelle, ou ajoutez le code postal.`;
  const where = placement.postcode ? `${placement.city} (${placement.postcode})` : placement.city;
  if (placement.conflict === 'postcode-city')
    return `Le code postal ${placement.postcode} est celui de ${placement.city}, pas de « ${placement.writtenCity} » : placé à ${placement.city}, vérifiez l’adresse.`;
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
