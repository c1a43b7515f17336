import { formatDayMonth } from '#core/rules/french-dates.js';
import { deName, queName } from '#core/rules/text.js';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Link } from 'wouter';
import type { MissionDetail } from '#core/schemas/missions.js';
import type { MissionReviewState } from '#core/schemas/reviews.js';
import { buttonClasses } from '#web/ui/button.js';
import { Section } from './detail-section.js';

/**
 * After completion, for the two parties: write a review of the other ("Laisser un avis"), or where it stands
 * (sent and waiting for the other's, or both published), with the link to the review page.
 */
export function ReviewPanel({ detail }: { detail: MissionDetail }) {
  const { mission } = detail;
  const shown = mission.status === 'completed' && mission.driverId !== null;
  // Anyone else than the parties is answered 404 and sees nothing.
  const { data: state } = useQuery<MissionReviewState>({
    queryKey: ['/api/missions', mission.id, 'review'],
    enabled: shown,
    retry: false,
  });
  if (!shown || !state || state.viewerRole === 'admin') return null;
  const name = state.reviewee.companyName ?? state.reviewee.fullName;
  const href = `/mission/${mission.id}/review`;
  const link = (label: string, primary = false) => (
    <Link href={href} className={buttonClasses(primary ? 'primary' : 'secondary', 'md', 'w-full sm:w-auto')}>
      {primary && <Star className="h-5 w-5" aria-hidden="true" />}
      {label}
    </Link>
  );
  let text: string;
  let action;
  if (state.canWrite) {
    text = `Comment s’est passée la mission avec ${name} ? Votre avis reste caché jusqu’à ce ${queName(name)} ait donné le sien${state.closesAt ? ` (au plus tard le ${formatDayMonth(state.closesAt)})` : ''}.`;
    action = link('Laisser un avis', true);
  } else if (state.mine && !state.mine.publishedAt) {
    text = `Avis envoyé, en attente de celui de ${name}${state.closesAt ? ` (publié au plus tard le ${formatDayMonth(state.closesAt)})` : ''}.`;
    action = link('Voir mon avis');
  } else if (state.mine && state.mineRemoved) {
    text = 'Votre avis a été retiré par l’équipe Relais après un signalement.';
    action = link(state.theirs ? 'Voir les avis' : 'Voir mon avis');
  } else if (state.mine) {
    text = state.theirs ? 'Avis publiés : le vôtre et celui de ' + name + '.' : 'Votre avis est publié.';
    action = link('Voir les avis');
  } else {
    text = state.theirs
      ? `Le délai pour donner votre avis est passé. L’avis ${deName(name)} est publié.`
      : (state.blockedReason ?? 'Aucun avis possible sur cette mission.');
    action = state.theirs ? link('Voir l’avis') : null;
  }
  return (
    <Section title="Avis">
      <div className="flex flex-wrap items-center gap-4">
        <p className="user-text min-w-0 flex-1 basis-64">{text}</p>
        {action}
      </div>
    </Section>
  );
}
