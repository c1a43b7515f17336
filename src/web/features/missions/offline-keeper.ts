import { useEffect } from 'react';
import type { Mission } from '#core/schemas/missions.js';
import { fetchQueryKey } from '#web/lib/query-client.js';
import { missionKeys } from './api.js';

/** The driver's missions list, as « Mes missions » asks for it. */
export const ACTIVE_STATUSES = 'available,assigned,in_progress,delivered';
/** The sheets kept ahead: the current mission and the next ones. */
const KEPT_AHEAD = 8;
const EVERY_MS = 10 * 60_000;

/**
 * A driver's current and next missions are readable without network even when not opened (decision 055): while
 * online, their list, each sheet, its delivery part and the conversation with its transporter are read (and so
 * kept on the phone) at the start, when the network comes back, and every ten minutes.
 */
export function useKeepMissionsOffline(user: { id: string; role: string; isDemo?: boolean }) {
  const driver = user.role === 'driver' && !user.isDemo;
  useEffect(() => {
    if (!driver) return;
    let running = false;
    const keep = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        const mine = await fetchQueryKey<Mission[]>(missionKeys.mine({ status: ACTIVE_STATUSES }));
        const ahead = mine
          .filter((mission) => mission.status === 'assigned' || mission.status === 'in_progress')
          .sort((a, b) => a.startDate.localeCompare(b.startDate))
          .slice(0, KEPT_AHEAD);
        for (const mission of ahead)
          await Promise.allSettled([
            fetchQueryKey(missionKeys.detail(mission.id)),
            fetchQueryKey(['/api/missions', mission.id, 'delivery']),
            fetchQueryKey(['/api/messages', mission.companyId, { missionId: mission.id }]),
          ]);
      } catch {
        // No network or a refusal: kept at the next pass.
      } finally {
        running = false;
      }
    };
    void keep();
    const timer = window.setInterval(() => void keep(), EVERY_MS);
    window.addEventListener('online', keep);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', keep);
    };
  }, [driver, user.id]);
}
