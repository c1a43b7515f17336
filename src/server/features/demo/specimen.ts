import { SHARED_DEMO_FILES } from '../../platform/demo-guard.js';
import { renderPdf, sha256Hex } from '../../platform/pdf.js';
import type { Storage } from '../../platform/storage.js';

/** The one file every demonstration paper points at: never copied per sandbox, never removed with one. */
export const SPECIMEN_KEY = `${SHARED_DEMO_FILES}specimen.pdf`;

export interface Specimen {
  key: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/** One per storage (tests build several apps, each with its own folder). */
const stored = new WeakMap<Storage, Promise<Specimen>>();

/** Writes the specimen at first use (or reads it back), once per storage. */
export function demoSpecimen(storage: Storage): Promise<Specimen> {
  const known = stored.get(storage);
  if (known) return known;
  const specimen = (async () => {
    let bytes: Uint8Array | null = await storage.get(SPECIMEN_KEY);
    if (!bytes) {
      bytes = await renderPdf({
        title: 'SPÉCIMEN — document de démonstration',
        subtitle: 'Relais · mode démo',
        sections: [
          {
            heading: 'Ce document n’a aucune valeur',
            paragraphs: [
              'Ce fichier tient lieu de permis, de carte conducteur, d’attestation FIMO ou FCO dans la démonstration de Relais.',
              'Les personnes, entreprises et missions de la démonstration sont fictives.',
            ],
          },
        ],
        footer: 'Relais — démonstration',
      });
      await storage.put(SPECIMEN_KEY, Buffer.from(bytes));
    }
    return {
      key: SPECIMEN_KEY,
      mimeType: 'application/pdf',
      sizeBytes: bytes.byteLength,
      sha256: sha256Hex(bytes),
    };
  })().catch((error: unknown) => {
    stored.delete(storage);
    throw error;
  });
  stored.set(storage, specimen);
  return specimen;
}
