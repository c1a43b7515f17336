import type { DriverAnalytics, TransporterAnalytics } from '#core/schemas/analytics.js';
import { count, duration, euros, kilometres, percent, rating } from './format.js';

/** One figure of the page: its value now and before, how it is measured, what is said when there is none. */
export interface Card {
  key: string;
  label: string;
  /** Shown value; null: no figure on the period (the `empty` sentence instead). */
  value: string | null;
  empty: string;
  /** What it counts, under the value. */
  hint?: string;
  /** The previous period's value as shown, and both as numbers for the change. */
  previous: string | null;
  numbers: [number | null, number | null];
}

const plural = (n: number, one: string, many: string) => `${count(n)} ${n > 1 ? many : one}`;
const shown = <T>(value: T | null, format: (value: T) => string) => (value === null ? null : format(value));
const money = (value: string | null) => (value === null ? null : Number(value));

export function driverCards({ current: c, previous: p }: DriverAnalytics): Card[] {
  const decided = c.applications.accepted + c.applications.rejected;
  const distanceHint = [
    c.distance.estimatedMissions > 0
      ? `dont ${kilometres(c.distance.estimatedKm)} estimés d’après les adresses (${plural(c.distance.estimatedMissions, 'mission sans suivi GPS', 'missions sans suivi GPS')})`
      : 'Mesurés par le suivi GPS de vos missions',
    c.distance.unknownMissions > 0
      ? `${plural(c.distance.unknownMissions, 'mission sans adresse localisée', 'missions sans adresse localisée')}, non comptée${c.distance.unknownMissions > 1 ? 's' : ''}`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return [
    {
      key: 'earnings',
      label: 'Gains HT',
      value: shown(money(c.earnings), euros),
      empty: 'Aucune mission terminée sur la période',
      hint: 'Missions terminées : le montant du paiement hors TVA (la TVA collectée n’est pas un gain), sinon le prix convenu',
      previous: shown(money(p.earnings), euros),
      numbers: [money(c.earnings), money(p.earnings)],
    },
    {
      key: 'completed',
      label: 'Missions terminées',
      value: count(c.missionsCompleted),
      empty: '',
      hint: 'Fin confirmée par le transporteur sur la période',
      previous: count(p.missionsCompleted),
      numbers: [c.missionsCompleted, p.missionsCompleted],
    },
    {
      key: 'acceptance',
      label: 'Taux d’acceptation',
      value: shown(c.applications.rate, percent),
      empty:
        c.applications.sent > 0
          ? `${plural(c.applications.sent, 'candidature envoyée', 'candidatures envoyées')}, aucune encore acceptée ni refusée`
          : 'Aucune candidature envoyée sur la période',
      hint:
        decided > 0
          ? `${plural(c.applications.accepted, 'acceptée', 'acceptées')} sur ${plural(decided, 'réponse', 'réponses')} des transporteurs · ${plural(c.applications.sent, 'candidature envoyée', 'candidatures envoyées')}`
          : undefined,
      previous: shown(p.applications.rate, percent),
      numbers: [c.applications.rate, p.applications.rate],
    },
    {
      key: 'rating',
      label: 'Note moyenne reçue',
      value: shown(c.rating.average, rating),
      empty: 'Pas encore d’avis publiés sur la période',
      hint: c.rating.count > 0 ? plural(c.rating.count, 'avis publié', 'avis publiés') : undefined,
      previous: shown(p.rating.average, rating),
      numbers: [c.rating.average, p.rating.average],
    },
    {
      key: 'distance',
      label: 'Kilomètres parcourus',
      value: shown(c.distance.km, kilometres),
      empty:
        c.missionsCompleted > 0
          ? 'Distance inconnue (adresses non localisées)'
          : 'Aucune mission terminée sur la période',
      hint: c.distance.km === null ? undefined : distanceHint,
      previous: shown(p.distance.km, kilometres),
      numbers: [c.distance.km, p.distance.km],
    },
  ];
}

export function transporterCards({ current: c, previous: p }: TransporterAnalytics): Card[] {
  const hours = (value: number | null) => shown(value, duration);
  return [
    {
      key: 'published',
      label: 'Missions publiées',
      value: count(c.published),
      empty: '',
      hint: `${plural(c.completed, 'terminée', 'terminées')} · ${plural(c.cancelled, 'annulée', 'annulées')} sur la période`,
      previous: count(p.published),
      numbers: [c.published, p.published],
    },
    {
      key: 'fill',
      label: 'Missions pourvues',
      value: shown(c.fill.rate, percent),
      empty: 'Aucune mission publiée à pourvoir sur la période',
      hint:
        c.fill.eligible > 0
          ? `${count(c.fill.filled)} sur ${count(c.fill.eligible)} (hors missions encore ouvertes et annulées sans candidature)`
          : undefined,
      previous: shown(p.fill.rate, percent),
      numbers: [c.fill.rate, p.fill.rate],
    },
    {
      key: 'first-application',
      label: 'Première candidature',
      value: hours(c.firstApplication.medianHours),
      empty: 'Aucune candidature reçue sur les missions de la période',
      hint:
        c.firstApplication.averageHours === null
          ? undefined
          : `Délai médian après publication · moyenne ${duration(c.firstApplication.averageHours)} · ${plural(c.firstApplication.missions, 'mission', 'missions')}`,
      previous: hours(p.firstApplication.medianHours),
      numbers: [c.firstApplication.medianHours, p.firstApplication.medianHours],
    },
    {
      key: 'assignment',
      label: 'Affectation d’un chauffeur',
      value: hours(c.assignment.medianHours),
      empty: 'Aucun chauffeur affecté aux missions de la période',
      hint:
        c.assignment.averageHours === null
          ? undefined
          : `Délai médian après publication · moyenne ${duration(c.assignment.averageHours)} · ${plural(c.assignment.missions, 'mission', 'missions')}`,
      previous: hours(p.assignment.medianHours),
      numbers: [c.assignment.medianHours, p.assignment.medianHours],
    },
    {
      key: 'spend',
      label: 'Dépenses',
      value: shown(money(c.spend), euros),
      empty: 'Aucune mission terminée sur la période',
      hint: 'Missions terminées : le montant du paiement, sinon le prix convenu',
      previous: shown(money(p.spend), euros),
      numbers: [money(c.spend), money(p.spend)],
    },
    {
      key: 'driver-rating',
      label: 'Note moyenne des chauffeurs',
      value: shown(c.driverRating.average, rating),
      empty: 'Pas encore d’avis publiés sur vos chauffeurs',
      hint:
        c.driverRating.count > 0
          ? `Les notes que vous avez données · ${plural(c.driverRating.count, 'avis publié', 'avis publiés')}`
          : undefined,
      previous: shown(p.driverRating.average, rating),
      numbers: [c.driverRating.average, p.driverRating.average],
    },
    {
      key: 'on-time',
      label: 'Livraisons à l’heure',
      value: shown(c.onTime.rate, percent),
      empty: 'Aucune livraison sur la période',
      hint:
        c.onTime.delivered > 0
          ? `${count(c.onTime.onTime)} sur ${plural(c.onTime.delivered, 'livraison', 'livraisons')}, au plus tard à la fin prévue`
          : undefined,
      previous: shown(p.onTime.rate, percent),
      numbers: [c.onTime.rate, p.onTime.rate],
    },
  ];
}
