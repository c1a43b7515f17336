import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useHydrated } from '#web/lib/hydrated.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { SkipLink } from '#web/ui/skip-link.js';
import { Logo } from '#web/ui/logo.js';
import { ThemeToggle } from '#web/ui/theme.js';
import { forgetReturnPath, pendingReturnPath } from '#web/lib/return-path.js';
import { homeFor } from '#web/lib/route-rules.js';
import type { SessionUser } from '#web/lib/session.js';
import { MaintenanceBanner } from './maintenance-banner.js';
import { useContactEmail, useLogoUrl, useSupportHours } from '#web/lib/site-settings.js';

// Only a demo account sees it: visitors do not download it with the landing page.
const DemoBanner = lazy(async () => ({ default: (await import('./demo-banner.js')).DemoBanner }));

const NAV = [
  { href: '/', label: 'Accueil' },
  { href: '/pricing', label: 'Tarifs' },
  { href: '/explorer', label: 'Explorer' },
];

/** docs/specification.md §2: the header hides when scrolling down past 100 px and comes back on the way up. */
function useHeaderHidden(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      // A few pixels either way (scroll anchoring, inertia) do not count as a change of direction.
      if (Math.abs(y - last) < 8) return;
      setHidden(y > 100 && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}

/**
 * A visitor sent home from a page that needs an account (a link from an e-mail, say) is told so, and where
 * signing in leads: back to that page.
 */
function ReturnNotice({ location }: { location: string }) {
  // Read after the first render: prerendered pages have no browser storage.
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => setPending(pendingReturnPath()), [location]);
  if (!pending) return null;
  const onForm = location === '/login' || location === '/register';
  return (
    <div role="status" className="border-b border-accent bg-brand-500/10">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <p className="flex-1">
          {onForm
            ? 'Une fois connecté, vous reviendrez à la page demandée.'
            : 'Cette page demande un compte : connectez-vous, vous y reviendrez ensuite.'}
        </p>
        {!onForm && (
          <Link href="/login" className={buttonClasses('primary', 'sm')}>
            Se connecter
          </Link>
        )}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            forgetReturnPath();
            setPending(null);
          }}
        >
          Ignorer
        </Button>
      </div>
    </div>
  );
}

export function PublicLayout({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  const hidden = useHeaderHidden();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const [location] = useLocation();
  const logo = useLogoUrl();
  const contact = useContactEmail();
  const supportHours = useSupportHours();
  useEffect(() => setOpen(false), [location]);

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header
        data-hidden={hidden}
        className={cn(
          'sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur transition-transform duration-300',
          hidden && !open && '-translate-y-full',
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link href="/" aria-label="Relais, accueil">
            <Logo src={logo} />
          </Link>
          <nav aria-label="Navigation principale" className="hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                aria-current={location === item.href ? 'page' : undefined}
                className="rounded-lg px-3 py-2 font-medium text-ink-muted hover:bg-surface-sunken hover:text-ink aria-[current=page]:text-ink"
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <ThemeToggle />
            {user ? (
              <Link href={homeFor(user)} className={buttonClasses('primary', 'sm')}>
                Mon espace
              </Link>
            ) : (
              <>
                <Link href="/login" className={buttonClasses('ghost', 'sm')}>
                  Se connecter
                </Link>
                <Link href="/register" className={buttonClasses('primary', 'sm')}>
                  S'inscrire
                </Link>
              </>
            )}
          </div>
          <div className="flex items-center gap-1 md:hidden">
            <ThemeToggle />
            <button
              type="button"
              className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-surface-sunken"
              aria-expanded={open}
              disabled={!hydrated}
              aria-controls="menu-mobile"
              aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? (
                <X className="h-6 w-6" aria-hidden="true" />
              ) : (
                <Menu className="h-6 w-6" aria-hidden="true" />
              )}
            </button>
          </div>
        </div>
        {open && (
          <nav
            id="menu-mobile"
            aria-label="Navigation principale"
            className="border-t border-line px-4 pb-4 md:hidden"
          >
            <ul className="flex flex-col gap-1 pt-2">
              {NAV.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className="block rounded-lg px-3 py-3 font-medium hover:bg-surface-sunken"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
              {user ? (
                <li>
                  <Link href={homeFor(user)} className={buttonClasses('primary', 'md', 'mt-2 w-full')}>
                    Mon espace
                  </Link>
                </li>
              ) : (
                <>
                  <li>
                    <Link
                      href="/login"
                      className="block rounded-lg px-3 py-3 font-medium hover:bg-surface-sunken"
                    >
                      Se connecter
                    </Link>
                  </li>
                  <li>
                    <Link href="/register" className={buttonClasses('primary', 'md', 'mt-2 w-full')}>
                      S'inscrire
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        )}
      </header>
      <MaintenanceBanner />
      {user?.isDemo && (
        <Suspense fallback={null}>
          <DemoBanner user={user} />
        </Suspense>
      )}
      {/* At least a screen tall, so the footer starts below the fold and never jumps while a page loads. */}
      <main id="contenu" className="min-h-screen flex-1">
        {!user && <ReturnNotice location={location} />}
        {children}
      </main>
      <footer className="border-t border-line bg-surface-raised">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
          <div className="space-y-3">
            <Logo src={logo} />
            <p className="text-sm text-ink-muted">
              Missions de dernière minute entre chauffeurs poids lourds et transporteurs. Relais ne prélève
              rien sur le paiement des missions.
            </p>
          </div>
          <nav aria-label="Informations" className="text-sm">
            <h2 className="mb-3 font-semibold">Informations</h2>
            <ul className="space-y-2 text-ink-muted">
              <li>
                <Link href="/installer-pwa" className="hover:text-ink">
                  Installer l'application
                </Link>
              </li>
              <li>
                <Link href="/cgu-cgv" className="hover:text-ink">
                  CGU / CGV
                </Link>
              </li>
              <li>
                <Link href="/mentions-legales" className="hover:text-ink">
                  Mentions légales
                </Link>
              </li>
              <li>
                <Link href="/privacy" className="hover:text-ink">
                  Confidentialité
                </Link>
              </li>
            </ul>
          </nav>
          <div className="text-sm">
            <h2 className="mb-3 font-semibold">Nous suivre</h2>
            <ul className="space-y-2 text-ink-muted">
              <li>
                <a
                  href="https://www.linkedin.com/company/relais-transport"
                  rel="noopener noreferrer"
                  className="hover:text-ink"
                >
                  LinkedIn
                </a>
              </li>
              <li>
                <a
                  href="https://www.facebook.com/relais.transport"
                  rel="noopener noreferrer"
                  className="hover:text-ink"
                >
                  Facebook
                </a>
              </li>
              <li>
                <a
                  href="https://www.instagram.com/relais.transport"
                  rel="noopener noreferrer"
                  className="hover:text-ink"
                >
                  Instagram
                </a>
              </li>
              <li>
                <a href={`mailto:${contact}`} className="hover:text-ink">
                  {contact}
                </a>
                {supportHours && <span className="user-text block text-xs">Support : {supportHours}</span>}
              </li>
            </ul>
          </div>
        </div>
        <p className="border-t border-line py-4 text-center text-xs text-ink-muted">
          © {new Date().getFullYear()} Relais. Tous droits réservés.
        </p>
      </footer>
    </div>
  );
}
