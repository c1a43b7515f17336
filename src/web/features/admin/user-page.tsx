import { formatLongDateTime } from '#core/rules/french-dates.js';
import { AlertTriangle, ChevronLeft, UserX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { PLAN_NAMES } from '#core/rules/billing.js';
import { ROLE_LABELS } from '#core/rules/roles.js';
import { ApiError } from '#web/lib/api.js';
import { useSession } from '#web/lib/session.js';
import { EmptyState } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { useAdminUser } from './admin-users-api.js';
import { UnderwayList, UserActions } from './user-actions.js';
import {
  ApplicationsSection,
  DocumentsSection,
  MissionsSection,
  ProfileSection,
  ReviewsSection,
  SessionsSection,
  SubscriptionSection,
  UserSection,
} from './user-sections.js';
import { UserBadges } from './users-badges.js';

const backLink = (
  <Link
    href="/admin/utilisateurs"
    className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-accent hover:underline"
  >
    <ChevronLeft className="h-4 w-4" aria-hidden="true" />
    Utilisateurs
  </Link>
);

/** /admin/utilisateurs/:id: the member's account as the team sees it (never their messages), and the actions on it. */
export function AdminUserPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user: me } = useSession();
  const query = useAdminUser(id);
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    const missing =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        {backLink}
        <EmptyState icon={UserX} title={missing ? 'Utilisateur introuvable' : 'Fiche indisponible'}>
          <p>
            {missing
              ? 'Ce compte n’existe pas ou plus. Revenez à la liste pour en chercher un autre.'
              : 'La fiche n’a pas pu être chargée. Réessayez dans un instant.'}
          </p>
        </EmptyState>
      </>
    );
  }
  const detail = query.data;
  const { profile } = detail;
  const underway = detail.underway.missions.length > 0 || detail.underway.pendingApplications > 0;
  return (
    <>
      {backLink}
      <header className="mb-6 space-y-2">
        <h1 className="user-text text-2xl font-extrabold tracking-tight sm:text-3xl">
          {profile.fullName}
          {profile.role === 'transporter' && profile.companyName ? (
            <span className="block text-lg font-semibold text-ink-muted">{profile.companyName}</span>
          ) : null}
        </h1>
        <UserBadges user={profile} />
        <p className="text-sm text-ink-muted">
          {ROLE_LABELS[profile.role]}
          {profile.role !== 'admin' ? ` · formule ${PLAN_NAMES[profile.plan]}` : ''} · inscrit le{' '}
          {formatLongDateTime(profile.createdAt)}
        </p>
      </header>

      {profile.state === 'deactivated' && (
        <div role="note" className="mb-6 flex gap-3 rounded-2xl border border-danger/50 bg-danger/10 p-4">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-danger" aria-hidden="true" />
          <div className="space-y-2">
            <p className="user-text">
              <strong>Compte désactivé</strong>
              {profile.deactivatedAt ? ` le ${formatLongDateTime(profile.deactivatedAt)}` : ''}.
              {profile.deactivationReason
                ? ` Motif affiché à la personne : « ${profile.deactivationReason} »`
                : ''}
            </p>
            {underway && <UnderwayList underway={detail.underway} />}
          </div>
        </div>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="order-2 min-w-0 space-y-6 lg:order-1">
          <ProfileSection profile={profile} />
          {profile.role === 'driver' || detail.documents.length > 0 ? (
            <DocumentsSection
              documents={detail.documents}
              driverId={profile.role === 'driver' ? profile.id : null}
            />
          ) : null}
          {profile.role !== 'admin' && (
            <>
              <MissionsSection missions={detail.missions} userId={profile.id} />
              {profile.role === 'driver' && <ApplicationsSection applications={detail.applications} />}
              <ReviewsSection reviews={detail.reviews} />
            </>
          )}
          <SessionsSection sessions={detail.sessions} />
          {profile.role !== 'admin' && (
            <SubscriptionSection profile={profile} subscriptions={detail.subscriptions} />
          )}
          <UserSection
            title="Historique des actions"
            empty="Aucune action de l’équipe sur ce compte."
            isEmpty={detail.history.length === 0}
          >
            <ol className="space-y-2 border-l-2 border-line pl-4">
              {detail.history.map((entry) => {
                const reason = typeof entry.details?.reason === 'string' ? entry.details.reason : null;
                return (
                  <li key={entry.id} className="text-sm">
                    <span className="font-semibold">{actionLabel(entry.action)}</span>
                    <span className="text-ink-muted">
                      {' '}
                      par {entry.adminName ?? 'un administrateur'} le {formatLongDateTime(entry.createdAt)}
                    </span>
                    {reason && <span className="user-text block">Motif : {reason}</span>}
                  </li>
                );
              })}
            </ol>
          </UserSection>
        </div>
        <aside aria-labelledby="user-actions-title" className="order-1 lg:order-2">
          <div className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-5">
            <h2 id="user-actions-title" className="mb-3 text-lg font-bold">
              Actions
            </h2>
            <UserActions detail={detail} selfId={me?.id ?? null} />
          </div>
        </aside>
      </div>
    </>
  );
}

const ACTION_LABELS: Record<string, string> = {
  'user.deactivate': 'Compte désactivé',
  'user.reactivate': 'Compte réactivé',
  'user.resend_verification': 'Lien de confirmation renvoyé',
  'user.mark_demo': 'Marqué comme compte de démo',
  'user.unmark_demo': 'Marque « démo » retirée',
  'plan.granted': 'Formule accordée',
  'plan.ended': 'Formule arrêtée',
  'badge.award': 'Badge attribué',
  'badge.remove': 'Badge retiré',
  'document.verify': 'Document vérifié',
  'document.reject': 'Document refusé',
  'driver.interview': 'Entretien fixé',
  'driver.approve': 'Chauffeur validé',
  'driver.reject': 'Chauffeur refusé',
  'admin.setup': 'Compte administrateur créé',
  'admin.remove': 'Retiré des administrateurs',
  'admin.second_factor_enrolled': 'Double authentification activée',
  'admin.recovery_codes_regenerated': 'Codes de secours renouvelés',
  'admin.recovery_code_used': 'Code de secours utilisé',
};
const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;
