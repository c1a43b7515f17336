import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { TIMELINE_LABELS } from '#core/rules/missions.js';
import { roleOf } from '#core/rules/roles.js';
import { formatEuros, FREEMIUM_LIMITS } from '#core/rules/tariffs.js';
import type { DashboardStats } from '#core/schemas/dashboard.js';
import { useSession } from '#web/app/session.js';
import { formatShortDateTime } from '#web/lib/dates.js';
import { buttonClasses } from '#web/ui/button.js';
import { PageHeader } from '#web/ui/empty-state.js';

const STAT_LABELS: Record<string, string> = {
  applicationsPending: 'Candidatures en attente',
  applicationsAccepted: 'Candidatures acceptées',
  missionsInProgress: 'Missions en cours',
  completedThisMonth: 'Terminées ce mois-ci',
  missionsOpen: 'Missions ouvertes',
  missionsAssigned: 'Chauffeur retenu',
  missionsCompleted: 'Missions terminées',
  applicationsWaiting: 'Candidatures à traiter',
};

/** The figures of GET /api/dashboard/stats and the latest events of the user's missions. */
function Stats() {
  const stats = useQuery<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
  if (!stats.data) return null;
  const { counts, earningsThisMonth, recent } = stats.data;
  return (
    <>
      <section aria-label="Chiffres clés" className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {Object.entries(counts).map(([key, value]) => (
          <div key={key} className="rounded-2xl border border-line bg-surface-raised p-4">
            <p className="text-3xl font-extrabold">{value}</p>
            <p className="mt-1 text-sm text-ink-muted">{STAT_LABELS[key] ?? key}</p>
          </div>
        ))}
        {earningsThisMonth !== null && (
          <div className="rounded-2xl border border-line bg-surface-raised p-4">
            <p className="text-3xl font-extrabold">{formatEuros(Number(earningsThisMonth))}</p>
            <p className="mt-1 text-sm text-ink-muted">Gains convenus ce mois-ci</p>
          </div>
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
                <Link href={`/mission/${event.missionId}`} className="font-semibold hover:underline">
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

export function DashboardPage() {
  const { user } = useSession();
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
      <Stats />
      <div className="grid gap-5 md:grid-cols-3">
        <section
          className="rounded-2xl border border-line bg-surface-raised p-6 md:col-span-2"
          aria-labelledby="prochaines-etapes"
        >
          <h2 id="prochaines-etapes" className="text-lg font-bold">
            Pour bien démarrer
          </h2>
          <ol className="mt-4 space-y-3">
            <li className="flex items-start gap-3">
              <span className={user.emailVerified ? 'text-success' : 'text-accent'} aria-hidden="true">
                {user.emailVerified ? '✓' : '1.'}
              </span>
              <span>
                {user.emailVerified
                  ? 'Adresse email vérifiée'
                  : 'Confirmez votre adresse email grâce au lien reçu.'}
              </span>
            </li>
            {role === 'driver' ? (
              <>
                <li className="flex items-start gap-3">
                  <span className="text-accent" aria-hidden="true">
                    2.
                  </span>
                  <span>
                    Déposez votre permis et votre carte conducteur dans{' '}
                    <Link href="/documents" className="font-semibold text-accent underline">
                      Documents
                    </Link>
                    .
                  </span>
                </li>
                <li className="flex items-start gap-3">
                  <span className="text-accent" aria-hidden="true">
                    3.
                  </span>
                  <span>
                    Complétez votre{' '}
                    <Link href="/profile" className="font-semibold text-accent underline">
                      profil
                    </Link>{' '}
                    pour rassurer les transporteurs.
                  </span>
                </li>
              </>
            ) : (
              <>
                <li className="flex items-start gap-3">
                  <span className="text-accent" aria-hidden="true">
                    2.
                  </span>
                  <span>
                    Complétez le{' '}
                    <Link href="/profile" className="font-semibold text-accent underline">
                      profil
                    </Link>{' '}
                    de votre entreprise.
                  </span>
                </li>
                <li className="flex items-start gap-3">
                  <span className="text-accent" aria-hidden="true">
                    3.
                  </span>
                  <span>
                    Préparez votre première{' '}
                    <Link href="/missions" className="font-semibold text-accent underline">
                      mission
                    </Link>
                    .
                  </span>
                </li>
              </>
            )}
          </ol>
        </section>
        <section className="rounded-2xl border border-line bg-surface-raised p-6" aria-labelledby="formule">
          <h2 id="formule" className="text-lg font-bold">
            Votre formule
          </h2>
          <p className="mt-2 text-2xl font-extrabold">
            {user.subscriptionPlan === 'basic' ? 'Freemium' : user.subscriptionPlan}
          </p>
          {user.subscriptionPlan === 'basic' && (
            <p className="mt-1 text-sm text-ink-muted">
              {FREEMIUM_LIMITS.applicationsPerMonth} candidatures par mois · {FREEMIUM_LIMITS.messagesPerDay}{' '}
              messages par jour
            </p>
          )}
          <Link href="/pricing" className={buttonClasses('secondary', 'sm', 'mt-4')}>
            Plans & Tarifs
          </Link>
        </section>
      </div>
    </>
  );
}
