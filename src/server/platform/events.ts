import type { FastifyBaseLogger } from 'fastify';
import type { BadgeType } from '#core/rules/badges.js';
import type { IncidentType } from '#core/rules/enums.js';

/**
 * Domain events: what happened, with ids and the little data an alert or a realtime update needs. A feature
 * records each one in the transaction that makes its change (platform/outbox.ts recordDomainEvent: the event outbox,
 * decision 023) and publishes it once that has committed; other features subscribe (alerts, realtime updates,
 * follow-up work). An event whose instance died before publishing it is delivered by the outbox's recovery.
 */
export type DomainEvent =
  | RoadEvent
  | DocumentEvent
  | PaymentEvent
  | PlanEvent
  | StripePaymentEvent
  | SupportEvent
  | { type: 'mission.published'; missionId: string; title: string; companyId: string }
  | { type: 'mission.updated'; missionId: string; title: string; companyId: string; applicantIds: string[] }
  | {
      type: 'mission.cancelled';
      missionId: string;
      title: string;
      companyId: string;
      driverId: string | null;
      applicantIds: string[];
      reason: string;
      /** Cancelled by the Relais team (back office): the company is told too, and by whom. */
      byTeam?: boolean;
    }
  | {
      type: 'mission.status_changed';
      missionId: string;
      title: string;
      companyId: string;
      driverId: string;
      status: 'in_progress' | 'delivered' | 'completed';
    }
  | {
      type: 'mission.dropped';
      missionId: string;
      title: string;
      companyId: string;
      driverId: string;
      driverName: string;
      reopenedApplicantIds: string[];
      reason: string;
    }
  | {
      type: 'application.created' | 'application.withdrawn';
      applicationId: string;
      missionId: string;
      title: string;
      companyId: string;
      driverId: string;
      driverName: string;
    }
  | {
      type: 'application.accepted';
      applicationId: string;
      missionId: string;
      title: string;
      companyId: string;
      driverId: string;
      rejectedDriverIds: string[];
    }
  | {
      type: 'application.rejected';
      applicationId: string;
      missionId: string;
      title: string;
      driverId: string;
    }
  /** A demo sandbox was restored (decision 022): what was kept of its old rows (caches) must go. */
  | { type: 'sandbox.reset'; sandboxId: string; userId: string }
  /** A plan was paid (Stripe) or granted against a transfer: its invoice is due (features/billing, decision 043). */
  | { type: 'plan.paid'; userId: string }
  /** An independent carrier's VAT regime changed: what their missions owe (or will) changed with it. */
  | { type: 'billing.vat_regime_changed'; driverId: string }
  | {
      type: 'message.sent';
      messageId: string;
      conversationId: string;
      senderId: string;
      senderName: string;
      receiverId: string;
      missionId: string | null;
    };

/** A driver's papers and their validation (documents feature); each leaves a "document" alert. */
export type DocumentEvent =
  | {
      type: 'document.reviewed';
      documentId: string;
      driverId: string;
      documentLabel: string;
      decision: 'verified' | 'rejected';
      reason: string | null;
    }
  | {
      type: 'document.expiring';
      documentId: string;
      driverId: string;
      documentLabel: string;
      expiresOn: string;
      daysLeft: number;
      /** Transporters whose assigned mission runs past the expiry. */
      missions: { missionId: string; companyId: string; title: string; driverName: string }[];
    }
  | {
      type: 'driver.validation';
      driverId: string;
      step: 'interview' | 'approved' | 'rejected';
      interviewDate: string | null;
      reason: string | null;
    };

/** A mission's settlement between its two parties (payments feature); each leaves "payment" alerts. */
export type PaymentEvent =
  | (PaymentEventBase & {
      type: 'payment.created';
      engagementType: 'employment' | 'independent';
      dueDate: string;
      /**
       * What `amount` is for an independent carrier: with VAT (subject), without VAT to add (franchise), or before
       * VAT while their regime is unknown.
       */
      vat?: 'included' | 'none' | 'unknown';
    })
  /** The carrier gave or changed their VAT regime: what the mission owes is now `amount` (was `previousAmount`). */
  | (PaymentEventBase & { type: 'payment.amount_changed'; previousAmount: string; vatIncluded: boolean })
  | (PaymentEventBase & { type: 'payment.marked_paid'; paidOn: string; reference: string })
  | (PaymentEventBase & { type: 'payment.confirmed' })
  | (PaymentEventBase & { type: 'payment.disputed'; reason: string })
  | (PaymentEventBase & { type: 'payment.overdue'; dueDate: string })
  | (PaymentEventBase & {
      type: 'payment.document';
      kind: 'invoice' | 'pay_statement' | 'payslip';
      number: string;
    });

interface PaymentEventBase {
  missionId: string;
  title: string;
  companyId: string;
  driverId: string;
  /** What is owed, decimal string ("1234.50"). */
  amount: string;
}

export const isPaymentEvent = (event: DomainEvent): event is PaymentEvent =>
  event.type.startsWith('payment.');

const DOCUMENT_EVENTS = new Set<string>(['document.reviewed', 'document.expiring', 'driver.validation']);
export const isDocumentEvent = (event: DomainEvent): event is DocumentEvent =>
  DOCUMENT_EVENTS.has(event.type);

/**
 * A user's plan changed (billing without Stripe, the Stripe webhook, the daily expiry): the holder gets a
 * "payment" alert (platform/alert-rows/plans.ts).
 */
export interface PlanEvent {
  type: 'plan.changed';
  userId: string;
  /** The plan now, and the one before (SubscriptionPlan). */
  plan: string;
  previousPlan: string;
  /** granted or ended by an administrator, its period over (expired), or changed through Stripe. */
  cause: 'granted' | 'ended' | 'expired' | 'stripe';
  /** Until when the plan now runs (ISO instant), when known. */
  periodEnd: string | null;
  /** Why an administrator ended it (told to the holder). */
  reason: string | null;
}

export const isPlanEvent = (event: DomainEvent): event is PlanEvent => event.type === 'plan.changed';

/**
 * Stripe mode (features/stripe): a mission's deposit or balance paid or refused, the deposit's excess refunded,
 * the driver paid by a Connect transfer; each leaves a "payment" alert (platform/alert-rows/stripe.ts).
 */
export type StripePaymentEvent =
  | (StripePaymentEventBase & {
      type: 'stripe.mission_paid' | 'stripe.mission_payment_failed';
      kind: 'deposit' | 'balance';
    })
  | (StripePaymentEventBase & { type: 'stripe.refunded'; reason: 'deposit_excess' | 'not_due' })
  /** What the mission owes changed: `amount` is what is left to pay; pages for the old amount were closed. */
  | (StripePaymentEventBase & { type: 'stripe.amount_changed' })
  | (StripePaymentEventBase & { type: 'stripe.payout_sent' });

interface StripePaymentEventBase {
  missionId: string;
  title: string;
  companyId: string;
  driverId: string | null;
  /** The amount concerned, decimal string ("370.37"). */
  amount: string;
}

export const isStripePaymentEvent = (event: DomainEvent): event is StripePaymentEvent =>
  event.type.startsWith('stripe.');

/**
 * On the road (decision 019): an incident reported during a mission (the transporter is told at once), a review
 * written (the other party is invited to write theirs) or published (its subject is told), a badge earned or
 * lost. Each leaves an alert (platform/alert-rows/road.ts).
 */
export type RoadEvent =
  | {
      type: 'incident.reported';
      incidentId: string;
      missionId: string;
      title: string;
      companyId: string;
      driverId: string;
      driverName: string;
      incidentType: IncidentType;
      note: string | null;
    }
  | {
      type: 'review.submitted';
      missionId: string;
      title: string;
      reviewerName: string;
      /** The other party, who has not written theirs yet. */
      revieweeId: string;
      /** When the window to write closes (ISO instant). */
      closesAt: string;
    }
  | {
      type: 'review.published';
      reviewId: string;
      missionId: string;
      title: string;
      reviewerName: string;
      revieweeId: string;
      rating: number;
    }
  | {
      type: 'badge.earned' | 'badge.lost';
      userId: string;
      badge: BadgeType;
      /** Given or removed by an administrator: their reason, told to the driver. */
      reason?: string;
    };

const ROAD_EVENTS = new Set<string>([
  'incident.reported',
  'review.submitted',
  'review.published',
  'badge.earned',
  'badge.lost',
]);
export const isRoadEvent = (event: DomainEvent): event is RoadEvent => ROAD_EVENTS.has(event.type);

/**
 * Support (decision 020): an administrator changed the status of a bug report or answered it; its author gets a
 * "support" alert (platform/alert-rows/support.ts) and an e-mail at once (bug-reports feature).
 */
export interface SupportEvent {
  type: 'bug_report.updated';
  bugReportId: string;
  userId: string;
  title: string;
  /** The status now (BugStatus). */
  status: string;
  statusChanged: boolean;
  answerChanged: boolean;
}

export const isSupportEvent = (event: DomainEvent): event is SupportEvent =>
  event.type === 'bug_report.updated';

/** A domain event as the outbox keeps it (platform/outbox.ts recordDomainEvent): its id and what happened. */
export interface RecordedEvent {
  id: string;
  event: DomainEvent;
}

/** How an event reaches a handler. */
export interface EventDelivery {
  /** The recorded event's id: what a handler writes once per event takes its key from it (the alerts' ids). */
  eventId: string;
  /** Delivered by the recovery: an earlier delivery may have run in part, or whole, before its instance died. */
  redelivery: boolean;
}

type DomainEventHandler = (event: DomainEvent, delivery: EventDelivery) => Promise<void> | void;

export interface EventBus {
  /**
   * Delivers events recorded in a transaction that has now committed, one after the other: runs every handler,
   * resolves when all have finished. A failing handler is logged, never thrown; its event stays in the outbox and
   * the recovery delivers it again (every handler runs again then: handlers are safe to run twice).
   */
  publish(recorded: RecordedEvent | readonly RecordedEvent[]): Promise<void>;
  /** One delivery of one event (publish, and the outbox's recovery): true when every handler succeeded. */
  deliver(recorded: RecordedEvent, redelivery: boolean): Promise<boolean>;
  subscribe(handler: DomainEventHandler): () => void;
  /** Told the id of each published event that every handler has handled (the outbox then forgets it). */
  onDelivered(listener: (eventId: string) => void): void;
  readonly log: FastifyBaseLogger;
}

export function createEventBus(log: FastifyBaseLogger): EventBus {
  const handlers = new Set<DomainEventHandler>();
  const delivered = new Set<(eventId: string) => void>();
  const deliver = async ({ id, event }: RecordedEvent, redelivery: boolean): Promise<boolean> => {
    const delivery: EventDelivery = { eventId: id, redelivery };
    const results = await Promise.all(
      [...handlers].map(async (handler) => {
        try {
          await handler(event, delivery);
          return true;
        } catch (error) {
          log.error({ err: error, event: event.type, eventId: id }, 'domain event handler failed');
          return false;
        }
      }),
    );
    return results.every(Boolean);
  };
  return {
    log,
    deliver,
    async publish(recorded) {
      for (const one of Array.isArray(recorded) ? recorded : [recorded as RecordedEvent])
        if (await deliver(one, false)) for (const listener of delivered) listener(one.id);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onDelivered(listener) {
      delivered.add(listener);
    },
  };
}
