import type { LicenseType, SubscriptionPlan } from '#core/rules/enums.js';
import type { EngagementType, VehicleType } from '#core/rules/missions.js';
import type { VatRegime } from '#core/rules/money.js';
import type { PlaceKey } from './places.js';
import type { Side } from './world.js';

/**
 * The cast of every sandbox: six transporters and eight drivers across France, and the visitor behind either door.
 * Names, companies and towns are invented; phone numbers are in the ranges ARCEP keeps for fiction (04 65 71…,
 * 06 39 98…), so that no real line is ever shown.
 */
export interface Persona {
  /** Stable across sandboxes (the address starts with it): "sophie-chevalier". */
  key: string;
  side: Side;
  fullName: string;
  companyName?: string;
  home: PlaceKey;
  /** E.164, in a range reserved for fiction. */
  phone: string;
  plan: SubscriptionPlan;
  /** 8 digits: the SIREN is completed with its Luhn key, the SIRET with establishment 0001 and its key. */
  sirenBase?: string;
  billingStreet?: string;
  licenseType?: LicenseType;
  yearsExperience?: number;
  certifications?: string[];
  vehicleTypes?: VehicleType[];
  /** How a driver works: hired for the mission, or an independent carrier with their own truck. */
  engagement?: EngagementType;
  vatRegime?: VatRegime;
}

/**
 * The cast, the same in every sandbox. Personas write through the API when they answer (scripted replies), so
 * they hold plans without daily limits.
 */
export const DEMO_PERSONAS: readonly Persona[] = [
  {
    key: 'sophie-chevalier',
    side: 'transporter',
    fullName: 'Sophie Chevalier',
    companyName: 'Rhône Fret Logistique',
    home: 'corbas',
    phone: '+33465710214',
    plan: 'transporter',
    sirenBase: '84123790',
    billingStreet: '12 rue Marcel-Mérieux',
  },
  {
    key: 'marc-lefebvre',
    side: 'transporter',
    fullName: 'Marc Lefebvre',
    companyName: 'Transports Lefebvre',
    home: 'lesquin',
    phone: '+33353010388',
    plan: 'transporter',
    sirenBase: '39278415',
    billingStreet: '4 rue de la Haie Plouvier',
  },
  {
    key: 'nadia-benali',
    side: 'transporter',
    fullName: 'Nadia Benali',
    companyName: 'Sud Express Transports',
    home: 'vitrolles',
    phone: '+33465710457',
    plan: 'transporter',
    sirenBase: '51736602',
    billingStreet: '230 avenue de Rome',
  },
  {
    key: 'philippe-garnier',
    side: 'transporter',
    fullName: 'Philippe Garnier',
    companyName: 'Transports Garnier & Fils',
    home: 'dijon',
    phone: '+33353010641',
    plan: 'transporter',
    sirenBase: '32854917',
    billingStreet: '8 rue Champeau',
  },
  {
    key: 'yann-le-goff',
    side: 'transporter',
    fullName: 'Yann Le Goff',
    companyName: 'Atlantique Routes',
    home: 'carquefou',
    phone: '+33261910733',
    plan: 'transporter',
    sirenBase: '79410358',
    billingStreet: '15 rue de la Fontaine',
  },
  {
    key: 'isabelle-roussel',
    side: 'transporter',
    fullName: 'Isabelle Roussel',
    companyName: 'Francilienne de Distribution',
    home: 'rungis',
    phone: '+33199000825',
    plan: 'transporter',
    sirenBase: '44907126',
    billingStreet: '3 rue de la Tour',
  },
  {
    key: 'karim-haddad',
    side: 'driver',
    fullName: 'Karim Haddad',
    home: 'saintPriest',
    phone: '+33639980112',
    plan: 'elite',
    licenseType: 'CE',
    yearsExperience: 14,
    certifications: ['FCO', 'ADR', 'Frigo (ATP)'],
    vehicleTypes: ['semi_remorque', 'semi_frigorifique', 'citerne'],
    engagement: 'employment',
  },
  {
    key: 'julien-petit',
    side: 'driver',
    fullName: 'Julien Petit',
    home: 'bourgoin',
    phone: '+33639980247',
    plan: 'premium',
    licenseType: 'CE',
    yearsExperience: 6,
    certifications: ['FCO', 'Hayon'],
    vehicleTypes: ['porteur_remorque', 'semi_remorque', 'benne'],
    engagement: 'employment',
  },
  {
    key: 'sebastien-morel',
    side: 'driver',
    fullName: 'Sébastien Morel',
    home: 'lille',
    phone: '+33639980356',
    plan: 'premium',
    licenseType: 'CE',
    yearsExperience: 18,
    certifications: ['FCO', 'Frigo (ATP)'],
    vehicleTypes: ['semi_frigorifique', 'porteur_frigorifique', 'semi_remorque'],
    engagement: 'employment',
  },
  {
    key: 'nicolas-bernard',
    side: 'driver',
    fullName: 'Nicolas Bernard',
    home: 'nantes',
    phone: '+33639980478',
    plan: 'premium',
    licenseType: 'CE',
    yearsExperience: 9,
    certifications: ['FCO'],
    vehicleTypes: ['semi_remorque', 'plateau'],
    engagement: 'independent',
    vatRegime: 'normal',
    sirenBase: '88215403',
    billingStreet: '27 boulevard de la Prairie-au-Duc',
  },
  {
    key: 'aurelie-fontaine',
    side: 'driver',
    fullName: 'Aurélie Fontaine',
    home: 'dijonCity',
    phone: '+33639980519',
    plan: 'premium',
    licenseType: 'CE',
    yearsExperience: 7,
    certifications: ['FCO', 'Hayon'],
    vehicleTypes: ['porteur', 'porteur_frigorifique', 'semi_remorque'],
    engagement: 'employment',
  },
  {
    key: 'mehdi-saidi',
    side: 'driver',
    fullName: 'Mehdi Saidi',
    home: 'marignane',
    phone: '+33639980633',
    plan: 'premium',
    licenseType: 'CE',
    yearsExperience: 11,
    certifications: ['FCO', 'ADR'],
    vehicleTypes: ['citerne', 'porte_conteneur', 'semi_remorque'],
    engagement: 'employment',
  },
  {
    key: 'laurent-rousseau',
    side: 'driver',
    fullName: 'Laurent Rousseau',
    home: 'bordeaux',
    phone: '+33639980764',
    plan: 'premium',
    licenseType: 'CE',
    yearsExperience: 22,
    certifications: ['FCO', 'CACES R489'],
    vehicleTypes: ['porte_engins', 'plateau'],
    engagement: 'independent',
    vatRegime: 'franchise',
    sirenBase: '81347269',
    billingStreet: '9 avenue de Labarde',
  },
  {
    key: 'elodie-marchand',
    side: 'driver',
    fullName: 'Élodie Marchand',
    home: 'villefranche',
    phone: '+33639980895',
    plan: 'premium',
    licenseType: 'CE',
    yearsExperience: 4,
    certifications: ['FCO'],
    vehicleTypes: ['semi_remorque', 'porteur_remorque'],
    engagement: 'employment',
  },
];

/** The visitor, behind either door. */
export const VISITOR = {
  fullName: 'Camille Durand',
  driver: {
    home: 'villeurbanne' as PlaceKey,
    phone: '+33639980021',
    // Premium: the Freemium limits (3 applications a month, 5 messages a day) would stop the demonstration.
    plan: 'premium' as SubscriptionPlan,
    licenseNumber: '130669101245',
    licenseType: 'CE' as LicenseType,
    yearsExperience: 9,
    certifications: ['FCO', 'ADR', 'Frigo (ATP)', 'Hayon'],
    vehicleTypes: ['semi_remorque', 'semi_frigorifique', 'citerne', 'porteur_frigorifique'] as VehicleType[],
  },
  transporter: {
    home: 'venissieux' as PlaceKey,
    phone: '+33465710061',
    // The paid plan: a free one limits messages to 5 a day, which a visitor reaches in a minute.
    plan: 'transporter' as SubscriptionPlan,
    companyName: 'Transports Durand',
    sirenBase: '52318764',
    billingStreet: '41 boulevard Irène-Joliot-Curie',
  },
};
