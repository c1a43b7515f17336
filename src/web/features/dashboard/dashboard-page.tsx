import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { DOCUMENT_LABELS, TIMELINE_LABELS } from '#core/rules/missions.js';
import { roleOf } from '#core/rules/roles.js';
import { onboardingSteps } from '#core/rules/onboarding.js';
import { coordinationNote, planSummary } from '#core/rules/plans.js';
import { formatMoney } from '#core/rules/money.js';
import type { DashboardStats } from '#core/schemas/dashboard.js';
import type { MyDocuments } from '#core/schemas/documents.js';
import { useSession, type SessionUser } from '#web/lib/session.js';
import { formatShortDateTime } from '#core/rules/french-dates.js';
import { buttonClasses } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { PageHeader } from '#web/ui/empty-state.js';

/** Each figure's label, singular or plural as its count asks. */
const STAT_LABELS: Record<string, [string, string]> = {
  applicationsPending: ['Candidature en attente', 'Candidatures en attente'],
  applicationsAccepted: ['Candidature acceptée', 'Candidatures acceptées'],
  missionsInProgress: ['Mission à venir ou en cours', 'Missions à venir ou en cours'],
  completedThisMonth: ['Terminée ce mois-ci', 'Terminées ce mois-ci'],
  missionsOpen: ['Mission ouverte', 'Missions ouvertes'],
  missionsAssigned: ['Chauffeur retenu', 'Chauffeurs retenus'],
  missionsUnderWay: ['Mission en cours', 'Missions en cours'],
  missionsToConfirm: ['Livraison à confirmer', 'Livraisons à confirmer'],
  missionsCompleted: ['Mission terminée', 'Missions terminées'],
  applicationsWaiting: ['Candidature à traiter', 'Candidatures à traiter'],
};
const statLabel = (key: string, count: number) => STAT_LABELS[key]?.[count > 1 ? 1 : 0] ?? key;

/** The figures of GET /api/dashboard/stats and the latest events of the user's missions. */
function Stats({ stats }: { stats: DashboardStats | undefined }) {
  if (!stats) return null;
  const { counts, earningsThisMonth, recent } = stats;
  return (
    <>
      <section aria-label="Chiffres clés" className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Object.entries(counts).map(([key, value]) => (
          <div key={key} className="rounded-2xl border border-line bg-surface-raised p-4">
            <p className="text-3xl font-extrabold">{value}</p>
            <p className="mt-1 text-sm text-ink-muted">{statLabel(key, value)}</p>
          </div>
        ))}
        {earningsThisMonth !== null && (
          <Link
            href="/wallet"
            className="col-span-2 rounded-2xl border border-line bg-surface-raised p-4 hover:border-accent lg:col-span-1"
          >
            {/* An amount is never broken across lines (« 1 050,00 € »): the card takes the row on a phone. */}
            <p className="text-2xl font-extrabold whitespace-nowrap xl:text-3xl">
              {formatMoney(earningsThisMonth)}
            </p>
            <p className="mt-1 text-sm text-ink-muted">Gains HT des missions terminées ce mois-ci</p>
          </Link>
        )}
      </section>
      {recent.length > 0 && (
        <section
          aria-labelledby="activite"
          className="mb-5 rounded-2xl border border-line bg-surface-raised p-5"
        >
          <h2 id="activite" className="mb-3 text-lg font-bold">
            Activité récente
          </h2>
          <ul className="divide-y divide-line">
            {recent.map((event) => (
              <li key={event.id} className="flex flex-wrap justify-between gap-2 py-2">
                <Link
                  href={`/mission/${event.missionId}`}
                  className="user-text font-semibold hover:underline"
                >
                  {TIMELINE_LABELS[event.type] ?? event.type} · {event.missionTitle}
                </Link>
                <span className="text-sm text-ink-muted">{formatShortDateTime(event.createdAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** "Pour bien démarrer": the role's first steps, ticked from the account's state; gone once all are done. */
function GettingStarted({ user, firstStepDone }: { user: SessionUser; firstStepDone: boolean }) {
  const role = roleOf(user) === 'transporter' ? 'transporter' : 'driver';
  const steps = onboardingSteps(role, user, firstStepDone);
  if (steps.every((step) => step.done)) return null;
  return (
    <section
      className="rounded-2xl border border-line bg-surface-raised p-6 md:col-span-2"
      aria-labelledby="prochaines-etapes"
    >
      <h2 id="prochaines-etapes" className="text-lg font-bold">
        Pour bien démarrer
      </h2>
      <ol className="mt-4 space-y-3">
        {steps.map((step, index) => (
          <li key={step.key} className="flex items-start gap-3">
            <span className={cn('shrink-0', step.done ? 'text-success' : 'text-accent')} aria-hidden="true">
              {step.done ? '✓' : `${index + 1}.`}
            </span>
            <span className={step.done ? 'text-ink-muted' : undefined}>
              <span className="sr-only">{step.done ? 'Fait : ' : 'À faire : '}</span>
              {step.href ? (
                <Link href={step.href} className="font-semibold text-accent underline">
                  {step.label}
                </Link>
              ) : (
                step.label
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A driver's papers at a glance: what still blocks applying, with the way to /documents. */
function DocumentsCard() {
  const query = useQuery<MyDocuments>({ queryKey: ['/api/documents'] });
  if (!query.data) return null;
  const { requirements } = query.data;
  const blocking = requirements.filter((verdict) => verdict.state !== 'valid' && verdict.state !== 'pending');
  const pending = requirements.filter((verdict) => verdict.state === 'pending');
  const names = (list: typeof requirements) =>
    list.map((verdict) => DOCUMENT_LABELS[verdict.requirement]).join(', ');
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-6" aria-labelledby="mes-documents">
      <h2 id="mes-documents" className="text-lg font-bold">
        Vos documents
      </h2>
      {blocking.length > 0 ? (
        <>
          <p className="mt-2 font-semibold text-danger">À compléter : {names(blocking)}</p>
          <p className="mt-1 text-sm text-ink-muted">
            Les missions qui exigent {blocking.length > 1 ? 'ces documents' : 'ce document'} vous sont
            fermées.
          </p>
        </>
      ) : pending.length > 0 ? (
        <>
          <p className="mt-2 font-semibold">En cours de vérification : {names(pending)}</p>
          <p className="mt-1 text-sm text-ink-muted">Vous pouvez déjà postuler pendant que Relais vérifie.</p>
        </>
      ) : (
        <p className="mt-2 font-semibold text-success">Documents vérifiés et à jour</p>
      )}
      <Link href="/documents" className={buttonClasses('secondary', 'sm', 'mt-4')}>
        Mes documents
      </Link>
    </section>
  );
}

/** The plan in the words of the user's role: a transporter is never told about applications. */
function PlanCard({ user }: { user: SessionUser }) {
  const role = roleOf(user) === 'transporter' ? 'transporter' : 'driver';
  const plan = planSummary(role, user.subscriptionPlan);
  const limited = user.subscriptionPlan === 'basic';
  return (
    <section className="rounded-2xl border border-line bg-surface-raised p-6" aria-labelledby="formule">
      <h2 id="formule" className="text-lg font-bold">
        Votre formule
      </h2>
      <p className="mt-2 text-2xl font-extrabold">{plan.name}</p>
      <p className="mt-1 text-sm text-ink-muted">{plan.limits.join(' · ')}</p>
      {limited && <p className="mt-2 text-sm text-ink-muted">{coordinationNote(role)}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link href="/driver/subscription" className={buttonClasses('secondary', 'sm')}>
          Mon abonnement
        </Link>
        <Link href="/pricing" className={buttonClasses('ghost', 'sm')}>
          Plans & Tarifs
        </Link>
      </div>
    </section>
  );
}

/** The way to /availability (not in the menu): the driver's calendar, or the transporter's search. */
function AvailabilityCard({ driver }: { driver: boolean }) {
  return (
    <section
      className="rounded-2xl border border-line bg-surface-raised p-6"
      aria-labelledby="disponibilites"
    >
      <h2 id="disponibilites" className="text-lg font-bold">
        {driver ? 'Vos disponibilités' : 'Chauffeurs disponibles'}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        {driver
          ? 'Indiquez les jours où vous pouvez rouler, vos congés, et retrouvez vos missions dans l’agenda de votre téléphone.'
          : 'Trouvez les chauffeurs qui se sont déclarés disponibles un jour donné, par permis et par zone.'}
      </p>
      <Link href="/availability" className={buttonClasses('secondary', 'sm', 'mt-4')}>
        {driver ? 'Mes disponibilités' : 'Trouver des chauffeurs disponibles'}
      </Link>
    </section>
  );
}

export function DashboardPage() {
  const { user } = useSession();
  const stats = useQuery<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
  if (!user) return null;
  const role = roleOf(user);
  const firstName = user.fullName.split(' ')[0];
  return (
    <>
      <PageHeader
        title={`Bonjour ${firstName}`}
        description={
          role === 'transporter' ? (user.companyName ?? 'Espace transporteur') : 'Espace chauffeur'
        }
      />
      <Stats stats={stats.data} />
      <div className="grid gap-5 md:grid-cols-3">
        {stats.data && <GettingStarted user={user} firstStepDone={stats.data.firstStepDone} />}
        <PlanCard user={user} />
        {role === 'driver' && <DocumentsCard />}
        <AvailabilityCard driver={role === 'driver'} />
      </div>
    </>
  );
}
