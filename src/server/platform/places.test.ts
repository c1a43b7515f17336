import { describe, expect, it } from 'vitest';
import { cityKey, locateAddress, streetPart, suggestCommunes } from './places.js';

describe('placing a French address without the address service', () => {
  it('reads the postcode first: Rungis is not Tours, Corbas has a point', () => {
    expect(locateAddress('1 Rue de la Tour, 94150 Rungis')).toMatchObject({
      city: 'Rungis',
      postcode: '94150',
      precision: 'commune',
      conflict: null,
    });
    const corbas = locateAddress('Plateforme logistique, 69960 Corbas')!;
    expect(corbas).toMatchObject({ city: 'Corbas', precision: 'commune' });
    expect(corbas.lat).toBeCloseTo(45.67, 1);
    expect(corbas.lng).toBeCloseTo(4.9, 1);
  });

  it('places arrondissements however they are written', () => {
    expect(locateAddress('12 rue de Vaugirard, 75015 Paris')!.city).toBe('Paris 15e');
    for (const written of ['Paris 19e', 'Quai de la Loire, Paris 19e', 'Paris 19ème', 'paris 19'])
      expect(locateAddress(written), written).toMatchObject({ city: 'Paris 19e', precision: 'commune' });
    expect(locateAddress('Lyon 3e')!.city).toBe('Lyon 3e');
    expect(locateAddress('Lyon 3ème')!.city).toBe('Lyon 3e');
    expect(locateAddress('Paris 13e arrondissement')!.city).toBe('Paris 13e');
    expect(cityKey('Marseille 1er')).toBe('marseille 1er');
  });

  it('reads "St" and "Ste", a city after the street without a comma, and overseas communes', () => {
    expect(locateAddress('St Etienne')).toMatchObject({ city: 'Saint-Étienne' });
    expect(locateAddress('st malo')).toMatchObject({ city: 'Saint-Malo' });
    expect(locateAddress('10 rue de la gare Nantes')).toMatchObject({ city: 'Nantes' });
    expect(locateAddress('Lille')).toMatchObject({ city: 'Lille', precision: 'commune' });
    expect(locateAddress('Port, 97200 Fort-de-France')).toMatchObject({
      city: 'Fort-de-France',
      precision: 'commune',
    });
  });

  it('needs no city after a postcode', () => {
    expect(locateAddress('75020')).toMatchObject({ city: 'Paris 20e', precision: 'commune', conflict: null });
    expect(locateAddress('7 rue Pasteur 13001')).toMatchObject({ city: 'Marseille 1er', conflict: null });
    expect(locateAddress('01000')!.conflict).toBeNull();
  });

  it('says when the written city is not the postcode’s, or when several communes bear the name', () => {
    expect(locateAddress('Zone industrielle, 59000 Marseille')).toMatchObject({
      city: 'Lille',
      conflict: 'postcode-city',
      writtenCity: 'Marseille',
    });
    expect(locateAddress('Quai 3, 01400 Lyon')).toMatchObject({ postcode: '01400', precision: 'approx' });
    expect(locateAddress('Sainte-Marie')).toMatchObject({
      precision: 'approx',
      conflict: 'homonyms',
      writtenCity: 'Sainte-Marie',
    });
    // A village GeoNames does not list: placed near its neighbours, and said to be approximate.
    expect(locateAddress('Le Bourg, 01400 L’Abergement-Clémenciat')).toMatchObject({ precision: 'approx' });
    expect(locateAddress('Entrepôt B, quelque part')).toBeNull();
  });
});

describe('suggesting communes', () => {
  it('by postcode or by the start of their name, biggest first; never by a house number', () => {
    expect(suggestCommunes('94150')[0]).toMatchObject({ label: 'Rungis (94150)' });
    expect(suggestCommunes('69')[0]!.postcode).toMatch(/^69/);
    expect(suggestCommunes('tours')[0]!.city).toBe('Tours');
    expect(suggestCommunes('1 rue de la tour rungis')[0]!.city).toBe('Rungis');
    expect(suggestCommunes('45 avenue de Lyon 38000 Grenoble')[0]!.city).toBe('Grenoble');
    expect(suggestCommunes('12 rue des Forges, 21000 Dijon')[0]!.city).toBe('Dijon');
    expect(suggestCommunes('Paris 19')[0]!.city).toBe('Paris 19e');
  });

  it('keeps the street typed before the commune', () => {
    expect(streetPart('45 avenue de Lyon 38000 Grenoble', { city: 'Grenoble', postcode: '38000' })).toBe(
      '45 avenue de Lyon',
    );
    expect(streetPart('1 rue de la tour rungis', { city: 'Rungis', postcode: '94150' })).toBe(
      '1 rue de la tour',
    );
    expect(streetPart('Rungis', { city: 'Rungis', postcode: '94150' })).toBe('');
    expect(streetPart('rungis tour', { city: 'Rungis', postcode: '94150' })).toBe('');
    expect(streetPart('Zone logistique, Lesquin', { city: 'Lesquin', postcode: '59810' })).toBe(
      'Zone logistique',
    );
  });
});
