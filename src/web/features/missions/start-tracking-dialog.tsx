import { useEffect } from 'react';
import type { MissionDetail } from '#core/schemas/missions.js';

/**
 * "Démarrer la mission": explains the position sharing, asks the browser for it, then starts (issue 15: being
 * built — until then it starts at once).
 */
export function StartTrackingDialog({
  onConfirm,
}: {
  detail: MissionDetail;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  useEffect(onConfirm, [onConfirm]);
  return null;
}
