import { formatLongDateTime } from '#core/rules/french-dates.js';
import { Bug, CalendarClock, FileCheck2, Flag, PackageCheck, UserCheck } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useDriverQueue } from './api.js';
import { useAdminOverview, useSiteFunnel } from './admin-missions-api.js';
import { count } from './format.js';
import { SmsFigures } from './sms-figures.js';
import {
  dailyPoints,
  FigureTile,
  number,
  percent,
  SeriesChart,
  WaitingTile,
  type FigureSpec,
} from './overview-parts.js';

/** The figures of the day, each linking to where the team acts on it (users, missions). */
function figureSpecs(today: string): FigureSpec[] {
  return [
    { key: 'newDrivers', title: 'Nouveaux chauffeurs', href: '~/admin/utilisateurs?role=driver' },
    {
      key: 'newTransporters',
      title: 'Nouveaux transporteurs',
      href: '~/admin/utilisateurs?role=transporter',
    },
    { key: 'published', title: 'Missions publiées', href: `~/admin/missions?from=${today}&to=${today}` },
    { key: 'assigned', title: 'Missions attribuées', href: '~/admin/missions?status=assigned' },
    { key: 'completed', title: 'Missions terminées', href: '~/admin/missions?status=completed' },
    { key: 'cancelled', title: 'Missions annulées', href: '~/admin/missions?status=cancelled' },
    { key: 'fillRate', title: 'Taux de remplissage', href: '~/admin/missions?status=available' },
    { key: 'applications', title: 'Candidatures', href: '~/admin/missions' },
    // Messages are counted, never read: nowhere to go from here.
    { key: 'messages', title: 'Messages échangés' },
  ];
}

/** The site's audience over 30 days (site-analytics): pages seen, visitors, registrations. */
function Funnel() {
  const funnel = useSiteFunnel();
  if (funnel.isPending) return <Spinner label="Chargement de la fréquentation..." />;
  if (funnel.isError || !funnel.data)
    return (
      <p className="text-ink-muted">La fréquentation n’a pas pu être chargée. Réessayez dans un instant.</p>
    );
  const { totals, registrations, conversion } = funnel.data;
  const steps = [
    { label: 'Pages vues', value: number(totals.pageViews), hint: 'tous visiteurs, mesure anonyme' },
    { label: 'Visiteurs', value: number(conversion.visitors), hint: 'ayant accepté la mesure' },
    {
      label: 'Inscriptions',
      value: number(registrations.total),
      hint: `${count(registrations.drivers, 'chauffeur', 'chauffeurs')}, ${count(registrations.transporters, 'transporteur', 'transporteurs')}`,
    },
    {
      label: 'Conversion',
      value: percent(conversion.rate),
      hint: `${count(conversion.converted, 'visiteur inscrit', 'visiteurs inscrits')}`,
    },
  ];
  return (
    <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.label} className="rounded-2xl border border-line bg-surface-raised p-4">
          <span className="block text-sm font-semibold text-ink-muted">
            {index + 1}. {step.label}
          </span>
          <span className="block text-2xl font-extrabold tracking-tight">{step.value}</span>
          <span className="block text-sm text-ink-muted">{step.hint}</span>
        </li>
      ))}
    </ol>
  );
}

function Interviews() {
  const drivers = useDriverQueue('pending_validation');
  const now = Date.now();
  const interviews = (drivers.data?.drivers ?? [])
    .filter((driver) => driver.validation.interviewDate && Date.parse(driver.validation.interviewDate) >= now)
    .sort((a, b) => a.validation.interviewDate!.localeCompare(b.validation.interviewDate!))
    .slice(0, 5);
  return (
    <section aria-labelledby="interviews-title" className="mt-8">
      <h2 id="interviews-title" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <CalendarClock className="h-5 w-5 text-ink-muted" aria-hidden="true" />
        Prochains entretiens
      </h2>
      {interviews.length === 0 ? (
        <p className="text-ink-muted">{drivers.data ? 'Aucun entretien prévu.' : 'Chargement...'}</p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface-raised">
          {interviews.map((driver) => (
            <li key={driver.id}>
              <Link
                href={`~/admin/chauffeurs/${driver.id}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-surface-sunken"
              >
                <span className="user-text font-semibold">{driver.fullName}</span>
                <span className="text-sm text-ink-muted">
                  {formatLongDateTime(driver.validation.interviewDate!)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin: what waits for the team, the day's figures and their trends, the last 30 days, the site's audience. */
export function AdminHomePage() {
  const overview = useAdminOverview();
  const data = overview.data;
  const waiting = data?.waiting;

  return (
    <>
      <PageHeader
        title="Accueil"
        description="Ce qui attend l’équipe, puis les chiffres du jour (heure de Paris) comparés à la veille et aux périodes précédentes. Les comptes de démonstration ne sont pas comptés."
      />
      {overview.isError && (
        <p role="alert" className="mb-4 text-danger">
          Les chiffres n’ont pas pu être chargés. Réessayez dans un instant.
        </p>
      )}

      <section aria-labelledby="todo-title">
        <h2 id="todo-title" className="mb-3 text-lg font-bold">
          À traiter
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          <WaitingTile
            href="~/admin/documents"
            icon={FileCheck2}
            title="Documents à vérifier"
            figure={waiting?.documents}
          >
            {waiting?.oldestDocumentAt
              ? `Le plus ancien attend depuis le ${formatLongDateTime(waiting.oldestDocumentAt)}.`
              : 'Permis, cartes de conducteur, FIMO/FCO, ADR…'}
          </WaitingTile>
          <WaitingTile
            href="~/admin/chauffeurs"
            icon={UserCheck}
            title="Chauffeurs à valider"
            figure={waiting?.driverValidations}
          >
            Documents, entretien, décision.
          </WaitingTile>
          <WaitingTile
            href="~/admin/signalements"
            icon={Bug}
            title="Bugs ouverts"
            figure={waiting?.bugReports}
          >
            Nouveaux ou en cours de traitement.
          </WaitingTile>
          <WaitingTile href="~/admin/avis" icon={Flag} title="Avis signalés" figure={waiting?.reviewReports}>
            À garder ou à retirer.
          </WaitingTile>
          <WaitingTile
            href="~/admin/missions?status=delivered"
            icon={PackageCheck}
            title="Livrées, fin à confirmer"
            figure={data?.live.awaitingCompletion}
          >
            {data
              ? `${count(data.live.openMissions, 'mission ouverte', 'missions ouvertes')}, ${count(data.live.underWay, 'en cours ou attribuée', 'en cours ou attribuées')}.`
              : 'Missions en attente du transporteur.'}
          </WaitingTile>
        </div>
      </section>

      <section aria-labelledby="today-title" className="mt-8">
        <h2 id="today-title" className="mb-3 text-lg font-bold">
          Aujourd’hui
        </h2>
        {!data ? (
          overview.isPending && <Spinner label="Chargement des chiffres..." />
        ) : (
          <div className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-3">
            {figureSpecs(data.today).map((spec) => (
              <FigureTile key={spec.key} spec={spec} windows={data.windows} />
            ))}
          </div>
        )}
      </section>

      {data && (
        <section aria-labelledby="series-title" className="mt-8">
          <h2 id="series-title" className="mb-3 text-lg font-bold">
            Les 30 derniers jours
          </h2>
          <div className="grid gap-4 xl:grid-cols-2">
            <SeriesChart
              title="Missions publiées par jour"
              description={`${number(data.windows.last30.published)} sur 30 jours, taux de remplissage ${percent(data.windows.last30.fillRate)}.`}
              column="Missions publiées"
              points={dailyPoints(data.daily, (index) => data.daily[index]!.published)}
            />
            <SeriesChart
              title="Inscriptions par jour"
              description={`${count(data.windows.last30.newDrivers, 'chauffeur', 'chauffeurs')} et ${count(data.windows.last30.newTransporters, 'transporteur', 'transporteurs')} sur 30 jours.`}
              column="Inscriptions"
              points={dailyPoints(
                data.daily,
                (index) => data.daily[index]!.newDrivers + data.daily[index]!.newTransporters,
              )}
            />
          </div>
        </section>
      )}

      {data && <SmsFigures sms={data.sms} />}

      <section aria-labelledby="funnel-title" className="mt-8">
        <h2 id="funnel-title" className="mb-1 text-lg font-bold">
          Fréquentation du site
        </h2>
        <p className="mb-3 text-sm text-ink-muted">Les 30 derniers jours : des visites aux inscriptions.</p>
        <Funnel />
      </section>

      <Interviews />
    </>
  );
}
