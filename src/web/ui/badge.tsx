import type { ReactNode } from 'react';
import { cn } from './cn.js';

const BADGE = {
  success: 'bg-success/15 text-success',
  pending: 'bg-brand-500/15 text-accent',
  danger: 'bg-danger/15 text-danger',
  muted: 'bg-surface-sunken text-ink-muted',
} as const;

/** Whether what the badge says is settled, waiting, wrong, or neither. */
export type BadgeTone = keyof typeof BADGE;

/** A small rounded label whose colour says settled, waiting or wrong. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-sm font-bold', BADGE[tone])}>
      {children}
    </span>
  );
}
