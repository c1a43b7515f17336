/**
 * SPEC.md §7: service worker at /sw.js, update check every 60 s, background sync `sync-data`
 * registered when the browser comes back online. Failures are only logged (§8).
 */
const UPDATE_EVERY_MS = 60_000;

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

export function registerServiceWorker(onSync: () => void): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'sync-data') onSync();
  });
  window.addEventListener('load', async () => {
    try {
      const registration: SyncRegistration = await navigator.serviceWorker.register('/sw.js');
      window.setInterval(() => {
        registration
          .update()
          .catch((error: unknown) => console.warn('Mise à jour du service worker impossible', error));
      }, UPDATE_EVERY_MS);
      window.addEventListener('online', () => {
        if (!registration.sync) return;
        registration.sync
          .register('sync-data')
          .catch((error: unknown) => console.warn('Synchronisation en arrière-plan refusée', error));
      });
    } catch (error) {
      console.warn('Service worker non enregistré', error);
    }
  });
}
