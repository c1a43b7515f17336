import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

/**
 * A Leaflet map with the OpenStreetMap tiles (allowed by the CSP's img-src), on France unless a point is given.
 * Both maps (search results, the form's pin) start here; this module is only loaded with them.
 */
export function createBaseMap(
  element: HTMLElement,
  point: { lat: number; lng: number } | null,
  zoom = 12,
): L.Map {
  const map = L.map(element).setView(point ? [point.lat, point.lng] : [46.6, 2.4], point ? zoom : 6);
  L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
    maxZoom: 18,
    // Leaflet reads attributions as HTML: this one is a fixed text of ours, never a user's.
    attribution: '© contributeurs OpenStreetMap',
  }).addTo(map);
  return map;
}

/**
 * Leaflet reads a string given to a tooltip or a popup as HTML: every text from people (a mission title…)
 * goes in as a DOM node built here, whose text is never parsed.
 */
export function textNode(text: string, tag: 'span' | 'strong' = 'span'): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

/** Lines of text (and, last, an optional link), as one element for a popup. */
export function popupContent(
  lines: Array<{ text: string; strong?: boolean }>,
  link?: { href: string; label: string; attribute: string },
): HTMLElement {
  const box = document.createElement('div');
  lines.forEach((line, index) => {
    if (index > 0) box.append(document.createElement('br'));
    box.append(textNode(line.text, line.strong ? 'strong' : 'span'));
  });
  if (link) {
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.textContent = link.label;
    anchor.setAttribute(link.attribute, '');
    box.append(document.createElement('br'), anchor);
  }
  return box;
}

export { L };
