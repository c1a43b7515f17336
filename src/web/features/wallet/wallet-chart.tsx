import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney, toCents } from '#core/rules/money.js';
import type { WalletChart as WalletChartData } from '#core/schemas/payments.js';
import { chartSeriesLabels } from './chart-labels.js';

/** The theme's colours, read from its CSS variables (they change with the light / dark class). */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    earned: read('--accent', '#ff8a3d'),
    settled: read('--success', '#6ee7a0'),
    ink: read('--ink-muted', '#a9b3c1'),
    line: read('--line', '#2b323c'),
    font: `12px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`,
  };
}

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

const HEIGHT = 260;

/**
 * The wallet's 12 months as grouped bars (what completed missions owe, what was settled), drawn by uPlot in the
 * theme's colours, as wide as its container; touching or hovering a month shows its exact amounts. Hidden from
 * screen readers: the page gives them the same figures as a table.
 */
export default function WalletChart({ chart }: { chart: WalletChartData }) {
  const holder = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const labels = chartSeriesLabels(chart.role);
  const months = chart.months;

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const xs = months.map((_, index) => index);
    // Amounts are exact decimals; the bars only need their height (euros as numbers, for drawing only).
    const earned = months.map((month) => toCents(month.earned) / 100);
    const settled = months.map((month) => toCents(month.settled) / 100);
    let plot: uPlot | null = null;
    const build = () => {
      plot?.destroy();
      const colours = themeColours();
      const width = Math.max(element.clientWidth, 200);
      const narrow = width < 520;
      const bars = uPlot.paths.bars!;
      const axis = {
        stroke: colours.ink,
        font: colours.font,
        grid: { stroke: colours.line, width: 1 },
        ticks: { stroke: colours.line, width: 1 },
      };
      plot = new uPlot(
        {
          width,
          height: HEIGHT,
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { show: false } },
          scales: {
            x: { time: false, range: [-0.5, months.length - 0.5] },
            y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 100)] },
          },
          series: [
            {},
            {
              label: labels.earned,
              stroke: colours.earned,
              fill: colours.earned,
              width: 0,
              points: { show: false },
              paths: bars({ size: [0.36, 26], align: -1, gap: 1 }),
            },
            {
              label: labels.settled,
              stroke: colours.settled,
              fill: colours.settled,
              width: 0,
              points: { show: false },
              paths: bars({ size: [0.36, 26], align: 1, gap: 1 }),
            },
          ],
          axes: [
            {
              ...axis,
              grid: { show: false },
              size: 44,
              splits: () => xs,
              values: (_u, splits) =>
                splits.map((value) => {
                  const index = Math.round(value);
                  const month = months[index];
                  // On a phone every other month, counted back from the current one (always named).
                  if (!month || (narrow && (months.length - 1 - index) % 2 === 1)) return '';
                  return monthTick(month.label, index, month.month, narrow ? 1 : 0);
                }),
            },
            { ...axis, size: narrow ? 52 : 62, values: (_u, splits) => splits.map(tick) },
          ],
          hooks: {
            setCursor: [(u) => setActive(u.cursor.idx ?? null)],
          },
        },
        [xs, earned, settled],
        element,
      );
    };
    build();
    let width = element.clientWidth;
    const resize = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      plot?.setSize({ width: Math.max(width, 200), height: HEIGHT });
    });
    resize.observe(element);
    // Light or dark: the root's class changes, the colours are read again.
    const theme = new MutationObserver(build);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [months, labels.earned, labels.settled]);

  const shown = months[active ?? months.length - 1];
  return (
    <div aria-hidden="true">
      <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-accent" /> {labels.earned}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-3 w-3 rounded-sm bg-success" /> {labels.settled}
        </span>
      </div>
      {shown && (
        <p className="mb-1 min-h-5 text-sm">
          <span className="font-semibold">{shown.label}</span> · {labels.earned} : {formatMoney(shown.earned)}{' '}
          · {labels.settled} : {formatMoney(shown.settled)}
        </p>
      )}
      <div ref={holder} className="wallet-chart w-full touch-pan-y" />
    </div>
  );
}
