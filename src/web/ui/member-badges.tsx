import { formatMonthYear } from '#core/rules/french-dates.js';
import { Award, Clock, Leaf, ShieldCheck, Star, Zap, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { BADGE_LABELS, BADGE_MEANINGS, type BadgeType } from '#core/rules/badges.js';
import { BADGE_TYPES } from '#core/rules/enums.js';
import { cn } from './cn.js';

/** Badges (decision 019): the chips on applicant cards and the list on profiles, each saying what it means. */
const BADGE_ICONS: Record<BadgeType, LucideIcon> = {
  reliable: Clock,
  expert: Award,
  top_rated: Star,
  fast_responder: Zap,
  safety_champion: ShieldCheck,
  eco_driver: Leaf,
};

const inOrder = (types: readonly BadgeType[]) =>
  [...types].sort((a, b) => BADGE_TYPES.indexOf(a) - BADGE_TYPES.indexOf(b));

/**
 * A driver's badges as small chips (applicant cards). A tap on a chip says what it means, below the row (a
 * tooltip would not open on a phone); the meaning is also the chip's title on a desktop.
 */
export function BadgeChips({ badges, className }: { badges: readonly BadgeType[]; className?: string }) {
  const [open, setOpen] = useState<BadgeType | null>(null);
  const id = useId();
  if (badges.length === 0) return null;
  return (
    <div className={className}>
      <ul aria-label="Badges" className="flex flex-wrap gap-1.5">
        {inOrder(badges).map((type) => {
          const Icon = BADGE_ICONS[type];
          const expanded = open === type;
          return (
            <li key={type}>
              <button
                type="button"
                title={BADGE_MEANINGS[type]}
                aria-expanded={expanded}
                aria-controls={`${id}-meaning`}
                onClick={() => setOpen(expanded ? null : type)}
                className={cn(
                  'inline-flex min-h-8 items-center gap-1 rounded-full border border-accent/50 bg-accent/10 px-2.5 py-0.5 text-xs font-bold text-ink transition hover:bg-accent/20',
                  expanded && 'bg-accent/20',
                )}
              >
                <Icon className="h-3.5 w-3.5 text-accent" aria-hidden="true" />
                {BADGE_LABELS[type]}
              </button>
            </li>
          );
        })}
      </ul>
      <p id={`${id}-meaning`} aria-live="polite" className={cn('text-sm text-ink-muted', open && 'mt-1.5')}>
        {open && (
          <>
            <span className="font-semibold text-ink">{BADGE_LABELS[open]} : </span>
            {BADGE_MEANINGS[open]}
          </>
        )}
      </p>
    </div>
  );
}

/** One badge with its icon, name and meaning, written out (profiles). `detail`: since when, or progress. */
export function BadgeItem({
  type,
  held = true,
  children,
}: {
  type: BadgeType;
  held?: boolean;
  children?: ReactNode;
}) {
  const Icon = BADGE_ICONS[type];
  return (
    <div className="flex items-start gap-3">
      <span
        className={cn(
          'flex h-10 w-10 shrink-0 items-center justify-center rounded-full border',
          held ? 'border-accent/60 bg-accent/10 text-accent' : 'border-line bg-surface-sunken text-ink-muted',
        )}
      >
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold">{BADGE_LABELS[type]}</p>
        <p className="text-sm text-ink-muted">{BADGE_MEANINGS[type]}</p>
        {children}
      </div>
    </div>
  );
}

/** "en novembre 2026", for when a badge was earned. */
export function badgeSince(earnedAt: string): string {
  return `en ${formatMonthYear(earnedAt)}`;
}
