/**
 * Who works with whom (decision 012): a transporter and a driver "work together" while the driver has a pending
 * application on one of the transporter's open missions, or while one of the transporter's missions is assigned
 * to the driver — until 30 days after it is completed. That relation opens the phone numbers and lets either side
 * write. Once it is over (an application rejected or withdrawn, a mission cancelled or long finished) each keeps
 * reading their history; the transporter may still write (to invite again), the driver only answers.
 */
export const DAYS_TOGETHER_AFTER_COMPLETION = 30;

/** Mission statuses in which the assigned driver and the transporter work together. */
export const WORKING_STATUSES = ['assigned', 'in_progress', 'delivered'] as const;

export type Relation = 'active' | 'past' | 'none';

/** Whether an assignment still makes its two parties work together. */
export function assignmentIsActive(
  mission: { status: string; completedAt: Date | string | null },
  now = Date.now(),
): boolean {
  if ((WORKING_STATUSES as readonly string[]).includes(mission.status)) return true;
  if (mission.status !== 'completed' || !mission.completedAt) return false;
  return now - new Date(mission.completedAt).getTime() <= DAYS_TOGETHER_AFTER_COMPLETION * 86_400_000;
}

/** Whether an application makes its driver and the mission's transporter work together. */
export function applicationIsActive(application: { status: string }, mission: { status: string }): boolean {
  return application.status === 'pending' && mission.status === 'available';
}

export const relationMessages = {
  driverCannotWriteFirst:
    'Cette mission ne vous concerne plus : vous pourrez répondre si le transporteur vous écrit.',
} as const;
