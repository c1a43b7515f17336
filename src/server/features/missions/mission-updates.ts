import { isDocumentEvent, isPlanEvent } from '../../platform/events.js';
import type { FeatureDeps } from '../../platform/deps.js';
import type { SearchCache } from './search-cache.js';

/**
 * What a change to missions sets off: every instance keeps its own search cache, so a change here clears it on the
 * others too, through the realtime bus, before the request that made the change is answered; and everyone concerned
 * sees the mission change without a reload.
 */
export function watchMissionChanges(deps: FeatureDeps, searchCache: SearchCache): void {
  const MISSIONS_CHANGED = 'missions-changed';
  deps.realtime.onSignal(MISSIONS_CHANGED, () => searchCache.clear());
  const searchesStale = () => {
    searchCache.clear();
    return deps.realtime.signal(MISSIONS_CHANGED);
  };
  deps.events.subscribe(async (event) => {
    // A demo sandbox restored: its missions are new rows, and a cached page would point at the old ones.
    if (event.type === 'sandbox.reset') return searchesStale();
    if (event.type === 'message.sent' || isDocumentEvent(event) || isPlanEvent(event)) return;
    // Reviews and badges change no mission.
    if (!('missionId' in event) || event.type.startsWith('review.')) return;
    await searchesStale();
    // Everyone concerned sees the mission change without a reload.
    const parties = [
      'companyId' in event ? event.companyId : null,
      'driverId' in event ? event.driverId : null,
      ...('applicantIds' in event ? event.applicantIds : []),
      ...('rejectedDriverIds' in event ? event.rejectedDriverIds : []),
      ...('reopenedApplicantIds' in event ? event.reopenedApplicantIds : []),
    ].filter((id): id is string => typeof id === 'string');
    const status =
      event.type === 'mission.status_changed'
        ? event.status
        : event.type === 'mission.cancelled'
          ? 'cancelled'
          : event.type === 'mission.dropped'
            ? 'available'
            : event.type === 'application.accepted'
              ? 'assigned'
              : null;
    return deps.realtime.deliver(parties, {
      type: 'mission-update',
      mission: { id: event.missionId, status },
    });
  });
}
