import type { MissionDetail } from '#core/schemas/missions.js';

/** Proof of delivery, incidents and waiting times on the mission page (issue 15: being built). */
export function DeliveryPanel(_props: { detail: MissionDetail }) {
  return null;
}
