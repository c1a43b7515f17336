import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useKeepMissionsOffline } from '#web/features/missions/offline-keeper.js';
import type { SessionUser } from '#web/lib/session.js';
import { useOnline } from '#web/lib/offline/network.js';
import { flushOutbox, loadOutbox, onOutboxNews, useQueuedActions } from '#web/lib/offline/outbox.js';
import { Button } from '#web/ui/button.js';
import { useToast } from '#web/ui/toast.js';

const RETRY_EVERY_MS = 15_000;

const actions = (n: number) =>
  n === 1 ? '1 action faite hors connexion' : `${n} actions faites hors connexion`;

/**
 * Sends what was queued without network (at the start, when the network comes back, every 15 s while something
 * waits) and says what became of it; the screens read everything shown again once it has arrived.
 */
function useOutboxRunner(waiting: boolean) {
  const toast = useToast();
  const queryClient = useQueryClient();
  useEffect(() => {
    void loadOutbox().then(() => flushOutbox());
    const flush = () => void flushOutbox();
    window.addEventListener('online', flush);
    const stop = onOutboxNews((news) => {
      toast(
        'sent' in news
          ? {
              title: news.sent === 1 ? 'Action envoyée' : `${news.sent} actions envoyées`,
              description: 'Ce que vous aviez fait hors connexion est arrivé.',
              variant: 'success',
            }
          : { title: `Non envoyé : ${news.failed}`, description: news.reason, variant: 'destructive' },
      );
      void queryClient.invalidateQueries();
    });
    return () => {
      window.removeEventListener('online', flush);
      stop();
    };
  }, [toast, queryClient]);
  // Tried again while something waits only: the network may come back without the browser saying so.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void flushOutbox(), RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
}

/**
 * Above every page of a signed-in member (decision 055): « Hors connexion » as soon as the network drops, with what
 * stays readable and what waits to be sent; back online, what is still being sent.
 */
export function OfflineBanner({ user }: { user: SessionUser }) {
  const online = useOnline();
  const waiting = useQueuedActions().length;
  useOutboxRunner(waiting > 0);
  useKeepMissionsOffline(user);
  if (online && waiting === 0) return null;
  return (
    <div
      role="status"
      className="border-b border-line bg-surface-sunken text-ink"
      data-testid="offline-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 text-sm">
        <CloudOff className="h-4 w-4 shrink-0" aria-hidden="true" />
        {online ? (
          <p className="min-w-0 flex-1 basis-56">Envoi en cours : {actions(waiting)}.</p>
        ) : (
          <p className="min-w-0 flex-1">
            <strong>Hors connexion.</strong> Les fiches et conversations enregistrées sur ce téléphone restent
            lisibles ;{' '}
            {waiting > 0
              ? `${actions(waiting)} ${waiting === 1 ? 'partira' : 'partiront'} au retour du réseau.`
              : 'ce que vous envoyez partira au retour du réseau.'}
          </p>
        )}
        {online && waiting > 0 && (
          <Button size="sm" variant="secondary" onClick={() => void flushOutbox()}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> Réessayer
          </Button>
        )}
      </div>
    </div>
  );
}
