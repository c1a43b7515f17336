import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt from node:crypto: memory-hard, no native build (docs/decisions/002-sessions.md). */
const PRODUCTION = { N: 16384, r: 8, p: 1, keylen: 64 } as const;
/**
 * Under NODE_ENV=test (the API suite, its server processes), a sixteenth of the cost: hundreds of sign-ins there test
 * everything but the hash's price, which was a large part of the suite's time. Each hash carries its parameters, so
 * verifying never depends on this choice; a server in development or production always hashes at full cost.
 */
const TEST = { ...PRODUCTION, N: 1024 } as const;
let PARAMS: typeof PRODUCTION | typeof TEST = PRODUCTION;

/** Called by buildApp with the configuration's environment. */
export function setPasswordCostFor(environment: 'development' | 'production' | 'test'): void {
  PARAMS = environment === 'test' ? TEST : PRODUCTION;
}

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      keylen,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS.keylen, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Spent when the e-mail is unknown, so that a wrong e-mail and a wrong password take the same time. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('relais-dummy-password');
  await verifyPassword(password, await dummyHash);
}
