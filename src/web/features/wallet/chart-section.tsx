import { lazy, Suspense, useId, useState } from 'react';
import { formatMoney } from '#core/rules/money.js';
import type { WalletChart as WalletChartData } from '#core/schemas/payments.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { useWalletChart } from './api.js';
import { chartSeriesLabels, chartSummary } from './chart-labels.js';

// uPlot comes with the wallet's chart only, in a chunk of its own.
const WalletChart = lazy(() => import('./wallet-chart.js'));

/** The same figures as the chart, month by month: always there for screen readers, shown on demand. */
function ChartTable({ chart, id, shown }: { chart: WalletChartData; id: string; shown: boolean }) {
  const labels = chartSeriesLabels(chart.role);
  return (
    <div id={id} className={cn(shown ? 'mt-4 overflow-x-auto' : 'sr-only')}>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-ink-muted">
          Montants par mois, des 12 derniers mois. {labels.explanation}
        </caption>
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Mois
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              {labels.earned}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {labels.settled}
            </th>
          </tr>
        </thead>
        <tbody>
          {chart.months.map((month) => (
            <tr key={month.month} className="border-b border-line last:border-b-0">
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                {month.label}
              </th>
              <td className="whitespace-nowrap py-2 pr-3 text-right">{formatMoney(month.earned)}</td>
              <td className="whitespace-nowrap py-2 text-right">{formatMoney(month.settled)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The 12 months: a chart (loaded on its own), its summary for screen readers, and the table alternative. */
export function ChartSection() {
  const query = useWalletChart();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const headingId = useId();
  const chart = query.data;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface-raised p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          Les 12 derniers mois
        </h2>
        {chart && (
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((value) => !value)}
          >
            {tableShown ? 'Masquer le tableau' : 'Voir le tableau'}
          </Button>
        )}
      </div>
      {query.isPending ? (
        <div className="h-[310px] animate-pulse rounded-xl bg-surface-sunken" />
      ) : !chart ? (
        <p className="text-ink-muted">
          {query.error?.message ?? 'Le graphique n’a pas pu être chargé. Réessayez dans un instant.'}
        </p>
      ) : (
        <>
          <p className="sr-only">{chartSummary(chart)}</p>
          <Suspense fallback={<div className="h-[310px] rounded-xl bg-surface-sunken" />}>
            <WalletChart chart={chart} />
          </Suspense>
          <ChartTable chart={chart} id={tableId} shown={tableShown} />
        </>
      )}
    </section>
  );
}
