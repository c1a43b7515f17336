import { formatDay } from '#core/rules/french-dates.js';
import { reviewedRoleOf, SUB_SCORES, subScoreLabel } from '#core/rules/reviews.js';
import type { Review } from '#core/schemas/reviews.js';
import { Avatar } from '#web/ui/avatar.js';
import { ReviewPhotos, Stars } from '#web/ui/review-parts.js';

/** One review as written: overall stars, the sub-scores given, the comment and photos. */
export function ReviewCard({ title, review }: { title: string; review: Review }) {
  const given = SUB_SCORES.filter((key) => review[key] !== null);
  return (
    <article className="space-y-3 rounded-2xl border border-line bg-surface-raised p-5">
      <header className="flex flex-wrap items-center gap-3">
        <Avatar src={review.reviewer.avatar} />
        <div className="min-w-0 flex-1 basis-48">
          <h3 className="user-text font-bold">{title}</h3>
          <p className="text-sm text-ink-muted">
            {!review.publishedAt
              ? `Écrit le ${formatDay(review.createdAt)} · pas encore publié`
              : formatDay(review.publishedAt) === formatDay(review.createdAt)
                ? `Écrit et publié le ${formatDay(review.createdAt)}`
                : `Écrit le ${formatDay(review.createdAt)} · publié le ${formatDay(review.publishedAt)}`}
          </p>
        </div>
        <span className="flex items-center gap-2">
          <Stars value={review.rating} />
          <span className="font-bold">{review.rating}/5</span>
        </span>
      </header>
      {given.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {given.map((key) => (
            <div key={key} className="flex items-center justify-between gap-2">
              <dt className="text-ink-muted">{subScoreLabel(key, reviewedRoleOf(review.reviewer.role))}</dt>
              <dd className="font-semibold">{review[key]}/5</dd>
            </div>
          ))}
        </dl>
      )}
      {review.comment && <p className="user-text whitespace-pre-line">{review.comment}</p>}
      <ReviewPhotos urls={review.photos} />
    </article>
  );
}
