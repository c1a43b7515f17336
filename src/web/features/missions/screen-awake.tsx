import { Sun } from 'lucide-react';
import { Link } from 'wouter';
import { screenAwakePreference, useDevicePreference } from '#web/lib/device-preferences.js';
import { useHydrated } from '#web/lib/hydrated.js';
import { useTrackingStatus } from '#web/lib/tracking/use-tracking.js';
import { useScreenAwakeState, wakeLockApi } from '#web/lib/tracking/use-wake-lock.js';
import { Checkbox } from '#web/ui/field.js';

/** What a web app cannot do, said where the driver decides (French spacing: no line starts with « : »). */
const LIMITS =
  'Relais est une application web\u00a0: elle ne reçoit votre position que lorsque sa page est à l’écran. Sur la plupart des téléphones, les positions s’arrêtent quand l’écran s’éteint ou quand une autre application passe devant (le GPS ouvert par «\u00a0Y\u00a0aller\u00a0» compris)\u00a0; elles reprennent quand vous revenez sur Relais. Pour un suivi sans trou\u00a0: le téléphone sur un support, l’écran allumé sur Relais, et branché sur le chargeur.';

/**
 * Beside the driver's sharing, on a phone whose browser can keep the screen on (decision 047): the switch,
 * remembered on this phone, what it does now, and plainly what a web app cannot do with the screen off. Where the
 * browser cannot, nothing is shown: a switch that does nothing would be a lie (the help says the rest).
 */
export function ScreenAwakeSetting({ missionId }: { missionId: string }) {
  const hydrated = useHydrated();
  const wanted = useDevicePreference(screenAwakePreference);
  const held = useScreenAwakeState();
  const status = useTrackingStatus();
  if (!hydrated || !wakeLockApi()) return null;
  const sharing = status.missionId === missionId && status.on;
  const now = !wanted
    ? 'L’écran s’éteint comme d’habitude, et vos positions s’arrêtent avec lui.'
    : status.missionId === missionId && status.paused
      ? 'Partage en pause\u00a0: l’écran s’éteint comme d’habitude.'
      : !sharing
        ? 'L’écran restera allumé dès que votre position sera partagée.'
        : held === 'refused'
          ? 'Le téléphone refuse de garder l’écran allumé (économie d’énergie\u00a0?)\u00a0: réglez vous-même sa mise en veille.'
          : 'L’écran reste allumé tant que Relais est affiché.';
  return (
    <div className="rounded-xl bg-surface-sunken p-4" data-testid="screen-awake">
      <Checkbox
        role="switch"
        className="min-h-11 font-semibold"
        checked={wanted}
        onChange={(event) => screenAwakePreference.write(event.target.checked)}
        aria-describedby="screen-awake-now"
        label={
          <span className="flex items-center gap-1.5">
            <Sun className="h-4 w-4 shrink-0" aria-hidden="true" />
            Garder l’écran allumé pendant le suivi
          </span>
        }
      />
      <p id="screen-awake-now" className="mt-1 text-sm" aria-live="polite">
        {now}
      </p>
      <p className="mt-2 text-sm text-ink-muted">
        {LIMITS}{' '}
        <Link href="/documentation#ecran-allume" className="font-semibold text-accent underline">
          En savoir plus
        </Link>
      </p>
    </div>
  );
}
