import { and, asc, eq, inArray } from 'drizzle-orm';
import { roleOf } from '#core/rules/roles.js';
import { INCIDENT_LABELS, WAITING_PLACE_LABELS } from '#core/rules/road.js';
import type { IncidentType, WaitingPlace } from '#core/rules/enums.js';
import { ENGAGEMENT_DOCUMENT_TYPE } from '#core/rules/documents.js';
import type { TimelineEntry } from '#core/schemas/admin-missions.js';
import type { Db } from '../../db/client.js';
import { documents, documentSignatures } from '../../db/schema/documents.js';
import { missionApplications, missionEvents, reviews } from '../../db/schema/missions.js';
import { driverPayments, stripePayments } from '../../db/schema/payments.js';
import { deliveryProofs, missionIncidents, missionTracking, waitingPeriods } from '../../db/schema/road.js';
import { users } from '../../db/schema/users.js';
import { formatMoney } from '#core/rules/money.js';

/** The steps of mission_events (missions, engagements features), as the team reads them. */
const EVENT_LABELS: Record<string, string> = {
  published: 'Mission publiée',
  updated: 'Mission modifiée',
  assigned: 'Chauffeur retenu',
  start: 'Mission démarrée',
  deliver: 'Mission livrée',
  complete: 'Fin de mission confirmée',
  cancelled: 'Mission annulée',
  dropped: 'Le chauffeur s’est désisté',
  signatures_waived: 'Signature du document d’engagement levée par le transporteur',
};

const KIND_LABELS: Record<string, string> = { deposit: 'Acompte', balance: 'Solde' };

type Person = {
  id: string;
  fullName: string;
  companyName: string | null;
  userType: string;
  isAdmin: boolean;
};

/**
 * A mission's whole story, oldest first: its own steps (mission_events), and the facts other features keep about
 * it in the shared tables (applications, engagement document, tracking, proof of delivery, incidents, waits,
 * payments, reviews). Never the content of messages.
 */
export async function missionTimeline(db: Db, missionId: string): Promise<TimelineEntry[]> {
  const [events, applications, engagement, tracking, proofs, incidents, waits, settlement, cards, rated] =
    await Promise.all([
      db
        .select({ event: missionEvents })
        .from(missionEvents)
        .where(eq(missionEvents.missionId, missionId))
        .orderBy(asc(missionEvents.createdAt), asc(missionEvents.id)),
      db
        .select({ createdAt: missionApplications.createdAt, driverId: missionApplications.driverId })
        .from(missionApplications)
        .where(eq(missionApplications.missionId, missionId))
        .orderBy(asc(missionApplications.createdAt), asc(missionApplications.id)),
      db
        .select({
          id: documents.id,
          uploadedAt: documents.uploadedAt,
          signedAt: documents.signedAt,
          waivedAt: documents.waivedAt,
        })
        .from(documents)
        .where(and(eq(documents.missionId, missionId), eq(documents.type, ENGAGEMENT_DOCUMENT_TYPE)))
        .orderBy(asc(documents.uploadedAt), asc(documents.id)),
      db.select().from(missionTracking).where(eq(missionTracking.missionId, missionId)),
      db
        .select({ signedAt: deliveryProofs.signedAt, driverId: deliveryProofs.driverId })
        .from(deliveryProofs)
        .where(eq(deliveryProofs.missionId, missionId)),
      db
        .select({
          type: missionIncidents.type,
          occurredAt: missionIncidents.occurredAt,
          reporterId: missionIncidents.reporterId,
        })
        .from(missionIncidents)
        .where(eq(missionIncidents.missionId, missionId))
        .orderBy(asc(missionIncidents.occurredAt), asc(missionIncidents.id)),
      db
        .select({
          place: waitingPeriods.place,
          startedAt: waitingPeriods.startedAt,
          endedAt: waitingPeriods.endedAt,
          startedBy: waitingPeriods.startedBy,
        })
        .from(waitingPeriods)
        .where(eq(waitingPeriods.missionId, missionId))
        .orderBy(asc(waitingPeriods.startedAt), asc(waitingPeriods.id)),
      db.select().from(driverPayments).where(eq(driverPayments.missionId, missionId)),
      db
        .select({
          kind: stripePayments.kind,
          amount: stripePayments.amount,
          status: stripePayments.status,
          updatedAt: stripePayments.updatedAt,
          userId: stripePayments.userId,
        })
        .from(stripePayments)
        .where(
          and(eq(stripePayments.missionId, missionId), inArray(stripePayments.kind, ['deposit', 'balance'])),
        )
        .orderBy(asc(stripePayments.updatedAt), asc(stripePayments.id)),
      db
        .select({
          reviewerId: reviews.reviewerId,
          rating: reviews.rating,
          createdAt: reviews.createdAt,
          publishedAt: reviews.publishedAt,
          removedAt: reviews.removedAt,
        })
        .from(reviews)
        .where(eq(reviews.missionId, missionId))
        .orderBy(asc(reviews.createdAt), asc(reviews.id)),
    ]);
  const signatures = engagement[0]
    ? await db
        .select({ userId: documentSignatures.userId, signedAt: documentSignatures.signedAt })
        .from(documentSignatures)
        .where(eq(documentSignatures.documentId, engagement[0].id))
        .orderBy(asc(documentSignatures.signedAt), asc(documentSignatures.id))
    : [];

  // Everyone named in the story, read once.
  const ids = new Set<string>();
  const note = (id: string | null) => id && ids.add(id);
  events.forEach(({ event }) => note(event.actorId));
  applications.forEach((row) => note(row.driverId));
  signatures.forEach((row) => note(row.userId));
  proofs.forEach((row) => note(row.driverId));
  incidents.forEach((row) => note(row.reporterId));
  waits.forEach((row) => note(row.startedBy));
  cards.forEach((row) => note(row.userId));
  rated.forEach((row) => note(row.reviewerId));
  tracking.forEach((row) => note(row.driverId));
  settlement.forEach((row) => (note(row.driverId), note(row.transporterId)));
  const people = new Map<string, Person>(
    ids.size === 0
      ? []
      : (
          await db
            .select({
              id: users.id,
              fullName: users.fullName,
              companyName: users.companyName,
              userType: users.userType,
              isAdmin: users.isAdmin,
            })
            .from(users)
            .where(inArray(users.id, [...ids]))
        ).map((person) => [person.id, person]),
  );
  const actor = (id: string | null): TimelineEntry['actor'] => {
    const person = id ? people.get(id) : undefined;
    if (!person) return null;
    const role = roleOf(person);
    return {
      id: person.id,
      name: role === 'transporter' ? (person.companyName ?? person.fullName) : person.fullName,
      role,
    };
  };

  const entries: TimelineEntry[] = [];
  const add = (
    at: Date | null,
    kind: TimelineEntry['kind'],
    label: string,
    who: string | null = null,
    detail: string | null = null,
  ) => {
    if (at) entries.push({ at: at.toISOString(), kind, label, actor: actor(who), detail });
  };

  for (const { event } of events) {
    const who = actor(event.actorId);
    const label =
      event.type === 'cancelled' && who?.role === 'admin'
        ? 'Mission annulée par l’équipe Relais'
        : (EVENT_LABELS[event.type] ?? event.type);
    add(event.createdAt, 'mission', label, event.actorId, event.reason);
  }
  for (const row of applications) add(row.createdAt, 'application', 'Candidature reçue', row.driverId);
  for (const doc of engagement) {
    add(doc.uploadedAt, 'engagement', 'Document d’engagement émis');
    add(doc.signedAt, 'engagement', 'Document d’engagement signé par les deux parties');
  }
  for (const row of signatures) add(row.signedAt, 'engagement', 'Document d’engagement signé', row.userId);
  for (const row of tracking) {
    add(row.createdAt, 'tracking', 'Suivi GPS démarré', row.driverId);
    add(row.pausedAt, 'tracking', 'Suivi GPS en pause', row.driverId);
    add(row.lastPositionAt, 'tracking', 'Dernière position reçue', row.driverId);
    add(row.purgedAt, 'tracking', 'Positions effacées (conservation de 30 jours)');
  }
  for (const row of proofs) add(row.signedAt, 'delivery', 'Preuve de livraison signée', row.driverId);
  for (const row of incidents)
    add(
      row.occurredAt,
      'incident',
      'Incident signalé',
      row.reporterId,
      INCIDENT_LABELS[row.type as IncidentType] ?? row.type,
    );
  for (const row of waits) {
    const place = WAITING_PLACE_LABELS[row.place as WaitingPlace] ?? row.place;
    add(row.startedAt, 'waiting', `Attente ${place} commencée`, row.startedBy);
    add(row.endedAt, 'waiting', `Attente ${place} terminée`, row.startedBy);
  }
  for (const row of settlement) {
    add(row.createdAt, 'payment', 'Paiement ouvert', row.transporterId, formatMoney(row.amount));
    add(row.markedPaidAt, 'payment', 'Paiement déclaré effectué', row.transporterId, row.paymentReference);
    add(row.confirmedAt, 'payment', 'Paiement reçu, confirmé par le chauffeur', row.driverId);
    add(row.disputedAt, 'payment', 'Paiement contesté', row.driverId, row.disputeReason);
  }
  for (const row of cards)
    if (row.status === 'succeeded')
      add(
        row.updatedAt,
        'payment',
        `${KIND_LABELS[row.kind] ?? 'Paiement'} payé par carte`,
        row.userId,
        formatMoney(row.amount),
      );
  for (const row of rated) {
    add(row.createdAt, 'review', 'Avis déposé', row.reviewerId, `${row.rating}/5`);
    add(row.publishedAt, 'review', 'Avis publié', row.reviewerId);
    add(row.removedAt, 'review', 'Avis retiré par l’équipe', row.reviewerId);
  }
  // A stable sort: entries of the same instant keep the order above (each query in a total order of its own).
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
