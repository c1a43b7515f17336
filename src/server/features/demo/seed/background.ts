import type { JobKey } from './jobs.js';
import { addMission, type Mission } from './missions.js';
import { who } from './people.js';
import type { PlaceKey } from './places.js';
import { review } from './reputation.js';
import type { Account, World } from './world.js';

/**
 * What is there whatever the door: the market (missions the fictional transporters have open across France,
 * starting in the next days, some urgent, near the visitor's Lyon and elsewhere, with the drivers who already
 * applied) and the personas' past (missions they completed together, reviewed both ways), from which their
 * reputations and badges come.
 */
type Cast = Map<string, Account>;

interface Offer {
  company: string;
  from: PlaceKey;
  to: PlaceKey;
  job: JobKey;
  /** Days from today and Paris time of the start. */
  day: number;
  time: string;
  urgent?: boolean;
  independent?: boolean;
  applicants?: string[];
}

const MARKET: readonly Offer[] = [
  {
    company: 'sophie-chevalier',
    from: 'corbas',
    to: 'lesquin',
    job: 'frigo',
    day: 1,
    time: '05:00',
    urgent: true,
    applicants: ['sebastien-morel', 'karim-haddad'],
  },
  {
    company: 'sophie-chevalier',
    from: 'saintPriest',
    to: 'strasbourg',
    job: 'palettes',
    day: 2,
    time: '06:00',
    applicants: ['elodie-marchand'],
  },
  { company: 'marc-lefebvre', from: 'chassieu', to: 'lesquin', job: 'palettes', day: 3, time: '07:00' },
  {
    company: 'philippe-garnier',
    from: 'fallavier',
    to: 'dijon',
    job: 'boissons',
    day: 2,
    time: '08:00',
    applicants: ['aurelie-fontaine', 'julien-petit'],
  },
  { company: 'nadia-benali', from: 'lyonPort', to: 'fos', job: 'conteneur', day: 4, time: '06:30' },
  {
    company: 'isabelle-roussel',
    from: 'villefranche',
    to: 'rungis',
    job: 'frigo',
    day: 1,
    time: '14:00',
    urgent: true,
    applicants: ['karim-haddad'],
  },
  {
    company: 'nadia-benali',
    from: 'fos',
    to: 'corbas',
    job: 'citerne',
    day: 5,
    time: '05:00',
    applicants: ['mehdi-saidi'],
  },
  {
    company: 'philippe-garnier',
    from: 'grenoble',
    to: 'valence',
    job: 'tourneeFrigo',
    day: 2,
    time: '05:30',
  },
  {
    company: 'sophie-chevalier',
    from: 'saintEtienne',
    to: 'lyonPort',
    job: 'benne',
    day: 1,
    time: '07:00',
    applicants: ['julien-petit'],
  },
  {
    company: 'isabelle-roussel',
    from: 'rungis',
    to: 'lesquin',
    job: 'frigo',
    day: 1,
    time: '22:00',
    urgent: true,
    applicants: ['sebastien-morel'],
  },
  {
    company: 'marc-lefebvre',
    from: 'dunkerque',
    to: 'reims',
    job: 'acier',
    day: 3,
    time: '06:00',
    independent: true,
    applicants: ['nicolas-bernard'],
  },
  { company: 'yann-le-goff', from: 'carquefou', to: 'rennes', job: 'tournee', day: 2, time: '06:00' },
  {
    company: 'yann-le-goff',
    from: 'saintNazaire',
    to: 'bordeaux',
    job: 'engins',
    day: 4,
    time: '07:00',
    independent: true,
    applicants: ['laurent-rousseau'],
  },
  {
    company: 'nadia-benali',
    from: 'montpellier',
    to: 'toulouse',
    job: 'palettes',
    day: 2,
    time: '06:00',
    urgent: true,
  },
  { company: 'philippe-garnier', from: 'strasbourg', to: 'metz', job: 'renfort', day: 6, time: '06:00' },
  {
    company: 'isabelle-roussel',
    from: 'gennevilliers',
    to: 'rouen',
    job: 'conteneur',
    day: 3,
    time: '08:00',
  },
  { company: 'yann-le-goff', from: 'orleans', to: 'carquefou', job: 'palettes', day: 5, time: '06:00' },
];

/** The open missions of the market, in the order of MARKET (the doors find them by their index). */
export function addMarket(w: World, cast: Cast): Mission[] {
  return MARKET.map((offer, index) =>
    addMission(w, {
      company: who(cast, offer.company),
      from: offer.from,
      to: offer.to,
      job: offer.job,
      start: w.wall(offer.day, offer.time),
      status: 'available',
      // Published over the last day or two (before anyone applied).
      createdAt: w.at(-(28 + index * 2) * 3_600_000),
      urgency: offer.urgent ?? false,
      engagement: offer.independent ? 'independent' : 'employment',
      applicants: (offer.applicants ?? []).map((key, index) => ({
        driver: who(cast, key),
        status: 'pending',
        at: w.at(-(index * 5 + w.between(1, 4)) * 3_600_000),
      })),
    }),
  );
}

/** Where each persona driver usually works, for whom, and how many missions it has done on Relais. */
const PASTS: ReadonlyArray<{
  driver: string;
  count: number;
  companies: string[];
  routes: Array<[PlaceKey, PlaceKey, JobKey]>;
}> = [
  {
    driver: 'karim-haddad',
    count: 15,
    companies: ['sophie-chevalier', 'isabelle-roussel', 'nadia-benali', 'marc-lefebvre'],
    routes: [
      ['corbas', 'lesquin', 'frigo'],
      ['saintPriest', 'strasbourg', 'palettes'],
      ['fos', 'corbas', 'citerne'],
      ['chassieu', 'toulouse', 'palettes'],
      ['villefranche', 'rungis', 'frigo'],
    ],
  },
  {
    driver: 'sebastien-morel',
    count: 8,
    companies: ['marc-lefebvre', 'isabelle-roussel'],
    routes: [
      ['lesquin', 'rungis', 'frigo'],
      ['dunkerque', 'lesquin', 'palettes'],
      ['roissy', 'lesquin', 'frigo'],
      ['lesquin', 'reims', 'palettes'],
    ],
  },
  {
    driver: 'julien-petit',
    count: 5,
    companies: ['philippe-garnier', 'sophie-chevalier'],
    routes: [
      ['fallavier', 'dijon', 'boissons'],
      ['saintEtienne', 'lyonPort', 'benne'],
    ],
  },
  {
    driver: 'nicolas-bernard',
    count: 4,
    companies: ['yann-le-goff', 'marc-lefebvre'],
    routes: [
      ['carquefou', 'rennes', 'acier'],
      ['saintNazaire', 'bordeaux', 'acier'],
    ],
  },
  {
    driver: 'aurelie-fontaine',
    count: 4,
    companies: ['philippe-garnier'],
    routes: [
      ['dijon', 'besancon', 'tourneeFrigo'],
      ['dijon', 'macon', 'tournee'],
    ],
  },
  {
    driver: 'mehdi-saidi',
    count: 3,
    companies: ['nadia-benali'],
    routes: [
      ['fos', 'vitrolles', 'conteneur'],
      ['fos', 'montpellier', 'citerne'],
    ],
  },
  {
    driver: 'laurent-rousseau',
    count: 4,
    companies: ['yann-le-goff', 'nadia-benali'],
    routes: [
      ['bordeaux', 'toulouse', 'engins'],
      ['bordeaux', 'saintNazaire', 'engins'],
    ],
  },
  {
    driver: 'elodie-marchand',
    count: 2,
    companies: ['sophie-chevalier'],
    routes: [
      ['villefranche', 'macon', 'palettes'],
      ['chassieu', 'saintEtienne', 'palettes'],
    ],
  },
];

/**
 * The personas' completed missions over the last eleven months, started on time, most reviewed by the
 * transporter and many by the driver too. Only what the visitor can meet is written (the mission, its reviews):
 * not the timeline, applications, engagement document nor payment that only the two parties could open (the
 * payments feature makes a payment when a party first opens it).
 */
export function addPasts(w: World, cast: Cast): void {
  for (const past of PASTS) {
    const driver = who(cast, past.driver);
    for (let index = 0; index < past.count; index++) {
      const [from, to, job] = past.routes[index % past.routes.length]!;
      const day = -Math.round(330 - (index * 318) / past.count) - w.between(0, 2);
      const mission = addMission(w, {
        company: who(cast, past.companies[index % past.companies.length]!),
        driver,
        from,
        to,
        job,
        start: w.wall(day, w.pick(['05:00', '05:30', '06:00', '07:00'])),
        status: 'completed',
        engagement: driver.persona!.engagement,
        quiet: true,
      });
      if (w.random() < 0.9) review(w, mission, 'company', { rating: w.random() < 0.75 ? 5 : 4 });
      if (w.random() < 0.65) review(w, mission, 'driver', { rating: w.random() < 0.6 ? 5 : 4 });
    }
  }
}
