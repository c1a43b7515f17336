import { ArrowUp, Download } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { useHydrated } from '#web/lib/hydrated.js';
import { CONSENT_EVENT, readConsent, setConsent } from '#web/lib/consent.js';
import { SESSION_ENDED_EVENT } from '#web/lib/query-client.js';
import { STORAGE_KEYS, readStorage, writeStorage } from '#web/lib/storage.js';
import { Button } from '#web/ui/button.js';
import { useToast } from '#web/ui/toast.js';

/**
 * A new page opens at its top (or at its #anchor), as it would with a full page load. Back and forward keep
 * the browser's own scroll restoration.
 */
function ScrollOnNavigate() {
  const [location] = useLocation();
  const previous = useRef(location);
  const traversing = useRef(false);
  useEffect(() => {
    const onPopState = () => (traversing.current = true);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    if (traversing.current) {
      traversing.current = false;
      return;
    }
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    const target = anchor ? document.getElementById(anchor) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0 });
  }, [location]);
  return null;
}

/**
 * docs/specification.md §2: a scroll-to-top button after 300 px. It steps aside near the end of the page, where the page's
 * last actions (save, delete, sign out) would sit under it.
 */
function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => {
      const nearEnd = window.scrollY + window.innerHeight > document.documentElement.scrollHeight - 160;
      setVisible(window.scrollY > 300 && !nearEnd);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0 })}
      aria-label="Revenir en haut de la page"
      className="fixed bottom-[calc(1.25rem+var(--consent-space))] left-5 z-40 flex h-12 w-12 md:left-auto md:right-5 items-center justify-center rounded-full border border-line bg-surface-raised shadow-lg hover:bg-surface-sunken"
    >
      <ArrowUp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}

/**
 * While the banner is shown, its height is the page's `--consent-space`: the page ends above it and every fixed
 * thing (sidebar, drawer, buttons, toasts) stands above it, so it never covers an action.
 */
function useConsentSpace(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const element = banner.current;
    if (!shown || !element) return;
    const observer = new ResizeObserver(() =>
      root.setProperty('--consent-space', `${Math.ceil(element.getBoundingClientRect().height)}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--consent-space');
    };
  }, [banner, shown]);
}

/** docs/specification.md §2, §4: unset, accepted or rejected; both choices equally easy. */
function CookieConsent() {
  // Rendered as the prerendered HTML has it, then the stored choice is read (CSS hides it meanwhile).
  const [choice, setChoice] = useState<string | null>(null);
  const hydrated = useHydrated();
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    // Read now, and again when the choice changes (made here, or reset from /privacy to choose again).
    const read = () => setChoice(readConsent() ?? 'unset');
    read();
    window.addEventListener(CONSENT_EVENT, read);
    return () => window.removeEventListener(CONSENT_EVENT, read);
  }, []);
  useConsentSpace(banner, choice === 'unset');
  if (choice === 'accepted' || choice === 'rejected') return null;
  const decide = (value: 'accepted' | 'rejected') => setConsent(value);
  return (
    <section
      ref={banner}
      data-cookie-banner
      aria-label="Cookies"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-line bg-surface-raised p-4 shadow-[0_-8px_24px_rgba(0,0,0,0.15)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center">
        <p className="flex-1 text-sm">
          Relais utilise des cookies indispensables à la connexion. Avec votre accord, nous mesurons aussi la
          fréquentation pour améliorer le service.{' '}
          <a href="/privacy" className="font-semibold text-accent underline">
            En savoir plus
          </a>
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" disabled={!hydrated} onClick={() => decide('rejected')}>
            Refuser les cookies non essentiels
          </Button>
          <Button variant="primary" disabled={!hydrated} onClick={() => decide('accepted')}>
            Accepter tous les cookies
          </Button>
        </div>
      </div>
    </section>
  );
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** docs/specification.md §4: available, installed, or dismissed (remembered in `pwa-install-dismissed`). */
function InstallPrompt() {
  const [event, setEvent] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    if (readStorage(STORAGE_KEYS.pwaInstallDismissed)) return;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as InstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!event) return null;
  return (
    <section
      aria-label="Installer l'application"
      className="fixed bottom-[calc(1.25rem+var(--consent-space))] right-5 z-40 w-[min(22rem,calc(100vw-2.5rem))] rounded-xl border border-line bg-surface-raised p-4 shadow-lg"
    >
      <div className="flex gap-3">
        <Download className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
        <div>
          <p className="font-semibold">Installer Relais</p>
          <p className="text-sm text-ink-muted">
            Accédez à vos missions depuis l'écran d'accueil, même avec peu de réseau.
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            writeStorage(STORAGE_KEYS.pwaInstallDismissed, 'true');
            setEvent(null);
          }}
        >
          Plus tard
        </Button>
        <Button
          size="sm"
          onClick={async () => {
            await event.prompt();
            setEvent(null);
          }}
        >
          Installer
        </Button>
      </div>
    </section>
  );
}

/**
 * Relais's own audience measurement (web/lib/site-analytics.ts, loaded apart from the entry): a page view at
 * each route change, after the page has rendered.
 */
function SiteAnalytics() {
  const [location] = useLocation();
  useEffect(() => {
    const path = window.location.pathname;
    void import('#web/lib/site-analytics.js').then((tracker) => tracker.trackPageView(path));
  }, [location]);
  return null;
}

/** A session ended from elsewhere (another device, a password change, an account closed): said once. */
function SessionEndedNotice() {
  const toast = useToast();
  useEffect(() => {
    const told = () =>
      toast({
        title: 'Session terminée',
        description: 'Vous avez été déconnecté de cet appareil. Reconnectez-vous pour continuer.',
      });
    window.addEventListener(SESSION_ENDED_EVENT, told);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, told);
  }, [toast]);
  return null;
}

export function GlobalUi() {
  return (
    <>
      <SessionEndedNotice />
      <ScrollOnNavigate />
      <SiteAnalytics />
      <ScrollToTop />
      <InstallPrompt />
      <CookieConsent />
    </>
  );
}
