import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

/** The tile source the server was configured with (MAP_TILES_URL, site settings), or null for none. */
export interface TileSource {
  url: string;
  attribution: string;
}

/**
 * A Leaflet map on France (or on `point`): the configured tiles over a built-in base layer of France — land,
 * borders, main cities (carte-france.json, precached for offline use) — that shows wherever tiles do not load.
 * Every map of the app starts here; this module is only loaded with them.
 */
export function createBaseMap(
  element: HTMLElement,
  point: { lat: number; lng: number } | null,
  tiles: TileSource | null,
  zoom = 12,
): L.Map {
  element.classList.add('relais-map');
  const map = L.map(element).setView(point ? [point.lat, point.lng] : [46.6, 2.4], point ? zoom : 6);
  // Below the tiles (tilePane is 200): hidden by them once they load.
  map.createPane('socle').style.zIndex = '150';
  void drawBaseLayer(map);
  if (tiles) {
    L.tileLayer(tiles.url, {
      maxZoom: 18,
      // Leaflet reads attributions as HTML: the configured text goes in escaped.
      attribution: escapeHtml(tiles.attribution),
    }).addTo(map);
  }
  map.attributionControl.addAttribution('Fond : Natural Earth, GeoNames');
  return map;
}

let baseLayer: Promise<GeoJSON.FeatureCollection | null> | null = null;

async function drawBaseLayer(map: L.Map): Promise<void> {
  baseLayer ??= fetch('/carte-france.json')
    .then((response) => (response.ok ? (response.json() as Promise<GeoJSON.FeatureCollection>) : null))
    .catch(() => null);
  const data = await baseLayer;
  if (!data) return;
  L.geoJSON(data, {
    pane: 'socle',
    interactive: false,
    style: (feature) => ({
      className: feature?.properties?.france ? 'relais-land relais-france' : 'relais-land',
      weight: 1,
      fillOpacity: 1,
    }),
    pointToLayer: (feature, at) =>
      L.marker(at, {
        pane: 'socle',
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: feature.properties?.major ? 'relais-city relais-city-major' : 'relais-city',
          html: textNode(String(feature.properties?.name ?? '')),
          iconSize: undefined,
        }),
      }),
  }).addTo(map);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
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

/** One entry of a popup: lines of text, then an optional link. */
export interface PopupEntry {
  lines: Array<{ text: string; strong?: boolean }>;
  link?: { href: string; label: string; attribute: string };
}

/** Entries (one mission, or several at one place) as one element for a popup. */
export function popupContent(entries: PopupEntry[]): HTMLElement {
  const box = document.createElement('div');
  entries.forEach((entry, index) => {
    const part = document.createElement('p');
    part.style.margin = index === 0 ? '0' : '0.75em 0 0';
    entry.lines.forEach((line, lineIndex) => {
      if (lineIndex > 0) part.append(document.createElement('br'));
      part.append(textNode(line.text, line.strong ? 'strong' : 'span'));
    });
    if (entry.link) {
      const anchor = document.createElement('a');
      anchor.href = entry.link.href;
      anchor.textContent = entry.link.label;
      anchor.setAttribute(entry.link.attribute, '');
      part.append(document.createElement('br'), anchor);
    }
    box.append(part);
  });
  return box;
}

export { L };
