import { ChevronDown, Navigation } from 'lucide-react';
import { useState } from 'react';
import { navigationAppPreference, useDevicePreference } from '#web/lib/device-preferences.js';
import { Button, buttonClasses } from '#web/ui/button.js';
import { AppChooser } from './app-chooser.js';
import {
  appsFor,
  directionsUrl,
  NAVIGATION_APP_LABELS,
  NAVIGATION_APP_SHORT_LABELS,
  opensInNewTab,
  type Destination,
} from './directions.js';

const userAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

/**
 * « Y aller » under an address the driver goes to (decision 047): one tap opens the navigation app chosen on this
 * phone with the route to the point; the first tap asks which app. Beside it, the app's name changes it.
 * `place` names the stop for screen readers, where two « Y aller » sit on one page.
 */
export function GoThere({ destination, place }: { destination: Destination; place: string }) {
  const remembered = useDevicePreference(navigationAppPreference);
  const [choosing, setChoosing] = useState<'go' | 'change' | null>(null);
  const apps = appsFor(userAgent());
  // An app remembered that this device does not offer (a copied profile, a changed user agent) is no choice.
  const app = remembered && apps.includes(remembered) ? remembered : null;
  const url = app ? directionsUrl(app, destination) : null;
  // Neither a point nor an address: nowhere to send the driver.
  if (directionsUrl('waze', destination) === null) return null;
  const icon = <Navigation className="h-5 w-5 shrink-0" aria-hidden="true" />;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {app && url ? (
        <>
          <a
            href={url}
            className={buttonClasses('primary')}
            aria-label={`Y aller, ${place}, avec ${NAVIGATION_APP_LABELS[app]}`}
            {...(opensInNewTab(app) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {icon} Y aller
          </a>
          {/* The app in use, and the way to change it: one control, read as such. */}
          <Button
            variant="secondary"
            className="gap-1 px-3 text-sm"
            // The name holds the words shown (spoken commands use them).
            aria-label={`Changer d’application de navigation (${NAVIGATION_APP_SHORT_LABELS[app]})`}
            aria-haspopup="dialog"
            onClick={() => setChoosing('change')}
          >
            {NAVIGATION_APP_SHORT_LABELS[app]}
            <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
          </Button>
        </>
      ) : (
        <Button aria-label={`Y aller, ${place}`} aria-haspopup="dialog" onClick={() => setChoosing('go')}>
          {icon} Y aller
        </Button>
      )}
      <AppChooser
        open={choosing !== null}
        onOpenChange={(open) => !open && setChoosing(null)}
        apps={apps}
        current={app}
        {...(choosing === 'go' ? { destination } : {})}
      />
    </div>
  );
}
