import { useEffect, useRef } from 'react';
import { useMapTiles } from '#web/lib/site-settings.js';
import { L, createBaseMap } from '#web/lib/map/base-map.js';

/**
 * A small map to place an address by hand (when the address service offers nothing): a click or a tap sets
 * the point. Loaded only when opened.
 */
export default function PinMap({
  point,
  onPick,
  label,
}: {
  point: { lat: number; lng: number } | null;
  onPick: (lat: number, lng: number) => void;
  label: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const marker = useRef<L.CircleMarker | null>(null);

  const tiles = useMapTiles();
  // The map is built once, from the point and tiles known then; later picks move the marker themselves.
  const built = useRef({ point, tiles });
  built.current = { point, tiles };
  const ready = tiles !== undefined;

  useEffect(() => {
    // Built once the tile source is known (the site settings, usually read already).
    const { point, tiles } = built.current;
    if (!element.current || tiles === undefined) return;
    const map = createBaseMap(element.current, point, tiles);
    const place = (lat: number, lng: number) => {
      marker.current?.remove();
      marker.current = L.circleMarker([lat, lng], {
        radius: 9,
        color: '#b33a0b',
        fillColor: '#f76707',
        fillOpacity: 0.9,
      }).addTo(map);
    };
    if (point) place(point.lat, point.lng);
    map.on('click', (event: L.LeafletMouseEvent) => {
      const lat = Math.round(event.latlng.lat * 1e6) / 1e6;
      const lng = Math.round(event.latlng.lng * 1e6) / 1e6;
      place(lat, lng);
      pick.current(lat, lng);
    });
    return () => {
      map.remove();
    };
  }, [ready]);

  return (
    <div
      ref={element}
      role="application"
      aria-label={label}
      className="h-64 w-full overflow-hidden rounded-xl border border-line bg-surface-sunken"
    />
  );
}
