import { describe, expect, it } from 'vitest';
import { missionInputSchema, priceSchema } from './missions.js';

/** Ten days from now at 10:00 and 18:00 UTC, as the API receives them. */
const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${day}T${time}:00Z`;
const base = {
  title: 'Frigo',
  description: 'Palettes',
  pickupAddress: '94150 Rungis',
  deliveryAddress: '59000 Lille',
  vehicleType: 'benne',
  startDate: at('10:00'),
  endDate: at('18:00'),
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
      endDate: at('09:00'),
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
  it('refuses impossible dates and a start more than 12 months ahead', () => {
    const impossible = missionInputSchema.safeParse({ ...base, startDate: '2027-02-30T10:00' });
    expect(impossible.error!.issues.map((issue) => issue.message)).toEqual(['Date de début invalide']);
    const far = Date.now() + 400 * 86_400_000;
    const late = missionInputSchema.safeParse({
      ...base,
      startDate: new Date(far).toISOString(),
      endDate: new Date(far + 8 * 3_600_000).toISOString(),
    });
    expect(late.error!.issues.map((issue) => issue.message)).toEqual([
      'La mission doit commencer dans les 12 prochains mois',
    ]);
  });
  it('drops a required document ticked twice and cleans the texts', () => {
    const mission = missionInputSchema.parse({
      ...base,
      title: '  Frigo\u202E ',
      requiredDocuments: ['permis', 'permis', 'adr', 'permis'],
    });
    expect(mission.requiredDocuments).toEqual(['permis', 'adr']);
    expect(mission.title).toBe('Frigo');
    expect(missionInputSchema.safeParse({ ...base, description: 'Pa\u0000lettes' }).success).toBe(false);
  });
});
