import { formatDay } from '#core/rules/french-dates.js';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  PRIOR_MEAN,
  PRIOR_WEIGHT,
  reviewCountLabel,
  reviewedRoleOf,
  subScoreLabel,
  SUB_SCORES,
} from '#core/rules/reviews.js';
import type { PublicReview, UserReviews } from '#core/schemas/reviews.js';
import { Avatar } from '#web/ui/avatar.js';
import { Button } from '#web/ui/button.js';
import { ReviewPhotos, Stars } from '#web/ui/review-parts.js';
import { ReportReviewDialog } from './report-review-dialog.js';

const REVIEWS_PAGE_SIZE = 10;
export const reviewsKey = (userId: string, page = 1) =>
  ['/api/reviews/user', userId, { page, pageSize: REVIEWS_PAGE_SIZE }] as const;

const decimal = (value: number) => value.toLocaleString('fr-FR', { maximumFractionDigits: 1 });

function ReviewItem({ review, onReport }: { review: PublicReview; onReport: () => void }) {
  const who = review.reviewer;
  const name = who.companyName ?? who.fullName;
  const given = SUB_SCORES.filter((key) => review[key] !== null);
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar src={who.avatar} />
        <div className="min-w-0 flex-1 basis-40">
          <p className="user-text font-semibold">
            {who.id ? (
              <Link href={`/profile/${who.id}`} className="underline-offset-2 hover:underline">
                {name}
              </Link>
            ) : (
              name
            )}{' '}
            <span className="font-normal text-ink-muted">
              · {who.role === 'driver' ? 'Chauffeur' : 'Transporteur'}
            </span>
          </p>
          <p className="user-text text-sm text-ink-muted">
            {review.missionTitle} · {formatDay(review.publishedAt ?? review.createdAt)}
          </p>
        </div>
        <span className="flex items-center gap-2">
          <Stars value={review.rating} />
          <span className="font-bold">{review.rating}/5</span>
        </span>
      </div>
      {given.length > 0 && (
        <p className="text-sm text-ink-muted">
          {given.map((key) => `${subScoreLabel(key, reviewedRoleOf(who.role))} ${review[key]}/5`).join(' · ')}
        </p>
      )}
      {review.comment && <p className="user-text whitespace-pre-line">{review.comment}</p>}
      <ReviewPhotos urls={review.photos} of={`l’avis de ${name}`} />
      {review.canReport && (
        <Button variant="ghost" size="sm" onClick={onReport} aria-label={`Signaler l’avis de ${name}`}>
          <Flag className="h-4 w-4" aria-hidden="true" /> Signaler
        </Button>
      )}
      {review.reported && (
        <p className="text-sm text-ink-muted">Vous avez signalé cet avis : l’équipe Relais l’examine.</p>
      )}
    </li>
  );
}

/** A member's published reviews on their profile: the summary (score, count, averages), then the list. */
export function ReviewsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [reporting, setReporting] = useState<PublicReview | null>(null);
  const query = useQuery<UserReviews>({
    queryKey: reviewsKey(userId, page),
    placeholderData: keepPreviousData,
  });
  if (!query.data) return null;
  const { summary, reviews, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  const averages = SUB_SCORES.filter((key) => summary.subScores[key] !== null);
  // Who the member is, as their reviewers say it (a transporter's safety is "sécurité sur site").
  const reviewed = reviewedRoleOf(reviews[0]?.reviewer.role ?? 'transporter');
  return (
    <section aria-labelledby="avis" className="rounded-2xl border border-line bg-surface-raised p-6">
      <h2 id="avis" className="mb-3 text-lg font-bold">
        Avis
      </h2>
      {summary.count === 0 ? (
        <p className="text-ink-muted">
          Pas encore d’avis publié. Après chaque mission terminée, les deux parties peuvent se noter ; les
          avis apparaissent ici quand les deux ont écrit le leur, ou au bout de 14 jours.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-start gap-x-8 gap-y-4 border-b border-line pb-4">
            <div>
              <p className="text-sm font-semibold text-ink-muted">Réputation</p>
              <p className="text-4xl font-extrabold">
                {Number(summary.reputationScore).toLocaleString('fr-FR', { maximumFractionDigits: 2 })}
                <span className="text-lg font-semibold text-ink-muted"> / 5</span>
              </p>
              {/* The plain average beside the score, so a 4,17 over one 5/5 review reads as intended. */}
              <p className="text-sm text-ink-muted">
                {reviewCountLabel(summary.count)}
                {summary.average !== null && ` · moyenne ${decimal(summary.average)}/5`}
              </p>
            </div>
            {averages.length > 0 && (
              <dl className="grid min-w-0 flex-1 basis-56 grid-cols-1 gap-x-6 gap-y-1 self-center text-sm sm:grid-cols-2">
                {averages.map((key) => (
                  <div key={key} className="flex items-center justify-between gap-2">
                    <dt className="text-ink-muted">{subScoreLabel(key, reviewed)}</dt>
                    <dd className="font-semibold">{decimal(summary.subScores[key]!)}/5</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
          <details className="mt-3 text-sm text-ink-muted">
            <summary className="cursor-pointer font-semibold">Comment la note est calculée</summary>
            <p className="mt-1">
              C’est la moyenne des notes globales, comptée comme si chaque membre commençait avec{' '}
              {PRIOR_WEIGHT} avis à {PRIOR_MEAN}/5 : un seul excellent avis ne suffit pas à passer devant un
              membre noté 4,8 sur cinquante missions. Plus les avis sont nombreux, plus la note est leur
              simple moyenne.
            </p>
          </details>
          <ul className="divide-y divide-line" aria-busy={query.isFetching}>
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} onReport={() => setReporting(review)} />
            ))}
          </ul>
          {pages > 1 && (
            <nav
              aria-label="Pages des avis"
              className="flex items-center justify-between gap-3 border-t border-line pt-4"
            >
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Précédents
              </Button>
              <span className="text-sm text-ink-muted">
                Page {page} sur {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Suivants
              </Button>
            </nav>
          )}
        </>
      )}
      {reporting && (
        <ReportReviewDialog
          reviewId={reporting.id}
          reviewerName={reporting.reviewer.companyName ?? reporting.reviewer.fullName}
          open
          onOpenChange={(open) => !open && setReporting(null)}
          onReported={() => void queryClient.invalidateQueries({ queryKey: ['/api/reviews/user', userId] })}
        />
      )}
    </section>
  );
}
