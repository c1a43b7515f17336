import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** One block of /parametres: a title with its icon, a line saying what it is for, its content. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  children,
  tone = 'normal',
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'normal' | 'danger';
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 rounded-2xl border bg-surface-raised p-5 ${tone === 'danger' ? 'border-danger/50' : 'border-line'}`}
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <Icon className={`h-5 w-5 ${tone === 'danger' ? 'text-danger' : 'text-accent'}`} aria-hidden="true" />
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
