import { STORAGE_KEYS, readStorage, writeStorage } from './storage.js';

/** Fired on window when the cookie choice changes (made, or reset from /privacy to choose again). */
export const CONSENT_EVENT = 'relais:cookie-consent';

export type ConsentChoice = 'accepted' | 'rejected';

/** The visitor's choice in the cookie banner, or null when not made (or reset). */
export function readConsent(): ConsentChoice | null {
  const value = readStorage(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

/** Records the choice (null: forgets it, so the banner asks again) and tells who listens. */
export function setConsent(choice: ConsentChoice | null): void {
  writeStorage(STORAGE_KEYS.cookieConsent, choice);
  // The prerendered pages hide the banner by this class until the app reads the choice (core/theme-init.ts).
  document.documentElement.classList.toggle('consent-set', choice !== null);
  window.dispatchEvent(new Event(CONSENT_EVENT));
}
