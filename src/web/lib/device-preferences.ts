import { useSyncExternalStore } from 'react';
import { NAVIGATION_APPS, type NavigationApp } from './navigation/directions.js';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.js';

/**
 * Choices that belong to a phone rather than to an account (decision 047): the navigation app installed on this
 * phone, whether this phone keeps its screen on. Kept in localStorage, read live by every component that shows
 * them (the two « Y aller » of a mission change together) and followed across the app's tabs (`storage` event).
 */
interface DevicePreference<T> {
  read: () => T;
  write: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** Before hydration (the prerendered HTML), when no storage is read. */
  initial: T;
}

function devicePreference<T extends string | boolean | null>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string | null,
): DevicePreference<T> {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  // What was chosen when the browser refused to store it (private browsing): it lasts for the page.
  let unsaved: { raw: string | null } | null = null;
  return {
    // Parsed on every read: the values are plain, so React sees the same snapshot until it changes.
    read: () => parse(unsaved ? unsaved.raw : readStorage(key)),
    write: (value) => {
      const raw = serialize(value);
      writeStorage(key, raw);
      unsaved = readStorage(key) === raw ? null : { raw };
      notify();
    },
    subscribe: (listener) => {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    initial: parse(null),
  };
}

/** The app « Y aller » opens, or null until the driver has chosen one on this phone. */
export const navigationAppPreference = devicePreference<NavigationApp | null>(
  STORAGE_KEYS.navigationApp,
  (raw) => NAVIGATION_APPS.find((app) => app === raw) ?? null,
  (app) => app,
);

/** Whether the screen stays on while the mission is tracked: on unless the driver turned it off here. */
export const screenAwakePreference = devicePreference<boolean>(
  STORAGE_KEYS.screenAwake,
  (raw) => raw !== 'off',
  // Only the exception is stored: a phone that never chose has nothing written.
  (on) => (on ? null : 'off'),
);

export function useDevicePreference<T>(preference: DevicePreference<T>): T {
  return useSyncExternalStore(preference.subscribe, preference.read, () => preference.initial);
}
