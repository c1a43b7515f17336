import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MissionDelivery } from '#core/schemas/delivery.js';
import { apiRequest } from '#web/lib/api.js';

/** Proof of delivery, incidents and waiting times of a mission (GET /api/missions/:id/delivery). */
const deliveryKey = (missionId: string) => ['/api/missions', missionId, 'delivery'] as const;

export const useDelivery = (missionId: string, enabled = true, live = false) =>
  useQuery<MissionDelivery>({
    queryKey: deliveryKey(missionId),
    enabled,
    // While the mission runs, the transporter's page picks up new incidents and waits without a reload.
    refetchInterval: live ? 60_000 : false,
  });

export const deliveryApi = {
  proof: (missionId: string, form: FormData) =>
    apiRequest<MissionDelivery>('POST', `/api/missions/${missionId}/delivery-proof`, form),
  incident: (missionId: string, form: FormData) =>
    apiRequest<MissionDelivery>('POST', `/api/missions/${missionId}/incidents`, form),
  startWaiting: (missionId: string, place: 'pickup' | 'delivery') =>
    apiRequest<MissionDelivery>('POST', `/api/missions/${missionId}/waiting/start`, { place }),
  stopWaiting: (missionId: string) =>
    apiRequest<MissionDelivery>('POST', `/api/missions/${missionId}/waiting/stop`, {}),
};

/** After a change, the answer (the new state) is put in the cache at once. */
export function useSetDelivery(missionId: string) {
  const queryClient = useQueryClient();
  return (next: MissionDelivery) => queryClient.setQueryData(deliveryKey(missionId), next);
}

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/**
 * The phone's position, best effort: a few seconds at most, a recent fix is fine; null when refused, absent or
 * too slow (the proof and the incident are recorded without it).
 */
export function currentPosition(timeoutMs = 8000): Promise<Position | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return resolve(null);
    const timer = window.setTimeout(() => resolve(null), timeoutMs + 500);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        window.clearTimeout(timer);
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
        });
      },
      () => {
        window.clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** The position as form fields (nothing when unknown). */
export function appendPosition(form: FormData, position: Position | null) {
  if (!position) return;
  form.append('latitude', position.latitude.toFixed(6));
  form.append('longitude', position.longitude.toFixed(6));
  form.append('accuracy', String(Math.round(position.accuracy)));
}
