import { BarChart3, Download } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import {
  ANALYTICS_TABLE_LABELS,
  type Analytics,
  type AnalyticsTable,
  type DriverAnalytics,
} from '#core/schemas/analytics.js';
import { useSession } from '#web/lib/session.js';
import { ApiError } from '#web/lib/api.js';
import { buttonClasses } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { choiceFromSearch, exportHref, searchForChoice, useAnalytics, type PeriodChoice } from './api.js';
import { driverCards, transporterCards } from './cards.js';
import { DriverCharts, TransporterCharts } from './charts.js';
import { euros } from './format.js';
import { KpiCards } from './kpi-cards.js';
import { PeriodPicker } from './period-picker.js';

/** Nothing at all on the period nor the one before: the page says so instead of a wall of dashes. */
function nothingOnPeriod(data: Analytics): boolean {
  if (data.role === 'driver')
    return [data.current, data.previous].every(
      (f) => f.missionsCompleted === 0 && f.applications.sent === 0 && f.rating.count === 0,
    );
  return [data.current, data.previous].every(
    (f) => f.published === 0 && f.completed === 0 && f.onTime.delivered === 0 && f.driverRating.count === 0,
  );
}

function TopTransporters({ data }: { data: DriverAnalytics }) {
  return (
    <section
      aria-labelledby="top-transporteurs"
      className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
    >
      <h2 id="top-transporteurs" className="mb-2 text-lg font-bold">
        Vos principaux transporteurs
      </h2>
      {data.topTransporters.length === 0 ? (
        <p className="text-ink-muted">Aucune mission terminée sur la période.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="mb-2 text-left text-ink-muted">
              Les 5 transporteurs pour qui vous avez terminé le plus de missions sur la période.
            </caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Transporteur
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Missions
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Gains
                </th>
              </tr>
            </thead>
            <tbody>
              {data.topTransporters.map((row) => (
                <tr key={row.id} className="border-b border-line last:border-b-0">
                  <th scope="row" className="user-text py-2 pr-3 text-left font-normal">
                    {row.name}
                  </th>
                  <td className="py-2 pr-3 text-right">{row.missions}</td>
                  <td className="whitespace-nowrap py-2 text-right">{euros(Number(row.earnings))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** How each figure is measured, in plain words (the cards say the short version). */
function Definitions({ driver }: { driver: boolean }) {
  return (
    <details className="rounded-2xl border border-line bg-surface-raised p-4 text-sm sm:p-5">
      <summary className="cursor-pointer font-semibold">Comment ces chiffres sont calculés</summary>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-ink-muted">
        {driver ? (
          <>
            <li>
              Gains : pour chaque mission terminée sur la période, le montant enregistré pour son paiement
              (temps réels, TVA), sinon le prix convenu.
            </li>
            <li>
              Taux d’acceptation : candidatures envoyées sur la période et acceptées, divisées par celles qui
              ont reçu une réponse (acceptées + refusées). Les candidatures en attente ou retirées n’y entrent
              pas.
            </li>
            <li>Note moyenne : les avis publiés sur la période, hors avis retirés par la modération.</li>
            <li>
              Kilomètres : le trajet mesuré par le suivi GPS ; pour une mission non suivie, la distance à vol
              d’oiseau entre départ et arrivée × 1,3.
            </li>
          </>
        ) : (
          <>
            <li>
              Missions pourvues : missions publiées sur la période auxquelles un chauffeur a été affecté, sur
              l’ensemble des missions publiées, sans compter celles encore ouvertes avant leur début ni celles
              annulées avant toute candidature.
            </li>
            <li>
              Délais : temps entre la publication et la première candidature, puis l’affectation du chauffeur
              (médiane : la moitié des missions font mieux).
            </li>
            <li>
              Dépenses : pour chaque mission terminée sur la période, le montant enregistré pour son paiement,
              sinon le prix convenu.
            </li>
            <li>Note des chauffeurs : les avis que vous avez donnés, publiés sur la période.</li>
            <li>
              À l’heure : missions livrées sur la période dont la livraison a été déclarée au plus tard à la
              fin prévue.
            </li>
          </>
        )}
        <li>Les jours et les mois sont ceux de l’heure de Paris.</li>
      </ul>
    </details>
  );
}

/**
 * /analytics (Analytics Avancés): a driver's or a transporter's own figures over a period, against the previous
 * one, with charts (and their tables), the top transporters for a driver, and the CSV of it all.
 */
/**
 * « Exporter en CSV »: one file per table (a spreadsheet or a strict CSV reader wants one rectangular table per
 * file): the period's figures, their evolution, and for a driver the transporters they worked for.
 */
function ExportMenu({ choice, driver }: { choice: PeriodChoice; driver: boolean }) {
  const tables: AnalyticsTable[] = driver
    ? ['indicateurs', 'evolution', 'transporteurs']
    : ['indicateurs', 'evolution'];
  return (
    <details className="relative">
      <summary className={cn(buttonClasses('secondary', 'md'), 'cursor-pointer list-none')}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Exporter en CSV
      </summary>
      <ul className="absolute right-0 z-10 mt-2 w-72 space-y-1 rounded-xl border border-line bg-surface-raised p-2 shadow-lg">
        {tables.map((table) => (
          <li key={table}>
            <a
              href={exportHref(choice, table)}
              download
              className="block rounded-lg px-3 py-2 text-sm font-semibold hover:bg-surface-sunken"
            >
              {ANALYTICS_TABLE_LABELS[table]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function AnalyticsPage() {
  const { user } = useSession();
  // The period lives in the address (replaced, not pushed: Back leaves the page rather than stepping periods).
  const [search, setSearch] = useSearchParams();
  const choice = choiceFromSearch(search);
  const setChoice = (next: PeriodChoice) => setSearch(searchForChoice(next), { replace: true });
  const query = useAnalytics(choice);
  if (!user) return null;
  const driver = user.role === 'driver';
  const data = query.data;
  const serverErrors = query.error instanceof ApiError ? query.error.fieldErrors : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Analytics Avancés"
        description={
          driver
            ? 'Vos gains, vos missions, vos candidatures et vos avis, comparés à la période précédente.'
            : 'Vos missions publiées et pourvues, les délais, vos dépenses et la ponctualité, comparés à la période précédente.'
        }
        actions={data && <ExportMenu choice={choice} driver={driver} />}
      />
      <div className="space-y-5">
        <PeriodPicker value={choice} onChange={setChoice} serverErrors={serverErrors} />
        {query.isPending ? (
          <Spinner />
        ) : !data ? (
          <EmptyState icon={BarChart3} title="Statistiques indisponibles">
            <p>
              {query.error?.message ??
                'Vos statistiques n’ont pas pu être chargées. Réessayez dans un instant.'}
            </p>
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-ink-muted" aria-live="polite">
              Période : <span className="font-semibold text-ink">{data.period.label}</span> · comparée à la
              période précédente, {data.period.previousLabel}.
            </p>
            {nothingOnPeriod(data) ? (
              <EmptyState
                icon={BarChart3}
                title="Pas encore de données sur cette période"
                action={
                  <Link href={driver ? '/explorer' : '/missions'} className={buttonClasses('primary')}>
                    {driver ? 'Trouver une mission' : 'Publier une mission'}
                  </Link>
                }
              >
                <p>
                  {driver
                    ? 'Vos chiffres apparaissent ici dès vos premières candidatures et missions terminées : gains, kilomètres, taux d’acceptation et avis.'
                    : 'Vos chiffres apparaissent ici dès vos premières missions publiées : taux de missions pourvues, délais, dépenses et ponctualité.'}
                </p>
              </EmptyState>
            ) : (
              <>
                <KpiCards cards={data.role === 'driver' ? driverCards(data) : transporterCards(data)} />
                <section aria-labelledby="evolution" className="space-y-4">
                  <h2 id="evolution" className="text-lg font-bold">
                    Évolution sur la période
                  </h2>
                  {data.role === 'driver' ? <DriverCharts data={data} /> : <TransporterCharts data={data} />}
                </section>
                {data.role === 'driver' && <TopTransporters data={data} />}
              </>
            )}
            <Definitions driver={data.role === 'driver'} />
          </>
        )}
      </div>
    </div>
  );
}
