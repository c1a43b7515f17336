import { describe, expect, it } from 'vitest';
import { distanceLabel, homonymsMessage, placementNote, type Homonyms } from './places.js';

describe('saying where a mission is', () => {
  it('never says "à 0 km" of a point that is only a commune’s', () => {
    expect(distanceLabel(0, 'commune')).toBe('dans la commune');
    expect(distanceLabel(12.4, 'commune')).toBe('à ~12 km');
    expect(distanceLabel(3.25, 'exact')).toBe('à 3,3 km');
    expect(distanceLabel(4, 'approx')).toBe('dans le secteur (position approximative)');
    expect(distanceLabel(40, null)).toBe('à ~40 km (position approximative)');
  });

  it('tells the form honestly how an address will be placed', () => {
    const at = { city: 'Corbas', postcode: '69960', lat: 45.67, lng: 4.9, conflict: null, writtenCity: null };
    expect(placementNote({ ...at, precision: 'commune' })).toBe('Placé d’après la commune : Corbas (69960)');
    expect(placementNote({ ...at, precision: 'approx' })).toMatch(
      /^Position approximative \(Corbas \(69960\)/,
    );
    expect(placementNote(null)).toMatch(/^Adresse non placée/);
    expect(
      placementNote({
        ...at,
        city: 'Lille',
        postcode: '59000',
        precision: 'commune',
        conflict: 'postcode-city',
        writtenCity: 'Marseille',
      }),
    ).toBe(
      'Le code postal 59000 est celui de Lille, pas de « Marseille » : placé à Lille, vérifiez l’adresse.',
    );
  });

  it('asks which commune when several bear the name, and says why a mission is refused', () => {
    const candidate = (postcode: string, department: string) => ({
      label: `Saint-Denis (${postcode}, ${department})`,
      city: 'Saint-Denis',
      postcode,
      department,
      address: `${postcode} Saint-Denis`,
    });
    const homonyms: Homonyms = {
      conflict: 'homonyms',
      city: 'Saint-Denis',
      candidates: [candidate('97400', 'La Réunion'), candidate('93200', 'Seine-Saint-Denis')],
    };
    expect(placementNote(homonyms)).toBe(
      'Plusieurs communes s’appellent « Saint-Denis » : choisissez laquelle, ou ajoutez le code postal.',
    );
    expect(homonymsMessage(homonyms)).toBe(
      'Plusieurs communes s’appellent « Saint-Denis » (La Réunion, Seine-Saint-Denis) : précisez laquelle par son code postal ou son département, par exemple « 97400 Saint-Denis ».',
    );
  });
});
