import { useEffect } from 'react';
import type { MissionDetail } from '#core/schemas/missions.js';

/** "Marquer livré": the proof of delivery (recipient, signature, photos), then the step (issue 15: being built). */
export function DeliveryProofDialog({
  onDelivered,
}: {
  detail: MissionDetail;
  onDelivered: () => void;
  onCancel: () => void;
}) {
  useEffect(onDelivered, [onDelivered]);
  return null;
}
