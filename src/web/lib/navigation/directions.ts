/**
 * « Y aller »: the link that hands a mission's address to the driver's navigation app (decision 047). Pure: no
 * browser, no storage, so every URL is checked by a unit test.
 *
 * Coordinates go first: the point the publisher placed is where the truck must go, whereas an address typed in a
 * form ("Quai 4, ZI Nord") may be read differently by each app, or not found at all. The text is the fallback
 * when a mission has no point.
 */

export const NAVIGATION_APPS = ['waze', 'google', 'apple', 'geo'] as const;
export type NavigationApp = (typeof NAVIGATION_APPS)[number];

/** The names the driver reads (French; « Plans » is what Apple calls its maps in France). */
export const NAVIGATION_APP_LABELS: Record<NavigationApp, string> = {
  waze: 'Waze',
  google: 'Google Maps',
  apple: 'Plans (Apple)',
  geo: 'Application de navigation du téléphone',
};

/** The same, short enough for the « Y aller » button on a 360 px screen. */
export const NAVIGATION_APP_SHORT_LABELS: Record<NavigationApp, string> = {
  waze: 'Waze',
  google: 'Google Maps',
  apple: 'Plans',
  geo: 'GPS du téléphone',
};

/** Where a « Y aller » leads: a point when the mission has one, and the words the driver sees for it. */
export interface Destination {
  latitude: number | null;
  longitude: number | null;
  /** The address as written (or the town): the pin's name, and the search when there is no point. */
  label: string;
}

/**
 * Apple's systems (iPhone, iPad — which may announce itself as a Mac — and macOS): Plans is offered there only,
 * and the `geo:` handler is not, since Safari opens nothing for that scheme.
 */
export function isApplePlatform(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Macintosh|Mac OS X/.test(userAgent);
}

/** The apps offered on this device, in the order shown. */
export function appsFor(userAgent: string): NavigationApp[] {
  return isApplePlatform(userAgent) ? ['waze', 'google', 'apple'] : ['waze', 'google', 'geo'];
}

/** A coordinate as the apps read it: a dot, at most 6 decimals (about 10 cm), no exponent, no "-0". */
function coordinate(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return rounded === 0 ? '0' : rounded.toFixed(6).replace(/\.?0+$/, '');
}

/** The point as "LAT,LNG", or null when the mission has none (or a value no app would accept). */
function point({ latitude, longitude }: Destination): string | null {
  if (latitude === null || longitude === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return `${coordinate(latitude)},${coordinate(longitude)}`;
}

/** encodeURIComponent leaves ( and ) alone; in a geo: label they would end the name early. */
const encode = (text: string) =>
  encodeURIComponent(text.replace(/\s+/g, ' ').trim()).replace(/\(/g, '%28').replace(/\)/g, '%29');

/** The link that opens `app` with the route to `destination`, or null when there is neither point nor text. */
export function directionsUrl(app: NavigationApp, destination: Destination): string | null {
  const at = point(destination);
  const label = destination.label.trim();
  if (at === null && label === '') return null;
  const where = at ?? encode(label);
  switch (app) {
    case 'waze':
      return at ? `https://waze.com/ul?ll=${at}&navigate=yes` : `https://waze.com/ul?q=${where}&navigate=yes`;
    case 'google':
      return `https://www.google.com/maps/dir/?api=1&destination=${where}`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${where}`;
    case 'geo':
      // A point with its name as the pin; without a point, the phone's app searches the text.
      return at ? `geo:${at}?q=${at}${label ? `(${encode(label)})` : ''}` : `geo:0,0?q=${where}`;
  }
}

/**
 * The web addresses open in a new tab, which the phone hands to the app when it is installed (and which shows the
 * app's web page otherwise, leaving Relais where it was); `geo:` is a scheme the system answers in place.
 */
export const opensInNewTab = (app: NavigationApp): boolean => app !== 'geo';
