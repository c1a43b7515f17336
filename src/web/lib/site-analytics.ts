import { SESSION_IDLE_MINUTES } from '#core/rules/site-analytics.js';
import { CONSENT_EVENT, readConsent } from './consent.js';

/**
 * Relais's own audience measurement (decision 020), no third party, no dependency. Page views and events are queued
 * and sent with navigator.sendBeacon every 5 s, when the page is hidden or left, never in the way of a render.
 * - Without consent (choice refused or not made, or Do Not Track / Global Privacy Control on): the beacon says
 *   so and carries no identifier; the server only counts the page by day and device type.
 * - With consent: a random visitor id (localStorage) and session id (sessionStorage, renewed after 30 minutes
 *   idle) go along, and the referrer on a session's first beacon. Refusing deletes both ids.
 * What was queued under one choice is sent before the other applies, and never with ids it did not have.
 */

const ENDPOINT = '/api/analytics/collect';
const VISITOR_KEY = 'relais-visitor';
const SESSION_KEY = 'relais-session';
const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
const SEND_AFTER_MS = 5_000;
/** The server takes 20 events per beacon. */
const PER_BEACON = 20;
/** Kept at most while the page cannot send (older ones go first). */
const MAX_QUEUED = 100;

interface Item {
  type: string;
  path: string;
  title?: string;
  category?: string;
  label?: string;
  at: string;
}

let queue: Item[] = [];
/** Whether what is queued was measured with consent. */
let queuedWithConsent = false;
/** The session's first beacon carries the referrer. */
let referrer: string | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;
let lastView = '';

const canSend = () => typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function';

/** Do Not Track and Global Privacy Control count as a refusal, whatever the banner says. */
function consented(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return readConsent() === 'accepted' && nav.doNotTrack !== '1' && nav.globalPrivacyControl !== true;
}

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function forgetIds(): void {
  try {
    storage('localStorage')?.removeItem(VISITOR_KEY);
    storage('sessionStorage')?.removeItem(SESSION_KEY);
  } catch {
    // Storage refused: there was nothing kept.
  }
  referrer = undefined;
}

/** The visitor and session ids, created or renewed as needed (only called with consent). */
function ids(touch: boolean): { visitorId: string; sessionId: string } | null {
  try {
    const local = storage('localStorage');
    const session = storage('sessionStorage');
    if (!local || !session) return null;
    let visitorId = local.getItem(VISITOR_KEY);
    if (!visitorId) local.setItem(VISITOR_KEY, (visitorId = randomId()));
    const now = Date.now();
    let current = JSON.parse(session.getItem(SESSION_KEY) ?? 'null') as { id: string; last: number } | null;
    if (!current || typeof current.id !== 'string' || now - current.last > IDLE_MS) {
      current = { id: randomId(), last: now };
      referrer = document.referrer || undefined;
    }
    if (touch) current.last = now;
    session.setItem(SESSION_KEY, JSON.stringify(current));
    return { visitorId, sessionId: current.id };
  } catch {
    return null;
  }
}

/** Sends everything queued now (as many beacons as needed). */
export function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!canSend()) return;
  const consent = queuedWithConsent && consented();
  const sessionIds = consent ? ids(false) : null;
  while (queue.length > 0) {
    const events = queue.splice(0, PER_BEACON);
    const body = sessionIds
      ? { consent: true, ...sessionIds, ...(referrer ? { referrer: referrer.slice(0, 500) } : {}), events }
      : { consent: false, events };
    referrer = undefined;
    try {
      navigator.sendBeacon(ENDPOINT, JSON.stringify(body));
    } catch {
      // Measurement never gets in the way.
    }
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  window.addEventListener(CONSENT_EVENT, () => {
    // What waits goes with the choice it was measured under, then a refusal deletes the ids.
    flush();
    if (!consented()) forgetIds();
  });
}

function enqueue(item: Omit<Item, 'at' | 'path'> & { path?: string }): void {
  if (!canSend()) return;
  listen();
  const consent = consented();
  if (consent !== queuedWithConsent) {
    flush();
    queuedWithConsent = consent;
  }
  if (consent) ids(true);
  else forgetIds();
  queue.push({ path: location.pathname, ...item, at: new Date().toISOString() });
  if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
  if (queue.length >= PER_BEACON) flush();
  else timer ??= setTimeout(flush, SEND_AFTER_MS);
}

/**
 * A page view (called on each route change). The path is the one the route change was for: this module loads
 * apart, so by the time it runs the visitor may already be two pages further.
 */
export function trackPageView(path: string): void {
  if (path === lastView) return;
  lastView = path;
  enqueue({ type: 'page_view', path });
}

/**
 * An event worth counting ('sign_up', …): lowercase words joined by `_`; category and label are short texts
 * written by our code, never what the user typed.
 */
export function trackEvent(type: string, details: { category?: string; label?: string } = {}): void {
  if (typeof document === 'undefined') return;
  enqueue({ type, title: document.title.slice(0, 120), ...details });
  // A registration is sent at once: the page moves on.
  if (type === 'sign_up') flush();
}
