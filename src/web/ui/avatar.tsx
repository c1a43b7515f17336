import { UserRound } from 'lucide-react';
import { cn } from './cn.js';

const SIZES = {
  sm: ['h-10 w-10', 'h-5 w-5'],
  md: ['h-11 w-11', 'h-6 w-6'],
  lg: ['h-20 w-20', 'h-10 w-10'],
  xl: ['h-24 w-24', 'h-12 w-12'],
} as const;

/** A member's photo, or a neutral silhouette when there is none. */
export function Avatar({
  src,
  size = 'sm',
  alt = '',
}: {
  src: string | null;
  size?: keyof typeof SIZES;
  alt?: string;
}) {
  const [box, icon] = SIZES[size];
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-sunken',
        box,
      )}
    >
      {src ? (
        <img src={src} alt={alt} className={cn('object-cover', box)} />
      ) : (
        <UserRound className={icon} aria-hidden="true" />
      )}
    </span>
  );
}
