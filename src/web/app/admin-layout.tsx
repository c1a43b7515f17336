import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '#web/ui/logo.js';
import { SkipLink } from '#web/ui/skip-link.js';
import { ThemeToggle } from '#web/ui/theme.js';
import { useLogout, type SessionUser } from './session.js';

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
      <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}
