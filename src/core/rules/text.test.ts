import { describe, expect, it } from 'vitest';
import { deName, queName } from './text.js';

describe('French elision before a name', () => {
  it('elides before a vowel, accented or not, and not before a consonant', () => {
    expect(deName('Atlantique Routes')).toBe('d’Atlantique Routes');
    expect(deName('Élodie Martin')).toBe('d’Élodie Martin');
    expect(deName('Transports Martin')).toBe('de Transports Martin');
    expect(queName('Isabelle Roussel')).toBe('qu’Isabelle Roussel');
    expect(queName('Karim Haddad')).toBe('que Karim Haddad');
  });
});
