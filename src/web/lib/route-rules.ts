/**
 * Who sees what, where (docs/specification.md §2, §4). A pure function, so every redirect rule is unit-tested.
 */
export interface SessionUser {
  isAdmin: boolean;
}

type Layout = 'public' | 'sidebar' | 'admin';
export type RouteDecision = { redirect: string } | { layout: Layout; notFound?: true };

/** Route patterns in the router's syntax (`:id` is one path segment); the router registers these same lists. */
/** Reachable without an account. */
const PUBLIC_ONLY_PATHS = [
  '/',
  '/explorer',
  '/profile/:id',
  '/verify-email',
  '/installer-pwa',
  // Links from e-mails: they work signed in or not, on any device.
  '/reinitialiser-mot-de-passe',
  '/confirmer-email',
  '/desabonnement',
];
/** The forms that make no sense once signed in. */
const SIGN_IN_PATHS = ['/login', '/register', '/mot-de-passe-oublie'];
/**
 * Public pages that signed-in users also reach, inside their own layout. /demo/login too: a shared link opens
 * another demo for someone in one, and tells a real account why it cannot (rather than a silent redirect).
 */
const SHARED_PATHS = [
  '/pricing',
  '/privacy',
  '/cgu-cgv',
  '/mentions-legales',
  '/offline',
  '/demo',
  '/demo/login',
];
/**
 * User-area pages a visitor may open from a shared link: they see a public preview (a mission without its
 * addresses or contact) in the public layout, and sign in to do more.
 */
const VISITOR_PREVIEW_PATHS = ['/mission/:id'];
/** The user area: signed in, not admin. */
const USER_AREA_PATHS = [
  '/dashboard',
  '/analytics',
  '/driver-map',
  '/delivery-tracking',
  '/missions',
  '/recurring-missions',
  '/mission/:id',
  '/mission/:id/tracking',
  '/mission/:id/payment',
  '/mission/:id/review',
  '/mission-history',
  '/wallet',
  '/facturation',
  '/messages',
  '/alerts',
  '/documents',
  '/availability',
  '/profile',
  '/parametres',
  '/report-bug',
  '/documentation',
  '/transporter-documentation',
  '/driver/subscription',
];

const toRegExp = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`);
const PUBLIC_ONLY = PUBLIC_ONLY_PATHS.map(toRegExp);
const SIGN_IN_PAGES = SIGN_IN_PATHS.map(toRegExp);
const SHARED = SHARED_PATHS.map(toRegExp);
const USER_AREA = USER_AREA_PATHS.map(toRegExp);
const VISITOR_PREVIEW = VISITOR_PREVIEW_PATHS.map(toRegExp);

const matches = (patterns: RegExp[], path: string) => patterns.some((pattern) => pattern.test(path));

export function homeFor(user: SessionUser): string {
  return user.isAdmin ? '/admin' : '/dashboard';
}

export function decideRoute(rawPath: string, user: SessionUser | null): RouteDecision {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const isAdminPath = path === '/admin' || path.startsWith('/admin/');

  if (!user) {
    // The first set-up, and an invitation's link (both also where an administrator enrols the second factor).
    if (path === '/admin/setup' || path === '/admin/invitation') return { layout: 'public' };
    if (
      matches(PUBLIC_ONLY, path) ||
      matches(SIGN_IN_PAGES, path) ||
      matches(SHARED, path) ||
      matches(VISITOR_PREVIEW, path)
    )
      return { layout: 'public' };
    // Authenticated, admin and unknown paths alike send a visitor home.
    return { redirect: '/' };
  }

  if (matches(SIGN_IN_PAGES, path)) return { redirect: homeFor(user) };

  if (user.isAdmin) {
    if (isAdminPath) return { layout: 'admin' };
    if (matches(USER_AREA, path)) return { redirect: '/admin' };
    if (matches(PUBLIC_ONLY, path)) return { layout: 'public' };
    if (matches(SHARED, path)) return { layout: 'admin' };
    return { layout: 'admin', notFound: true };
  }

  if (isAdminPath) return { redirect: '/dashboard' };
  if (matches(USER_AREA, path) || matches(SHARED, path)) return { layout: 'sidebar' };
  if (matches(PUBLIC_ONLY, path)) return { layout: 'public' };
  return { layout: 'sidebar', notFound: true };
}

/** Whether a visitor sent home from `path` should come back to it after signing in (a page of the user area). */
export function isReturnWorthy(rawPath: string): boolean {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  return matches(USER_AREA, path);
}

/**
 * Where to go after signing in, when a page was asked for first: only a page of this site that a member opens
 * (never another site, a sign-in form or an unknown path); null otherwise.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://relais.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://relais.invalid') return null;
  const decision = decideRoute(url.pathname, { isAdmin: false });
  if (
    !('layout' in decision) ||
    decision.notFound ||
    matches(SIGN_IN_PAGES, url.pathname) ||
    // A sign-in does not land on a demo door: it would open a demo.
    /^\/demo(\/login)?\/*$/.test(url.pathname)
  )
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
