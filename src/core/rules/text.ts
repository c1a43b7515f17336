/**
 * Lower case, accents removed, anything else than letters and digits as single spaces: how mission text is
 * stored for search, how queries are read, and how city names compare ("Saint-Étienne" = "saint etienne").
 */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
