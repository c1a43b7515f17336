import type { FastifyBaseLogger } from 'fastify';

/**
 * Domain events: what happened, with ids and the little data an alert or a realtime update needs.
 * Features publish them after their transaction commits; other features subscribe (alerts now; the
 * realtime and cross-instance delivery of the messaging issue later).
 */
export type DomainEvent =
  | DocumentEvent
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

const DOCUMENT_EVENTS = new Set<string>(['document.reviewed', 'document.expiring', 'driver.validation']);
export const isDocumentEvent = (event: DomainEvent): event is DocumentEvent =>
  DOCUMENT_EVENTS.has(event.type);

export type DomainEventHandler = (event: DomainEvent) => Promise<void> | void;

export interface EventBus {
  /** Runs every handler; resolves when all have finished. A failing handler is logged, never thrown. */
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: DomainEventHandler): () => void;
}

export function createEventBus(log: FastifyBaseLogger): EventBus {
  const handlers = new Set<DomainEventHandler>();
  return {
    async publish(event) {
      await Promise.all(
        [...handlers].map(async (handler) => {
          try {
            await handler(event);
          } catch (error) {
            log.error({ err: error, event: event.type }, 'domain event handler failed');
          }
        }),
      );
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}
