import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { seenAgo } from '#core/rules/tracking.js';
import type { ActiveTracking } from '#core/schemas/tracking.js';
import { useMapTiles } from '#web/lib/site-settings.js';
import { L, popupContent, textNode } from '#web/lib/map/base-map.js';
import { useLayerMap } from '#web/lib/map/use-layer-map.js';
import { truckDot } from './markers.js';

/** Every mission in progress at its last position (late in red, paused in grey), each linking to its page. */
export default function FleetMap({ items }: { items: ActiveTracking[] }) {
  const fittedCount = useRef(-1);
  const [, navigate] = useLocation();
  const tiles = useMapTiles();
  const ready = tiles !== undefined;
  const { element, map, layer } = useLayerMap(tiles, () => (fittedCount.current = -1));

  useEffect(() => {
    const group = layer.current;
    if (!map.current || !group) return;
    group.clearLayers();
    const points: L.LatLngTuple[] = [];
    for (const item of items) {
      const last = item.lastPosition;
      if (!last) continue;
      const at: L.LatLngTuple = [last.latitude, last.longitude];
      points.push(at);
      const state = item.paused ? 'suivi en pause' : item.late ? 'en retard' : 'à l’heure';
      L.marker(at, {
        // The vehicle's accessible name (Leaflet makes the marker a button): which mission, in which state.
        title: `${item.title} — ${item.driverName ?? 'Chauffeur'}, ${state}`,
        alt: `${item.title} — ${state}`,
        icon: L.divIcon({
          className: 'relais-truck',
          html: truckDot(item.paused, item.late),
          iconSize: [22, 22],
        }),
      })
        .bindTooltip(textNode(item.title))
        .bindPopup(
          popupContent([
            {
              lines: [
                { text: item.title, strong: true },
                { text: `${item.driverName ?? 'Chauffeur'} · ${state}` },
                { text: `Vu ${seenAgo(last.recordedAt)}` },
              ],
              link: {
                href: `/mission/${item.missionId}/tracking`,
                label: 'Suivre en direct',
                attribute: 'data-mission-link',
              },
            },
          ]),
        )
        .addTo(group);
    }
    // Refitted when the number of vehicles shown changes, not at every update.
    if (points.length !== fittedCount.current && points.length > 0) {
      fittedCount.current = points.length;
      if (points.length === 1) map.current.setView(points[0]!, 9);
      else map.current.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 10 });
    }
  }, [items, ready, map, layer]);

  return (
    <div
      ref={element}
      role="region"
      aria-label="Carte des livraisons en cours"
      className="h-[50vh] min-h-72 w-full overflow-hidden rounded-2xl border border-line bg-surface-sunken"
      onClick={(event) => {
        const link = (event.target as Element).closest('a[data-mission-link]');
        if (!link) return;
        event.preventDefault();
        navigate(link.getAttribute('href')!);
      }}
    />
  );
}
