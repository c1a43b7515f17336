import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Mission } from '#core/schemas/missions.js';
import { useMapTiles } from '#web/lib/site-settings.js';
import { L, popupContent, textNode, type PopupEntry } from '#web/lib/map/base-map.js';
import { useLayerMap } from '#web/lib/map/use-layer-map.js';
import { formatPrice, vehicleLabel } from './format.js';

/** Missions whose pickups share a point (placed by the same commune): one marker for them all. */
function byPoint(missions: Mission[]): Mission[][] {
  const groups = new Map<string, Mission[]>();
  for (const mission of missions) {
    if (mission.pickupLat === null || mission.pickupLng === null) continue;
    const key = `${mission.pickupLat.toFixed(4)},${mission.pickupLng.toFixed(4)}`;
    groups.set(key, [...(groups.get(key) ?? []), mission]);
  }
  return [...groups.values()];
}

/**
 * The missions on a map (Leaflet, loaded only when the map view opens): a dot per pickup point — several
 * missions at one point (a commune's) share one larger dot whose popup lists them — with the essentials and a
 * link; the searched point is ringed. Over the configured tiles, or the built-in base layer without them.
 */
/** The number of missions written on their shared dot (a text node, never HTML). */
function layerWithCount(into: L.LayerGroup, at: L.LatLngExpression, count: number): L.LayerGroup {
  L.marker(at, {
    interactive: false,
    keyboard: false,
    icon: L.divIcon({ className: 'relais-count', html: textNode(String(count)), iconSize: [22, 22] }),
  }).addTo(into);
  return into;
}

export default function MissionMap({
  missions,
  center,
  radiusKm,
  missionHref,
}: {
  missions: Mission[];
  center?: { lat: number; lng: number } | null;
  radiusKm?: number | null;
  missionHref?: (id: string) => string;
}) {
  const [, navigate] = useLocation();
  const hrefOf = useRef(missionHref);
  hrefOf.current = missionHref;
  const centerLat = center?.lat;
  const centerLng = center?.lng;
  const tiles = useMapTiles();
  const ready = tiles !== undefined;
  const { element, map, layer } = useLayerMap(tiles);

  useEffect(() => {
    const groupLayer = layer.current;
    if (!map.current || !groupLayer) return;
    groupLayer.clearLayers();
    const points: L.LatLngExpression[] = [];
    if (centerLat !== undefined && centerLng !== undefined) {
      const here: L.LatLngExpression = [centerLat, centerLng];
      points.push(here);
      L.circleMarker(here, { radius: 7, color: '#0e1116', fillColor: '#ffffff', fillOpacity: 1, weight: 3 })
        .bindTooltip(textNode('Point de recherche'))
        .addTo(groupLayer);
      if (radiusKm)
        L.circle(here, { radius: radiusKm * 1000, color: '#f76707', weight: 1, fillOpacity: 0.05 }).addTo(
          groupLayer,
        );
    }
    for (const group of byPoint(missions)) {
      const first = group[0]!;
      const at: L.LatLngExpression = [first.pickupLat!, first.pickupLng!];
      points.push(at);
      const entries: PopupEntry[] = group.map((mission) => {
        const href = hrefOf.current?.(mission.id);
        return {
          lines: [
            { text: mission.title, strong: true },
            { text: `${mission.pickupCity ?? ''} → ${mission.deliveryCity ?? ''}` },
            {
              text: `${vehicleLabel(mission.vehicleType)} · ${formatPrice(mission.price, mission.pricingType)}`,
            },
          ],
          link: href ? { href, label: 'Voir la mission', attribute: 'data-mission-link' } : undefined,
        };
      });
      const urgent = group.some((mission) => mission.urgency);
      const label =
        group.length === 1 ? first.title : `${group.length} missions · ${first.pickupCity ?? 'même point'}`;
      L.circleMarker(at, {
        radius: group.length > 1 ? 11 : urgent ? 9 : 7,
        color: '#b33a0b',
        fillColor: urgent ? '#e03131' : '#f76707',
        fillOpacity: 0.9,
        weight: group.length > 1 ? 3 : 2,
      })
        .bindPopup(popupContent(entries), { maxHeight: 280 })
        .bindTooltip(textNode(label))
        .addTo(group.length > 1 ? layerWithCount(groupLayer, at, group.length) : groupLayer);
    }
    // Never closer than a region: a lone dot keeps its surroundings (cities, coast, borders) in view.
    if (points.length === 1) map.current.setView(points[0]!, 8);
    else if (points.length > 1)
      map.current.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 9 });
  }, [missions, centerLat, centerLng, radiusKm, ready, map, layer]);

  return (
    <div
      ref={element}
      role="region"
      aria-label="Carte des missions"
      className="h-[60vh] min-h-80 w-full overflow-hidden rounded-2xl border border-line bg-surface-sunken"
      onClick={(event) => {
        // Links in popups navigate inside the app.
        const link = (event.target as Element).closest('a[data-mission-link]');
        if (!link) return;
        event.preventDefault();
        navigate(link.getAttribute('href')!);
      }}
    />
  );
}
