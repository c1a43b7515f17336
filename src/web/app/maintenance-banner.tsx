import { Wrench } from 'lucide-react';
import { useMaintenanceMessage } from '#web/lib/site-settings.js';

/** The back office's maintenance message, above every page while one is set (« Paramètres du site »). */
export function MaintenanceBanner() {
  const message = useMaintenanceMessage();
  if (!message) return null;
  return (
    <div role="status" className="border-b border-accent bg-brand-500/15 text-ink" data-testid="maintenance">
      <p className="user-text mx-auto flex max-w-6xl items-start gap-2 px-4 py-2.5 text-sm whitespace-pre-line">
        <Wrench className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>{message}</span>
      </p>
    </div>
  );
}
