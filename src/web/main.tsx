import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '#web/app/app.js';
import { createQueryClient } from '#web/lib/query-client.js';
import { registerServiceWorker } from '#web/lib/service-worker.js';
import './styles.css';

const queryClient = createQueryClient();
const root = document.getElementById('root')!;

// Public pages arrive prerendered (scripts/prerender.ts): let the browser paint that HTML first, then
// hydrate it in the next frame. Every other path starts empty and renders at once.
if (root.hasChildNodes()) {
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, <App queryClient={queryClient} />), 0));
} else {
  createRoot(root).render(<App queryClient={queryClient} />);
}

// Back online: refetch everything shown, so nothing missed offline stays missing.
registerServiceWorker(() => void queryClient.invalidateQueries());
window.addEventListener('online', () => void queryClient.invalidateQueries());
