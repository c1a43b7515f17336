import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ENGAGEMENT_DOCUMENT_TYPE } from '#core/rules/documents.js';
import type { EngagementType } from '#core/rules/missions.js';
import { partyTitle } from '#core/rules/parties.js';
import { roleOf } from '#core/rules/roles.js';
import { ENGAGEMENT_CONSENT, engagementMessages, type Engagement } from '#core/schemas/engagements.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { documents, documentSignatures } from '../../db/schema/documents.js';
import { missionEvents, missions } from '../../db/schema/missions.js';
import { users, type User } from '../../db/schema/users.js';
import { AppError, notFound } from '../../platform/errors.js';
import { appendSignaturePage, sha256Hex } from '../../platform/pdf.js';
import type { Storage } from '../../platform/storage.js';
import { buildEngagementPdf, carrierFacts, ENGAGEMENT_TITLES } from './build.js';

type DocumentRow = typeof documents.$inferSelect;
/** Missions whose driver is chosen: the engagement exists from then on. */
const ENGAGED = ['assigned', 'in_progress', 'delivered', 'completed'];
const missing = () => notFound('Document d’engagement introuvable');

const reference = (missionId: string) => `M-${missionId.slice(0, 8).toUpperCase()}`;
const normalise = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s’'-]+/g, ' ')
    .trim()
    .toLowerCase();

/** What the order printed of the carrier differs from what they have given since. */
function carrierChanged(row: DocumentRow, driver: User): boolean {
  const printed = row.details?.carrier;
  if (!printed) return false;
  const now = carrierFacts(driver);
  return printed.siret !== now.siret || printed.register !== now.register;
}

/**
 * The engagement document of a mission whose driver is chosen, made once: when the driver was chosen (event) or,
 * failing that, when a party first asks for it. A new driver (the first one dropped the mission) gets a new
 * document; the old one goes with its signatures. A transport order nobody has signed yet (nor waived) is made again
 * when its carrier has since given their SIRET or register number, so that it no longer says they are missing
 * (decision 042). The unique index on (mission) for engagements settles races.
 */
export async function ensureEngagement(
  db: Db,
  storage: Storage,
  missionId: string,
): Promise<DocumentRow | null> {
  const [mission] = await db.select().from(missions).where(eq(missions.id, missionId));
  if (!mission) return null;
  const [existing] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.missionId, missionId), eq(documents.type, ENGAGEMENT_DOCUMENT_TYPE)));
  // A mission that ended (or was cancelled) keeps the document it had: the record of what was agreed.
  if (existing && !ENGAGED.includes(mission.status)) return existing;
  if (!mission.driverId || !ENGAGED.includes(mission.status)) return null;
  const [company] = await db.select().from(users).where(eq(users.id, mission.companyId));
  const [driver] = await db.select().from(users).where(eq(users.id, mission.driverId));
  if (
    existing &&
    existing.recipientId === mission.driverId &&
    (!driver || !carrierChanged(existing, driver) || !(await replaceable(db, existing, mission.driverId)))
  )
    return existing;
  if (!company || !driver) return existing ?? null;
  const { bytes, title, kind } = await buildEngagementPdf(mission, company, driver, reference(missionId));
  const id = randomUUID();
  const key = `engagements/${missionId}/${id}.pdf`;
  await storage.put(key, Buffer.from(bytes));
  const saved = await db.transaction(async (tx) => {
    if (existing) {
      // Locked, then read again: a signature or a waiver that came meanwhile keeps the document as it is.
      const [locked] = await tx.select().from(documents).where(eq(documents.id, existing.id)).for('update');
      if (locked && !(await replaceable(tx, locked, mission.driverId))) return null;
      if (locked) await tx.delete(documents).where(eq(documents.id, locked.id));
    }
    const [row] = await tx
      .insert(documents)
      .values({
        id,
        userId: mission.companyId,
        recipientId: mission.driverId,
        missionId,
        type: ENGAGEMENT_DOCUMENT_TYPE,
        fileName: `${title} ${reference(missionId)}.pdf`,
        fileUrl: key,
        mimeType: 'application/pdf',
        sizeBytes: bytes.length,
        sha256: sha256Hex(bytes),
        details: {
          label: title,
          parties: { transporter: company.fullName, driver: driver.fullName },
          ...(kind === 'independent' ? { carrier: carrierFacts(driver) } : {}),
        },
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
  if (!saved) {
    // Made at the same instant by another request, or signed meanwhile: that one stands.
    await storage.remove(key).catch(() => undefined);
    const [winner] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.missionId, missionId), eq(documents.type, ENGAGEMENT_DOCUMENT_TYPE)));
    return winner ?? null;
  }
  if (existing) {
    await storage.remove(existing.fileUrl).catch(() => undefined);
    if (existing.signedUrl) await storage.remove(existing.signedUrl).catch(() => undefined);
  }
  return saved;
}

/**
 * Whether a document may give way to a new one: another driver's (theirs goes, signatures and all), or this
 * driver's while nobody has signed or waived it (read under its lock, in a statement of its own).
 */
async function replaceable(db: DbOrTx, row: DocumentRow, driverId: string | null): Promise<boolean> {
  if (row.recipientId !== driverId) return true;
  if (row.signedAt !== null || row.waivedAt !== null) return false;
  const [signed] = await db
    .select({ id: documentSignatures.id })
    .from(documentSignatures)
    .where(eq(documentSignatures.documentId, row.id))
    .limit(1);
  return !signed;
}

/** The viewer's side of the mission: its transporter, its driver, or an admin; anyone else is told it is not there. */
async function partyOf(db: Db, viewer: User, missionId: string) {
  const [mission] = await db.select().from(missions).where(eq(missions.id, missionId));
  if (!mission) throw missing();
  const role = roleOf(viewer);
  if (role === 'admin') return { mission, role: 'admin' as const };
  if (mission.companyId === viewer.id) return { mission, role: 'transporter' as const };
  if (mission.driverId === viewer.id) return { mission, role: 'driver' as const };
  throw missing();
}

async function toEngagement(
  db: Db,
  row: DocumentRow,
  myRole: 'transporter' | 'driver' | 'admin',
  status: string,
) {
  const signatures = await db
    .select({
      role: documentSignatures.role,
      name: documentSignatures.typedName,
      signedAt: documentSignatures.signedAt,
    })
    .from(documentSignatures)
    .where(eq(documentSignatures.documentId, row.id))
    .orderBy(asc(documentSignatures.signedAt), asc(documentSignatures.id));
  const signedRoles = new Set(signatures.map((signature) => signature.role));
  const open = status === 'assigned';
  const kind = (
    row.details?.label === ENGAGEMENT_TITLES.independent ? 'independent' : 'employment'
  ) as EngagementType;
  const result: Engagement = {
    id: row.id,
    kind,
    title: ENGAGEMENT_TITLES[kind],
    fileName: row.fileName,
    sha256: row.sha256 ?? '',
    createdAt: row.uploadedAt.toISOString(),
    signatures: signatures.map((signature) => ({
      role: signature.role as 'transporter' | 'driver',
      name: signature.name,
      signedAt: signature.signedAt.toISOString(),
    })),
    fullySigned: row.signedAt !== null,
    signedAt: row.signedAt?.toISOString() ?? null,
    waivedAt: row.waivedAt?.toISOString() ?? null,
    myRole,
    canSign: myRole !== 'admin' && !signedRoles.has(myRole) && (open || status === 'in_progress'),
    canWaive: myRole === 'transporter' && open && row.signedAt === null && row.waivedAt === null,
    fileUrl: `/api/missions/${row.missionId}/engagement/file`,
    originalUrl: row.signedUrl ? `/api/missions/${row.missionId}/engagement/original` : null,
    consentText: ENGAGEMENT_CONSENT,
  };
  return result;
}

export async function engagementFor(db: Db, storage: Storage, viewer: User, missionId: string) {
  const { role, mission } = await partyOf(db, viewer, missionId);
  const row = await ensureEngagement(db, storage, missionId);
  if (!row) throw missing();
  return toEngagement(db, row, role, mission.status);
}

/** The name the original is attached under in the signed copy, and downloaded under. */
const originalNameOf = (fileName: string) => fileName.replace(/\.pdf$/, ' (original).pdf');

/**
 * The PDF for a party (or an admin): the signed copy once both have signed, else the document to sign; or, asked
 * for, the original as it was signed (its SHA-256 is the one the signature page prints).
 */
export async function engagementFile(
  db: Db,
  storage: Storage,
  viewer: User,
  missionId: string,
  version: 'current' | 'original' = 'current',
) {
  await partyOf(db, viewer, missionId);
  const row = await ensureEngagement(db, storage, missionId);
  if (!row) throw missing();
  if (version === 'original' && !row.signedUrl)
    throw notFound('Le document n’est pas encore signé : le fichier à lire est le document lui-même');
  const key = version === 'original' ? row.fileUrl : (row.signedUrl ?? row.fileUrl);
  const bytes = await storage.get(key);
  if (!bytes) throw notFound('Le fichier de ce document est introuvable');
  const fileName =
    version === 'original'
      ? originalNameOf(row.fileName)
      : row.signedUrl
        ? row.fileName.replace(/\.pdf$/, ' (signé).pdf')
        : row.fileName;
  return { bytes, fileName };
}

/**
 * A party signs: the typed name must be theirs, the consent explicit; the time, IP and the PDF's SHA-256 are
 * recorded. The document row is locked, so the two parties signing at once are served one after the other and
 * the second one makes the signed copy (the original pages plus a signature page).
 */
export async function signEngagement(
  db: Db,
  storage: Storage,
  viewer: User,
  missionId: string,
  typedName: string,
  ipAddress: string,
) {
  const { role, mission } = await partyOf(db, viewer, missionId);
  if (role === 'admin') throw new AppError(403, 'Seules les parties de la mission signent ce document.');
  const ensured = await ensureEngagement(db, storage, missionId);
  if (!ensured) throw missing();
  // The name printed in the document for this party (renaming one's account afterwards changes nothing).
  const printed = ensured.details?.parties?.[role] ?? viewer.fullName;
  if (normalise(typedName) !== normalise(printed))
    throw new AppError(400, engagementMessages.nameMismatch(printed), {
      typedName: engagementMessages.nameMismatch(printed),
    });
  let signedKey: string | null = null;
  const row = await db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(documents).where(eq(documents.id, ensured.id)).for('update');
      const [fresh] = await tx
        .select({ status: missions.status, driverId: missions.driverId })
        .from(missions)
        .where(eq(missions.id, missionId))
        .for('share');
      // The signer's side is read again under the lock: a driver who dropped the mission signs nothing.
      if (role === 'driver' && fresh?.driverId !== viewer.id) throw missing();
      if (!current || fresh?.driverId !== current.recipientId)
        throw new AppError(409, 'Ce document a été remplacé : rechargez la page.');
      if (!['assigned', 'in_progress'].includes(fresh.status))
        throw new AppError(409, 'Cette mission ne se signe plus.');
      const [already] = await tx
        .select({ id: documentSignatures.id })
        .from(documentSignatures)
        .where(and(eq(documentSignatures.documentId, current.id), eq(documentSignatures.role, role)));
      if (already) throw new AppError(409, 'Vous avez déjà signé ce document.');
      await tx.insert(documentSignatures).values({
        documentId: current.id,
        userId: viewer.id,
        role,
        typedName,
        consent: ENGAGEMENT_CONSENT,
        ipAddress,
        sha256: current.sha256 ?? '',
      });
      const all = await tx
        .select()
        .from(documentSignatures)
        .where(eq(documentSignatures.documentId, current.id))
        .orderBy(asc(documentSignatures.signedAt), asc(documentSignatures.id));
      if (all.length < 2) return current;
      const original = await storage.get(current.fileUrl);
      if (!original) throw notFound('Le fichier de ce document est introuvable');
      const signed = await appendSignaturePage(original, {
        title: `Signatures — ${current.fileName.replace(/\.pdf$/, '')}`,
        intro:
          'Les parties ci-dessous ont signé électroniquement le document qui précède dans Relais, après l’avoir lu, en tapant leur nom et en cochant la case de consentement.',
        signatures: all.map((signature) => ({
          role: partyTitle(
            mission.engagementType as EngagementType,
            signature.role as 'transporter' | 'driver',
          ),
          name: signature.typedName,
          signedAt: signature.signedAt,
          ipAddress: signature.ipAddress ?? '—',
          consent: signature.consent,
        })),
        originalSha256: current.sha256 ?? sha256Hex(original),
        originalFileName: originalNameOf(current.fileName),
      });
      signedKey = `engagements/${missionId}/${current.id}-signe.pdf`;
      await storage.put(signedKey, Buffer.from(signed));
      const [updated] = await tx
        .update(documents)
        .set({ signedAt: sql`now()`, signedUrl: signedKey, status: 'verified' })
        .where(eq(documents.id, current.id))
        .returning();
      return updated!;
    })
    .catch(async (error: unknown) => {
      if (signedKey) await storage.remove(signedKey).catch(() => undefined);
      throw error;
    });
  return toEngagement(db, row, role, mission.status);
}

/** The transporter starts without signatures, in writing: the reason goes to the mission's timeline. */
export async function waiveSignatures(
  db: Db,
  storage: Storage,
  viewer: User,
  missionId: string,
  reason: string,
) {
  const { role, mission } = await partyOf(db, viewer, missionId);
  if (role !== 'transporter') throw new AppError(403, 'Seul le transporteur peut démarrer sans signatures.');
  const ensured = await ensureEngagement(db, storage, missionId);
  if (!ensured) throw missing();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(documents).where(eq(documents.id, ensured.id)).for('update');
    if (!current) throw missing();
    if (mission.status !== 'assigned') throw new AppError(409, 'La mission a déjà démarré.');
    if (current.signedAt) throw new AppError(409, 'Le document est déjà signé par les deux parties.');
    if (current.waivedAt) throw new AppError(409, 'La signature est déjà levée pour cette mission.');
    const [updated] = await tx
      .update(documents)
      .set({ waivedAt: sql`now()` })
      .where(eq(documents.id, current.id))
      .returning();
    await tx
      .insert(missionEvents)
      .values({ missionId, actorId: viewer.id, type: 'signatures_waived', status: null, reason });
    return updated!;
  });
  return toEngagement(db, row, role, mission.status);
}
