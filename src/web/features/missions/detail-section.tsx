import type { ReactNode } from 'react';
import { errorMessage } from '#web/lib/form-errors.js';
import { useToast } from '#web/ui/toast.js';

/** A titled block of the mission page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface-raised p-5">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function useToastError() {
  const toast = useToast();
  return (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Réessayez dans un instant.'), variant: 'destructive' });
}
