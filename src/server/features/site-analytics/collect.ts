import type { FastifyRequest } from 'fastify';
import { roleOf } from '#core/rules/roles.js';
import {
  EVENT_MAX_AGE_MINUTES,
  PAGE_VIEW,
  SIGN_UP,
  SIGN_UP_WINDOW_MINUTES,
  deviceTypeOf,
  isBot,
  normalisePath,
  referrerHost,
  refusesTracking,
  truncateIp,
} from '#core/rules/site-analytics.js';
import type { Beacon } from '#core/schemas/site-analytics.js';
import type { RateRule } from '../../platform/rate-limit.js';
import { addressKey } from '../../platform/rate-limit.js';
import type { Contribution } from './buffer.js';
import type { EventRow, SessionRow, VisitRow } from './ingest.js';
import { parisDate } from '#core/rules/days.js';

/**
 * A text as stored: control characters (line breaks, NUL…) become spaces, and the text is cut at `max` without
 * leaving half of a character — PostgreSQL's jsonb refuses a lone UTF-16 surrogate, and one such row used to make
 * the whole flush (every visitor's rows) fail. Lone surrogates sent as such become U+FFFD.
 */
function clampText(value: string | undefined, max: number): string | null {
  // eslint-disable-next-line no-control-regex
  let text = value?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (!text) return null;
  text = text.slice(0, max).replace(/[\ud800-\udbff]$/, '');
  text = text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return text.trim() || null;
}

/**
 * What a beacon may leave behind, decided here once:
 * - a robot: nothing;
 * - without consent (or with `DNT: 1` / `Sec-GPC: 1`, or without the browser's two ids): each page view adds one
 *   to its (Paris day, page, device type) count, and that is all — no id, no IP, no user, no referrer, no event;
 * - with consent: the same count, plus the session (truncated IP, referrer's site, device, landing page, times,
 *   page views), one visit per page view, the events, and a conversion for a fresh account's 'sign_up'.
 * Times are the browser's, kept within the last 15 minutes of the server's clock.
 */
export function contributionOf(
  request: Pick<FastifyRequest, 'headers' | 'ip' | 'user'>,
  beacon: Beacon,
  ownHosts: ReadonlySet<string>,
  now = new Date(),
): Contribution {
  const none: Contribution = {
    audience: [],
    session: null,
    visits: [],
    events: [],
    conversions: [],
    size: 0,
  };
  const userAgent = request.headers['user-agent'];
  if (isBot(userAgent)) return none;
  const deviceType = deviceTypeOf(userAgent);
  const consent =
    beacon.consent &&
    !refusesTracking({ dnt: request.headers.dnt, 'sec-gpc': request.headers['sec-gpc'] }) &&
    Boolean(beacon.visitorId && beacon.sessionId);
  const earliest = now.getTime() - EVENT_MAX_AGE_MINUTES * 60_000;
  const items = beacon.events.map((event) => {
    const at = new Date(Math.min(now.getTime(), Math.max(earliest, Date.parse(event.at) || now.getTime())));
    return { event, at, page: normalisePath(event.path) };
  });
  const pageViews = items.filter((item) => item.event.type === PAGE_VIEW);
  const audience = pageViews.map(({ at, page }) => ({ day: parisDate(at), page, deviceType }));
  if (!consent) return { ...none, audience, size: audience.length };

  const visitorId = beacon.visitorId!;
  const sessionId = beacon.sessionId!;
  const user = request.user ?? null;
  const userId = user?.id ?? null;
  const times = items.map((item) => item.at.getTime());
  const session: SessionRow = {
    sessionId,
    userId,
    userAgent: userAgent?.slice(0, 300) ?? null,
    ipAddress: truncateIp(request.ip),
    referrer: referrerHost(beacon.referrer, ownHosts),
    landingPage: (pageViews[0] ?? items[0])?.page ?? null,
    deviceType,
    startedAt: new Date(Math.min(...times)),
    endedAt: new Date(Math.max(...times)),
    pageViews: pageViews.length,
  };
  const userType = user ? roleOf(user) : 'visitor';
  const visits: VisitRow[] = pageViews.map(({ at, page }) => ({
    visitorId,
    sessionId,
    page,
    userType,
    userId,
    at,
  }));
  const others = items.filter((item) => item.event.type !== PAGE_VIEW);
  const events: EventRow[] = others.map(({ event, at, page }) => ({
    sessionId,
    userId,
    eventType: event.type,
    eventCategory: clampText(event.category, 40),
    eventLabel: clampText(event.label, 100),
    pagePath: page,
    pageTitle: clampText(event.title, 120),
    at,
  }));
  // Never trust the page: only an account created within the hour converts its browser's visits.
  const fresh = user && now.getTime() - user.createdAt.getTime() <= SIGN_UP_WINDOW_MINUTES * 60_000;
  const conversions =
    fresh && others.some((item) => item.event.type === SIGN_UP) ? [{ visitorId, userId: user.id }] : [];
  return { audience, session, visits, events, conversions, size: items.length };
}

/**
 * Beacons per address (IPv6 by its /64), counted in this instance's memory: a database round trip per beacon
 * would cost what batching saves. Fixed windows; the whole table is dropped at each window's end, and it never
 * holds more than `maxKeys` addresses (beyond, new addresses pass uncounted; the buffer's own bound still holds).
 */
export class BeaconLimiter {
  private counts = new Map<string, number>();
  private windowEnds = 0;

  constructor(
    private readonly rule: RateRule,
    private readonly maxKeys = 20_000,
  ) {}

  /** Whether this address may send one more beacon now. */
  allow(ip: string, now = Date.now()): boolean {
    if (now >= this.windowEnds) {
      this.counts.clear();
      this.windowEnds = now + this.rule.windowSeconds * 1000;
    }
    const key = addressKey(ip);
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxKeys) return true;
    this.counts.set(key, count);
    return count <= this.rule.limit;
  }

  /** Seconds until the current window ends. */
  retryAfter(now = Date.now()): number {
    return Math.max(1, Math.ceil((this.windowEnds - now) / 1000));
  }
}
