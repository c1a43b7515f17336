import { useId, type ReactNode } from 'react';
import { cn } from '#web/ui/cn.js';

/** A titled block of the payment page. */
export function Panel({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl border border-line bg-surface-raised p-5', className)}
    >
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const BADGE = {
  success: 'bg-success/15 text-success',
  pending: 'bg-brand-500/15 text-accent',
  danger: 'bg-danger/15 text-danger',
  muted: 'bg-surface-sunken text-ink-muted',
} as const;

/** A small rounded label whose colour says settled, waiting or wrong. */
export function Badge({ tone, children }: { tone: keyof typeof BADGE; children: ReactNode }) {
  return (
    <span className={cn('inline-block rounded-full px-2.5 py-0.5 text-sm font-bold', BADGE[tone])}>
      {children}
    </span>
  );
}
