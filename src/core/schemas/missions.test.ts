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

describe('the transport order’s fields (decision 042)', () => {
  const independent = { ...base, engagementType: 'independent', pricingType: 'flat' };
  const messages = (input: Record<string, unknown>) =>
    missionInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('reads the weight in tonnes or kilos and the pallets; all optional', () => {
    const parsed = missionInputSchema.parse({
      ...independent,
      cargoWeightKg: '24,5 t',
      palletCount: '33',
      waitingQuarterPrice: '12,5',
      waitingFranchiseMinutes: '60',
    });
    expect(parsed).toMatchObject({
      cargoWeightKg: 24500,
      palletCount: 33,
      waitingQuarterPrice: '12.50',
      waitingFranchiseMinutes: 60,
    });
    // What the form sends is what it parsed: read again, the same.
    expect(missionInputSchema.parse(JSON.parse(JSON.stringify(parsed)))).toMatchObject({
      cargoWeightKg: 24500,
      palletCount: 33,
      waitingQuarterPrice: '12.50',
      waitingFranchiseMinutes: 60,
    });
    expect(
      missionInputSchema.parse({ ...base, cargoWeightKg: '', palletCount: '', waitingQuarterPrice: '' }),
    ).toMatchObject({ cargoWeightKg: null, palletCount: null, waitingQuarterPrice: null });
  });

  it('says in French what is wrong, with the other fields’ messages', () => {
    expect(
      messages({
        ...independent,
        price: '0',
        cargoWeightKg: '24',
        palletCount: '2,5',
        waitingQuarterPrice: '12,345',
        waitingFranchiseMinutes: '45',
      }),
    ).toEqual([
      ['price', 'Le prix doit être supérieur à 0'],
      [
        'cargoWeightKg',
        'Poids invalide : écrivez-le en tonnes ou en kilos, par exemple « 24 t » ou « 800 kg »',
      ],
      ['palletCount', 'Indiquez un nombre entier de palettes'],
      ['waitingQuarterPrice', 'Prix invalide : un montant en euros, par exemple 12,50'],
      ['waitingFranchiseMinutes', 'Choisissez une franchise proposée'],
    ]);
    expect(
      messages({ ...independent, cargoWeightKg: '45 t', palletCount: '120', waitingQuarterPrice: '150' }),
    ).toEqual([
      [
        'cargoWeightKg',
        'Le poids ne doit pas dépasser 44\u00a0t : c’est le poids total autorisé d’un poids lourd, véhicule compris',
      ],
      ['palletCount', 'Le nombre de palettes doit être compris entre 1 et 99'],
      ['waitingQuarterPrice', 'Le prix d’un quart d’heure d’attente ne doit pas dépasser 100\u00a0€'],
    ]);
  });

  it('a waiting rate goes with an independent carrier paid a flat price', () => {
    expect(messages({ ...base, engagementType: 'employment', waitingQuarterPrice: '12' })).toEqual([
      [
        'waitingQuarterPrice',
        'L’attente se facture à un transporteur indépendant : un conducteur salarié est payé de son temps d’attente par son salaire',
      ],
    ]);
    expect(messages({ ...independent, pricingType: 'hourly', waitingQuarterPrice: '12' })).toEqual([
      [
        'waitingQuarterPrice',
        'L’attente se facture avec un prix au forfait : à l’heure ou à la journée, le temps d’attente est déjà payé',
      ],
    ]);
  });
});
