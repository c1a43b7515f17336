import { Star } from 'lucide-react';
import { useId } from 'react';
import { RATING_WORDS } from '#core/rules/reviews.js';
import { cn } from '#web/ui/cn.js';

/**
 * A 1-to-5 star choice as a radio group (keyboard: Tab into it, arrows to move): each star is a real radio with
 * its spoken label ("4 étoiles sur 5 : Bien"); the word of the chosen value shows beside the stars.
 */
export function StarRatingInput({
  name,
  label,
  hint,
  value,
  onChange,
  error,
  large = false,
}: {
  name: string;
  label: string;
  hint?: string;
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string;
  large?: boolean;
}) {
  const id = useId();
  return (
    <fieldset
      className="space-y-1.5"
      aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={cn('font-semibold', large ? 'text-lg' : 'text-base')}>{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex">
          {[1, 2, 3, 4, 5].map((n) => {
            const on = value !== undefined && n <= value;
            return (
              <label key={n} className="cursor-pointer">
                <input
                  type="radio"
                  name={name}
                  value={n}
                  checked={value === n}
                  onChange={() => onChange(n)}
                  className="peer sr-only"
                />
                <span className="sr-only">
                  {n} étoile{n > 1 ? 's' : ''} sur 5 : {RATING_WORDS[n]}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex items-center justify-center rounded-lg peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-focus',
                    large ? 'h-12 w-12' : 'h-11 w-11',
                  )}
                >
                  <Star
                    className={cn(
                      large ? 'h-9 w-9' : 'h-7 w-7',
                      on ? 'fill-current text-accent' : 'text-ink-muted/60',
                    )}
                  />
                </span>
              </label>
            );
          })}
        </div>
        <span className="min-w-24 text-sm font-semibold text-ink-muted" aria-hidden="true">
          {value ? RATING_WORDS[value] : 'Pas encore noté'}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
