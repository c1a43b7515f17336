import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  AWARDED_BADGES,
  BADGE_LABELS,
  badgeProgress,
  COMPUTED_BADGES,
  meetsBadge,
  type ComputedBadgeType,
} from '#core/rules/badges.js';
import { BADGE_TYPES } from '#core/rules/enums.js';
import type { MyBadges } from '#core/schemas/badges.js';
import type { PublicProfile } from '#core/schemas/profile.js';
import { BadgeItem, badgeSince } from '#web/ui/member-badges.js';

function Frame({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="badges" className="rounded-2xl border border-line bg-surface-raised p-6">
      <h2 id="badges" className="text-lg font-bold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-ink-muted">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A driver's badges on /profile/{id}, each with what it means. Read from the profile already loaded by the page
 * (same query, no second request). Transporters hold none: badges describe how a driver works.
 */
export function BadgesSection({ userId }: { userId: string }) {
  const profile = useQuery<PublicProfile>({ queryKey: ['/api/users', userId, 'profile'] });
  const member = profile.data;
  if (!member || member.role !== 'driver') return null;
  return (
    <Frame
      title="Badges"
      intro="Relais les attribue aux chauffeurs d’après leurs missions, leurs avis et leurs échanges."
    >
      {member.badges.length === 0 ? (
        <p className="text-ink-muted">Pas encore de badge.</p>
      ) : (
        <ul className="space-y-4">
          {member.badges.map((badge) => (
            <li key={badge.type}>
              <BadgeItem type={badge.type}>
                <p className="mt-0.5 text-xs text-ink-muted">
                  {badge.awarded ? 'Attribué par l’équipe Relais ' : 'Obtenu '}
                  {badgeSince(badge.earnedAt)}
                </p>
              </BadgeItem>
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

function Progress({ type, data }: { type: ComputedBadgeType; data: MyBadges }) {
  const { ratio, summary } = badgeProgress(type, data.figures);
  const percent = Math.round(ratio * 100);
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={summary}
        aria-label={`Progression vers le badge « ${BADGE_LABELS[type]} »`}
        className="h-2 overflow-hidden rounded-full bg-surface-sunken"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-sm">{summary}</p>
    </div>
  );
}

/** On the driver's own /profile: the six badges, those held and the way to the others (figures of now). */
export function MyBadgesSection() {
  const mine = useQuery<MyBadges>({ queryKey: ['/api/badges/mine'] });
  if (mine.isPending) return null;
  if (mine.isError)
    return (
      <Frame title="Mes badges">
        <p className="text-ink-muted">Vos badges n’ont pas pu être chargés. Réessayez dans un instant.</p>
      </Frame>
    );
  const data = mine.data;
  const held = new Map(data.badges.map((badge) => [badge.type, badge]));
  return (
    <Frame
      title="Mes badges"
      intro="Ils apparaissent sur votre profil et sur vos candidatures. Relais les recalcule à chaque mission, avis ou message : ils se gagnent, et se perdent si les conditions ne sont plus remplies."
    >
      <ul className="space-y-5">
        {BADGE_TYPES.map((type) => {
          const badge = held.get(type);
          const computed = COMPUTED_BADGES.find((candidate) => candidate === type);
          return (
            <li key={type}>
              <BadgeItem type={type} held={badge !== undefined}>
                {badge && (
                  <p className="mt-1 text-sm font-semibold text-success">
                    {AWARDED_BADGES.includes(type) ? 'Attribué par l’équipe Relais' : 'Obtenu'}{' '}
                    {badgeSince(badge.earnedAt)}
                    {badge.reason ? ` : ${badge.reason}` : ''}
                  </p>
                )}
                {computed && <Progress type={computed} data={data} />}
                {computed && !badge && meetsBadge(computed, data.figures) && (
                  <p className="mt-1 text-sm text-ink-muted">
                    Conditions remplies : le badge arrive dans un instant.
                  </p>
                )}
                {computed && badge && !meetsBadge(computed, data.figures) && (
                  <p className="mt-1 text-sm text-ink-muted">
                    Les conditions ne sont plus remplies : le badge va être retiré.
                  </p>
                )}
                {!computed && !badge && (
                  <p className="mt-1 text-sm text-ink-muted">
                    Pour l’obtenir, envoyez un justificatif à l’équipe Relais (attestation de formation à
                    l’éco-conduite, de votre employeur).
                  </p>
                )}
              </BadgeItem>
            </li>
          );
        })}
      </ul>
    </Frame>
  );
}
