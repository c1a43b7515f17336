import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The issuer the authenticator apps show next to the account. */
const TOTP_ISSUER = 'Relais';
/** One step either side (±30 s): a phone's clock a little off, or a code typed as it changes. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address of the secret, and its QR code as an SVG document (no outside service sees it). */
export async function enrolmentOf(email: string, secret: string) {
  const uri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

export type CodeCheck = { ok: true; step: number } | { ok: false; replayed: boolean };

/**
 * Checks a 6-digit code against the secret, one step of tolerance either side. A code whose time step is not
 * after `lastStep` was already accepted (or an older one was): refused, so an overheard code cannot serve twice
 * (RFC 6238 §5.2). The caller holds the account's row lock and writes the step it gets back.
 */
export async function checkTotp(secret: string, code: string, lastStep: number | null): Promise<CodeCheck> {
  const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid || !('timeStep' in result)) return { ok: false, replayed: false };
  const step = result.timeStep;
  if (lastStep !== null && step <= lastStep) return { ok: false, replayed: true };
  return { ok: true, step };
}
