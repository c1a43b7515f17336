import type { MissionDetail } from '#core/schemas/missions.js';

/** Live tracking on the mission page: the driver's sharing state (pause), the link to the map (issue 15: being built). */
export function TrackingPanel(_props: { detail: MissionDetail }) {
  return null;
}
