import { CheckCircle2, Clock, MinusCircle, XCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/ui/cn.js';
import type { Tone } from './labels.js';

export const TONE_TEXT: Record<Tone, string> = {
  success: 'text-success',
  pending: 'text-accent',
  danger: 'text-danger',
  muted: 'text-ink-muted',
};

const BADGE: Record<Tone, string> = {
  success: 'bg-success/15 text-success',
  pending: 'bg-brand-500/15 text-accent',
  danger: 'bg-danger/15 text-danger',
  muted: 'bg-surface-sunken text-ink-muted',
};

export const TONE_ICONS: Record<Tone, LucideIcon> = {
  success: CheckCircle2,
  pending: Clock,
  danger: XCircle,
  muted: MinusCircle,
};

/** A small rounded label whose colour says good, waiting, wrong or past. */
export function ToneBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-bold', BADGE[tone])}>
      {children}
    </span>
  );
}
