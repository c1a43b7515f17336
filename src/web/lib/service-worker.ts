/**
 * docs/specification.md §7: service worker at /sw.js, update check every 60 s, background sync `sync-data`
 * registered when the browser comes back online. Failures are only logged (§8).
 */
const UPDATE_EVERY_MS = 60_000;

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * `onSync` runs once each time the browser comes back online: through the service worker's `sync-data` when
 * there is one that can sync, else straight away (no service worker yet, or a browser without Background Sync).
 */
export function registerServiceWorker(onSync: () => void): void {
  let registration: SyncRegistration | null = null;
  window.addEventListener('online', () => {
    if (!registration?.sync) return onSync();
    registration.sync.register('sync-data').catch((error: unknown) => {
      console.warn('Synchronisation en arrière-plan refusée', error);
      onSync();
    });
  });
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'sync-data') onSync();
  });
  // Installing precaches the whole app (several hundred kB): it waits for the first interaction or
  // 10 s after load, so it never competes with the first page a driver opens on a weak network.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) window.removeEventListener(type, start);
    void register();
  };
  const INTERACTIONS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
  for (const type of INTERACTIONS) window.addEventListener(type, start, { passive: true });
  // The app may start after the page has loaded (prerendered pages fetch it after their first paint).
  const later = () => window.setTimeout(start, 10_000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });

  const register = async () => {
    try {
      const registered: SyncRegistration = await navigator.serviceWorker.register('/sw.js');
      registration = registered;
      window.setInterval(() => {
        registered
          .update()
          .catch((error: unknown) => console.warn('Mise à jour du service worker impossible', error));
      }, UPDATE_EVERY_MS);
    } catch (error) {
      console.warn('Service worker non enregistré', error);
    }
  };
}
