import { KeyRound, LogOut, Menu, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useDocumentQueue, useDriverQueue } from '#web/features/admin/api.js';
import { useAdminBugReports } from '#web/features/admin/bug-reports-api.js';
import { ReauthDialog } from '#web/features/admin/reauth-dialog.js';
import { useReviewReports } from '#web/features/admin/review-reports-api.js';
import { useAdminSubscriptions } from '#web/features/admin/subscriptions-api.js';
import { cn } from '#web/ui/cn.js';
import { Logo } from '#web/ui/logo.js';
import { SkipLink } from '#web/ui/skip-link.js';
import { ThemeToggle } from '#web/ui/theme.js';
import { MaintenanceBanner } from './maintenance-banner.js';
import { ADMIN_MENU, ADMIN_TABS, badgeText, isCurrentAdminItem, type AdminMenuItem } from './menus.js';
import { useLogout, type SessionUser } from '#web/lib/session.js';
import { useLogoUrl } from '#web/lib/site-settings.js';

export type WaitingCounts = Record<string, number>;

/** What waits in each queue (the same queries as the pages, so one answer serves both). */
export function useWaitingCounts(): WaitingCounts {
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

/** The waiting count of an entry: the sum of its queues. */
export function waitingOf(item: AdminMenuItem, counts: WaitingCounts): string | null {
  return badgeText((item.badges ?? []).reduce((sum, key) => sum + (counts[key] ?? 0), 0));
}

/** How many wait in a section or a page (99+ past 99), read out as « , 3 en attente ». */
function WaitingBadge({ badge, className }: { badge: string; className?: string }) {
  return (
    <>
      <span
        className={cn('rounded-full bg-accent px-1.5 text-xs font-bold leading-5 text-accent-ink', className)}
        aria-hidden="true"
      >
        {badge}
      </span>
      <span className="sr-only">, {badge} en attente</span>
    </>
  );
}

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const counts = useWaitingCounts();
  return (
    <nav aria-label="Menu d’administration">
      <ul className="space-y-1">
        {ADMIN_MENU.map((item) => {
          const active = isCurrentAdminItem(item, location);
          const badge = waitingOf(item, counts);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-3 rounded-lg px-3 py-1.5 font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink',
                  active && 'bg-brand-500/15 text-ink',
                )}
              >
                <item.icon className={cn('h-5 w-5 shrink-0', active && 'text-accent')} aria-hidden="true" />
                <span className="min-w-0 leading-tight">{item.label}</span>
                {badge && <WaitingBadge badge={badge} className="ml-auto" />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

type Section = keyof typeof ADMIN_TABS;

/** The section whose tabs include this very page (a driver's own page, under /admin/chauffeurs/…, has none). */
function sectionAt(location: string): Section | null {
  const sections = Object.keys(ADMIN_TABS) as Section[];
  return sections.find((section) => ADMIN_TABS[section].some((tab) => tab.href === location)) ?? null;
}

/**
 * The pages of a back-office section (« Validation », « Signalements »), as tabs above the page's title, drawn by the
 * layout on each page of the section. They wrap onto a second line on a phone rather than scroll sideways, so every
 * tab and its count stay in sight.
 */
function AdminTabs() {
  const [location] = useLocation();
  const counts = useWaitingCounts();
  const section = sectionAt(location);
  if (!section) return null;
  return (
    <nav aria-label="Pages de la section" className="-mx-4 mb-6 border-b border-line px-4">
      <ul className="flex flex-wrap gap-x-1">
        {ADMIN_TABS[section].map((tab) => {
          const active = location === tab.href;
          const badge = waitingOf(tab, counts);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-2 border-b-2 px-3 font-semibold',
                  active ? 'border-accent text-ink' : 'border-transparent text-ink-muted hover:text-ink',
                )}
              >
                {tab.label}
                {badge && <WaitingBadge badge={badge} />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The administrators' area (docs/specification.md §6: admins are confined to /admin): a header, the sections in a side column
 * from 1024 px, in a drawer behind « Menu » below (a phone, a tablet held upright).
 */
export function AdminLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const logout = useLogout();
  const logo = useLogoUrl();
  const [location] = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <ReauthDialog />
      {/* What every visitor reads while it is set, so the team sees it too. */}
      <MaintenanceBanner />
      <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
        <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-4">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls="menu-admin"
            className="inline-flex h-11 items-center gap-2 rounded-lg px-2 font-medium hover:bg-surface-sunken lg:hidden"
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
            <span>Menu</span>
          </button>
          <Link href="/admin" aria-label="Administration Relais" className="shrink-0">
            <Logo src={logo} />
          </Link>
          <span className="hidden rounded-full bg-brand-500/15 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-accent sm:inline">
            Administration
          </span>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <span className="hidden text-sm text-ink-muted md:inline">{user.email}</span>
            <Link
              href="/admin/securite"
              className="inline-flex h-10 items-center gap-2 rounded-lg px-2 font-medium hover:bg-surface-sunken sm:px-3"
            >
              <KeyRound className="h-5 w-5" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Sécurité</span>
            </Link>
            <ThemeToggle />
            <button
              type="button"
              onClick={() => logout.mutate(user)}
              className="inline-flex h-10 items-center gap-2 rounded-lg px-2 font-medium hover:bg-surface-sunken sm:px-3"
            >
              <LogOut className="h-5 w-5" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Déconnexion</span>
            </button>
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        {/* The column runs the page's whole height; its menu stays in view while the page scrolls. */}
        <aside className="hidden w-64 shrink-0 border-r border-line bg-surface-raised lg:block">
          <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto p-3">
            <AdminNav />
          </div>
        </aside>
        {drawerOpen && (
          <div className="fixed inset-0 z-40 lg:hidden">
            <button
              type="button"
              aria-label="Fermer le menu"
              className="absolute inset-0 bg-black/40"
              onClick={() => setDrawerOpen(false)}
            />
            <div
              id="menu-admin"
              role="dialog"
              aria-modal="true"
              aria-label="Menu d’administration"
              className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-3 overflow-y-auto bg-surface-raised p-3 shadow-xl"
            >
              <div className="flex items-center justify-between">
                <span className="px-2 text-sm font-bold uppercase tracking-wide text-ink-muted">
                  Administration
                </span>
                <button
                  type="button"
                  onClick={() => setDrawerOpen(false)}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-surface-sunken"
                  aria-label="Fermer le menu"
                  autoFocus
                >
                  <X className="h-5 w-5" aria-hidden="true" />
                </button>
              </div>
              <AdminNav onNavigate={() => setDrawerOpen(false)} />
            </div>
          </div>
        )}
        <main id="contenu" className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-8">
          <AdminTabs />
          {children}
        </main>
      </div>
    </div>
  );
}
