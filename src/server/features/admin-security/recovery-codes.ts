import { randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminRecoveryCodes } from '../../db/schema/admin.js';
import { hashToken } from '../../platform/tokens.js';

const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: codes are copied by hand from paper. 10 characters of 31 ≈ 50 bits each. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Read as typed: case, spaces and dashes do not matter (the schema already normalised it). */
const hashOf = (code: string) => hashToken(code.replace(/[\s-]/g, '').toUpperCase());

/**
 * Replaces the administrator's recovery codes with ten new ones, returned in clear once: only their SHA-256 is
 * kept, so they cannot be shown again. Called with the account's row locked.
 */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.insert(adminRecoveryCodes).values([...codes].map((code) => ({ userId, codeHash: hashOf(code) })));
  return [...codes];
}

/**
 * Spends one recovery code: true when it was one of the administrator's and not used yet. The update is the check
 * (`used_at is null` re-read on the row it writes), so two requests with the same code cannot both pass.
 */
export async function spendRecoveryCode(tx: DbOrTx, userId: string, code: string): Promise<boolean> {
  const spent = await tx
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, hashOf(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return spent.length > 0;
}

export async function recoveryCodesLeft(tx: DbOrTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ left: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}
