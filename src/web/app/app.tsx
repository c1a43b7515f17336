import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { ThemeProvider } from '#web/ui/theme.js';
import { ToastProvider } from '#web/ui/toast.js';
import { GlobalUi } from './global-ui.js';
import { AppRouter } from './router.js';

/** The whole app, shared by the browser entry and the build-time prerender. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <ToastProvider>
            <AppRouter />
            <GlobalUi />
          </ToastProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
