/**
 * Where a French address is: its city, read from the text, and the city's approximate coordinates from a
 * small built-in list of cities and freight hubs. Used when the national address service (BAN) does not
 * answer and no pin was placed: a mission still gets a point for radius searches, good to a few km.
 */
import { searchable } from './text.js';

export interface Place {
  name: string;
  lat: number;
  lng: number;
}

export const PLACES: readonly Place[] = [
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'Rungis', lat: 48.7467, lng: 2.3489 },
  { name: 'Roissy-en-France', lat: 49.0036, lng: 2.5167 },
  { name: 'Gennevilliers', lat: 48.9333, lng: 2.2933 },
  { name: 'Bonneuil-sur-Marne', lat: 48.7711, lng: 2.4878 },
  { name: 'Évry-Courcouronnes', lat: 48.6291, lng: 2.4406 },
  { name: 'Marne-la-Vallée', lat: 48.8397, lng: 2.6367 },
  { name: 'Lyon', lat: 45.764, lng: 4.8357 },
  { name: 'Saint-Priest', lat: 45.6964, lng: 4.9439 },
  { name: 'Marseille', lat: 43.2965, lng: 5.3698 },
  { name: 'Fos-sur-Mer', lat: 43.4378, lng: 4.9447 },
  { name: 'Toulouse', lat: 43.6047, lng: 1.4442 },
  { name: 'Nice', lat: 43.7102, lng: 7.262 },
  { name: 'Nantes', lat: 47.2184, lng: -1.5536 },
  { name: 'Saint-Nazaire', lat: 47.2735, lng: -2.2138 },
  { name: 'Strasbourg', lat: 48.5734, lng: 7.7521 },
  { name: 'Montpellier', lat: 43.6108, lng: 3.8767 },
  { name: 'Bordeaux', lat: 44.8378, lng: -0.5792 },
  { name: 'Lille', lat: 50.6292, lng: 3.0573 },
  { name: 'Lesquin', lat: 50.5889, lng: 3.1128 },
  { name: 'Dunkerque', lat: 51.0344, lng: 2.3768 },
  { name: 'Calais', lat: 50.9513, lng: 1.8587 },
  { name: 'Rennes', lat: 48.1173, lng: -1.6778 },
  { name: 'Reims', lat: 49.2583, lng: 4.0317 },
  { name: 'Le Havre', lat: 49.4944, lng: 0.1079 },
  { name: 'Rouen', lat: 49.4432, lng: 1.0999 },
  { name: 'Saint-Étienne', lat: 45.4397, lng: 4.3872 },
  { name: 'Toulon', lat: 43.1242, lng: 5.928 },
  { name: 'Grenoble', lat: 45.1885, lng: 5.7245 },
  { name: 'Dijon', lat: 47.322, lng: 5.0415 },
  { name: 'Angers', lat: 47.4784, lng: -0.5632 },
  { name: 'Nîmes', lat: 43.8367, lng: 4.3601 },
  { name: 'Clermont-Ferrand', lat: 45.7772, lng: 3.087 },
  { name: 'Le Mans', lat: 48.0061, lng: 0.1996 },
  { name: 'Aix-en-Provence', lat: 43.5297, lng: 5.4474 },
  { name: 'Brest', lat: 48.3904, lng: -4.4861 },
  { name: 'Tours', lat: 47.3941, lng: 0.6848 },
  { name: 'Amiens', lat: 49.8941, lng: 2.2958 },
  { name: 'Limoges', lat: 45.8336, lng: 1.2611 },
  { name: 'Perpignan', lat: 42.6887, lng: 2.8948 },
  { name: 'Metz', lat: 49.1193, lng: 6.1757 },
  { name: 'Nancy', lat: 48.6921, lng: 6.1844 },
  { name: 'Besançon', lat: 47.2378, lng: 6.0241 },
  { name: 'Orléans', lat: 47.9029, lng: 1.9093 },
  { name: 'Mulhouse', lat: 47.7508, lng: 7.3359 },
  { name: 'Caen', lat: 49.1829, lng: -0.3707 },
  { name: 'Poitiers', lat: 46.5802, lng: 0.3404 },
  { name: 'La Rochelle', lat: 46.1603, lng: -1.1511 },
  { name: 'Avignon', lat: 43.9493, lng: 4.8055 },
  { name: 'Valence', lat: 44.9334, lng: 4.8924 },
  { name: 'Pau', lat: 43.2951, lng: -0.3708 },
  { name: 'Bayonne', lat: 43.4929, lng: -1.4748 },
  { name: 'Troyes', lat: 48.2973, lng: 4.0744 },
  { name: 'Chartres', lat: 48.4439, lng: 1.489 },
  { name: 'Arras', lat: 50.291, lng: 2.7775 },
  { name: 'Cavaillon', lat: 43.8375, lng: 5.0381 },
  { name: 'Châteauroux', lat: 46.8103, lng: 1.6913 },
  { name: 'Mâcon', lat: 46.3069, lng: 4.8287 },
];

const byKey = new Map(PLACES.map((place) => [searchable(place.name), place]));

/**
 * The city of a French address: the words after the five-digit postcode ("12 rue X, 94150 Rungis" → Rungis),
 * else the last comma-separated part, else the whole text.
 */
export function cityFromAddress(address: string): string {
  const text = address.trim().replace(/\s+/g, ' ');
  const afterPostcode = /\b\d{5}\s+([^,\d][^,]*)$/.exec(text);
  if (afterPostcode) return tidyCity(afterPostcode[1]!);
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return tidyCity(parts.at(-1) ?? text);
}

function tidyCity(city: string): string {
  const cleaned = city.replace(/\b(cedex|france)\b.*$/i, '').trim();
  return cleaned.slice(0, 100) || city.slice(0, 100);
}

/** The built-in coordinates of a city, or null when it is not in the list. */
export function findPlace(city: string): Place | null {
  return byKey.get(searchable(city)) ?? null;
}
