import { Check } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { navigationAppPreference } from '#web/lib/device-preferences.js';
import { Button } from '#web/ui/button.js';
import { cn } from '#web/ui/cn.js';
import { DialogFrame } from '#web/ui/dialog.js';
import {
  directionsUrl,
  NAVIGATION_APP_LABELS,
  opensInNewTab,
  type Destination,
  type NavigationApp,
} from './directions.js';

// No border colour here: cn() only joins names, so the chosen app's accent border must not meet another one.
const OPTION =
  'flex min-h-12 w-full items-center justify-between gap-3 rounded-lg border bg-surface-raised px-4 py-2 text-left font-semibold text-ink hover:bg-surface-sunken';

/** What a phone's own app is, said once: the system asks which installed app opens the address. */
const HINTS: Partial<Record<NavigationApp, string>> = {
  geo: 'Le téléphone propose les applications installées (Google Maps, Waze, Magic Earth…).',
};

function OptionText({ app }: { app: NavigationApp }) {
  return (
    <span className="min-w-0">
      <span className="block">{NAVIGATION_APP_LABELS[app]}</span>
      {HINTS[app] && <span className="block text-sm font-normal text-ink-muted">{HINTS[app]}</span>}
    </span>
  );
}

/**
 * Which app « Y aller » opens on this phone. Asked at the first « Y aller » (`destination` given): each app is then
 * the link itself, so one tap chooses and leaves — the phone opens the app from a real link, which a script
 * opening a window later may not get to do. From the app's name beside it (no `destination`): a choice only.
 */
export function AppChooser({
  open,
  onOpenChange,
  apps,
  current,
  destination,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apps: readonly NavigationApp[];
  current: NavigationApp | null;
  destination?: Destination;
}) {
  const choose = (app: NavigationApp) => {
    navigationAppPreference.write(app);
    onOpenChange(false);
  };
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={destination ? 'Avec quelle application y aller\u00a0?' : 'Application de navigation'}
      description={
        destination ? (
          <p>
            Relais retient votre choix sur ce téléphone. Pour en changer, touchez le nom de l’application à
            côté de {'«\u00a0Y\u00a0aller\u00a0»'}.
          </p>
        ) : (
          <p>{'L’application choisie s’ouvre à chaque «\u00a0Y\u00a0aller\u00a0», sur ce téléphone.'}</p>
        )
      }
    >
      <ul className="mt-4 space-y-2">
        {apps.map((app) => {
          const url = destination ? directionsUrl(app, destination) : null;
          return (
            <li key={app}>
              {url ? (
                <a
                  href={url}
                  className={cn(OPTION, 'border-line')}
                  {...(opensInNewTab(app) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  onClick={() => choose(app)}
                >
                  <OptionText app={app} />
                </a>
              ) : (
                <button
                  type="button"
                  className={cn(OPTION, app === current ? 'border-accent' : 'border-line')}
                  aria-pressed={app === current}
                  onClick={() => choose(app)}
                >
                  <OptionText app={app} />
                  {app === current && <Check className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary">Annuler</Button>
        </Dialog.Close>
      </div>
    </DialogFrame>
  );
}
