import { formatLongDateTime } from '#core/rules/french-dates.js';
import { ExternalLink } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { INTERVAL_LABELS, PLAN_NAMES, SUBSCRIPTION_STATUS_LABELS } from '#core/rules/billing.js';
import { DOCUMENT_STATE_LABELS, DRIVER_DOCUMENT_LABELS } from '#core/rules/documents.js';
import type { SubscriptionPlan } from '#core/rules/enums.js';
import { APPLICATION_STATUS_LABELS, STATUS_LABELS } from '#core/rules/missions.js';
import { formatMoney } from '#core/rules/money.js';
import { formatPhoneFr } from '#core/rules/phone.js';
import type { AdminUserDetail } from '#core/schemas/admin-users.js';
import { Stars } from '#web/ui/review-parts.js';
import { day } from './format.js';
import { StatusBadge } from './status-badge.js';

type Detail = AdminUserDetail;

/** One block of the member's page: a titled card, with a sentence when it has nothing to show. */
export function UserSection({
  title,
  empty,
  children,
  isEmpty,
  action,
}: {
  title: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface-raised p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {action}
      </div>
      {isEmpty ? <p className="text-sm text-ink-muted">{empty}</p> : children}
    </section>
  );
}

const label = (map: Record<string, string>, key: string) => map[key] ?? key;

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm font-semibold text-ink-muted">{term}</dt>
          <dd className="user-text min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProfileSection({ profile }: { profile: Detail['profile'] }) {
  const rows: Array<[string, ReactNode]> = [
    ['E-mail', `${profile.email}${profile.emailVerified ? ' (confirmée)' : ' (non confirmée)'}`],
    ['Téléphone', profile.phone ? formatPhoneFr(profile.phone) : '—'],
    ['Inscription', formatLongDateTime(profile.createdAt)],
    ['Dernière connexion', profile.lastLogin ? formatLongDateTime(profile.lastLogin) : 'Jamais'],
  ];
  if (profile.role === 'transporter')
    rows.push(['Entreprise', profile.companyName ?? '—'], ['SIRET', profile.siretNumber ?? '—']);
  if (profile.role === 'driver')
    rows.push(
      ['Permis', [profile.licenseType, profile.licenseNumber].filter(Boolean).join(' · ') || '—'],
      ['Expérience', `${profile.yearsExperience} an${profile.yearsExperience > 1 ? 's' : ''}`],
      ['Certifications', profile.certifications.join(', ') || '—'],
      ['Localisation', profile.currentLocation ?? '—'],
      ['Dossier', profile.documentsVerified ? 'Complet et vérifié' : 'Incomplet ou en cours'],
    );
  if (profile.role !== 'admin') {
    rows.push([
      'Note de réputation',
      Number(profile.reputationScore).toLocaleString('fr-FR', { maximumFractionDigits: 2 }),
    ]);
    if (profile.billingAddress) rows.push(['Adresse de facturation', profile.billingAddress]);
    if (profile.vatNumber) rows.push(['N° de TVA', profile.vatNumber]);
  } else
    rows.push(['Double authentification', profile.secondFactorEnabled ? 'Activée' : 'Pas encore activée']);
  if (profile.state === 'deactivated')
    rows.push([
      'Désactivé',
      `${profile.deactivatedAt ? `le ${formatLongDateTime(profile.deactivatedAt)}` : ''}${
        profile.deactivationReason ? ` — motif : ${profile.deactivationReason}` : ''
      }`,
    ]);
  if (profile.deletedAt) rows.push(['Supprimé par son titulaire', formatLongDateTime(profile.deletedAt)]);
  return (
    <UserSection title="Profil" empty="" isEmpty={false}>
      <Facts rows={rows} />
    </UserSection>
  );
}

const listClass = 'divide-y divide-line';
const itemClass = 'flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5';

export function DocumentsSection({
  documents,
  driverId,
}: {
  documents: Detail['documents'];
  /** A driver's papers link to their validation file. */
  driverId: string | null;
}) {
  return (
    <UserSection
      title="Documents"
      empty="Aucun document déposé."
      isEmpty={documents.length === 0}
      action={
        driverId && (
          <Link
            href={`/admin/chauffeurs/${driverId}`}
            className="text-sm font-semibold text-accent hover:underline"
          >
            Dossier de validation
          </Link>
        )
      }
    >
      <ul className={listClass}>
        {documents.map((document) => (
          <li key={document.id} className={itemClass}>
            <span className="min-w-0">
              <span className="block font-semibold">{label(DRIVER_DOCUMENT_LABELS, document.type)}</span>
              <span className="user-text block text-sm text-ink-muted">
                {document.fileName} · déposé le {formatLongDateTime(document.uploadedAt)}
                {document.expirationDate ? ` · expire le ${day(document.expirationDate)}` : ''}
              </span>
              {document.rejectionReason && (
                <span className="user-text block text-sm">Motif du refus : {document.rejectionReason}</span>
              )}
            </span>
            <span className="flex items-center gap-3">
              <StatusBadge status={document.status}>
                {label(DOCUMENT_STATE_LABELS, document.status)}
              </StatusBadge>
              {document.fileUrl && (
                <a
                  href={document.fileUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-sm font-semibold text-accent hover:underline"
                >
                  Ouvrir
                  <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                  <span className="sr-only">(nouvel onglet)</span>
                </a>
              )}
            </span>
          </li>
        ))}
      </ul>
    </UserSection>
  );
}

export function MissionsSection({ missions, userId }: { missions: Detail['missions']; userId: string }) {
  const asCompany = missions.some((mission) => mission.as === 'company');
  return (
    <UserSection
      title="Missions"
      empty="Aucune mission, ni publiée ni assurée."
      isEmpty={missions.length === 0}
      action={
        <Link
          href={`/admin/missions?${asCompany ? 'companyId' : 'driverId'}=${userId}`}
          className="text-sm font-semibold text-accent hover:underline"
        >
          Toutes ses missions
        </Link>
      }
    >
      <ul className={listClass}>
        {missions.map((mission) => (
          <li key={mission.id} className={itemClass}>
            <span className="min-w-0">
              <Link
                href={`/admin/missions/${mission.id}`}
                className="user-text font-semibold text-accent hover:underline"
              >
                {mission.title}
              </Link>
              <span className="user-text block text-sm text-ink-muted">
                {mission.as === 'company' ? 'Publiée' : 'Assurée comme chauffeur'}
                {mission.counterpart
                  ? ` · ${mission.as === 'company' ? 'chauffeur' : 'pour'} ${mission.counterpart}`
                  : ''}
                {' · départ le '}
                {formatLongDateTime(mission.startDate)} · {formatMoney(mission.price)}
              </span>
            </span>
            <StatusBadge status={mission.status}>{label(STATUS_LABELS, mission.status)}</StatusBadge>
          </li>
        ))}
      </ul>
    </UserSection>
  );
}

export function ApplicationsSection({ applications }: { applications: Detail['applications'] }) {
  return (
    <UserSection title="Candidatures" empty="Aucune candidature." isEmpty={applications.length === 0}>
      <ul className={listClass}>
        {applications.map((application) => (
          <li key={application.id} className={itemClass}>
            <span className="min-w-0">
              <Link
                href={`/admin/missions/${application.mission.id}`}
                className="user-text font-semibold text-accent hover:underline"
              >
                {application.mission.title}
              </Link>
              <span className="user-text block text-sm text-ink-muted">
                {application.mission.companyName ?? ''} · le {formatLongDateTime(application.createdAt)} ·
                mission {label(STATUS_LABELS, application.mission.status).toLowerCase()}
              </span>
            </span>
            <StatusBadge status={application.status}>
              {label(APPLICATION_STATUS_LABELS, application.status)}
            </StatusBadge>
          </li>
        ))}
      </ul>
    </UserSection>
  );
}

function ReviewList({ reviews, received }: { reviews: Detail['reviews']['received']; received: boolean }) {
  if (reviews.length === 0)
    return <p className="text-sm text-ink-muted">{received ? 'Aucun avis reçu.' : 'Aucun avis donné.'}</p>;
  return (
    <ul className={listClass}>
      {reviews.map((review) => (
        <li key={review.id} className="space-y-1 py-2.5">
          <span className="flex flex-wrap items-center gap-2">
            <Stars value={review.rating} size="sm" />
            <span className="user-text text-sm font-semibold">
              {received ? `De ${review.otherName}` : `Pour ${review.otherName}`}
            </span>
            {review.removedAt ? (
              <StatusBadge status="rejected">Retiré</StatusBadge>
            ) : !review.publishedAt ? (
              <StatusBadge status="pending">Pas encore publié</StatusBadge>
            ) : null}
          </span>
          {review.comment && <p className="user-text text-sm">{review.comment}</p>}
          <p className="user-text text-xs text-ink-muted">
            {review.missionTitle} · {formatLongDateTime(review.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ReviewsSection({ reviews }: { reviews: Detail['reviews'] }) {
  return (
    <UserSection title="Avis" empty="" isEmpty={false}>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-1 font-semibold">Reçus</h3>
          <ReviewList reviews={reviews.received} received />
        </div>
        <div>
          <h3 className="mb-1 font-semibold">Donnés</h3>
          <ReviewList reviews={reviews.given} received={false} />
        </div>
      </div>
    </UserSection>
  );
}

/** "Firefox sur Windows": enough to tell devices apart, without the whole user-agent string. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

export function SessionsSection({ sessions }: { sessions: Detail['sessions'] }) {
  return (
    <UserSection title="Sessions" empty="Aucune session ouverte." isEmpty={sessions.length === 0}>
      <ul className={listClass}>
        {sessions.map((session) => (
          <li key={session.id} className={itemClass}>
            <span className="min-w-0">
              <span className="user-text block font-semibold">{deviceOf(session.userAgent)}</span>
              <span className="user-text block text-sm text-ink-muted">
                Adresse IP {session.ipAddress ?? 'inconnue'} · ouverte le{' '}
                {formatLongDateTime(session.createdAt)}
              </span>
            </span>
            <span className="text-sm">Vue le {formatLongDateTime(session.lastSeenAt)}</span>
          </li>
        ))}
      </ul>
    </UserSection>
  );
}

export function SubscriptionSection({
  profile,
  subscriptions,
  action,
}: {
  profile: Detail['profile'];
  subscriptions: Detail['subscriptions'];
  action?: ReactNode;
}) {
  return (
    <UserSection title="Abonnement" empty="" isEmpty={false} action={action}>
      <p className="mb-3">
        Formule actuelle : <strong>{PLAN_NAMES[profile.plan as SubscriptionPlan] ?? profile.plan}</strong>
      </p>
      {subscriptions.length === 0 ? (
        <p className="text-sm text-ink-muted">Aucun abonnement ni demande enregistrés.</p>
      ) : (
        <ul className={listClass}>
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className={itemClass}>
              <span className="min-w-0">
                <span className="block font-semibold">
                  {label(PLAN_NAMES, subscription.plan)} ·{' '}
                  {label(INTERVAL_LABELS, subscription.interval).toLowerCase()}
                </span>
                <span className="user-text block text-sm text-ink-muted">
                  {subscription.source === 'stripe' ? 'Paiement en ligne' : 'Accordée par Relais'} · depuis le{' '}
                  {formatLongDateTime(subscription.createdAt)}
                  {subscription.currentPeriodEnd
                    ? ` · jusqu’au ${formatLongDateTime(subscription.currentPeriodEnd)}`
                    : ''}
                  {subscription.invoiceReference ? ` · réf. ${subscription.invoiceReference}` : ''}
                </span>
              </span>
              <StatusBadge status={subscription.status === 'active' ? 'verified' : subscription.status}>
                {label(SUBSCRIPTION_STATUS_LABELS, subscription.status)}
              </StatusBadge>
            </li>
          ))}
        </ul>
      )}
    </UserSection>
  );
}
