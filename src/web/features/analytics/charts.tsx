import { useMemo } from 'react';
import type { DriverAnalytics, TransporterAnalytics } from '#core/schemas/analytics.js';
import { Chart, type ChartPoint } from '#web/ui/chart.js';
import { count, euros, eurosShort, rating, ratingTick } from './format.js';

/** "sem. du 3 nov." → "3 nov." on the axis; months keep their name. */
const short = (label: string) => label.replace(/^sem\. du /, '');
const points = <T extends { label: string }>(rows: T[], value: (row: T) => number | null): ChartPoint[] =>
  rows.map((row) => ({ label: row.label, short: short(row.label), value: value(row) }));
const RATING_SCALE = { from: 0, to: 5 };

const byWhat = (bucket: 'week' | 'month') => (bucket === 'week' ? 'semaine par semaine' : 'mois par mois');

export function DriverCharts({ data }: { data: DriverAnalytics }) {
  const earnings = useMemo(() => points(data.series, (row) => Number(row.earnings)), [data.series]);
  const completed = useMemo(() => points(data.series, (row) => row.completed), [data.series]);
  const ratings = useMemo(() => points(data.series, (row) => row.averageRating), [data.series]);
  const by = byWhat(data.period.bucket);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Chart
          title={`Gains, ${by}`}
          description="Ce que doivent les missions terminées dans la période."
          column="Gains"
          points={earnings}
          format={euros}
          axis={eurosShort}
          empty="Aucune mission terminée sur la période."
        />
      </div>
      <Chart
        title={`Missions terminées, ${by}`}
        column="Missions terminées"
        points={completed}
        tone="success"
        format={count}
        integer
        empty="Aucune mission terminée sur la période."
      />
      <Chart
        title="Note moyenne reçue"
        description="Avis publiés dans la période (une période sans avis reste vide)."
        column="Note moyenne"
        kind="line"
        points={ratings}
        format={rating}
        axis={ratingTick}
        min={RATING_SCALE}
        empty="Pas encore d’avis publiés sur la période."
      />
    </div>
  );
}

export function TransporterCharts({ data }: { data: TransporterAnalytics }) {
  const spend = useMemo(() => points(data.series, (row) => Number(row.spend)), [data.series]);
  const published = useMemo(() => points(data.series, (row) => row.published), [data.series]);
  const completed = useMemo(() => points(data.series, (row) => row.completed), [data.series]);
  const by = byWhat(data.period.bucket);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <Chart
          title={`Dépenses, ${by}`}
          description="Ce que doivent aux chauffeurs les missions terminées dans la période."
          column="Dépenses"
          points={spend}
          format={euros}
          axis={eurosShort}
          empty="Aucune mission terminée sur la période."
        />
      </div>
      <Chart
        title={`Missions publiées, ${by}`}
        column="Missions publiées"
        points={published}
        format={count}
        integer
        empty="Aucune mission publiée sur la période."
      />
      <Chart
        title={`Missions terminées, ${by}`}
        column="Missions terminées"
        points={completed}
        tone="success"
        format={count}
        integer
        empty="Aucune mission terminée sur la période."
      />
    </div>
  );
}
