import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { useSession } from '#web/lib/session.js';
import { PageHeader } from '#web/ui/empty-state.js';
import { SearchPanel } from './search-panel.js';

/**
 * /driver-map: open missions around the driver, on the map. Starts from the browser's position when the
 * driver has already allowed it, else from the profile's city; "Autour de moi" asks for the position.
 */
export function DriverMapPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const located = params.has('lat') || params.has('city') || params.has('near');
  const home = user?.currentLocation;
  useEffect(() => {
    if (located) return;
    let cancelled = false;
    const fromProfile = () => {
      if (cancelled || !home) return;
      setParams(new URLSearchParams({ city: home, radiusKm: '100' }), { replace: true });
    };
    if (!('permissions' in navigator) || !('geolocation' in navigator)) return fromProfile();
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (status.state !== 'granted') return fromProfile();
        navigator.geolocation.getCurrentPosition(
          (position) => {
            if (cancelled) return;
            setParams(
              new URLSearchParams({
                lat: position.coords.latitude.toFixed(4),
                lng: position.coords.longitude.toFixed(4),
                radiusKm: '100',
              }),
              { replace: true },
            );
          },
          fromProfile,
          { timeout: 10_000 },
        );
      })
      .catch(fromProfile);
    return () => {
      cancelled = true;
    };
    // On arrival without a point (and once the session tells the profile's city).
  }, [located, setParams, home]);
  return (
    <>
      <PageHeader title="Carte" description="Les missions ouvertes autour de vous." />
      <SearchPanel missionHref={(id) => `/mission/${id}`} canSearchNearMe defaultView="carte" />
    </>
  );
}
