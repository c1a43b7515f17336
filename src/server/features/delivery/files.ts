import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  deliveryMessages,
  MAX_PHOTOS,
  PHOTO_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
} from '#core/schemas/delivery.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage.js';
import { inspectUpload, NOT_A_DOCUMENT, sanitizeUpload, type UploadKind } from '../../platform/uploads.js';
import type { FormFile } from '../../platform/form-data.js';

/** A checked file, ready to be stored: its bytes as they will be kept, and its extension. */
export interface CheckedFile {
  bytes: Buffer;
  ext: string;
}

/** A drawn signature is small: a canvas a few hundred pixels wide, at most 4 megapixels. */
const SIGNATURE_MAX_PIXELS = 4_000_000;

const fieldError = (status: number, field: string, message: string) =>
  new AppError(status, message, { [field]: message });

/**
 * The signature drawn on the phone: a PNG by its content (not its name), within 1 MB, re-encoded without
 * metadata, and not blank (a canvas with nothing drawn is one single colour).
 */
export async function checkSignature(files: FormFile[]): Promise<CheckedFile> {
  const sent = files.filter((file) => file.field === 'signature');
  if (sent.length !== 1) throw fieldError(400, 'signature', deliveryMessages.signatureRequired);
  const { bytes } = sent[0]!;
  if (bytes.length > SIGNATURE_MAX_BYTES)
    throw fieldError(413, 'signature', deliveryMessages.signatureTooLarge);
  if (inspectUpload(bytes)?.kind !== 'png')
    throw fieldError(415, 'signature', deliveryMessages.signatureNotPng);
  const clean = await sanitizeUpload(bytes, 'png', { maxPixels: SIGNATURE_MAX_PIXELS }).catch(
    (error: unknown) => {
      if (error instanceof AppError) throw fieldError(error.statusCode, 'signature', error.message);
      throw error;
    },
  );
  const stats = await sharp(clean).stats();
  if (stats.channels.every((channel) => channel.min === channel.max))
    throw fieldError(422, 'signature', deliveryMessages.signatureBlank);
  if (!(await hasSignatureInk(clean))) throw fieldError(422, 'signature', deliveryMessages.signatureTooSmall);
  return { bytes: clean, ext: 'png' };
}

/** A stroke of ink spans at least this many pixels (a tap on the pad leaves a dot a few pixels wide). */
const SIGNATURE_MIN_SPAN = 20;
const SIGNATURE_MIN_INK = 30;

/**
 * Whether the drawing is more than a dot: on white (the canvas is transparent), the pixels that stand out from
 * the background (its most frequent grey) must be enough and spread over at least SIGNATURE_MIN_SPAN pixels.
 */
async function hasSignatureInk(png: Buffer): Promise<boolean> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const grey = (pixel: number) => data[pixel * info.channels]!;
  const histogram = new Uint32Array(256);
  for (let pixel = 0; pixel < pixels; pixel++) histogram[grey(pixel)]!++;
  const background = histogram.indexOf(Math.max(...histogram));
  let ink = 0;
  let [left, right, top, bottom] = [info.width, -1, info.height, -1];
  for (let pixel = 0; pixel < pixels; pixel++) {
    if (Math.abs(grey(pixel) - background) < 48) continue;
    ink++;
    const x = pixel % info.width;
    const y = Math.floor(pixel / info.width);
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return ink >= SIGNATURE_MIN_INK && Math.max(right - left, bottom - top) + 1 >= SIGNATURE_MIN_SPAN;
}

/**
 * The photos of a form (field `photos`): 0 to 5, each within 10 MB, JPEG/PNG/WebP by content (PDF too for the
 * delivery note, when `allowPdf`), images re-encoded without metadata (no GPS, no camera serial) — the same rules
 * as a driver's papers.
 */
export async function checkPhotos(files: FormFile[], { allowPdf }: { allowPdf: boolean }) {
  const sent = files.filter((file) => file.field === 'photos');
  if (sent.length > MAX_PHOTOS) throw fieldError(400, 'photos', deliveryMessages.tooManyPhotos);
  const checked: CheckedFile[] = [];
  for (const [index, file] of sent.entries()) {
    const label = sent.length > 1 ? `Photo ${index + 1} : ` : '';
    if (file.bytes.length > PHOTO_MAX_BYTES)
      throw fieldError(413, 'photos', `${label}${deliveryMessages.photoTooLarge}`);
    const type = inspectUpload(file.bytes);
    const accepted: UploadKind[] = allowPdf ? ['jpeg', 'png', 'webp', 'pdf'] : ['jpeg', 'png', 'webp'];
    if (!type || !accepted.includes(type.kind))
      throw fieldError(
        415,
        'photos',
        `${label}${allowPdf ? NOT_A_DOCUMENT : deliveryMessages.photoNotImage}`,
      );
    const bytes = await sanitizeUpload(file.bytes, type.kind).catch((error: unknown) => {
      if (error instanceof AppError) throw fieldError(error.statusCode, 'photos', `${label}${error.message}`);
      throw error;
    });
    checked.push({ bytes, ext: type.ext });
  }
  return checked;
}

/** Writes the files under `<area>/<missionId>/`; returns their keys (removed again if one write fails). */
export async function storeFiles(
  storage: Storage,
  area: 'delivery' | 'incidents',
  missionId: string,
  files: CheckedFile[],
): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const file of files) {
      const key = `${area}/${missionId}/${randomUUID()}.${file.ext}`;
      await storage.put(key, file.bytes);
      keys.push(key);
    }
    return keys;
  } catch (error) {
    await removeFiles(storage, keys);
    throw error;
  }
}

export async function removeFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
/** The type of a stored file, from the extension its checked content gave it. */
export const mimeOfKey = (key: string) =>
  MIME[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
export const isPdfKey = (key: string) => key.endsWith('.pdf');
