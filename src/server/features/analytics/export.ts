import { changePercent } from '#core/rules/analytics-period.js';
import { toCsv } from '#core/rules/csv.js';
import type { Analytics, AnalyticsTable } from '#core/schemas/analytics.js';

type Cell = string | number | null;

/** French figures for a spreadsheet: a decimal comma, no thousands separator; empty when there is no figure. */
const decimal = (value: string | number | null, digits = 2): string =>
  value === null ? '' : Number(value).toFixed(digits).replace('.', ',');
const percent = (value: number | null): string => (value === null ? '' : `${value} %`);
const change = (current: number | null, previous: number | null): string => {
  const delta = changePercent(current, previous);
  if (delta === null) return '';
  // Words, not a sign: a cell starting with + or − would be read as a formula (and get a quote).
  return delta === 0 ? 'stable' : `${delta > 0 ? 'hausse' : 'baisse'} de ${Math.abs(delta)} %`;
};
const money = (value: string | null) => (value === null ? null : Number(value));

/** One line of the comparison: its name, the figure now, before, and the change (numbers for the change). */
function line(name: string, now: Cell, before: Cell, numbers: [number | null, number | null]): Cell[] {
  return [name, now, before, change(...numbers)];
}

function figureLines(data: Analytics): Cell[][] {
  if (data.role === 'driver') {
    const { current: c, previous: p } = data;
    return [
      line('Gains HT des missions terminées (€)', decimal(c.earnings), decimal(p.earnings), [
        money(c.earnings),
        money(p.earnings),
      ]),
      line('Missions terminées', c.missionsCompleted, p.missionsCompleted, [
        c.missionsCompleted,
        p.missionsCompleted,
      ]),
      line('Candidatures envoyées', c.applications.sent, p.applications.sent, [
        c.applications.sent,
        p.applications.sent,
      ]),
      line(
        'Taux d’acceptation (acceptées / acceptées + refusées)',
        percent(c.applications.rate),
        percent(p.applications.rate),
        [c.applications.rate, p.applications.rate],
      ),
      line('Note moyenne reçue (sur 5)', decimal(c.rating.average), decimal(p.rating.average), [
        c.rating.average,
        p.rating.average,
      ]),
      line('Avis publiés reçus', c.rating.count, p.rating.count, [c.rating.count, p.rating.count]),
      line('Kilomètres parcourus', decimal(c.distance.km, 1), decimal(p.distance.km, 1), [
        c.distance.km,
        p.distance.km,
      ]),
      line(
        'dont kilomètres estimés (vol d’oiseau × 1,3)',
        decimal(c.distance.estimatedKm, 1),
        decimal(p.distance.estimatedKm, 1),
        [null, null],
      ),
    ];
  }
  const { current: c, previous: p } = data;
  return [
    line('Missions publiées', c.published, p.published, [c.published, p.published]),
    line('Taux de missions pourvues', percent(c.fill.rate), percent(p.fill.rate), [c.fill.rate, p.fill.rate]),
    line(
      'Délai médian jusqu’à la première candidature (h)',
      decimal(c.firstApplication.medianHours, 1),
      decimal(p.firstApplication.medianHours, 1),
      [c.firstApplication.medianHours, p.firstApplication.medianHours],
    ),
    line(
      'Délai moyen jusqu’à la première candidature (h)',
      decimal(c.firstApplication.averageHours, 1),
      decimal(p.firstApplication.averageHours, 1),
      [c.firstApplication.averageHours, p.firstApplication.averageHours],
    ),
    line(
      'Délai médian jusqu’à l’affectation (h)',
      decimal(c.assignment.medianHours, 1),
      decimal(p.assignment.medianHours, 1),
      [c.assignment.medianHours, p.assignment.medianHours],
    ),
    line(
      'Délai moyen jusqu’à l’affectation (h)',
      decimal(c.assignment.averageHours, 1),
      decimal(p.assignment.averageHours, 1),
      [c.assignment.averageHours, p.assignment.averageHours],
    ),
    line('Missions terminées', c.completed, p.completed, [c.completed, p.completed]),
    line('Dépenses des missions terminées (€)', decimal(c.spend), decimal(p.spend), [
      money(c.spend),
      money(p.spend),
    ]),
    line(
      'Note moyenne donnée aux chauffeurs (sur 5)',
      decimal(c.driverRating.average),
      decimal(p.driverRating.average),
      [c.driverRating.average, p.driverRating.average],
    ),
    line('Livraisons à l’heure', percent(c.onTime.rate), percent(p.onTime.rate), [
      c.onTime.rate,
      p.onTime.rate,
    ]),
    line('Missions annulées', c.cancelled, p.cancelled, [c.cancelled, p.cancelled]),
  ];
}

function seriesLines(data: Analytics): Cell[][] {
  if (data.role === 'driver')
    return [
      ['Période', 'Gains (€)', 'Missions terminées', 'Note moyenne reçue', 'Avis publiés'],
      ...data.series.map((row) => [
        row.label,
        decimal(row.earnings),
        row.completed,
        decimal(row.averageRating),
        row.reviews,
      ]),
    ];
  return [
    ['Période', 'Missions publiées', 'Missions terminées', 'Dépenses (€)'],
    ...data.series.map((row) => [row.label, row.published, row.completed, decimal(row.spend)]),
  ];
}

/**
 * One table of the page as a French spreadsheet (toCsv: `;`, BOM, formula-safe), rectangular: every row as wide
 * as its header. `indicateurs`: the figures of the period beside the previous one and the change;
 * `evolution`: the weeks or months; `transporteurs` (drivers): the transporters they worked for.
 */
export function analyticsCsv(data: Analytics, table: AnalyticsTable): string {
  const { period } = data;
  if (table === 'evolution') return toCsv(seriesLines(data));
  if (table === 'transporteurs')
    return toCsv([
      ['Transporteur', 'Missions terminées', 'Gains (€)'],
      ...(data.role === 'driver' ? data.topTransporters : []).map((row) => [
        row.name,
        row.missions,
        decimal(row.earnings),
      ]),
    ]);
  return toCsv([
    ['Indicateur', `Période (${period.label})`, `Période précédente (${period.previousLabel})`, 'Évolution'],
    ...figureLines(data),
  ]);
}
