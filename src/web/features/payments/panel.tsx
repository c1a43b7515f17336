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
