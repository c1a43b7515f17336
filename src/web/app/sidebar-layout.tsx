import { useQuery } from '@tanstack/react-query';
import { useRealtime } from '#web/lib/realtime.js';
import { TrackingIndicator } from '#web/lib/tracking/indicator.js';
import { useTrackingController } from '#web/lib/tracking/use-tracking.js';
import { useScreenWakeLock } from '#web/lib/tracking/use-wake-lock.js';
import { LogOut, Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ROLE_LABELS, roleOf } from '#core/rules/roles.js';
import { readCookie, writeCookie } from '#web/lib/storage.js';
import { cn } from '#web/ui/cn.js';
import { SkipLink } from '#web/ui/skip-link.js';
import { Logo } from '#web/ui/logo.js';
import { ThemeToggle } from '#web/ui/theme.js';
import { DRIVER_MENU, SUBSCRIPTION_MENU, TRANSPORTER_MENU, badgeText, type MenuItem } from './menus.js';
import { DemoBanner } from './demo-banner.js';
import { useLogout, type SessionUser } from '#web/lib/session.js';
import { MaintenanceBanner } from './maintenance-banner.js';
import { OfflineBanner } from './offline-banner.js';
import { useLogoUrl } from '#web/lib/site-settings.js';
import { VerificationBanner } from '#web/lib/verification-banner.js';

const SIDEBAR_COOKIE = 'sidebar_state';
const SEVEN_DAYS = 604800;
const MOBILE_QUERY = '(max-width: 767px)';

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

/** docs/specification.md §4: expanded or collapsed, kept 7 days in the `sidebar_state` cookie; Ctrl/Cmd+B toggles. */
function useSidebarState() {
  const [expanded, setExpanded] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'false');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mobile = useIsMobile();
  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setDrawerOpen((open) => !open);
      return;
    }
    setExpanded((value) => {
      writeCookie(SIDEBAR_COOKIE, String(!value), SEVEN_DAYS);
      return !value;
    });
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggle();
      }
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  return { expanded: mobile ? true : expanded, drawerOpen, setDrawerOpen, toggle, mobile };
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function NavEntry({
  item,
  expanded,
  active,
  counts,
}: {
  item: MenuItem;
  expanded: boolean;
  active: boolean;
  counts: Record<string, number>;
}) {
  const badge = item.badge ? badgeText(counts[item.badge] ?? 0) : null;
  const link = (
    <Link
      href={item.href}
      aria-current={active ? 'page' : undefined}
      aria-label={expanded ? undefined : item.label}
      className={cn(
        'relative flex min-h-11 items-center gap-3 rounded-lg px-3 py-1.5 font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink',
        active && 'bg-brand-500/15 text-ink',
        !expanded && 'justify-center px-0',
      )}
    >
      <item.icon className={cn('h-5 w-5 shrink-0', active && 'text-accent')} aria-hidden="true" />
      {/* A label that does not fit beside its badge takes two lines rather than being cut. */}
      {expanded && <span className="min-w-0 leading-tight">{item.label}</span>}
      {badge && (
        <span
          className={cn(
            'rounded-full bg-accent px-1.5 text-xs font-bold leading-5 text-accent-ink',
            expanded ? 'ml-auto' : 'absolute right-0.5 top-0.5',
          )}
          aria-label={`${badge} non lus`}
        >
          {badge}
        </span>
      )}
    </Link>
  );
  if (expanded) return <li>{link}</li>;
  return (
    <li>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="right"
            sideOffset={8}
            className="z-50 rounded-md bg-asphalt-800 px-2 py-1 text-sm text-white shadow"
          >
            {item.label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </li>
  );
}

/** docs/specification.md §7: conversations and alerts polled every 30 s; their unread counts badge the menu. */
function useUnreadCounts(): Record<string, number> {
  const conversations = useQuery<Array<{ unreadCount: number }>>({
    queryKey: ['/api/conversations'],
    refetchInterval: 30_000,
  });
  const alerts = useQuery<Array<{ read: boolean }>>({ queryKey: ['/api/alerts'], refetchInterval: 30_000 });
  return {
    messages: (conversations.data ?? []).reduce((sum, conversation) => sum + conversation.unreadCount, 0),
    alerts: (alerts.data ?? []).filter((alert) => !alert.read).length,
  };
}

export function SidebarLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const [location] = useLocation();
  const { expanded, drawerOpen, setDrawerOpen, toggle, mobile } = useSidebarState();
  const logout = useLogout();
  const logo = useLogoUrl();
  const role = roleOf(user);
  const menu = role === 'transporter' ? TRANSPORTER_MENU : DRIVER_MENU;
  const counts = useUnreadCounts();
  useRealtime(user.id);
  // The driver's position sharing runs app-wide (resumed after a reload), shown in the header while on.
  useTrackingController(role === 'driver' ? user.id : null);
  // While it shares, the screen stays on (unless turned off on this phone): positions stop with the screen.
  useScreenWakeLock();
  useEffect(() => setDrawerOpen(false), [location, setDrawerOpen]);
  const isActive = (href: string) =>
    location === href || (href !== '/dashboard' && location.startsWith(`${href}/`));

  const sidebar = (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 items-center gap-2 border-b border-line px-3',
          !expanded && 'justify-center px-0',
        )}
      >
        <Link href="/dashboard" aria-label="Relais, tableau de bord">
          {expanded ? <Logo src={logo} /> : <Logo src={logo} className="[&>span:last-child]:hidden" />}
        </Link>
        {expanded && (
          <span
            className="ml-auto rounded-full border border-line px-2 py-0.5 text-xs font-semibold text-ink-muted"
            data-testid="role-label"
          >
            {ROLE_LABELS[role]}
          </span>
        )}
        {mobile && (
          <button
            type="button"
            onClick={() => setDrawerOpen(false)}
            aria-label="Fermer le menu"
            className="ml-1 rounded-lg p-2 hover:bg-surface-sunken"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        )}
      </div>
      <nav aria-label="Menu principal" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="space-y-1">
          {menu.map((item) => (
            <NavEntry
              key={item.href}
              item={item}
              expanded={expanded}
              active={isActive(item.href)}
              counts={counts}
            />
          ))}
        </ul>
        <div className="mt-6">
          {expanded && (
            <h2 className="mb-2 px-3 text-xs font-bold uppercase tracking-wider text-ink-muted">
              Abonnement
            </h2>
          )}
          <ul className="space-y-1">
            {SUBSCRIPTION_MENU.map((item) => (
              <NavEntry
                key={item.href}
                item={item}
                expanded={expanded}
                active={isActive(item.href)}
                counts={counts}
              />
            ))}
          </ul>
        </div>
      </nav>
      <div className={cn('border-t border-line p-3', !expanded && 'px-1')}>
        <div className={cn('flex items-center gap-3', !expanded && 'justify-center')}>
          {user.avatar ? (
            <img src={user.avatar} alt="" className="h-10 w-10 rounded-full object-cover" />
          ) : (
            <span
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-500/20 font-bold text-accent"
              aria-hidden="true"
            >
              {initials(user.fullName)}
            </span>
          )}
          {expanded && (
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.fullName}</p>
              <p className="truncate text-sm text-ink-muted">{user.email}</p>
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={() => logout.mutate(user)}
          disabled={logout.isPending}
          className={cn(
            'mt-3 flex h-10 w-full items-center gap-2 rounded-lg px-3 font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink',
            !expanded && 'justify-center px-0',
          )}
          aria-label={expanded ? undefined : 'Déconnexion'}
        >
          <LogOut className="h-5 w-5" aria-hidden="true" />
          {expanded && 'Déconnexion'}
        </button>
      </div>
    </div>
  );

  return (
    // docs/specification.md §9: tooltips open after 700 ms, and 300 ms when moving from one to the next.
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <div className="flex min-h-screen">
        <SkipLink />
        {!mobile && (
          <aside
            data-state={expanded ? 'expanded' : 'collapsed'}
            className={cn(
              'sticky top-0 h-[calc(100vh-var(--consent-space))] shrink-0 border-r border-line bg-surface-raised transition-[width] duration-200',
              expanded ? 'w-64' : 'w-16',
            )}
          >
            {sidebar}
          </aside>
        )}
        {mobile && drawerOpen && (
          <div
            className="fixed inset-x-0 top-0 bottom-(--consent-space) z-50"
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
          >
            <button
              type="button"
              className="absolute inset-0 bg-black/50"
              aria-label="Fermer le menu"
              onClick={() => setDrawerOpen(false)}
            />
            <aside
              className="relative h-full w-72 max-w-[85vw] bg-surface-raised shadow-xl"
              data-testid="sidebar-drawer"
            >
              {sidebar}
            </aside>
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-surface/90 px-3 backdrop-blur">
            <button
              type="button"
              onClick={toggle}
              className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-surface-sunken"
              aria-label={
                mobile ? 'Ouvrir le menu' : expanded ? 'Replier le menu (Ctrl+B)' : 'Déplier le menu (Ctrl+B)'
              }
              aria-expanded={mobile ? drawerOpen : expanded}
            >
              {mobile ? (
                <Menu className="h-5 w-5" aria-hidden="true" />
              ) : expanded ? (
                <PanelLeftClose className="h-5 w-5" aria-hidden="true" />
              ) : (
                <PanelLeftOpen className="h-5 w-5" aria-hidden="true" />
              )}
            </button>
            {mobile && <span className="font-semibold">{ROLE_LABELS[role]}</span>}
            <div className="ml-auto flex items-center gap-2">
              {role === 'driver' && <TrackingIndicator />}
              <ThemeToggle />
            </div>
          </header>
          <OfflineBanner user={user} />
          <MaintenanceBanner />
          <DemoBanner user={user} />
          <VerificationBanner user={user} />
          <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
            {children}
          </main>
        </div>
      </div>
    </Tooltip.Provider>
  );
}
