/**
 * Site analytics (decision 020): the pure rules shared by the tracker and the server. First-party only; without
 * consent nothing that identifies anybody is kept (CNIL's audience-measurement exemption), with consent the
 * identifiers are the browser's own random ids, the IP address is truncated and the referrer reduced to its site.
 */

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'other';

/** At most this many page views and events per beacon. */
export const MAX_EVENTS_PER_BEACON = 20;
/** Identifying rows (sessions, visits, events) are deleted after 13 months (CNIL); daily counts are kept. */
export const RETENTION_MONTHS = 13;
/** The tracker starts a new session after this long without a page view or an event. */
export const SESSION_IDLE_MINUTES = 30;
/** A 'sign_up' event counts as a conversion only from an account created this recently (never trust the page). */
export const SIGN_UP_WINDOW_MINUTES = 60;
/** An event's time is the browser's, kept within this window before the server's clock (never later). */
export const EVENT_MAX_AGE_MINUTES = 15;

/** Names of the events the pages send (page views aside): lowercase words joined by `_`. */
export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9_]{1,39}$/;
export const PAGE_VIEW = 'page_view';
export const SIGN_UP = 'sign_up';

/** Robots, crawlers, link previews, monitoring, headless browsers and HTTP libraries: never counted. */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrape|headless|lighthouse|pagespeed|phantomjs|selenium|puppeteer|playwright|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|skype|curl|wget|python|httpclient|http-client|okhttp|axios|node-fetch|undici|got \(|java\/|libwww|perl|ruby|go-http|monitor|pingdom|uptime|statuscake|datadog|newrelic|feedfetcher|mediapartners|apis-google|bingpreview|yandex|baidu|duckduck|qwant|ahrefs|semrush|mj12|petalbot|bytespider|gptbot|claude|anthropic|perplexity|ccbot/i;

/** Whether a user agent is a robot (an empty or missing one too: every browser sends one). */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent || userAgent.trim().length < 10) return true;
  return BOT_PATTERN.test(userAgent);
}

/** The kind of device a user agent describes (tablets before phones: an Android tablet has no "Mobile"). */
export function deviceTypeOf(userAgent: string | null | undefined): DeviceType {
  if (!userAgent) return 'other';
  if (/ipad|tablet|playbook|silk|kindle|(android(?!.*mobile))/i.test(userAgent)) return 'tablet';
  // iPadOS 13+ says "Macintosh"; the tracker cannot tell it from a Mac either, and a Mac it is.
  if (/mobi|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone/i.test(userAgent))
    return 'mobile';
  if (/windows|macintosh|mac os x|x11|linux|cros/i.test(userAgent)) return 'desktop';
  return 'other';
}

function ipv4Groups(value: string): number[] | null {
  const parts = value.split('.');
  if (parts.length !== 4) return null;
  const numbers = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return numbers.every((n) => n >= 0 && n <= 255) ? numbers : null;
}

/** The eight groups of an IPv6 address (with `::` expanded), or null when it is not one. */
function ipv6Groups(value: string): number[] | null {
  if (!/^[0-9a-f:]+$/i.test(value) || value.split('::').length > 2) return null;
  const [head = '', tail = ''] = value.split('::');
  const left = head ? head.split(':') : [];
  const right = value.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (value.includes('::') ? missing < 1 : missing !== 0) return null;
  const groups = [...left, ...Array<string>(value.includes('::') ? missing : 0).fill('0'), ...right];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * An IP address made unidentifying: an IPv4 address with its last byte zeroed (a /24, 256 addresses), an IPv6
 * one cut to its /48 (a whole site's network). IPv4-mapped IPv6 addresses are read as IPv4. Null when unreadable.
 */
export function truncateIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const bare = ip.trim().split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const v4 = ipv4Groups(mapped ?? bare);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0`;
  const v6 = ipv6Groups(bare);
  if (!v6) return null;
  return `${v6
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WORD = /^[a-z][a-z-]{0,39}$/i;
const MAX_SEGMENTS = 4;

/**
 * A page's path as counted: no query string nor fragment (tokens and searches never reach the counts), no
 * trailing slash, lowercase, and every segment that is not a plain word (a UUID, a number, a token, anything
 * encoded) replaced by `:id` — `/mission/6f1c…/payment?x=1` → `/mission/:id/payment`. Deeper than four segments
 * is cut, so a page cannot be made to count under endless names.
 */
export function normalisePath(raw: string): string {
  const path = raw.split(/[?#]/, 1)[0]!.trim();
  let pathname = path;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    const afterHost = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
    pathname = afterHost || '/';
  }
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .slice(0, MAX_SEGMENTS)
    .map((segment) => (UUID.test(segment) || !WORD.test(segment) ? ':id' : segment.toLowerCase()));
  return `/${segments.join('/')}`;
}

/**
 * The site a visitor came from: the host of the referrer, without `www.` nor port, lowercase; null when there is
 * none, it is unreadable, or it is one of ours (a move inside Relais is no referrer).
 */
export function referrerHost(
  referrer: string | null | undefined,
  ownHosts: Iterable<string> = [],
): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host) return null;
  for (const own of ownHosts) if (own.toLowerCase().split(':')[0] === host) return null;
  return host.replace(/^www\./, '').slice(0, 253);
}

/** Whether the request's headers ask not to be tracked: `DNT: 1` or `Sec-GPC: 1`. */
export function refusesTracking(headers: { dnt?: unknown; 'sec-gpc'?: unknown }): boolean {
  const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
  return String(first(headers.dnt)).trim() === '1' || String(first(headers['sec-gpc'])).trim() === '1';
}
