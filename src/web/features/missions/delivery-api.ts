import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MissionDelivery } from '#core/schemas/delivery.js';
import { WAITING_PLACE_LABELS } from '#core/rules/road.js';
import { apiRequest } from '#web/lib/api.js';
import { keepLocally } from '#web/lib/offline/copies.js';
import { sendOrQueue } from '#web/lib/offline/outbox.js';

/** Proof of delivery, incidents and waiting times of a mission (GET /api/missions/:id/delivery). */
export const deliveryKey = (missionId: string) => ['/api/missions', missionId, 'delivery'] as const;

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
  // Without network, these three wait on the phone and are sent in order when it comes back (decision 055).
  incident: (missionId: string, form: FormData, label: string) =>
    sendOrQueue<MissionDelivery>({
      method: 'POST',
      path: `/api/missions/${missionId}/incidents`,
      body: form,
      label,
      group: missionGroup(missionId),
      timeField: 'occurredAt',
    }),
  startWaiting: (missionId: string, place: 'pickup' | 'delivery') =>
    sendOrQueue<MissionDelivery>({
      method: 'POST',
      path: `/api/missions/${missionId}/waiting/start`,
      body: { place },
      label: `Début de l’attente ${WAITING_PLACE_LABELS[place]}`,
      group: missionGroup(missionId),
      timeField: 'at',
    }),
  stopWaiting: (missionId: string) =>
    sendOrQueue<MissionDelivery>({
      method: 'POST',
      path: `/api/missions/${missionId}/waiting/stop`,
      body: {},
      label: 'Fin de l’attente',
      group: missionGroup(missionId),
      timeField: 'at',
    }),
};

/** The group of a mission's queued actions, shown on its sheet. */
export const missionGroup = (missionId: string) => `mission:${missionId}`;

/**
 * After a change, the answer (the new state) is put in the cache at once; a state made on the phone for an action
 * queued without network is kept in the offline copy too, so that the page's next read still shows it.
 */
export function useSetDelivery(missionId: string) {
  const queryClient = useQueryClient();
  return (next: MissionDelivery, { local = false } = {}) => {
    if (local) void keepLocally(queryClient, deliveryKey(missionId), next);
    else queryClient.setQueryData(deliveryKey(missionId), next);
  };
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
