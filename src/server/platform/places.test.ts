import { describe, expect, it } from 'vitest';
import { cityKey, locateAddress, placeAddress, streetPart, suggestCommunes } from './places.js';

describe('placing a French address without the address service', () => {
  it('reads the postcode first: Rungis is not Tours, Corbas has a point', () => {
    expect(locateAddress('1 Rue de la Tour, 94150 Rungis')).toMatchObject({
      city: 'Rungis',
      postcode: '94150',
      precision: 'commune',
      conflict: null,
    });
    const corbas = placeAddress('Plateforme logistique, 69960 Corbas')!;
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

  it('says when the written city is not the postcode’s', () => {
    expect(locateAddress('Zone industrielle, 59000 Marseille')).toMatchObject({
      city: 'Lille',
      conflict: 'postcode-city',
      writtenCity: 'Marseille',
    });
    expect(locateAddress('Quai 3, 01400 Lyon')).toMatchObject({ postcode: '01400', precision: 'approx' });
    // A village GeoNames does not list: placed near its neighbours, and said to be approximate.
    expect(locateAddress('Le Bourg, 01400 L’Abergement-Clémenciat')).toMatchObject({ precision: 'approx' });
    expect(locateAddress('Entrepôt B, quelque part')).toBeNull();
  });
});

describe('communes several bear (decision 046)', () => {
  const SAINT_DENIS_93 = 'Saint-Denis (93200, Seine-Saint-Denis)';
  const SAINT_DENIS_974 = 'Saint-Denis (97400, La Réunion)';

  it('never places "Saint-Denis" alone: each homonym with its postcode and department, to choose from', () => {
    const read = locateAddress('12 rue de Paris, Saint-Denis');
    expect(read).toMatchObject({ conflict: 'homonyms', city: 'Saint-Denis' });
    expect(read).not.toHaveProperty('lat');
    const candidates = read?.conflict === 'homonyms' ? read.candidates : [];
    const labels = candidates.map((candidate) => candidate.label);
    expect(labels).toEqual(expect.arrayContaining([SAINT_DENIS_93, SAINT_DENIS_974]));
    expect(new Set(labels).size).toBe(labels.length);
    // Choosing one writes its postcode where the city was: the street stays.
    expect(candidates.find((candidate) => candidate.label === SAINT_DENIS_93)).toMatchObject({
      postcode: '93200',
      department: 'Seine-Saint-Denis',
      address: '12 rue de Paris, 93200 Saint-Denis',
    });
    expect(placeAddress('12 rue de Paris, Saint-Denis')).toBeNull();
    expect(locateAddress('Sainte-Marie')).toMatchObject({ conflict: 'homonyms', city: 'Sainte-Marie' });
    expect(locateAddress('Valence')).toMatchObject({ conflict: 'homonyms', city: 'Valence' });
    // A commune no other bears is still placed without a postcode.
    expect(locateAddress('Rungis')).toMatchObject({ city: 'Rungis', precision: 'commune', conflict: null });
    expect(locateAddress('12 avenue Foch, Lille')).toMatchObject({ city: 'Lille', conflict: null });
    expect(locateAddress('10 rue de la gare Nantes')).toMatchObject({ city: 'Nantes', conflict: null });
  });

  it('reads a postcode or a department number before or after the name', () => {
    for (const written of [
      '93200 Saint-Denis',
      '12 rue de Paris, 93200 Saint-Denis',
      'Saint-Denis 93',
      '93 Saint-Denis',
      'Saint-Denis (93)',
      '12 rue de Paris, Saint-Denis 93',
      '12 rue de Paris 93 Saint-Denis',
    ]) {
      const placed = placeAddress(written);
      expect(placed, written).toMatchObject({ city: 'Saint-Denis', conflict: null });
      expect(placed!.lat, written).toBeCloseTo(48.93, 1);
      expect(placed!.lng, written).toBeCloseTo(2.35, 1);
    }
    expect(placeAddress('Saint-Denis 974')!.lat).toBeCloseTo(-20.88, 1);
    expect(placeAddress('97400 Saint-Denis')!.lat).toBeCloseTo(-20.88, 1);
    // "82" is Tarn-et-Garonne, not a house number; "26" is the Drôme.
    expect(placeAddress('Valence 82')).toMatchObject({ city: 'Valence', postcode: '82400' });
    expect(placeAddress('Valence 82')!.lng).toBeCloseTo(0.89, 1);
    expect(placeAddress('Valence 26')).toMatchObject({ city: 'Valence', postcode: '26000' });
    expect(placeAddress('ZA Briffaut, Valence 26')).toMatchObject({ postcode: '26000' });
    expect(placeAddress('Ajaccio 2A')).toMatchObject({ city: 'Ajaccio' });
    expect(placeAddress('Lyon 69')).toMatchObject({ city: 'Lyon' });
    // A number beside an arrondissement's city is still its arrondissement.
    expect(placeAddress('Marseille 13')!.city).toBe('Marseille 13e');
    // A department no Valence is in says nothing: still asked.
    expect(locateAddress('Valence 33')).toMatchObject({ conflict: 'homonyms' });
  });

  it('suggests each homonym on its own line, with a text that says which', () => {
    const suggestions = suggestCommunes('Saint-Denis');
    const labels = suggestions.map((suggestion) => suggestion.label);
    expect(labels).toEqual(expect.arrayContaining([SAINT_DENIS_93, SAINT_DENIS_974]));
    expect(new Set(labels).size).toBe(labels.length);
    expect(suggestions.find((suggestion) => suggestion.label === SAINT_DENIS_93)).toMatchObject({
      value: '93200 Saint-Denis',
      department: 'Seine-Saint-Denis',
    });
    expect(suggestCommunes('Valence 82')[0]).toMatchObject({
      label: 'Valence (82400, Tarn-et-Garonne)',
      value: '82400 Valence',
    });
    // A commune no other bears keeps its short line.
    expect(suggestCommunes('Rungis')[0]).toMatchObject({ label: 'Rungis (94150)', value: 'Rungis' });
  });

  it('takes neither the commune nor its department number for a street', () => {
    expect(streetPart('Valence 82', { city: 'Valence', postcode: '82400' })).toBe('');
    expect(streetPart('12 rue de Paris, Saint-Denis', { city: 'Saint-Denis', postcode: '93200' })).toBe(
      '12 rue de Paris',
    );
    expect(streetPart('12 rue de Paris, Saint-Denis 93', { city: 'Saint-Denis', postcode: '93200' })).toBe(
      '12 rue de Paris',
    );
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
