/**
 * Phone numbers as French people type them: 0612345678, 06 12 34 56 78, 06.12.34.56.78,
 * +33 6 12 34 56 78, +33 (0)6 12 34 56 78, 0033 6 12 34 56 78. Foreign numbers are accepted in
 * international form (+351 …) because many drivers working in France hold one.
 * The stored form is E.164 (+33612345678).
 */
export function normalizePhone(input: string): string | null {
  const compact = input
    .trim()
    .replace(/[\s.\-/]/g, '')
    .replace('(0)', '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;

  if (/^0[1-9]\d{8}$/.test(international)) return `+33${international.slice(1)}`;
  if (/^\+330?[1-9]\d{8}$/.test(international)) {
    const national = international.slice(3).replace(/^0/, '');
    return `+33${national}`;
  }
  if (/^\+(?!33)[1-9]\d{8,14}$/.test(international)) return international;
  return null;
}

/** +33612345678 → 06 12 34 56 78; other numbers are shown as stored. */
export function formatPhoneFr(e164: string): string {
  if (/^\+33[1-9]\d{8}$/.test(e164)) {
    const national = `0${e164.slice(3)}`;
    return national.replace(/(\d{2})(?=\d)/g, '$1 ');
  }
  return e164;
}
