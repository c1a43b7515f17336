import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { AppError } from './errors.js';

/**
 * What users send as files (decision 016): the kind is read from the bytes, never from the name or the declared
 * type, and images are re-encoded so that nothing but the pixels is kept (no GPS position, no camera serial).
 */
export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'webp';
export interface UploadType {
  kind: UploadKind;
  mime: string;
  /** File extension, without the dot. */
  ext: string;
}

const UPLOAD_TYPES: Record<UploadKind, UploadType> = {
  pdf: { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' },
  jpeg: { kind: 'jpeg', mime: 'image/jpeg', ext: 'jpg' },
  png: { kind: 'png', mime: 'image/png', ext: 'png' },
  webp: { kind: 'webp', mime: 'image/webp', ext: 'webp' },
};

export const NOT_A_DOCUMENT = 'Ce fichier n’est ni un PDF ni une image JPEG, PNG ou WebP.';
export const PASSWORD_PDF = 'Ce PDF est protégé par un mot de passe : envoyez une version sans mot de passe.';
export { TOO_COMPLEX as PDF_TOO_COMPLEX };
export const DAMAGED_FILE = 'Ce fichier est illisible ou abîmé.';
/** Decoded pixels an image may have (a 50-megapixel photo is already beyond any phone's default). */
const MAX_IMAGE_PIXELS = 50_000_000;

const requireHere = createRequire(import.meta.url);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The file's kind from its first bytes (its signature), or null when it is none of the accepted kinds. */
export function inspectUpload(bytes: Buffer): UploadType | null {
  // A PDF starts with its header; readers that look further in the file are how polyglot files slip through.
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return UPLOAD_TYPES.pdf;
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return UPLOAD_TYPES.png;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return UPLOAD_TYPES.jpeg;
  if (
    bytes.length >= 16 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.subarray(12, 16).toString('latin1'))
  ) {
    return UPLOAD_TYPES.webp;
  }
  return null;
}

export interface SanitizeOptions {
  /** Decoded pixels allowed (width × height); MAX_IMAGE_PIXELS unless said. */
  maxPixels?: number;
  /** How long a PDF's check may take before the file is refused as too complex (5 s unless said). */
  pdfTimeoutMs?: number;
}

/**
 * The bytes to keep for an upload of that kind (from inspectUpload), or an AppError (415/422, French message).
 * Images: decoded within a pixel budget, turned upright by their EXIF orientation, converted to sRGB and
 * re-encoded in the same format with no metadata at all. PDFs: must parse and not be encrypted; kept as sent
 * (re-saving would change what was signed or stamped).
 */
export async function sanitizeUpload(
  bytes: Buffer,
  kind: UploadKind,
  options: SanitizeOptions = {},
): Promise<Buffer> {
  if (inspectUpload(bytes)?.kind !== kind) throw new AppError(415, NOT_A_DOCUMENT);
  return kind === 'pdf'
    ? checkPdf(bytes, options.pdfTimeoutMs)
    : reencodeImage(bytes, kind, options.maxPixels ?? MAX_IMAGE_PIXELS);
}

async function reencodeImage(bytes: Buffer, kind: Exclude<UploadKind, 'pdf'>, maxPixels: number) {
  const tooLarge = () =>
    new AppError(
      422,
      `Cette image est trop grande : ${Math.floor(maxPixels / 1_000_000)} millions de pixels au plus.`,
    );
  try {
    // `failOn: 'truncated'`: a cut or corrupt image is refused; a harmless warning of a camera's encoder is not.
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: maxPixels, autoOrient: true });
    const { format, width = 0, height = 0 } = await image.metadata();
    // The decoder must agree with the signature (a PNG header in front of something else is refused).
    if (format !== kind) throw new AppError(415, NOT_A_DOCUMENT);
    if (width * height > maxPixels) throw tooLarge();
    // Without keepMetadata/withMetadata sharp writes no EXIF, XMP, IPTC or ICC, and converts to sRGB first.
    const output =
      kind === 'jpeg'
        ? image.jpeg({ quality: 88, mozjpeg: true })
        : kind === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 88 });
    return await output.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge();
    throw new AppError(422, DAMAGED_FILE);
  }
}

/**
 * What the PDF check runs, in a worker thread of its own (plain CommonJS, pdf-lib required by its path): a
 * compressed stream that inflates to gigabytes (a "PDF bomb") blocks and fills that thread, never the server's.
 */
const PDF_CHECK_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFDocument } = require(workerData.pdfLib);
(async () => {
  let document;
  try {
    document = await PDFDocument.load(workerData.bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return parentPort.postMessage('damaged');
  }
  if (document.isEncrypted) return parentPort.postMessage('encrypted');
  let pages = 0;
  let declared = -1;
  try {
    pages = document.getPageCount();
    declared = document.catalog.Pages().Count().asNumber();
  } catch {}
  parentPort.postMessage(pages === 0 || pages !== declared ? 'damaged' : 'ok');
})();
`;
/** A PDF whose check needs more than this is refused (a real scan of 10 MB is read in well under a second). */
const PDF_CHECK_LIMITS = { timeoutMs: 5_000, heapMb: 192 };
const TOO_COMPLEX =
  'Ce PDF est trop complexe pour être vérifié : enregistrez-le à nouveau (« Imprimer en PDF ») ou envoyez une photo.';

function runPdfCheck(
  bytes: Buffer,
  timeoutMs = PDF_CHECK_LIMITS.timeoutMs,
): Promise<'ok' | 'damaged' | 'encrypted' | 'too-complex'> {
  return new Promise((resolve) => {
    const worker = new Worker(PDF_CHECK_CODE, {
      eval: true,
      workerData: { bytes: new Uint8Array(bytes), pdfLib: requireHere.resolve('pdf-lib') },
      resourceLimits: { maxOldGenerationSizeMb: PDF_CHECK_LIMITS.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (result: 'ok' | 'damaged' | 'encrypted' | 'too-complex') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish('too-complex'), timeoutMs);
    worker.once('message', (result: 'ok' | 'damaged' | 'encrypted') => finish(result));
    // Out of memory in the worker, or anything else: the file is not accepted.
    worker.once('error', () => finish('too-complex'));
    worker.once('exit', () => finish('too-complex'));
  });
}

async function checkPdf(bytes: Buffer, timeoutMs?: number): Promise<Buffer> {
  // A PDF ends with its trailer and %%EOF (within the last 1,024 bytes, as Acrobat reads it): without it the file
  // was cut short, even when the pages that arrived parse.
  if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) throw new AppError(422, DAMAGED_FILE);
  // Loaded to be checked only: nothing is written back. Every page the tree announces must be there.
  const result = await runPdfCheck(bytes, timeoutMs);
  if (result === 'encrypted') throw new AppError(422, PASSWORD_PDF);
  if (result === 'damaged') throw new AppError(422, DAMAGED_FILE);
  if (result === 'too-complex') throw new AppError(422, TOO_COMPLEX);
  return bytes;
}
