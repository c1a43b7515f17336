import { browserInfoText, samePagePath } from '#core/rules/bug-reports.js';

/** The same-site path of a URL (path and query), or null when it is another site's or this page. */
function pathOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin) return null;
    if (parsed.pathname === '/report-bug') return null;
    return samePagePath(parsed.pathname + parsed.search);
  } catch {
    return null;
  }
}

interface NavigationEntry {
  url: string | null;
  index: number;
}
interface NavigationLike {
  currentEntry: NavigationEntry | null;
  entries(): NavigationEntry[];
}

/**
 * The page the member came from, to prefill "Page concernée": a `?page=` given by a link, else the previous page of
 * this tab's history (the app navigates without reloading, so the referrer alone misses it), else the referrer.
 */
export function pageCameFrom(): string {
  const given = new URLSearchParams(window.location.search).get('page');
  if (given && samePagePath(given)) return given;
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  const current = navigation?.currentEntry;
  if (navigation && current && current.index > 0) {
    const previous = pathOf(navigation.entries()[current.index - 1]?.url);
    if (previous) return previous;
  }
  return pathOf(document.referrer) ?? '';
}

/** What the device says of itself, sent with the report (and shown before sending). */
export function currentBrowserInfo(): string {
  return browserInfoText({
    userAgent: navigator.userAgent,
    screen: `${window.screen.width}×${window.screen.height}`,
    viewport: `${window.innerWidth}×${window.innerHeight}`,
    language: navigator.language,
  });
}
