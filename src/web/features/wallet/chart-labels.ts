import { formatCents, toCents } from '#core/rules/money.js';
import type { WalletChart } from '#core/schemas/payments.js';

/** The two series of the chart and its table, in the words of the viewer's side. */
export function chartSeriesLabels(role: WalletChart['role']) {
  return role === 'driver'
    ? {
        earned: 'Gagné',
        settled: 'Reçu',
        explanation:
          'Gagné : ce que vous doivent les missions terminées dans le mois. Reçu : les paiements dont vous avez confirmé la réception dans le mois. Montants hors TVA (la TVA collectée n’est pas un gain).',
      }
    : {
        earned: 'Dû',
        settled: 'Payé',
        explanation:
          'Dû : ce que vous devez pour les missions terminées dans le mois. Payé : les paiements déclarés dans le mois.',
      };
}

/** What the chart shows, in one sentence for screen readers: the totals and the busiest month. */
export function chartSummary(chart: WalletChart): string {
  const labels = chartSeriesLabels(chart.role);
  const earned = chart.months.reduce((sum, month) => sum + toCents(month.earned), 0);
  const settled = chart.months.reduce((sum, month) => sum + toCents(month.settled), 0);
  const best = chart.months.reduce<WalletChart['months'][number] | null>(
    (top, month) => (top === null || toCents(month.earned) > toCents(top.earned) ? month : top),
    null,
  );
  const peak =
    best && toCents(best.earned) > 0
      ? ` Mois le plus élevé : ${best.label} (${formatCents(toCents(best.earned))}).`
      : '';
  return `Graphique des 12 derniers mois. ${labels.earned} : ${formatCents(earned)} au total ; ${labels.settled.toLowerCase()} : ${formatCents(settled)}.${peak}`;
}
