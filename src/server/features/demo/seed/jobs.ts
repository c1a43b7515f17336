import type { PricingType, RequiredDocument, VehicleType, EngagementType } from '#core/rules/missions.js';
import { roadKm, type Place } from './places.js';

/**
 * The kinds of work the data set's missions are made of, as French dispatchers publish them: the vehicle, the
 * cargo, the papers asked for, how it is paid, and the description the driver reads.
 */
interface Job {
  label: string;
  vehicleType: VehicleType;
  cargoType: string;
  requiredDocuments: RequiredDocument[];
  pricing: PricingType;
  describe: (from: string, to: string) => string;
}

const PAPERS: RequiredDocument[] = ['permis', 'carte_conducteur', 'fimo_fco'];

export const JOBS = {
  frigo: {
    label: 'Livraison frigo',
    vehicleType: 'semi_frigorifique',
    cargoType: 'Produits frais sous température dirigée (+2/+4 °C)',
    requiredDocuments: PAPERS,
    pricing: 'flat',
    describe: (from, to) =>
      `Chargement de 33 palettes de produits frais à ${from}, livraison sur plateforme à ${to}. Chaîne du froid à respecter : relevé de température au chargement et à la livraison.`,
  },
  palettes: {
    label: 'Transport de palettes',
    vehicleType: 'semi_remorque',
    cargoType: 'Palettes de produits secs (24 t)',
    requiredDocuments: PAPERS,
    pricing: 'flat',
    describe: (from, to) =>
      `Prise de poste au quai à ${from}, 33 palettes filmées, déchargement par le client à ${to}. Semi tautliner fournie, sangles à bord.`,
  },
  conteneur: {
    label: 'Navette conteneur',
    vehicleType: 'porte_conteneur',
    cargoType: 'Conteneur 40 pieds (marchandises diverses)',
    requiredDocuments: ['permis', 'carte_conducteur'],
    pricing: 'flat',
    describe: (from, to) =>
      `Récupération d’un conteneur 40 pieds au terminal de ${from}, livraison chez le client à ${to}, retour du vide au terminal. Rendez-vous terminal déjà pris.`,
  },
  citerne: {
    label: 'Livraison carburant',
    vehicleType: 'citerne',
    cargoType: 'Gazole — matières dangereuses ADR, ONU 1202',
    requiredDocuments: [...PAPERS, 'adr'],
    pricing: 'flat',
    describe: (from, to) =>
      `Chargement au dépôt pétrolier de ${from}, livraison de trois stations-service autour de ${to}. Certificat ADR citerne obligatoire, EPI fournis.`,
  },
  engins: {
    label: 'Transport d’engins',
    vehicleType: 'porte_engins',
    cargoType: 'Pelle sur chenilles 22 t',
    requiredDocuments: PAPERS,
    pricing: 'flat',
    describe: (from, to) =>
      `Chargement d’une pelle sur chenilles au dépôt de ${from}, livraison sur chantier à ${to}. Arrimage par le chauffeur, pas de convoi exceptionnel.`,
  },
  benne: {
    label: 'Évacuation de déblais',
    vehicleType: 'benne',
    cargoType: 'Déblais et gravats inertes',
    requiredDocuments: ['permis', 'carte_conducteur'],
    pricing: 'hourly',
    describe: (from, to) =>
      `Rotations de benne entre le chantier de ${from} et le centre de tri de ${to}. Journée de 8 h, pause déjeuner sur place.`,
  },
  acier: {
    label: 'Transport de bobines d’acier',
    vehicleType: 'plateau',
    cargoType: 'Bobines d’acier (26 t)',
    requiredDocuments: PAPERS,
    pricing: 'flat',
    describe: (from, to) =>
      `Chargement de bobines d’acier à ${from} (berceaux et chaînes fournis), livraison en usine à ${to}. Bâchage obligatoire.`,
  },
  tournee: {
    label: 'Tournée de distribution',
    vehicleType: 'porteur',
    cargoType: 'Colis et palettes de messagerie',
    requiredDocuments: ['permis', 'carte_conducteur'],
    pricing: 'hourly',
    describe: (from, to) =>
      `Tournée d’une vingtaine de points de livraison entre ${from} et ${to}, au départ de l’agence. Porteur avec hayon, transpalette à bord.`,
  },
  tourneeFrigo: {
    label: 'Tournée frigo',
    vehicleType: 'porteur_frigorifique',
    cargoType: 'Produits laitiers et surgelés',
    requiredDocuments: PAPERS,
    pricing: 'hourly',
    describe: (from, to) =>
      `Livraison de supermarchés entre ${from} et ${to} en porteur frigorifique bi-température. Départ de l’entrepôt à l’heure indiquée, retour à vide.`,
  },
  boissons: {
    label: 'Transport de boissons',
    vehicleType: 'porteur_remorque',
    cargoType: 'Boissons en palettes',
    requiredDocuments: PAPERS,
    pricing: 'flat',
    describe: (from, to) =>
      `Chargement chez l’embouteilleur à ${from}, livraison de deux entrepôts de distribution à ${to}. Porteur avec remorque, déchargement au chariot par le client.`,
  },
  renfort: {
    label: 'Renfort chauffeur semi',
    vehicleType: 'semi_remorque',
    cargoType: 'Lots complets (plusieurs enlèvements)',
    requiredDocuments: PAPERS,
    pricing: 'daily',
    describe: (from, to) =>
      `Renfort de deux jours pour notre exploitation de ${from} : lots complets vers ${to} et retour. Découcher pris en charge (forfait repas et nuitée).`,
  },
} as const satisfies Record<string, Job>;

export type JobKey = keyof typeof JOBS;

const round = (value: number, step: number) => Math.round(value / step) * step;

/**
 * How long a mission is planned for: the road at a heavy goods vehicle's pace plus loading, a night's rest past
 * 9 h of driving; a local job (hourly) is a working day, a reinforcement (daily) two.
 */
export function plannedHours(job: JobKey, from: Place, to: Place): number {
  const { pricing } = JOBS[job];
  if (pricing === 'hourly') return 8;
  if (pricing === 'daily') return 34;
  const driving = roadKm(from, to) / 70;
  const hours = driving > 9 ? driving + 12.5 : Math.max(3, driving + 1.5);
  return round(hours, 0.25);
}

/**
 * The agreed price: for a hired driver, a gross pay in line with a short contract (a day's pay and its extras);
 * for an independent carrier with their own truck, a haulage price by the kilometre. Two decimals, as stored.
 */
export function priceFor(
  job: JobKey,
  engagement: EngagementType,
  from: Place,
  to: Place,
  bump: number,
): string {
  const { pricing } = JOBS[job];
  const independent = engagement === 'independent';
  let price: number;
  if (pricing === 'hourly') price = independent ? 58 + bump : 25.5 + bump / 2;
  else if (pricing === 'daily') price = independent ? 640 + bump * 10 : 235 + bump * 5;
  else if (independent) price = round(roadKm(from, to) * 1.75 + 140 + bump * 10, 10);
  else price = round(60 + plannedHours(job, from, to) * 17 + bump * 5, 5);
  return price.toFixed(2);
}
