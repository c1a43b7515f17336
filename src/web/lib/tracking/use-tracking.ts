import { useEffect, useSyncExternalStore } from 'react';
import {
  disposeTracking,
  initTracking,
  subscribeTracking,
  trackingStatus,
  type TrackingStatus,
} from './controller.js';

export {
  missionStatusSeen,
  pauseTracking,
  resumeTracking,
  startTracking,
  type TrackingStatus,
} from './controller.js';

/** The sharing state, live: on, paused, points waiting, last sent, permission refused. */
export function useTrackingStatus(): TrackingStatus {
  return useSyncExternalStore(subscribeTracking, trackingStatus, trackingStatus);
}

/** The app-wide controller, for a signed-in driver (mounted once by the sidebar layout). */
export function useTrackingController(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    void initTracking(userId);
    return () => disposeTracking();
  }, [userId]);
}

/**
 * Asks the browser for the position once (its permission prompt). Resolves 'granted', 'denied', or 'unavailable'
 * (no fix now, a tunnel: the permission is given, the watch will get fixes later), or 'unsupported'.
 */
export function askPosition(): Promise<'granted' | 'denied' | 'unavailable' | 'unsupported'> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve('unsupported');
    navigator.geolocation.getCurrentPosition(
      () => resolve('granted'),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}
