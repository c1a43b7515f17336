/** Enumerations shared by the database checks, the API schemas and the screens. */
export const LICENSE_TYPES = ['C', 'CE', 'C1', 'C1E'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const SUBSCRIPTION_PLANS = ['basic', 'premium', 'elite', 'transporter'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

/** `deleted`: the person closed their account (RGPD art. 17); the row stays, anonymised, for the records kept. */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'deactivated', 'deleted'] as const;

export const MISSION_STATUSES = [
  'available',
  'assigned',
  'in_progress',
  'delivered',
  'completed',
  'cancelled',
] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const PRICING_TYPES = ['flat', 'hourly', 'daily'] as const;
export const PAYMENT_STATUSES = [
  'pending',
  'deposit_paid',
  'paid',
  'refunded',
  'failed',
  'cancelled',
] as const;
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
/** `expired` is never stored: it is read from the date. `replaced`: a newer one of the same type was verified. */
export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected', 'replaced'] as const;
export const DRIVER_APPLICATION_STATUSES = ['pending_validation', 'approved', 'rejected'] as const;
export const DRIVER_PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'cancelled'] as const;
export const AVAILABILITY_STATUSES = ['available', 'unavailable', 'busy'] as const;
export const BUG_STATUSES = ['new', 'in_progress', 'resolved', 'closed'] as const;
export const BUG_PRIORITIES = ['low', 'medium', 'high'] as const;
export const BUG_CATEGORIES = ['ui', 'functional', 'performance', 'security', 'other'] as const;
export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export const BADGE_TYPES = [
  'reliable',
  'expert',
  'top_rated',
  'fast_responder',
  'safety_champion',
  'eco_driver',
] as const;

/** What can go wrong during a mission (decision 019): retard, panne, accident, marchandise endommagée, attente au quai. */
export const INCIDENT_TYPES = ['delay', 'breakdown', 'accident', 'damage', 'dock_wait'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
/** Where a waiting time is counted: at the pickup or at the delivery. */
export const WAITING_PLACES = ['pickup', 'delivery'] as const;
export type WaitingPlace = (typeof WAITING_PLACES)[number];
/** A reported review: open until an administrator keeps it (dismissed) or removes it. */
export const REVIEW_REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const;
