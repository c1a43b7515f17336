import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents } from '../../db/schema/documents.js';
import { missions } from '../../db/schema/missions.js';
import { deliveryProofs, missionIncidents, waitingPeriods } from '../../db/schema/road.js';
import { users } from '../../db/schema/users.js';
import { sha256Hex } from '../../platform/pdf.js';
import type { Storage } from '../../platform/storage.js';
import { buildProofPdf, missionReference, PROOF_TITLE } from './proof-pdf.js';

const DELIVERY_PROOF_DOCUMENT_TYPE = 'delivery_proof';
const DELIVERED = ['delivered', 'completed'];

/**
 * The proof-of-delivery PDF of a delivered mission, made once and kept as a mission document (from the driver,
 * to the transporter). Made by the job queued at delivery; the download makes it too if the job has not yet.
 * Two makers at once: the proof row is locked when the document is attached, the second one's file is dropped.
 */
export async function ensureProofDocument(db: Db, storage: Storage, missionId: string) {
  const [mission] = await db.select().from(missions).where(eq(missions.id, missionId));
  const [proof] = await db.select().from(deliveryProofs).where(eq(deliveryProofs.missionId, missionId));
  if (!mission || !proof || !DELIVERED.includes(mission.status)) return null;
  if (proof.documentId) {
    const [existing] = await db.select().from(documents).where(eq(documents.id, proof.documentId));
    if (existing) return existing;
  }
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [mission.companyId, proof.driverId ?? mission.driverId ?? mission.companyId]));
  const company = people.find((user) => user.id === mission.companyId);
  const driver = people.find((user) => user.id === (proof.driverId ?? mission.driverId));
  if (!company || !driver) return null;
  const read = async (key: string) => {
    const bytes = await storage.get(key);
    if (!bytes) throw new Error(`delivery proof file missing: ${key}`);
    return bytes;
  };
  const bytes = await buildProofPdf({
    mission,
    company,
    driver,
    proof,
    // The state at delivery, whenever the PDF is made (by the job, or later by a download): an incident reported
    // after the delivery (until the transporter confirms the end) is not in it.
    incidents: await db
      .select()
      .from(missionIncidents)
      .where(
        and(
          eq(missionIncidents.missionId, missionId),
          lte(missionIncidents.createdAt, mission.deliveredAt ?? new Date()),
        ),
      )
      .orderBy(asc(missionIncidents.occurredAt), asc(missionIncidents.createdAt), asc(missionIncidents.id)),
    waiting: await db
      .select()
      .from(waitingPeriods)
      .where(eq(waitingPeriods.missionId, missionId))
      .orderBy(asc(waitingPeriods.startedAt), asc(waitingPeriods.id)),
    signature: await read(proof.signatureKey),
    photos: await Promise.all(proof.photoKeys.map(async (key) => ({ key, bytes: await read(key) }))),
  });
  const id = randomUUID();
  const key = `delivery/${missionId}/${id}.pdf`;
  await storage.put(key, Buffer.from(bytes));
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(deliveryProofs)
      .where(and(eq(deliveryProofs.id, proof.id)))
      .for('update');
    if (!current || current.documentId) return null;
    const [row] = await tx
      .insert(documents)
      .values({
        id,
        userId: driver.id,
        recipientId: company.id,
        missionId,
        type: DELIVERY_PROOF_DOCUMENT_TYPE,
        fileName: `${PROOF_TITLE} ${missionReference(missionId)}.pdf`,
        fileUrl: key,
        mimeType: 'application/pdf',
        sizeBytes: bytes.length,
        sha256: sha256Hex(bytes),
        details: { label: PROOF_TITLE, parties: { transporter: company.fullName, driver: driver.fullName } },
      })
      .returning();
    await tx.update(deliveryProofs).set({ documentId: id }).where(eq(deliveryProofs.id, proof.id));
    return row!;
  });
  if (saved) return saved;
  // Made at the same moment by another request or job: theirs stands.
  await storage.remove(key).catch(() => undefined);
  const [winner] = await db
    .select({ document: documents })
    .from(deliveryProofs)
    .innerJoin(documents, eq(documents.id, deliveryProofs.documentId))
    .where(eq(deliveryProofs.id, proof.id));
  return winner?.document ?? null;
}
