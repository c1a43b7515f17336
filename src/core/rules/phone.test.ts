import { describe, expect, it } from 'vitest';
import { formatPhoneFr, normalizePhone } from './phone.js';

describe('phone numbers', () => {
  it.each([
    ['0612345678', '+33612345678'],
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['06-12-34-56-78', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33612345678', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['01 23 45 67 89', '+33123456789'],
    ['+351 912 345 678', '+351912345678'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['0012345678', '06 12 34 56', '06 12 34 56 78 9', 'abcdefghij', '+33 6 12 34', '00 00 00 00 00'])(
    'refuses %s',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );

  it('shows French numbers in pairs', () => {
    expect(formatPhoneFr('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhoneFr('+351912345678')).toBe('+351912345678');
  });
});
