import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Mission } from '#core/schemas/missions.js';
import { fetchQueryKey } from '#web/lib/query-client.js';
import { readStorage, STORAGE_KEYS, writeStorage } from '#web/lib/storage.js';
import { ACTIVE_STATUSES, missionKeys } from './api.js';
import { deliveryKey } from './delivery-api.js';

/** The sheets kept ahead: the current mission and the next ones. */
const KEPT_AHEAD = 8;
const EVERY_MS = 10 * 60_000;
/** After the app's start: the first page has the network to itself. */
const FIRST_AFTER_MS = 5_000;

/**
 * A driver's current and next missions are readable without network even when not opened (decision 055): while
 * online, their list, each sheet, its delivery part and the conversation with its transporter are read (and so kept
 * on the phone) a few seconds after the app starts, when the network comes back, and every ten minutes — not more
 * often, whatever the number of tabs or reloads (the time of the last pass is kept on the device). The list and the
 * sheets go through the query cache, so a page showing them shares the request and shows the fresher answer.
 */
export function useKeepMissionsOffline(user: { id: string; role: string; isDemo?: boolean }) {
  const driver = user.role === 'driver' && !user.isDemo;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!driver) return;
    let running = false;
    const keep = async (force = false) => {
      const last = Number(readStorage(STORAGE_KEYS.offlineKeptAt) ?? 0);
      if (running || !navigator.onLine || (!force && Date.now() - last < EVERY_MS)) return;
      running = true;
      writeStorage(STORAGE_KEYS.offlineKeptAt, String(Date.now()));
      const fresh = (queryKey: readonly unknown[]) => queryClient.fetchQuery({ queryKey, staleTime: 0 });
      try {
        const mine = (await fresh(missionKeys.mine({ status: ACTIVE_STATUSES }))) as Mission[];
        const ahead = mine
          .filter((mission) => mission.status === 'assigned' || mission.status === 'in_progress')
          .sort((a, b) => a.startDate.localeCompare(b.startDate))
          .slice(0, KEPT_AHEAD);
        for (const mission of ahead)
          await Promise.allSettled([
            fresh(missionKeys.detail(mission.id)),
            fresh(deliveryKey(mission.id)),
            // The thread is a paged query of its own: its first page is read (and kept) as the thread reads it.
            fetchQueryKey(['/api/messages', mission.companyId, { missionId: mission.id }]),
          ]);
      } catch {
        // No network or a refusal: kept at the next pass.
      } finally {
        running = false;
      }
    };
    const first = window.setTimeout(() => void keep(), FIRST_AFTER_MS);
    const timer = window.setInterval(() => void keep(), EVERY_MS);
    const back = () => void keep(true);
    window.addEventListener('online', back);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      window.removeEventListener('online', back);
    };
  }, [driver, user.id, queryClient]);
}
