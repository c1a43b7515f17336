import { WifiOff } from 'lucide-react';
import { Button } from '#web/ui/button.js';

export function OfflinePage() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <WifiOff className="mx-auto h-12 w-12 text-accent" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-extrabold">Pas de réseau pour le moment</h1>
      <p className="mt-2 text-ink-muted">
        Relais n’arrive pas à joindre le serveur. Réessayez quand vous aurez du réseau.
      </p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        Réessayer
      </Button>
    </div>
  );
}
