import { useSyncExternalStore } from 'react';

/**
 * What the screens say about the network (decision 055): offline as soon as the browser says so or a request fails
 * for want of network, online again when the browser says so or a request gets an answer; and which reads are
 * shown from the offline copy, with the time each was saved.
 */
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
const fromCopy = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const listener of listeners) listener();
}

function setOnline(value: boolean) {
  if (online === value) return;
  online = value;
  changed();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setOnline(true));
  window.addEventListener('offline', () => setOnline(false));
}

/** A request failed for want of network. */
export const reportNoNetwork = () => setOnline(false);

/**
 * A request was answered: the network is there (unless the browser says it dropped since: an answer that was on
 * its way), and the read is fresh again.
 */
export function reportAnswered(path?: string) {
  if (typeof navigator === 'undefined' || navigator.onLine) setOnline(true);
  if (path !== undefined && fromCopy.delete(path)) changed();
}

/** A read was answered from the offline copy saved at `savedAt`. */
export function reportFromCopy(path: string, savedAt: number) {
  if (fromCopy.get(path) === savedAt) return;
  fromCopy.set(path, savedAt);
  changed();
}

export const isOnline = () => online;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whether the app has the network, as far as it knows. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** When the copy shown for `path` was saved (ms), or null when what is shown came from the server. */
export function useSavedAt(path: string): number | null {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return fromCopy.get(path) ?? null;
}
