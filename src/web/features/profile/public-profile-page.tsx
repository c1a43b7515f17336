import { formatMonthYear } from '#core/rules/french-dates.js';
import { formatPhoneFr } from '#core/rules/phone.js';
import { reputationLabel } from '#core/rules/reputation.js';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Phone, Star, UserRound } from 'lucide-react';
import { useParams } from 'wouter';
import { VEHICLE_LABELS, type VehicleType } from '#core/rules/missions.js';
import type { PublicProfile } from '#core/schemas/profile.js';
import type { UserReviews } from '#core/schemas/reviews.js';
import { EmptyState } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { Avatar } from '#web/ui/avatar.js';
import { BadgesSection } from './badges-section.js';
import { ReviewsSection, reviewsKey } from './reviews-section.js';

/** /profile/{id}: a member as others see them (no e-mail; the phone only for people who work together). */
export function PublicProfilePage() {
  const { id } = useParams<{ id: string }>();
  const profile = useQuery<PublicProfile>({ queryKey: ['/api/users', id, 'profile'] });
  // The first page of reviews (the section below asks the same): its count goes with the score.
  const reviews = useQuery<UserReviews>({ queryKey: reviewsKey(id), enabled: profile.isSuccess });
  if (profile.isPending) return <Spinner />;
  if (profile.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState icon={UserRound} title="Profil introuvable">
          <p>Ce profil n'existe pas ou n'est pas public.</p>
        </EmptyState>
      </div>
    );
  const member = profile.data;
  const since = formatMonthYear(member.memberSince);
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-10">
      <section className="flex flex-wrap items-center gap-5 rounded-2xl border border-line bg-surface-raised p-6">
        <Avatar src={member.avatar} size="xl" />
        <div className="user-text">
          <h1 className="text-2xl font-extrabold">{member.fullName}</h1>
          <p className="text-ink-muted">
            {member.role === 'driver'
              ? 'Chauffeur'
              : `Transporteur${member.companyName ? ` · ${member.companyName}` : ''}`}
            {member.currentLocation ? ` · ${member.currentLocation}` : ''} · membre depuis {since}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-4 text-sm">
            <span className="flex items-center gap-1">
              <Star className="h-4 w-4 text-accent" aria-hidden="true" />{' '}
              {reputationLabel(
                reviews.data?.summary.reputationScore ?? member.reputationScore,
                reviews.data?.summary.count,
              )}
            </span>
            {member.documentsVerified && (
              <span className="flex items-center gap-1 text-success">
                <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Documents vérifiés
              </span>
            )}
            {member.phone && (
              <a
                href={`tel:${member.phone}`}
                className="flex items-center gap-1 font-semibold text-accent underline"
              >
                <Phone className="h-4 w-4" aria-hidden="true" /> {formatPhoneFr(member.phone)}
              </a>
            )}
          </p>
        </div>
      </section>
      <section aria-labelledby="parcours" className="rounded-2xl border border-line bg-surface-raised p-6">
        <h2 id="parcours" className="mb-3 text-lg font-bold">
          Parcours
        </h2>
        {member.role === 'driver' ? (
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-ink-muted">Permis</dt>
              <dd className="font-semibold">{member.licenseType ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Expérience</dt>
              <dd className="font-semibold">
                {member.yearsExperience} an{member.yearsExperience > 1 ? 's' : ''}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-ink-muted">Missions réalisées</dt>
              <dd className="font-semibold">{member.completedMissions}</dd>
            </div>
            {member.vehicleTypes.length > 0 && (
              <div className="sm:col-span-3">
                <dt className="text-sm text-ink-muted">Véhicules</dt>
                <dd className="font-semibold">
                  {member.vehicleTypes.map((type) => VEHICLE_LABELS[type as VehicleType] ?? type).join(', ')}
                </dd>
              </div>
            )}
            {member.certifications.length > 0 && (
              <div className="sm:col-span-3">
                <dt className="text-sm text-ink-muted">Qualifications</dt>
                <dd className="font-semibold">{member.certifications.join(', ')}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p>
            {member.publishedMissions} mission{member.publishedMissions > 1 ? 's' : ''} publiée
            {member.publishedMissions > 1 ? 's' : ''} sur Relais.
          </p>
        )}
      </section>
      <BadgesSection userId={member.id} />
      <ReviewsSection userId={member.id} />
    </div>
  );
}
