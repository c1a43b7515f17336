import { MapPin } from 'lucide-react';
import type { MissionTracking } from '#core/schemas/tracking.js';
import { GoThere } from '#web/lib/navigation/go-there.js';

/**
 * On the live map page, for the driver while the mission runs: the two stops with « Y aller », so the route is
 * one tap away from where the driver watches the trip. The places are those of the map (their point and town).
 */
export function DriverDestinations({ data }: { data: MissionTracking }) {
  const stops = [
    { title: 'Enlèvement', place: 'enlèvement', stop: data.pickup },
    { title: 'Livraison', place: 'livraison', stop: data.delivery },
  ].flatMap(({ stop, ...entry }) => (stop ? [{ ...entry, stop }] : []));
  if (stops.length === 0) return null;
  return (
    <dl className="grid gap-3 sm:grid-cols-2" data-testid="driver-destinations">
      {stops.map(({ title, place, stop }) => (
        <div key={title} className="rounded-xl border border-line bg-surface-raised p-3">
          <dt className="text-sm text-ink-muted">{title}</dt>
          <dd className="flex gap-1.5 font-semibold">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
            <span className="user-text">{stop.label}</span>
          </dd>
          <dd>
            <GoThere
              place={place}
              destination={{ latitude: stop.latitude, longitude: stop.longitude, label: stop.label }}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}
