import { describe, expect, it } from 'vitest';
import { distanceLabel, placementNote } from './places.js';

describe('saying where a mission is', () => {
  it('never says "à 0 km" of a point that is only a commune’s', () => {
    expect(distanceLabel(0, 'commune')).toBe('dans la commune');
    expect(distanceLabel(12.4, 'commune')).toBe('à ~12 km');
    expect(distanceLabel(3.25, 'exact')).toBe('à 3,3 km');
    expect(distanceLabel(4, 'approx')).toBe('dans le secteur (position approximative)');
    expect(distanceLabel(40, null)).toBe('à ~40 km (position approximative)');
  });

  it('tells the form honestly how an address will be placed', () => {
    const at = { city: 'Corbas', postcode: '69960', lat: 45.67, lng: 4.9 };
    expect(placementNote({ ...at, precision: 'commune' })).toBe('Placé d’après la commune : Corbas (69960)');
    expect(placementNote({ ...at, precision: 'approx' })).toMatch(
      /^Position approximative \(Corbas \(69960\)/,
    );
    expect(placementNote(null)).toMatch(/^Adresse non placée/);
  });
});
