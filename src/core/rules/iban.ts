/**
 * The carrier's bank account, printed on the invoices Relais issues in their name (direct payments, by transfer)
 * and carried in the Factur-X XML as the payee's account (BT-84).
 */

/** Strips what people type between the characters ("FR76 3000-6000…") and upper-cases. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/** Two letters, two check digits, then 11 to 30 letters or digits (ISO 13616). */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** An IBAN whose check digits are right: the country and digits moved to the end, letters as 10–35, mod 97 = 1. */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!IBAN_SHAPE.test(iban)) return false;
  // A French IBAN is always 27 characters.
  if (iban.startsWith('FR') && iban.length !== 27) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** "FR7630006000011234567890189" → "FR76 3000 6000 0112 3456 7890 189", as banks print it. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}
