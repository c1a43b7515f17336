import { describe, expect, it } from 'vitest';
import { formatIban, isValidIban, normalizeIban } from './iban.js';

describe('IBAN', () => {
  it('accepts real check digits, however the IBAN is typed', () => {
    // The examples of the European Payments Council and of the French and German banking federations.
    for (const iban of [
      'FR76 3000 6000 0112 3456 7890 189',
      'fr7630006000011234567890189',
      'DE89 3704 0044 0532 0130 00',
      'BE68 5390 0754 7034',
      'GB29 NWBK 6016 1331 9268 19',
    ])
      expect(isValidIban(iban), iban).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length or a shape that is no IBAN', () => {
    for (const iban of [
      'FR76 3000 6000 0112 3456 7890 188',
      'FR7630006000011234567890',
      'DE89 3704 0044 0532 0130 01',
      '7630006000011234567890189',
      'FR76-3000-6000-0112-3456-7890-189-0000-0000-0000',
      '',
    ])
      expect(isValidIban(iban), iban).toBe(false);
  });

  it('prints it in groups of four, as banks do', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(normalizeIban('FR76 3000-6000.0112')).toBe('FR76300060000112');
  });
});
