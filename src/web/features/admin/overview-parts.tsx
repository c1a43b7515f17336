import { formatShortDay, formatWeekdayDay } from '#core/rules/french-dates.js';
import { ArrowDownRight, ArrowRight, ArrowUpRight, ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { OverviewWindow } from '#core/schemas/admin-overview.js';
import { Chart, type ChartPoint } from '#web/ui/chart.js';
import { cn } from '#web/ui/cn.js';

export const number = (value: number) => value.toLocaleString('fr-FR');
export const percent = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('fr-FR', { style: 'percent', maximumFractionDigits: 0 });

/** "24 nov." for the axis, "mardi 24 novembre" for the table, from a Paris day "2026-11-24". */
function dayLabels(day: string) {
  return { label: formatWeekdayDay(day), short: formatShortDay(day) };
}

export function dailyPoints(days: { day: string }[], value: (index: number) => number): ChartPoint[] {
  return days.map((entry, index) => ({ ...dayLabels(entry.day), value: value(index) }));
}

/** "En hausse" / "en baisse" / "stable", with its arrow, comparing a figure with the period before. */
function Trend({ now, before, against }: { now: number; before: number; against: string }) {
  const direction = now > before ? 'up' : now < before ? 'down' : 'flat';
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : ArrowRight;
  const words = direction === 'up' ? 'en hausse' : direction === 'down' ? 'en baisse' : 'stable';
  return (
    <span className="inline-flex items-center gap-1">
      <Icon
        className={cn(
          'h-4 w-4 shrink-0',
          direction === 'up' ? 'text-success' : direction === 'down' ? 'text-danger' : 'text-ink-muted',
        )}
        aria-hidden="true"
      />
      <span>
        <span className="sr-only">{words} </span>
        {against} : {number(before)}
      </span>
    </span>
  );
}

export interface FigureSpec {
  key: keyof Omit<OverviewWindow, 'fillRate'> | 'fillRate';
  title: string;
  href?: string;
}

/** One figure of the day: today big, then yesterday, the last 7 and 30 days with their trend. */
export function FigureTile({
  spec,
  windows,
}: {
  spec: FigureSpec;
  windows: Record<'today' | 'yesterday' | 'last7' | 'previous7' | 'last30' | 'previous30', OverviewWindow>;
}) {
  const rate = spec.key === 'fillRate';
  const read = (window: OverviewWindow) => window[spec.key] ?? 0;
  const show = (window: OverviewWindow) => (rate ? percent(window.fillRate) : number(read(window)));
  const body = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="text-sm font-semibold text-ink-muted">{spec.title}</span>
        {spec.href && (
          <ChevronRight
            className="h-4 w-4 shrink-0 text-ink-muted group-hover:text-accent"
            aria-hidden="true"
          />
        )}
      </span>
      <span className="mt-1 block text-2xl font-extrabold tracking-tight sm:text-3xl">
        {show(windows.today)}
        <span className="sr-only"> aujourd’hui</span>
      </span>
      <span className="mt-2 block space-y-0.5 text-xs text-ink-muted sm:text-sm">
        {rate ? (
          <>
            <span className="block">Hier : {percent(windows.yesterday.fillRate)}</span>
            <span className="block">
              7 jours : {percent(windows.last7.fillRate)} · 30 jours : {percent(windows.last30.fillRate)}
            </span>
          </>
        ) : (
          <>
            <span className="block">
              <Trend now={read(windows.today)} before={read(windows.yesterday)} against="hier" />
            </span>
            <span className="block">
              7 jours : <strong className="font-semibold text-ink">{number(read(windows.last7))}</strong>{' '}
              <Trend now={read(windows.last7)} before={read(windows.previous7)} against="avant" />
            </span>
            <span className="block">
              30 jours : <strong className="font-semibold text-ink">{number(read(windows.last30))}</strong>{' '}
              <Trend now={read(windows.last30)} before={read(windows.previous30)} against="avant" />
            </span>
          </>
        )}
      </span>
    </>
  );
  const frame = 'block min-w-0 rounded-2xl border border-line bg-surface-raised p-3 sm:p-4';
  return spec.href ? (
    <Link href={spec.href} className={cn(frame, 'group hover:border-accent')}>
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}

/** A shortcut of « À traiter »: what waits, how many, where to act. */
export function WaitingTile({
  href,
  icon: Icon,
  title,
  figure,
  children,
}: {
  href: string;
  icon: LucideIcon;
  title: string;
  figure: number | undefined;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      className={cn(
        'group flex min-w-0 items-start gap-3 rounded-2xl border bg-surface-raised p-4 hover:border-accent',
        figure ? 'border-accent/60' : 'border-line',
      )}
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-500/15 text-accent">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-bold">{title}</span>
        <span className="block text-2xl font-extrabold tracking-tight">
          {figure === undefined ? '…' : number(figure)}
        </span>
        <span className="mt-0.5 block text-sm text-ink-muted">{children}</span>
      </span>
      <ChevronRight
        className="mt-1 h-5 w-5 shrink-0 text-ink-muted group-hover:text-accent"
        aria-hidden="true"
      />
    </Link>
  );
}

export function SeriesChart({
  title,
  column,
  points,
  description,
}: {
  title: string;
  column: string;
  points: ChartPoint[];
  description: string;
}) {
  return (
    <Chart
      title={title}
      description={description}
      column={column}
      points={points}
      kind="bars"
      integer
      format={number}
      empty="Rien sur les 30 derniers jours."
    />
  );
}
