import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartCanvasProps } from './chart.js';
import { cn } from './cn.js';

/** The theme's colours, read from its CSS variables (they change with the light / dark class). */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    accent: read('--accent', '#ff8a3d'),
    success: read('--success', '#6ee7a0'),
    ink: read('--ink-muted', '#a9b3c1'),
    line: read('--line', '#2b323c'),
    font: `12px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`,
  };
}

/**
 * A series drawn by uPlot (bars, or a line with its points) — or several bar series side by side — in the theme's
 * colours, as wide as its container; touching or hovering a point shows its exact value above. Hidden from screen
 * readers: each chart comes with the same figures as a table (see Chart).
 */
export default function ChartCanvas({
  points,
  kind = 'bars',
  tone = 'accent',
  format,
  axis,
  min,
  integer = false,
  more = [],
  height = 220,
  floor = 1,
  axisLabel,
  readout,
  legend,
  className,
}: ChartCanvasProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const xs = points.map((_, index) => index);
    const ys = points.map((point) => point.value);
    const grouped = more.length > 0;
    // Grouped bars share a slot: each takes its part of it, the first on the left.
    const barSize: [number, number] = grouped ? [0.36, 26] : [0.6, 40];
    const align = (index: number) => (grouped ? (index === 0 ? -1 : 1) : 0);
    const tick = axis ?? format;
    let plot: uPlot | null = null;
    const build = () => {
      plot?.destroy();
      const colours = themeColours();
      const colour = colours[tone];
      const bars = (colourOf: string, index: number) => ({
        stroke: colourOf,
        fill: colourOf,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars!({ size: barSize, align: align(index), ...(grouped ? { gap: 1 } : {}) }),
      });
      const width = Math.max(element.clientWidth, 200);
      const narrow = width < 520;
      // Labels one in `step`, counted back from the last one (always named), so they never overlap.
      const step = Math.max(1, Math.ceil(points.length / (narrow ? 4 : 8)));
      const axisStyle = {
        stroke: colours.ink,
        font: colours.font,
        grid: { stroke: colours.line, width: 1 },
        ticks: { stroke: colours.line, width: 1 },
      };
      plot = new uPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { drag: { x: false, y: false }, points: { show: kind === 'line' } },
          scales: {
            x: { time: false, range: [-0.5, points.length - 0.5] },
            y: {
              range: (_u, _min, max) =>
                min !== undefined ? [min.from, Math.max(min.to, max)] : [0, Math.max(max * 1.15, floor)],
            },
          },
          series: [
            {},
            kind === 'bars'
              ? bars(colour, 0)
              : {
                  stroke: colour,
                  width: 2,
                  spanGaps: true,
                  points: { show: true, size: 7, fill: colour, stroke: colour },
                },
            ...more.map((series, index) => bars(colours[series.tone], index + 1)),
          ],
          axes: [
            {
              ...axisStyle,
              grid: { show: false },
              size: 44,
              splits: () => xs,
              values: (_u, splits) =>
                splits.map((value) => {
                  const index = Math.round(value);
                  const point = points[index];
                  if (!point) return '';
                  if (axisLabel) return axisLabel(index, narrow);
                  if ((points.length - 1 - index) % step !== 0) return '';
                  return point.short ?? point.label;
                }),
            },
            {
              ...axisStyle,
              size: narrow ? 52 : 62,
              // Counts step by whole units: never "0, 0, 1, 1" for 0, 0.5, 1, 1.5.
              ...(integer ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] } : {}),
              values: (_u, splits) => splits.map(tick),
            },
          ],
          hooks: { setCursor: [(u) => setActive(u.cursor.idx ?? null)] },
        },
        [xs, ys, ...more.map((series) => series.values)],
        element,
      );
    };
    build();
    let width = element.clientWidth;
    const resize = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      plot?.setSize({ width: Math.max(width, 200), height });
    });
    resize.observe(element);
    const theme = new MutationObserver(build);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      plot?.destroy();
    };
  }, [points, kind, tone, format, axis, min, integer, more, height, floor, axisLabel]);

  const index = active ?? points.length - 1;
  const shown = points[index];
  return (
    <div aria-hidden="true">
      {legend}
      {shown && (
        <p className="mb-1 min-h-5 text-sm">
          {readout ? (
            readout(index)
          ) : (
            <>
              <span className="font-semibold">{shown.label}</span> :{' '}
              {shown.value === null ? '—' : format(shown.value)}
            </>
          )}
        </p>
      )}
      <div ref={holder} className={cn('w-full touch-pan-y', className)} />
    </div>
  );
}
