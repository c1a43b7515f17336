import { useEffect, useRef } from 'react';
import { L, createBaseMap, popupContent, textNode } from './base-map.js';
import { useLocation } from 'wouter';
import type { Mission } from '#core/schemas/missions.js';
import { formatPrice, vehicleLabel } from './format.js';

/**
 * The missions on a map (Leaflet, loaded only when the map view opens): a dot per pickup, a popup with the
 * essentials and a link; the searched point is ringed. Tiles from OpenStreetMap; without a network the dots
 * still show on a plain background.
 */
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
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [, navigate] = useLocation();
  const hrefOf = useRef(missionHref);
  hrefOf.current = missionHref;
  const centerLat = center?.lat;
  const centerLng = center?.lng;

  useEffect(() => {
    if (!element.current || map.current) return;
    map.current = createBaseMap(element.current, null);
    layer.current = L.layerGroup().addTo(map.current);
    return () => {
      map.current?.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const group = layer.current;
    if (!map.current || !group) return;
    group.clearLayers();
    const points: L.LatLngExpression[] = [];
    if (centerLat !== undefined && centerLng !== undefined) {
      const here: L.LatLngExpression = [centerLat, centerLng];
      points.push(here);
      L.circleMarker(here, { radius: 7, color: '#0e1116', fillColor: '#ffffff', fillOpacity: 1, weight: 3 })
        .bindTooltip(textNode('Point de recherche'))
        .addTo(group);
      if (radiusKm)
        L.circle(here, { radius: radiusKm * 1000, color: '#f76707', weight: 1, fillOpacity: 0.05 }).addTo(
          group,
        );
    }
    for (const mission of missions) {
      if (mission.pickupLat === null || mission.pickupLng === null) continue;
      const at: L.LatLngExpression = [mission.pickupLat, mission.pickupLng];
      points.push(at);
      const href = hrefOf.current?.(mission.id);
      const popup = popupContent(
        [
          { text: mission.title, strong: true },
          { text: `${mission.pickupCity ?? ''} → ${mission.deliveryCity ?? ''}` },
          {
            text: `${vehicleLabel(mission.vehicleType)} · ${formatPrice(mission.price, mission.pricingType)}`,
          },
        ],
        href ? { href, label: 'Voir la mission', attribute: 'data-mission-link' } : undefined,
      );
      L.circleMarker(at, {
        radius: mission.urgency ? 9 : 7,
        color: '#b33a0b',
        fillColor: mission.urgency ? '#e03131' : '#f76707',
        fillOpacity: 0.9,
        weight: 2,
      })
        .bindPopup(popup)
        .bindTooltip(textNode(mission.title))
        .addTo(group);
    }
    if (points.length === 1) map.current.setView(points[0]!, 10);
    else if (points.length > 1)
      map.current.fitBounds(L.latLngBounds(points), { padding: [30, 30], maxZoom: 11 });
  }, [missions, centerLat, centerLng, radiusKm]);

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
