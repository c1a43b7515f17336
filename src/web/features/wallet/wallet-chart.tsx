import { useCallback, useMemo } from 'react';
import { formatMoney, toCents } from '#core/rules/money.js';
import type { WalletChart as WalletChartData } from '#core/schemas/payments.js';
import ChartCanvas from '#web/ui/chart-canvas.js';
import type { ChartPoint, ChartSeries } from '#web/ui/chart.js';
import { chartSeriesLabels } from './chart-labels.js';

/** 1 234 → "1,2 k€", 800 → "800 €" (axis ticks; the exact amounts are in the readout and the table). */
function tick(value: number): string {
  if (Math.abs(value) >= 1000)
    return `${(value / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0k€`;
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 0 })}\u00a0€`;
}

/** "nov. 2026" → "nov.", with the year under January and under the first month named (`first`). */
function monthTick(label: string, index: number, month: string, first: number): string {
  const [name, year] = label.split(' ');
  return index === first || month.endsWith('-01') ? `${name}\n${year}` : (name ?? label);
}

/**
 * The wallet's 12 months as grouped bars (what completed missions owe, what was settled), drawn by the shared
 * chart canvas; touching or hovering a month shows its exact amounts. Hidden from screen readers: the page gives
 * them the same figures as a table.
 */
export default function WalletChart({ chart }: { chart: WalletChartData }) {
  const labels = chartSeriesLabels(chart.role);
  const months = chart.months;
  // Amounts are exact decimals; the bars only need their height (euros as numbers, for drawing only).
  const points = useMemo<ChartPoint[]>(
    () => months.map((month) => ({ label: month.label, value: toCents(month.earned) / 100 })),
    [months],
  );
  const settled = useMemo<ChartSeries[]>(
    () => [{ tone: 'success', values: months.map((month) => toCents(month.settled) / 100) }],
    [months],
  );
  // Every month on a wide screen; on a phone every other one, counted back from the current (always named).
  const axisLabel = useCallback(
    (index: number, narrow: boolean) => {
      const month = months[index]!;
      if (narrow && (months.length - 1 - index) % 2 === 1) return '';
      return monthTick(month.label, index, month.month, narrow ? 1 : 0);
    },
    [months],
  );
  return (
    <ChartCanvas
      points={points}
      more={settled}
      format={tick}
      height={260}
      floor={100}
      axisLabel={axisLabel}
      className="wallet-chart"
      legend={
        <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-sm bg-accent" /> {labels.earned}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-sm bg-success" /> {labels.settled}
          </span>
        </div>
      }
      readout={(index) => {
        const shown = months[index]!;
        return (
          <>
            <span className="font-semibold">{shown.label}</span> · {labels.earned} :{' '}
            {formatMoney(shown.earned)} · {labels.settled} : {formatMoney(shown.settled)}
          </>
        );
      }}
    />
  );
}
