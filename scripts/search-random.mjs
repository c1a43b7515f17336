// The never-repeated search of the benchmarks (scripts/bench-search.ts): a random point in mainland France, a 50 km
// radius, the first page, and filters as a driver sets them: a vehicle type half the time, a minimum price a third
// of the time, urgent only one time in five. No two requests ask the same thing, so no answer comes from a cache.
const VEHICLES = [
  'porteur',
  'porteur_frigorifique',
  'semi_remorque',
  'semi_frigorifique',
  'citerne',
  'plateau',
];

/** The query string of a new search (without the leading `?`). */
export function randomSearch(random = Math.random) {
  const params = new URLSearchParams({
    lat: (43.5 + random() * 6).toFixed(4),
    lng: (-1 + random() * 7.5).toFixed(4),
    radiusKm: '50',
  });
  if (random() < 0.5) params.set('vehicleType', VEHICLES[Math.floor(random() * VEHICLES.length)]);
  if (random() < 1 / 3) params.set('minPrice', String(100 + Math.floor(random() * 400)));
  if (random() < 0.2) params.set('urgent', 'true');
  return params.toString();
}
