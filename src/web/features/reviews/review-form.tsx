import { formatDay } from '#core/rules/french-dates.js';
import { queName } from '#core/rules/text.js';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ROLE_LABELS } from '#core/rules/roles.js';
import { SUB_SCORE_LABELS, SUB_SCORE_SHORT, SUB_SCORES, type SubScore } from '#core/rules/reviews.js';
import { REVIEW_COMMENT_MAX, type MissionReviewState } from '#core/schemas/reviews.js';
import { ApiError, apiRequest } from '#web/lib/api.js';
import { errorMessage, showFieldErrors } from '#web/lib/form-errors.js';
import { lazyResolver } from '#web/lib/lazy-resolver.js';
import { Avatar } from '#web/ui/avatar.js';
import { Button } from '#web/ui/button.js';
import { TextAreaField } from '#web/ui/field.js';
import { PhotoPicker, type PickedPhoto } from './photo-picker.js';
import { StarRatingInput } from './star-rating.js';

export const reviewKey = (missionId: string) => ['/api/missions', missionId, 'review'] as const;

type Stars = 'rating' | SubScore;
type ReviewValues = Partial<Record<Stars, number>> & { comment: string };

const MISSING_STARS = 'Il manque des notes : chaque critère attend de 1 à 5 étoiles.';

/** "professionnalisme, communication et sécurité sur site". */
function listOf(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} et ${words.at(-1)}`;
}

/**
 * The review of the other party: overall stars, then the sub-scores that apply to them (said above the
 * list), a comment and up to three photos. Sent once; it stays hidden until the other party writes theirs.
 */
export function ReviewForm({ state }: { state: MissionReviewState }) {
  const queryClient = useQueryClient();
  const role = state.reviewee.role;
  const labels = SUB_SCORE_LABELS[role];
  const resolver = useMemo(
    () =>
      lazyResolver<ReviewValues>(
        async () => (await import('./resolvers.js')).reviewResolver(state.subScores) as never,
      ),
    [state.subScores],
  );
  const form = useForm<ReviewValues>({ resolver, defaultValues: { comment: '' } });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const scores = form.watch();
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const name = state.reviewee.companyName ?? state.reviewee.fullName;
  const missingStars = (['rating', ...SUB_SCORES] as const).some((key) => errors[key]);
  /** A star chosen: checked again once the form was sent, so its error goes as soon as it is right. */
  const choose = (key: Stars, value: number) => {
    resolver.preload();
    form.setValue(key, value, { shouldValidate: isSubmitted });
  };

  const submit = form.handleSubmit(
    async (input) => {
      setFailure(null);
      setPhotoError(undefined);
      const body = new FormData();
      body.append('rating', String(input.rating));
      for (const key of state.subScores) body.append(key, String(input[key]));
      if (input.comment?.trim()) body.append('comment', input.comment.trim());
      photos.forEach((photo, index) => body.append('photos', photo.blob, `photo-${index + 1}.jpg`));
      try {
        const next = await apiRequest<MissionReviewState>(
          'POST',
          `/api/missions/${state.missionId}/review`,
          body,
        );
        queryClient.setQueryData(reviewKey(state.missionId), next);
        void queryClient.invalidateQueries({ queryKey: ['/api/reviews/user'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/users'] });
        window.scrollTo({ top: 0 });
      } catch (error) {
        showFieldErrors(form, error);
        if (error instanceof ApiError)
          setPhotoError(Object.entries(error.fieldErrors).find(([key]) => key.startsWith('photos'))?.[1]);
        setFailure(errorMessage(error, 'Votre avis n’a pas pu être envoyé. Réessayez dans un instant.'));
      }
    },
    () => setFailure(null),
  );

  return (
    <form
      noValidate
      className="space-y-6 rounded-2xl border border-line bg-surface-raised p-5 sm:p-6"
      onSubmit={(event) => void submit(event)}
    >
      <div className="flex items-center gap-3">
        <Avatar src={state.reviewee.avatar} size="md" />
        <div className="user-text min-w-0">
          <p className="text-sm text-ink-muted">Vous donnez votre avis sur</p>
          <p className="text-lg font-bold">{name}</p>
          <p className="text-sm text-ink-muted">
            {ROLE_LABELS[role]}
            {state.reviewee.companyName ? ` · ${state.reviewee.fullName}` : ''}
          </p>
        </div>
      </div>
      <p className="rounded-lg bg-surface-sunken p-3 text-sm">
        Votre avis reste caché jusqu’à ce {queName(name)} ait donné le sien, ou jusqu’au{' '}
        {state.closesAt ? formatDay(state.closesAt) : 'terme du délai'}. Une fois envoyé, il ne peut plus être
        modifié.
      </p>
      <StarRatingInput
        name="rating"
        label="Note globale"
        large
        value={scores.rating}
        onChange={(value) => choose('rating', value)}
        error={errors.rating?.message}
      />
      <div className="space-y-5 border-t border-line pt-5">
        <div>
          <h2 className="text-lg font-bold">Détail</h2>
          <p className="text-sm text-ink-muted">
            {role === 'driver'
              ? `Pour un chauffeur, quatre critères : ${listOf(state.subScores.map((key) => SUB_SCORE_SHORT[key].toLowerCase()))}.`
              : `Pour un transporteur, trois critères s’appliquent : ${listOf(state.subScores.map((key) => (labels[key]?.label ?? key).toLowerCase()))}. La conduite ne concerne que les chauffeurs.`}
          </p>
        </div>
        {state.subScores.map((key) => (
          <StarRatingInput
            key={key}
            name={key}
            label={labels[key]?.label ?? SUB_SCORE_SHORT[key]}
            hint={labels[key]?.hint}
            value={scores[key]}
            onChange={(value) => choose(key, value)}
            error={errors[key]?.message}
          />
        ))}
      </div>
      <div className="space-y-5 border-t border-line pt-5">
        <TextAreaField
          label="Commentaire (facultatif)"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          {...form.register('comment', { onChange: () => resolver.preload() })}
          hint={`Ce qui s’est bien passé, ce qui pourrait être mieux. ${REVIEW_COMMENT_MAX.toLocaleString('fr-FR')} caractères au plus.`}
          error={errors.comment?.message}
        />
        <PhotoPicker
          photos={photos}
          onChange={(next) => {
            setPhotos(next);
            setPhotoError(undefined);
          }}
          error={photoError}
        />
      </div>
      {(failure ?? missingStars) && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure ?? MISSING_STARS}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Envoi...' : 'Envoyer mon avis'}
      </Button>
    </form>
  );
}
