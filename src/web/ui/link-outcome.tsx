import type { ReactNode } from 'react';
import { CheckCircle2, XCircle, type LucideIcon } from 'lucide-react';
import { Spinner } from './spinner.js';

/**
 * The page an e-mail's link opens (useLinkToken): a spinner while the token is spent, then one card saying what
 * happened — its icon, title, the server's words (a status, or an alert when it failed) and what to do next.
 */
export function LinkOutcome({
  pending,
  pendingLabel,
  failed,
  title,
  message,
  icon: Icon = failed ? XCircle : CheckCircle2,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  failed: boolean;
  title: string;
  message: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      {pending ? (
        <Spinner label={pendingLabel} />
      ) : (
        <div className="rounded-2xl border border-line bg-surface-raised p-8">
          <Icon
            className={`mx-auto h-12 w-12 ${failed ? 'text-danger' : 'text-success'}`}
            aria-hidden="true"
          />
          <h1 className="mt-4 text-2xl font-extrabold">{title}</h1>
          <p role={failed ? 'alert' : 'status'} className="mt-2 break-words text-ink-muted">
            {message}
          </p>
          {children}
        </div>
      )}
    </div>
  );
}
