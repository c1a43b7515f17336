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
