import { and, eq } from 'drizzle-orm';
import { deliveryMessages } from '#core/schemas/delivery.js';
import type { Db } from '../../db/client.js';
import { deliveryProofs, missionIncidents } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import { notFound } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { sideOf } from './access.js';
import { mimeOfKey } from './files.js';
import { ensureProofDocument } from './proof-document.js';
import { missionReference } from './proof-pdf.js';

export interface PrivateFile {
  bytes: Buffer;
  type: string;
  fileName: string;
}

const missing = () => notFound(deliveryMessages.fileMissing);

async function fileOf(storage: Storage, key: string | undefined, fileName: string): Promise<PrivateFile> {
  if (!key) throw missing();
  const bytes = await storage.get(key);
  if (!bytes) throw missing();
  return { bytes, type: mimeOfKey(key), fileName: `${fileName}.${key.slice(key.lastIndexOf('.') + 1)}` };
}

async function proofOf(db: Db, viewer: User, missionId: string) {
  const { mission } = await sideOf(db, viewer, missionId);
  const [proof] = await db.select().from(deliveryProofs).where(eq(deliveryProofs.missionId, missionId));
  if (!proof) throw missing();
  return { mission, proof };
}

/** The proof-of-delivery PDF (parties and admins), made now if the delivery's job has not made it yet. */
export async function proofPdf(
  db: Db,
  storage: Storage,
  viewer: User,
  missionId: string,
): Promise<PrivateFile> {
  await proofOf(db, viewer, missionId);
  const document = await ensureProofDocument(db, storage, missionId);
  if (!document) throw missing();
  const bytes = await storage.get(document.fileUrl);
  if (!bytes) throw missing();
  return { bytes, type: 'application/pdf', fileName: document.fileName };
}

export async function proofSignature(db: Db, storage: Storage, viewer: User, missionId: string) {
  const { proof } = await proofOf(db, viewer, missionId);
  return fileOf(storage, proof.signatureKey, `Signature ${missionReference(missionId)}`);
}

/** Photo n (from 1) of the proof. */
export async function proofPhoto(db: Db, storage: Storage, viewer: User, missionId: string, index: number) {
  const { proof } = await proofOf(db, viewer, missionId);
  return fileOf(
    storage,
    proof.photoKeys[index - 1],
    `Bon de livraison ${missionReference(missionId)} (${index})`,
  );
}

/** Photo n (from 1) of an incident of the mission. */
export async function incidentPhoto(
  db: Db,
  storage: Storage,
  viewer: User,
  missionId: string,
  incidentId: string,
  index: number,
) {
  await sideOf(db, viewer, missionId);
  const [incident] = await db
    .select({ photoKeys: missionIncidents.photoKeys })
    .from(missionIncidents)
    .where(and(eq(missionIncidents.id, incidentId), eq(missionIncidents.missionId, missionId)));
  return fileOf(
    storage,
    incident?.photoKeys[index - 1],
    `Incident ${missionReference(missionId)} (${index})`,
  );
}
