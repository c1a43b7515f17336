import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.js';
import { cn } from './cn.js';

/**
 * « Précédente · Page 2 sur 5 · Suivante » under a paged list; nothing when everything fits on one page.
 * `label` names the navigation for screen readers (« Pages des missions »).
 */
export function Pager({
  page,
  pages,
  onPage,
  label = 'Pages',
  className,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('mt-3 flex items-center justify-between gap-2', className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        Précédente
      </Button>
      <span className="text-sm text-ink-muted">
        Page {page} sur {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Suivante
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
