import { Star } from 'lucide-react';
import { cn } from './cn.js';

/** Stars for reading ("4,5 sur 5" for screen readers): a review's rating or an average. */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(value);
  return (
    <span
      className="inline-flex items-center"
      role="img"
      aria-label={`${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} sur 5`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            size === 'sm' ? 'h-4 w-4' : 'h-5 w-5',
            n <= rounded ? 'fill-current text-accent' : 'text-ink-muted/50',
          )}
        />
      ))}
    </span>
  );
}

/** A review's photos as thumbnails, each opening the full picture in a new tab. */
export function ReviewPhotos({ urls, of = 'l’avis' }: { urls: string[]; of?: string }) {
  if (urls.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img
              src={url}
              alt={`Photo ${index + 1} de ${of}`}
              loading="lazy"
              className="h-20 w-20 rounded-lg object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
