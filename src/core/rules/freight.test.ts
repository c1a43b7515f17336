import { describe, expect, it } from 'vitest';
import { missionInputSchema } from '../schemas/missions.js';
import { notEligible, paperCheck, type MissionDemands } from './eligibility.js';
import type { Paper } from './documents.js';
import {
  adrLabel,
  formatTemperature,
  holdsEquipment,
  readTemperature,
  readUnNumber,
  slotLabel,
} from './freight.js';

describe('the freight’s values', () => {
  it('reads a UN number however it is written, 4 digits', () => {
    expect(readUnNumber('UN 1203')).toEqual({ un: '1203' });
    expect(readUnNumber('un1203')).toEqual({ un: '1203' });
    expect(readUnNumber('ONU  1830')).toEqual({ un: '1830' });
    expect(readUnNumber('1965')).toEqual({ un: '1965' });
    for (const wrong of ['UN 123', '12034', 'UN 0000', 'UN-1203', 'ABC'])
      expect(readUnNumber(wrong)).toEqual({
        message: 'Numéro ONU invalide : 4 chiffres, par exemple « UN 1203 »',
      });
  });

  it('reads a set-point in whole degrees from −30 to +30', () => {
    expect(readTemperature('−18')).toEqual({ celsius: -18 });
    expect(readTemperature('-25 °C')).toEqual({ celsius: -25 });
    expect(readTemperature('+4°C')).toEqual({ celsius: 4 });
    expect(readTemperature('0')).toEqual({ celsius: 0 });
    expect(readTemperature(30)).toEqual({ celsius: 30 });
    expect(readTemperature('-31')).toHaveProperty('message');
    expect(readTemperature('4,5')).toHaveProperty('message');
    expect(readTemperature('froid')).toHaveProperty('message');
  });

  it('says them as the papers do', () => {
    expect(formatTemperature(-18)).toBe('\u221218\u00a0°C');
    expect(formatTemperature(4)).toBe('+4\u00a0°C');
    expect(formatTemperature(0)).toBe('0\u00a0°C');
    expect(adrLabel('3', '1203')).toBe('Classe 3 — Liquides inflammables, UN\u00a01203');
    expect(slotLabel('2026-12-02T05:00:00Z', '2026-12-02T07:00:00Z')).toBe('mer. 2 déc., 06:00 – 08:00');
    expect(slotLabel('2026-12-02T22:00:00Z', '2026-12-03T07:00:00Z')).toBe(
      'mer. 2 déc., 23:00 – jeu. 3 déc., 08:00',
    );
  });

  it('finds the equipment in the profile’s qualifications', () => {
    expect(holdsEquipment(['FCO', 'Frigo (ATP)'], 'atp')).toBe(true);
    expect(holdsEquipment(['attestation ATP'], 'atp')).toBe(true);
    expect(holdsEquipment(['Hayon élévateur'], 'tail_lift')).toBe(true);
    expect(holdsEquipment(['Frigo (ATP)'], 'tail_lift')).toBe(false);
    expect(holdsEquipment(['Hayon'], 'atp')).toBe(false);
  });
});

describe('the freight in the mission form', () => {
  const start = new Date(Date.now() + 48 * 3600_000);
  start.setUTCHours(6, 0, 0, 0);
  const at = (hours: number) => new Date(start.getTime() + hours * 3600_000).toISOString();
  const mission = (overrides: Record<string, unknown>) => ({
    title: 'Frigo',
    description: 'Produits frais',
    pickupAddress: 'Rungis',
    deliveryAddress: 'Lille',
    vehicleType: 'semi_frigorifique',
    startDate: at(0),
    endDate: at(12),
    price: '400',
    ...overrides,
  });
  const errors = (overrides: Record<string, unknown>) => {
    const result = missionInputSchema.safeParse(mission(overrides));
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('leaves every field optional, and reads the form’s empty fields as none', () => {
    const parsed = missionInputSchema.parse(
      mission({ loadingStart: '', loadingEnd: '', temperatureC: '', adrClass: '', unNumber: '' }),
    );
    expect(parsed).toMatchObject({
      loadingStart: null,
      loadingEnd: null,
      temperatureC: null,
      adrClass: null,
      unNumber: null,
      requiredEquipment: [],
    });
  });

  it('keeps each slot whole, in order and inside the mission', () => {
    expect(errors({ loadingStart: at(1) })).toEqual({ loadingEnd: 'Indiquez aussi la fin du créneau' });
    expect(errors({ deliveryEnd: at(9) })).toEqual({ deliveryStart: 'Indiquez aussi le début du créneau' });
    expect(errors({ loadingStart: at(2), loadingEnd: at(2) })).toEqual({
      loadingEnd: 'La fin du créneau doit être après son début',
    });
    expect(errors({ deliveryStart: at(11), deliveryEnd: at(13) })).toEqual({
      deliveryEnd: 'Le créneau doit finir à la fin de la mission ou avant',
    });
    expect(
      errors({ loadingStart: at(4), loadingEnd: at(5), deliveryStart: at(3), deliveryEnd: at(6) }),
    ).toEqual({
      deliveryStart: 'Le créneau de livraison ne peut pas commencer avant celui de chargement',
    });
    expect(
      errors({ loadingStart: at(0), loadingEnd: at(2), deliveryStart: at(10), deliveryEnd: at(12) }),
    ).toEqual({});
  });

  it('asks a refrigerated vehicle for a set-point, and the class with the UN number', () => {
    expect(errors({ temperatureC: '4' })).toEqual({
      temperatureC:
        'Une température de consigne demande un véhicule frigorifique : cochez «\u00a0Frigo (ATP)\u00a0»',
    });
    expect(errors({ temperatureC: '4', requiredEquipment: ['atp'] })).toEqual({});
    expect(errors({ adrClass: '4.1' })).toEqual({
      unNumber: 'Indiquez le numéro ONU de la marchandise (4 chiffres, par exemple « UN 1203 »)',
    });
    expect(errors({ unNumber: 'UN 1203' })).toEqual({ adrClass: 'Indiquez la classe ADR de ce numéro ONU' });
    expect(errors({ adrClass: '10', unNumber: 'UN 1203' })).toEqual({
      adrClass: 'Choisissez une classe ADR de la liste',
    });
  });
});

describe('every reason a driver may not take a mission', () => {
  const reasonsOf = (
    driver: { licenseType: string | null; certifications: string[] },
    papers: Paper[],
    mission: MissionDemands,
  ) => notEligible(driver, mission, paperCheck(papers, mission).refusals);
  const demands = {
    vehicleType: 'semi_remorque',
    requiredEquipment: ['atp', 'tail_lift'],
    requiredDocuments: [],
    cargoType: null,
    adrClass: '3',
    endDate: '2027-01-10T12:00:00Z',
  };

  it('names the licence, each missing equipment and the papers, in that order', () => {
    expect(reasonsOf({ licenseType: 'C', certifications: [] }, [], demands).reasons).toEqual([
      'Ce véhicule demande le permis CE ; votre permis C ne le permet pas.',
      'Cette mission demande «\u00a0Frigo (ATP)\u00a0» : ajoutez cette qualification à votre profil si vous l’avez.',
      'Cette mission demande «\u00a0Hayon\u00a0» : ajoutez cette qualification à votre profil si vous l’avez.',
      'Votre certificat ADR est requis pour cette mission : ajoutez-le dans Mes documents.',
    ]);
    expect(
      reasonsOf({ licenseType: null, certifications: [] }, [], { ...demands, adrClass: null }).reasons,
    ).toEqual([
      'Renseignez votre type de permis dans votre profil avant de postuler.',
      'Cette mission demande «\u00a0Frigo (ATP)\u00a0» : ajoutez cette qualification à votre profil si vous l’avez.',
      'Cette mission demande «\u00a0Hayon\u00a0» : ajoutez cette qualification à votre profil si vous l’avez.',
    ]);
  });

  it('is empty for a driver who has it all', () => {
    const adr = { id: 'a', type: 'adr', status: 'verified', expirationDate: '2030-01-01' };
    expect(
      reasonsOf({ licenseType: 'CE', certifications: ['Frigo (ATP)', 'Hayon'] }, [adr], demands),
    ).toEqual({ reasons: [], papersOnly: false });
  });

  it('says when only papers are missing (the screens then offer to add them)', () => {
    const qualified = { licenseType: 'CE', certifications: ['Frigo (ATP)', 'Hayon'] };
    expect(reasonsOf(qualified, [], demands).papersOnly).toBe(true);
    expect(reasonsOf({ ...qualified, certifications: [] }, [], demands).papersOnly).toBe(false);
  });
});
