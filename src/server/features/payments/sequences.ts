import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documentSequences } from '../../db/schema/payments.js';

/**
 * The next number of an issuer's series for the year ("AF-2026-0007"), gap-free: the sequence row is created or
 * incremented by one upsert, which keeps it locked until the transaction ends. Call it in the transaction that
 * stores the document: if that transaction fails, the number goes back with it; two issuances wait in turn.
 */
export async function nextNumber(
  tx: DbOrTx,
  issuerId: string,
  series: 'AF' | 'RH',
  year: number,
): Promise<string> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ issuerId, series, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.issuerId, documentSequences.series, documentSequences.year],
      set: { last: sql`${documentSequences.last} + 1` },
    })
    .returning({ last: documentSequences.last });
  return `${series}-${year}-${String(row!.last).padStart(4, '0')}`;
}
