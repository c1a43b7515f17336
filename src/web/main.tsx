import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GlobalUi } from '#web/app/global-ui.js';
import { AppRouter } from '#web/app/router.js';
import { createQueryClient } from '#web/lib/query-client.js';
import { registerServiceWorker } from '#web/lib/service-worker.js';
import { ThemeProvider } from '#web/ui/theme.js';
import { ToastProvider } from '#web/ui/toast.js';
import './styles.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>
          <AppRouter />
          <GlobalUi />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);

// Back online: refetch everything shown, so nothing missed offline stays missing.
registerServiceWorker(() => void queryClient.invalidateQueries());
window.addEventListener('online', () => void queryClient.invalidateQueries());
