import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Button } from './button.js';
import { cn } from './cn.js';

export interface ChartPoint {
  /** Full name, for the readout and the table ("sem. du 3 nov.", "nov. 2026"). */
  label: string;
  /** Shorter name for the axis, if any. */
  short?: string;
  /** null: no figure there (drawn as a gap, "—" in the table). */
  value: number | null;
}

export interface ChartProps {
  points: ChartPoint[];
  kind?: 'bars' | 'line';
  tone?: 'accent' | 'success';
  /** The exact value, as shown in the readout and the table. */
  format: (value: number) => string;
  /** The axis ticks (default `format`). */
  axis?: (value: number) => string;
  /** A fixed scale (a rating from 0 to 5, say) instead of 0 → the highest value. */
  min?: { from: number; to: number };
  /** Whole numbers only (counts): the axis steps by units. */
  integer?: boolean;
}

/** A second bar series drawn beside the first (grouped bars), for the same points. */
export interface ChartSeries {
  tone: 'accent' | 'success';
  values: Array<number | null>;
}

/** What a chart of several series (the wallet's) sets beyond ChartProps. */
export interface ChartCanvasProps extends ChartProps {
  /** More bar series, beside the first (`points`' values). */
  more?: ChartSeries[];
  /** Height in pixels (220). */
  height?: number;
  /** The top of the scale is at least this (1). */
  floor?: number;
  /** The axis label of point `index` ('' for none); default: one in a few, counted back from the last. */
  axisLabel?: (index: number, narrow: boolean) => string;
  /** The line above the chart for the point touched (default: its label and value). */
  readout?: (index: number) => ReactNode;
  /** Above the readout (a legend). */
  legend?: ReactNode;
  /** On the drawing's holder (tests and styles find it). */
  className?: string;
}

// uPlot comes with the first chart shown, in a chunk of its own.
const ChartCanvas = lazy(() => import('./chart-canvas.js'));

/**
 * A titled chart of one series with its table alternative: the chart is hidden from screen readers, the table is
 * always there for them (visually hidden) and shown on demand ("Voir le tableau").
 */
export function Chart({
  title,
  description,
  column,
  empty,
  ...props
}: ChartProps & {
  title: string;
  description?: ReactNode;
  /** The table's value column heading. */
  column: string;
  /** Said instead of the chart when no point has a figure. */
  empty?: string;
}) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const headingId = useId();
  const nothing = props.points.every((point) => point.value === null || point.value === 0);
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-bold">
          {title}
        </h3>
        {!(nothing && empty) && (
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
      {description && <div className="mb-2 text-sm text-ink-muted">{description}</div>}
      {nothing && empty ? (
        <p className="rounded-xl bg-surface-sunken px-4 py-8 text-center text-sm text-ink-muted">{empty}</p>
      ) : (
        <>
          <Suspense fallback={<div className="h-[250px] animate-pulse rounded-xl bg-surface-sunken" />}>
            <ChartCanvas {...props} />
          </Suspense>
          <div id={tableId} className={cn(tableShown ? 'mt-3 overflow-x-auto' : 'sr-only')}>
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-line text-left">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Période
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {column}
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.points.map((point) => (
                  <tr key={point.label} className="border-b border-line last:border-b-0">
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      {point.label}
                    </th>
                    <td className="whitespace-nowrap py-2 text-right">
                      {point.value === null ? '—' : props.format(point.value)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
