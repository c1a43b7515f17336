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

/** Whether French elides before this name (« d’Atlantique Routes », « qu’Isabelle »): it starts with a vowel. */
const elides = (name: string) => /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(name.trim());

/** « de Karim » / « d’Atlantique Routes ». */
export const deName = (name: string) => (elides(name) ? `d’${name}` : `de ${name}`);

/** « que Karim » / « qu’Atlantique Routes ». */
export const queName = (name: string) => (elides(name) ? `qu’${name}` : `que ${name}`);

/** A file's size as French screens write it: "1 Ko" at least, "13 Ko", "1,4 Mo" (1 Ko = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${(Math.round((bytes / 1024 / 1024) * 10) / 10).toString().replace('.', ',')} Mo`;
}

/** "1 mission", "3 missions", "0 mission": a number and its noun, agreed as French does (below 2, singular). */
export const countOf = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count >= 2 ? many : one}`;
