import { eq } from 'drizzle-orm';
import { deliveryMessages, proofFieldsSchema } from '#core/schemas/delivery.js';
import type { Db } from '../../db/client.js';
import { deliveryProofs } from '../../db/schema/road.js';
import type { User } from '../../db/schema/users.js';
import type { Storage } from '../../platform/storage.js';
import { driverMission } from './access.js';
import { checkPhotos, checkSignature, removeFiles, storeFiles } from './files.js';
import type { ParsedForm } from '../../platform/form-data.js';
import { fieldsOf } from '../../platform/form-data.js';

const beforeDelivery = {
  statuses: ['in_progress'],
  closed: (status: string) =>
    ['delivered', 'completed'].includes(status)
      ? deliveryMessages.alreadyDelivered
      : deliveryMessages.notInProgress,
};

/**
 * The assigned driver records the proof of delivery while the mission runs: the recipient's name, the signature
 * drawn on the phone, 0–5 photos of the delivery note / CMR, the position if the phone gave it, and the server's
 * time. Sending again before "deliver" replaces the previous proof (its files are removed); after, it is fixed.
 */
export async function submitProof(
  db: Db,
  storage: Storage,
  driver: User,
  missionId: string,
  form: ParsedForm,
) {
  // Cheap checks first (who, which state), before any image is decoded.
  const first = await driverMission(db, driver, missionId, beforeDelivery);
  const fields = fieldsOf(proofFieldsSchema, form.fields);
  const signature = await checkSignature(form.files);
  const photos = await checkPhotos(form.files, { allowPdf: true });
  const [signatureKey, ...photoKeys] = await storeFiles(storage, 'delivery', first.id, [
    signature,
    ...photos,
  ]);
  let replaced: string[] = [];
  try {
    await db.transaction(async (tx) => {
      // The mission row is locked: a "deliver" at the same moment waits for this proof, or this proof for it.
      await driverMission(tx, driver, missionId, { ...beforeDelivery, lock: true });
      const [previous] = await tx
        .select()
        .from(deliveryProofs)
        .where(eq(deliveryProofs.missionId, missionId))
        .for('update');
      const values = {
        driverId: driver.id,
        recipientName: fields.recipientName,
        signatureKey: signatureKey!,
        photoKeys,
        latitude: fields.latitude === null || fields.longitude === null ? null : fields.latitude.toFixed(6),
        longitude: fields.latitude === null || fields.longitude === null ? null : fields.longitude.toFixed(6),
        accuracy:
          fields.accuracy === null || fields.latitude === null || fields.longitude === null
            ? null
            : fields.accuracy.toFixed(2),
        signedAt: new Date(),
        note: fields.note ?? null,
        documentId: null,
      };
      if (previous) {
        replaced = [previous.signatureKey, ...previous.photoKeys];
        await tx.update(deliveryProofs).set(values).where(eq(deliveryProofs.id, previous.id));
      } else {
        await tx.insert(deliveryProofs).values({ missionId, ...values });
      }
    });
  } catch (error) {
    await removeFiles(storage, [signatureKey!, ...photoKeys]);
    throw error;
  }
  await removeFiles(storage, replaced);
}
