import { safeReturnPath } from './route-rules.js';

const KEY = 'relais-retour';

/** A page asked for before signing in (a shared link, an e-mail's link): kept for this tab until signing in. */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) window.sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage refused: the user lands on the dashboard, as without a remembered page.
  }
}

/** The remembered page, if any, without forgetting it. */
export function pendingReturnPath(): string | null {
  try {
    return safeReturnPath(window.sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** The remembered page, forgotten as it is taken (it is used once, right after signing in). */
export function takeReturnPath(): string | null {
  const path = pendingReturnPath();
  forgetReturnPath();
  return path;
}

export function forgetReturnPath(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

const AWAITING_KEY = 'relais-attente-confirmation';
/** A confirmation link works for 24 hours (server: VERIFICATION_TTL_MS): the page is remembered as long. */
const AWAITING_TTL_MS = 24 * 3600_000;

/**
 * A page that waits for the address to be confirmed (a mission to apply to, a message to send): the mail's link
 * opens in another tab, where the confirmation page offers to go back there. Kept in localStorage, per browser.
 */
export function rememberPageAwaitingConfirmation(path: string): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) window.localStorage.setItem(AWAITING_KEY, JSON.stringify({ path: safe, at: Date.now() }));
  } catch {
    // Storage refused: the confirmation page offers the dashboard, as before.
  }
}

/** The page waiting for the confirmation, if recent (left in place: forget it once used). */
export function pageAwaitingConfirmation(): string | null {
  try {
    const raw = window.localStorage.getItem(AWAITING_KEY);
    const saved = raw ? (JSON.parse(raw) as { path?: unknown; at?: unknown }) : null;
    if (!saved || typeof saved.path !== 'string' || typeof saved.at !== 'number') return null;
    return Date.now() - saved.at < AWAITING_TTL_MS ? safeReturnPath(saved.path) : null;
  } catch {
    return null;
  }
}

export function forgetPageAwaitingConfirmation(): void {
  try {
    window.localStorage.removeItem(AWAITING_KEY);
  } catch {
    // Nothing was kept.
  }
}
