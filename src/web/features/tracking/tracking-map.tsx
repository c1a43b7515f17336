import { useEffect, useRef } from 'react';
import type { MissionTracking } from '#core/schemas/tracking.js';
import { useMapTiles } from '#web/lib/site-settings.js';
import { L, textNode } from '#web/lib/map/base-map.js';
import { useLayerMap } from '#web/lib/map/use-layer-map.js';
import { truckDot } from './markers.js';

/**
 * One mission's trip on a map (Leaflet, loaded with this page only): the route so far, the pickup and the
 * delivery, the last position. Fitted to all of it once; later updates move the marker and extend the line
 * without taking the view from the reader.
 */
export default function TrackingMap({ tracking }: { tracking: MissionTracking }) {
  const fitted = useRef(false);
  const tiles = useMapTiles();
  const ready = tiles !== undefined;
  const { element, map, layer } = useLayerMap(tiles, () => (fitted.current = false));

  useEffect(() => {
    const group = layer.current;
    if (!map.current || !group) return;
    group.clearLayers();
    const bounds: L.LatLngExpression[] = [];
    const route = tracking.positions.map((point): L.LatLngTuple => [point.latitude, point.longitude]);
    if (route.length > 1)
      L.polyline(route, { color: '#f76707', weight: 5, opacity: 0.85, className: 'relais-route' }).addTo(
        group,
      );
    bounds.push(...route);
    const place = (
      at: { latitude: number; longitude: number; label: string } | null,
      kind: string,
      fill: string,
    ) => {
      if (!at) return;
      const point: L.LatLngTuple = [at.latitude, at.longitude];
      bounds.push(point);
      L.circleMarker(point, { radius: 8, color: '#151920', weight: 2, fillColor: fill, fillOpacity: 1 })
        .bindTooltip(textNode(`${kind} : ${at.label}`))
        .addTo(group);
    };
    place(tracking.pickup, 'Enlèvement', '#2f9e44');
    place(tracking.delivery, 'Livraison', '#1c7ed6');
    const last = tracking.lastPosition;
    if (last) {
      const here: L.LatLngTuple = [last.latitude, last.longitude];
      const label = tracking.paused ? 'Dernière position (suivi en pause)' : 'Position actuelle';
      L.marker(here, {
        keyboard: false,
        title: label,
        icon: L.divIcon({
          className: 'relais-truck',
          html: truckDot(tracking.paused),
          iconSize: [22, 22],
        }),
      })
        .bindTooltip(textNode(label))
        .addTo(group);
    }
    if (!fitted.current && bounds.length > 0) {
      fitted.current = true;
      if (bounds.length === 1) map.current.setView(bounds[0]!, 10);
      else map.current.fitBounds(L.latLngBounds(bounds), { padding: [30, 30], maxZoom: 13 });
    }
  }, [tracking, ready, map, layer]);

  return (
    <div
      ref={element}
      role="region"
      aria-label="Carte du trajet"
      data-testid="tracking-map"
      data-points={tracking.positions.length}
      className="h-[55vh] min-h-72 w-full overflow-hidden rounded-2xl border border-line bg-surface-sunken"
    />
  );
}
