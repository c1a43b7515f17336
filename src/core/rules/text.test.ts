import { describe, expect, it } from 'vitest';
import { countOf, deName, formatFileSize, queName } from './text.js';

describe('French elision before a name', () => {
  it('elides before a vowel, accented or not, and not before a consonant', () => {
    expect(deName('Atlantique Routes')).toBe('d’Atlantique Routes');
    expect(deName('Élodie Martin')).toBe('d’Élodie Martin');
    expect(deName('Transports Martin')).toBe('de Transports Martin');
    expect(queName('Isabelle Roussel')).toBe('qu’Isabelle Roussel');
    expect(queName('Karim Haddad')).toBe('que Karim Haddad');
  });
  it('writes a file size as French screens do: Ko (1 at least), Mo with a decimal comma', () => {
    expect(formatFileSize(875)).toBe('1 Ko');
    expect(formatFileSize(13 * 1024)).toBe('13 Ko');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2 Mo');
    expect(formatFileSize(12.46 * 1024 * 1024)).toBe('12,5 Mo');
  });

  it('agrees a count with its noun as French does: singular below two', () => {
    expect(countOf(0, 'mission')).toBe('0 mission');
    expect(countOf(1, 'jour')).toBe('1 jour');
    expect(countOf(2, 'jour')).toBe('2 jours');
    expect(countOf(3, 'travail', 'travaux')).toBe('3 travaux');
  });
});
