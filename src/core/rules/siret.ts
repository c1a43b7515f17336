/** SIREN of La Poste: its establishments' SIRET do not satisfy Luhn; their digit sum is a multiple of 5 instead. */
const LA_POSTE_SIREN = '356000000';

/** Strips the spaces, dots and dashes people type in a SIRET ("552 100 554 00013"). */
export function normalizeSiret(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A SIRET is 14 digits whose Luhn key is right (La Poste's establishments follow their own rule). */
export function isValidSiret(input: string): boolean {
  const siret = normalizeSiret(input);
  if (!/^\d{14}$/.test(siret)) return false;
  if (luhnValid(siret)) return true;
  if (siret.startsWith(LA_POSTE_SIREN)) {
    const digitSum = [...siret].reduce((total, digit) => total + Number(digit), 0);
    return digitSum % 5 === 0;
  }
  return false;
}

/** The key of a French VAT number from its SIREN (9 digits): (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/**
 * A French intra-community VAT number "FR" + key + SIREN, normalised (no spaces, upper case): a numeric key must be
 * the one of its SIREN (a key in letters, given to some bodies, is not computed from it and is not checked here).
 */
export function isValidFrenchVatNumber(vatNumber: string): boolean {
  const match = /^FR([0-9A-Z]{2})(\d{9})$/.exec(vatNumber);
  if (!match) return false;
  const [, key, siren] = match;
  return !/^\d{2}$/.test(key!) || key === frenchVatKey(siren!);
}
