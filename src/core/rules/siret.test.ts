import { describe, expect, it } from 'vitest';
import { frenchVatKey, isValidFrenchVatNumber, isValidSiret, luhnValid, normalizeSiret } from './siret.js';

describe('SIRET', () => {
  it('accepts a SIRET whose Luhn key is right, with or without spaces', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(normalizeSiret('732.829.320-00074')).toBe('73282932000074');
  });

  it('refuses a wrong key, a wrong length and letters', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('732829320000740')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
  });

  it("follows La Poste's own rule for SIREN 356000000 (digit sum multiple of 5)", () => {
    // 35600000049837: fails Luhn, digit sum 3+5+6+4+9+8+3+7 = 45.
    expect(luhnValid('35600000049837')).toBe(false);
    expect(isValidSiret('35600000049837')).toBe(true);
    // Head office passes Luhn.
    expect(isValidSiret('35600000000048')).toBe(true);
    // Digit sum 46: refused.
    expect(isValidSiret('35600000049838')).toBe(false);
    // The exception is La Poste's only: the same shape under another SIREN is refused.
    expect(isValidSiret('35700000049804')).toBe(false);
  });
});

describe('French VAT numbers', () => {
  it('FR + the key of the SIREN + the SIREN; a letter key is not computed and not checked', () => {
    expect(frenchVatKey('732829320')).toBe('44');
    // (12 + 3 × (100000012 mod 97)) mod 97 = 0: on two digits.
    expect(frenchVatKey('100000012')).toBe('00');
    expect(isValidFrenchVatNumber('FR44732829320')).toBe(true);
    expect(isValidFrenchVatNumber('FR12732829320')).toBe(false);
    expect(isValidFrenchVatNumber('FR44732829321')).toBe(false);
    expect(isValidFrenchVatNumber('FRXA732829320')).toBe(true);
    expect(isValidFrenchVatNumber('FR4473282932')).toBe(false);
    expect(isValidFrenchVatNumber('DE123456789')).toBe(false);
  });
});
