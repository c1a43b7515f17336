/** Browser storage keys of docs/specification.md §3; every access survives a browser that refuses storage. */
export const STORAGE_KEYS = {
  isDemo: 'isDemo',
  theme: 'theme',
  cookieConsent: 'cookie-consent',
  pwaInstallDismissed: 'pwa-install-dismissed',
  verifyBannerDismissed: 'verify-banner-dismissed',
  notificationsOfferDismissed: 'notifications-offer-dismissed',
  /** The driver's navigation app for « Y aller » (decision 047). */
  navigationApp: 'navigation-app',
  /** 'off' when the driver turned off keeping the screen on while tracked (decision 047). */
  screenAwake: 'screen-awake',
  /** The account whose offline copy this device holds (decision 055). */
  offlineAccount: 'offline-account',
  /** When the driver's missions were last read ahead for offline use (decision 055). */
  offlineKeptAt: 'offline-kept-at',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private browsing or storage disabled: the choice lasts for this page only.
  }
}

export function isDemoFlagSet(): boolean {
  return readStorage(STORAGE_KEYS.isDemo) === 'true';
}

export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}
