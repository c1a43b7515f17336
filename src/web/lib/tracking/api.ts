import { useQuery } from '@tanstack/react-query';
import type { ActiveTracking, MissionTracking, TrackingView } from '#core/schemas/tracking.js';

/**
 * The tracking reads. Live updates come from the realtime 'tracking-update' event (lib/realtime.ts invalidates
 * these keys); a slow poll covers a lost socket. A read of the map by someone other than the driver is logged.
 */
const SLOW_POLL_MS = 2 * 60_000;

const trackingKeys = {
  mission: (id: string, view: 'map' | 'status' = 'map') =>
    ['/api/missions', id, 'tracking', { view }] as const,
  views: (id: string) => ['/api/missions', id, 'tracking', 'views'] as const,
  active: ['/api/tracking/active'] as const,
};

export const useMissionTracking = (id: string, view: 'map' | 'status' = 'map', enabled = true) =>
  useQuery<MissionTracking>({
    queryKey: trackingKeys.mission(id, view),
    refetchInterval: SLOW_POLL_MS,
    enabled,
  });

export const useTrackingViews = (id: string, enabled = true) =>
  useQuery<TrackingView[]>({ queryKey: trackingKeys.views(id), refetchInterval: SLOW_POLL_MS, enabled });

export const useActiveTracking = () =>
  useQuery<ActiveTracking[]>({ queryKey: trackingKeys.active, refetchInterval: SLOW_POLL_MS });
