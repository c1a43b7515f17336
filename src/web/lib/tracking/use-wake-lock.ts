import { useEffect, useSyncExternalStore } from 'react';
import { screenAwakePreference, useDevicePreference } from '../device-preferences.js';
import { useTrackingStatus } from './use-tracking.js';

/**
 * Keeping the screen on while the mission is tracked (decision 047). A web app's positions come only while its
 * page is shown: on most phones they stop when the screen goes off or another app is in front. The Screen Wake
 * Lock API stops the screen from going off by itself; it cannot keep positions coming once the page is hidden,
 * and the browser drops the lock whenever the page is hidden (it is asked again when the page is shown).
 */

/** What the mission page says: the screen is held on, not (yet), or the phone said no (battery saver). */
export type ScreenAwakeState = 'held' | 'idle' | 'refused';

let state: ScreenAwakeState = 'idle';
const listeners = new Set<() => void>();

function setState(next: ScreenAwakeState) {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The API, or undefined where the browser has none (iOS before 16.4, an insecure page): then nothing is done. */
export function wakeLockApi(): WakeLock | undefined {
  return typeof navigator !== 'undefined' && 'wakeLock' in navigator ? navigator.wakeLock : undefined;
}

export function useScreenAwakeState(): ScreenAwakeState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => 'idle',
  );
}

/**
 * Mounted once (sidebar layout): while positions are being shared (not paused, not refused), the driver has not
 * turned it off on this phone, and the page is visible, the screen is held on; asked again each time the page
 * becomes visible; let go when sharing stops, on the driver's switch, or when the layout goes away.
 */
export function useScreenWakeLock(): void {
  const { on } = useTrackingStatus();
  const wanted = useDevicePreference(screenAwakePreference);
  const active = on && wanted;

  useEffect(() => {
    const api = wakeLockApi();
    if (!active || !api) return;
    let sentinel: WakeLockSentinel | null = null;
    let asking = false;
    let stopped = false;
    // The browser lets go by itself when the page is hidden: asked again at the next `visibilitychange`.
    const onRelease = () => {
      sentinel = null;
      if (!stopped) setState('idle');
    };
    const acquire = async () => {
      if (stopped || asking || sentinel || document.visibilityState !== 'visible') return;
      asking = true;
      try {
        const lock = await api.request('screen');
        if (stopped) {
          await lock.release();
          return;
        }
        sentinel = lock;
        lock.addEventListener('release', onRelease, { once: true });
        setState('held');
      } catch {
        // Refused (battery saver, the page hidden meanwhile): said on the page, tried again when shown.
        if (!stopped) setState('refused');
      } finally {
        asking = false;
      }
    };
    const onVisibility = () => void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    void acquire();
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      const held = sentinel;
      sentinel = null;
      if (held && !held.released) void held.release().catch(() => undefined);
      setState('idle');
    };
  }, [active]);
}
