import type { MissionDetail } from '#core/schemas/missions.js';

/** After completion: write a review of the other party, or see where it stands (issue 15: being built). */
export function ReviewPanel(_props: { detail: MissionDetail }) {
  return null;
}
