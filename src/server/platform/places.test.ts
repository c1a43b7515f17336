import { describe, expect, it } from 'vitest';
import { locateAddress, suggestCommunes } from './places.js';

describe('placing a French address without the address service', () => {
  it('reads the postcode first: Rungis is not Tours, Corbas has a point', () => {
    expect(locateAddress('1 Rue de la Tour, 94150 Rungis')).toMatchObject({
      city: 'Rungis',
      postcode: '94150',
      precision: 'commune',
    });
    const corbas = locateAddress('Plateforme logistique, 69960 Corbas')!;
    expect(corbas).toMatchObject({ city: 'Corbas', precision: 'commune' });
    expect(corbas.lat).toBeCloseTo(45.67, 1);
    expect(corbas.lng).toBeCloseTo(4.9, 1);
  });

  it('places an arrondissement on its own point, and a city named without a postcode', () => {
    const paris15 = locateAddress('12 rue de Vaugirard, 75015 Paris')!;
    expect(paris15.city).toBe('Paris 15e');
    const lille = locateAddress('Zone de la Haute-Borne, Lille')!;
    expect(lille).toMatchObject({ city: 'Lille', precision: 'commune' });
    expect(locateAddress('Lesquin')).toMatchObject({ city: 'Lesquin' });
  });

  it('says when a point is only approximate, and when nothing names a commune', () => {
    // A village GeoNames does not list: placed near its neighbours, and said to be approximate.
    expect(locateAddress('Le Bourg, 01400 L’Abergement-Clémenciat')).toMatchObject({ precision: 'approx' });
    // A postcode of several communes, none of them the city written: the postcode's main one, approximate.
    expect(locateAddress('Quai 3, 01400 Lyon')).toMatchObject({ postcode: '01400', precision: 'approx' });
    expect(locateAddress('Entrepôt B, quelque part')).toBeNull();
  });

  it('suggests communes by postcode or by the start of their name, biggest first', () => {
    expect(suggestCommunes('94150')[0]).toMatchObject({ label: 'Rungis (94150)' });
    const tours = suggestCommunes('tours');
    expect(tours[0]!.city).toBe('Tours');
    expect(suggestCommunes('1 rue de la tour rungis')[0]!.city).toBe('Rungis');
  });
});
