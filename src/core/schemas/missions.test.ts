import { describe, expect, it } from 'vitest';
import { missionInputSchema, priceSchema } from './missions.js';

const base = {
  title: 'Frigo',
  description: 'Palettes',
  pickupAddress: '94150 Rungis',
  deliveryAddress: '59000 Lille',
  vehicleType: 'benne',
  startDate: '2030-01-02T10:00:00+01:00',
  endDate: '2030-01-02T18:00:00+01:00',
  price: '420',
};

describe('mission schema', () => {
  it('normalises prices to 2 decimals and refuses bad ones with the §5 messages', () => {
    expect(priceSchema.parse('12')).toBe('12.00');
    expect(priceSchema.parse('12,5')).toBe('12.50');
    expect(priceSchema.parse(389.9)).toBe('389.90');
    expect(priceSchema.safeParse('12.345').error?.issues[0]?.message).toBe('Format de prix invalide');
    expect(priceSchema.safeParse('abc').error?.issues[0]?.message).toBe('Format de prix invalide');
    expect(priceSchema.safeParse('0').error?.issues[0]?.message).toBe('Le prix doit être supérieur à 0');
  });
  it('shows the end-date message together with the other fields’ messages', () => {
    const result = missionInputSchema.safeParse({
      ...base,
      endDate: '2030-01-02T09:00:00+01:00',
      price: '1,234',
    });
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['price', 'Format de prix invalide'],
      ['endDate', 'La date de fin doit être après la date de début'],
    ]);
  });
  it('refuses dates that do not read and a start in the past', () => {
    const bad = missionInputSchema.safeParse({ ...base, startDate: '02/01/2030', endDate: '' });
    expect(bad.error!.issues.map((issue) => issue.message)).toEqual([
      'Date de début invalide',
      'Date de fin invalide',
    ]);
    const past = missionInputSchema.safeParse({ ...base, startDate: '2020-01-02T10:00:00Z' });
    expect(past.error!.issues.map((issue) => issue.message)).toEqual([
      'La date de début doit être dans le futur',
    ]);
  });
});
