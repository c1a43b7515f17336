/**
 * The city of a French address, as people write them: the words after the five-digit postcode ("12 rue X,
 * 94150 Rungis" → Rungis), else the last comma-separated part, else the whole text. The communes themselves
 * (names, postcodes, points) are on the server (server/platform/places.ts): too many to send to a browser.
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
