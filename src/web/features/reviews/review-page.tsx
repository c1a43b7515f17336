import { formatDay } from '#core/rules/french-dates.js';
import { deName } from '#core/rules/text.js';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ArrowLeft, CheckCircle2, Clock, MessageSquareOff, Star } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { MissionReviewState } from '#core/schemas/reviews.js';
import { EmptyState, PageHeader } from '#web/ui/empty-state.js';
import { Spinner } from '#web/ui/spinner.js';
import { ReviewCard } from './review-card.js';
import { ReviewForm, reviewKey } from './review-form.js';

function Notice({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <div role="status" className="flex gap-3 rounded-2xl border border-line bg-surface-raised p-5">
      <Icon className="mt-0.5 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
      <div className="user-text space-y-1">{children}</div>
    </div>
  );
}

/** The heading over why the viewer cannot write: not yet, never (cancelled), or no longer. */
function blockedTitle(state: MissionReviewState): string {
  if (state.status === 'cancelled') return 'Pas d’avis pour cette mission';
  if (!state.completedAt) return 'Pas encore d’avis possible';
  return state.windowOpen ? 'Avis impossible' : 'Avis fermés';
}

/** /mission/{id}/review: each party reviews the other once after completion; both show when both have written. */
export function MissionReviewPage() {
  const { id } = useParams<{ id: string }>();
  const query = useQuery<MissionReviewState>({ queryKey: reviewKey(id), retry: false });
  const back = (
    <Link
      href={`/mission/${id}`}
      className="inline-flex items-center gap-1 font-semibold text-accent underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Retour à la mission
    </Link>
  );
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <div className="mx-auto max-w-2xl">
        <EmptyState icon={MessageSquareOff} title="Avis indisponible" action={back}>
          <p>Cette mission n’existe pas ou vous n’en faites pas partie.</p>
        </EmptyState>
      </div>
    );
  const state = query.data;
  const name = state.reviewee.companyName ?? state.reviewee.fullName;
  const mine = state.mine;
  const theirs = state.theirs;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      {back}
      <PageHeader title="Avis sur la mission" description={`«\u00a0${state.title}\u00a0»`} />
      {state.canWrite && <ReviewForm state={state} />}
      {mine && !mine.publishedAt && (
        <Notice icon={CheckCircle2}>
          <p className="font-bold">Votre avis est enregistré.</p>
          <p>
            Il sera publié quand {name} aura donné le sien
            {state.closesAt ? `, au plus tard le ${formatDay(state.closesAt)}` : ''}.
          </p>
        </Notice>
      )}
      {mine?.publishedAt && state.mineRemoved && (
        <Notice icon={MessageSquareOff}>
          <p className="font-bold">Avis retiré</p>
          <p>
            Votre avis a été retiré par l’équipe Relais après un signalement : il n’apparaît plus sur le
            profil {deName(name)} et ne compte plus dans sa note.
          </p>
        </Notice>
      )}
      {mine?.publishedAt && !state.mineRemoved && (
        <Notice icon={Star}>
          <p className="font-bold">{theirs ? 'Avis publiés' : 'Avis publié'}</p>
          <p>
            {theirs
              ? `Vos deux avis sont visibles sur vos profils depuis le ${formatDay(mine.publishedAt)}.`
              : state.otherWritten
                ? `Votre avis est visible sur le profil ${deName(name)} depuis le ${formatDay(mine.publishedAt)}.`
                : `${name} n’a pas donné d’avis dans les 14 jours : le vôtre est publié seul.`}
          </p>
        </Notice>
      )}
      {!mine && !state.canWrite && state.blockedReason && (
        <Notice icon={Clock}>
          <p className="font-bold">{blockedTitle(state)}</p>
          <p>{state.blockedReason}</p>
          {!state.windowOpen && state.completedAt && !theirs && (
            <p className="text-ink-muted">Aucun avis n’a été publié sur cette mission de votre part.</p>
          )}
        </Notice>
      )}
      {/* The cards' titles are level 3: the page's outline needs this level 2 above them. */}
      {(mine || theirs) && <h2 className="sr-only">Les avis de cette mission</h2>}
      {mine && <ReviewCard title={`Votre avis sur ${name}`} review={mine} />}
      {theirs && <ReviewCard title={`L’avis ${deName(name)} sur vous`} review={theirs} />}
      {mine && !theirs && state.otherWritten && (
        <p className="text-sm text-ink-muted">{name} a donné son avis : il apparaîtra ici une fois publié.</p>
      )}
    </div>
  );
}
