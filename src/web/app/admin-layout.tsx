import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useDocumentQueue, useDriverQueue } from '#web/features/admin/api.js';
import { useAdminBugReports } from '#web/features/admin/bug-reports-api.js';
import { useReviewReports } from '#web/features/admin/review-reports-api.js';
import { useAdminSubscriptions } from '#web/features/admin/subscriptions-api.js';
import { cn } from '#web/ui/cn.js';
import { Logo } from '#web/ui/logo.js';
import { SkipLink } from '#web/ui/skip-link.js';
import { ThemeToggle } from '#web/ui/theme.js';
import { ADMIN_MENU, badgeText } from './menus.js';
import { useLogout, type SessionUser } from './session.js';

/** What waits in each queue (the same queries as the pages, so one answer serves both). */
function useWaitingCounts(): Record<string, number> {
  const documents = useDocumentQueue({ status: 'pending', type: '', page: 1 });
  const drivers = useDriverQueue('pending_validation');
  const subscriptions = useAdminSubscriptions();
  const reviews = useReviewReports();
  const bugs = useAdminBugReports();
  return {
    documents: documents.data?.total ?? 0,
    drivers: drivers.data?.drivers.length ?? 0,
    subscriptions: subscriptions.data?.requests.length ?? 0,
    reviews: reviews.data?.open ?? 0,
    bugs: bugs.data?.open ?? 0,
  };
}

/** The back office's menu: under the header, its entries two by two up to a tablet, side by side from 768 px. */
function AdminNav() {
  const [location] = useLocation();
  const counts = useWaitingCounts();
  return (
    <nav aria-label="Menu d’administration" className="border-b border-line bg-surface-raised">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 px-1 md:flex md:gap-2 md:px-4">
        {ADMIN_MENU.map((item) => {
          const active =
            item.href === '/admin'
              ? location === '/admin'
              : location === item.href || location.startsWith(`${item.href}/`);
          const badge = item.badge ? badgeText(counts[item.badge] ?? 0) : null;
          return (
            <li key={item.href} className="min-w-0">
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-14 flex-col items-center justify-center gap-1 border-b-2 px-1 py-2 text-center text-sm font-semibold leading-tight',
                  'sm:flex-row sm:gap-2 sm:px-3 sm:text-base',
                  active
                    ? 'border-accent text-ink'
                    : 'border-transparent text-ink-muted hover:border-line hover:text-ink',
                )}
              >
                <span className="relative">
                  <item.icon className={cn('h-5 w-5 shrink-0', active && 'text-accent')} aria-hidden="true" />
                  {badge && (
                    <span
                      className="absolute -top-2 left-4 rounded-full bg-accent px-1.5 text-xs font-bold leading-5 text-accent-ink sm:hidden"
                      aria-hidden="true"
                    >
                      {badge}
                    </span>
                  )}
                </span>
                <span>{item.label}</span>
                {badge && (
                  <>
                    <span
                      className="hidden rounded-full bg-accent px-1.5 text-xs font-bold leading-5 text-accent-ink sm:inline"
                      aria-hidden="true"
                    >
                      {badge}
                    </span>
                    <span className="sr-only">, {badge} en attente</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The administrators' area: its own header, no user menus (SPEC.md §6: admins are confined to /admin). */
export function AdminLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const logout = useLogout();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Link href="/admin" aria-label="Administration Relais">
            <Logo />
          </Link>
          <span className="rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-accent">
            Administration
          </span>
          <div className="ml-auto flex items-center gap-2">
            <span className="hidden text-sm text-ink-muted sm:inline">{user.email}</span>
            <ThemeToggle />
            <button
              type="button"
              onClick={() => logout.mutate(user)}
              className="inline-flex h-10 items-center gap-2 rounded-lg px-3 font-medium hover:bg-surface-sunken"
            >
              <LogOut className="h-5 w-5" aria-hidden="true" />
              <span className="hidden sm:inline">Déconnexion</span>
              <span className="sr-only sm:hidden">Déconnexion</span>
            </button>
          </div>
        </div>
      </header>
      <AdminNav />
      <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}
