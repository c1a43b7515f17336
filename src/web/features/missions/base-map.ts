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
    attribution: '© contributeurs OpenStreetMap',
  }).addTo(map);
  return map;
}

export { L };
