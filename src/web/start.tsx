import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '#web/app/app.js';
import { preloadPrerenderedPage } from '#web/app/router.js';
import { createQueryClient } from '#web/lib/query-client.js';
import { registerServiceWorker } from '#web/lib/service-worker.js';

/** Starts the app on #root: hydrates the prerendered HTML when there is some, else renders. */
export function start(root: HTMLElement) {
  const queryClient = createQueryClient();
  if (root.hasChildNodes()) {
    // The page's code first, so hydration adopts the HTML instead of suspending on it. Inside a transition,
    // React yields to the browser every few milliseconds, so a tap is not held up behind hydration.
    const hydrate = () => startTransition(() => void hydrateRoot(root, <App queryClient={queryClient} />));
    void preloadPrerenderedPage(window.location.pathname).then(hydrate, hydrate);
  } else {
    createRoot(root).render(<App queryClient={queryClient} />);
  }

  // Back online: refetch everything shown, so nothing missed offline stays missing.
  registerServiceWorker(() => void queryClient.invalidateQueries());
}
