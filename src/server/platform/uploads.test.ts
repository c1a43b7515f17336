import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import {
  PDF_TOO_COMPLEX,
  DAMAGED_FILE,
  inspectUpload,
  NOT_A_DOCUMENT,
  PASSWORD_PDF,
  sanitizeUpload,
  type UploadKind,
} from './uploads.js';

/** A photo-like image (noise: it does not compress away), 400 × 300. */
const photo = () =>
  sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#888888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
const image = async (kind: Exclude<UploadKind, 'pdf'>) => {
  const source = sharp(await photo().png().toBuffer());
  return (kind === 'jpeg' ? source.jpeg() : kind === 'png' ? source.png() : source.webp()).toBuffer();
};
const pdf = async (pages = 1) => {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage().drawText(`Page ${i + 1}`);
  return Buffer.from(await document.save({ useObjectStreams: false }));
};
/** A camera's JPEG: make, model, GPS position, and "turn me a quarter" (orientation 6). */
const cameraJpeg = async () =>
  sharp(await photo().png().toBuffer())
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS 5D Mark IV', Copyright: 'Jean Routier' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => expect.unreachable('the upload was accepted'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('inspectUpload', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('recognises a %s by its bytes', async (kind) => {
    expect(inspectUpload(await image(kind))).toEqual({
      kind,
      mime: `image/${kind}`,
      ext: kind === 'jpeg' ? 'jpg' : kind,
    });
  });

  it('recognises a PDF', async () => {
    expect(inspectUpload(await pdf())).toEqual({ kind: 'pdf', mime: 'application/pdf', ext: 'pdf' });
  });

  it('goes by the content only: a PNG named .pdf is a PNG (the name never reaches it)', async () => {
    const file = { name: 'permis.pdf', type: 'application/pdf', bytes: await image('png') };
    expect(inspectUpload(file.bytes)?.kind).toBe('png');
  });

  it.each([
    ['random bytes', randomBytes(4096)],
    ['nothing', Buffer.alloc(0)],
    ['an HTML page', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    [
      'an SVG image',
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['a PDF header further in', Buffer.from('<html>\n%PDF-1.7\n')],
    ['a RIFF that is not WebP', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1')],
    ['a PNG signature cut short', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ])('refuses %s', (_name, bytes) => {
    expect(inspectUpload(bytes)).toBeNull();
  });
});

describe('sanitizeUpload', () => {
  it('removes every piece of EXIF of a camera JPEG and turns it upright', async () => {
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('Canon');
    expect(before.orientation).toBe(6);
    const clean = await sanitizeUpload(original, 'jpeg');
    const after = await sharp(clean).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Upright: the 400 × 300 image turned a quarter is 300 × 400.
    expect([after.width, after.height]).toEqual([300, 400]);
    expect(clean.toString('latin1')).not.toContain('Canon');
    expect(clean.toString('latin1')).not.toContain('Routier');
  });

  it.each(['png', 'webp'] as const)('removes the EXIF of a %s and keeps its format', async (kind) => {
    const source = sharp(await image(kind)).withExif({ IFD0: { Make: 'Canon', Model: 'EOS' } });
    const withExif = await (kind === 'png' ? source.png() : source.webp()).toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const clean = await sanitizeUpload(withExif, kind);
    expect(inspectUpload(clean)?.kind).toBe(kind);
    const after = await sharp(clean).metadata();
    expect(after.exif).toBeUndefined();
    expect([after.width, after.height]).toEqual([400, 300]);
  });

  it('refuses a truncated image as damaged', async () => {
    for (const kind of ['jpeg', 'png', 'webp'] as const) {
      const whole = await image(kind);
      const error = await refusal(sanitizeUpload(whole.subarray(0, Math.floor(whole.length * 0.6)), kind));
      expect([error.statusCode, error.message]).toEqual([422, DAMAGED_FILE]);
    }
  });

  it('refuses an image whose signature is followed by something else', async () => {
    const png = await image('png');
    const forged = Buffer.concat([png.subarray(0, 8), randomBytes(2000)]);
    expect((await refusal(sanitizeUpload(forged, 'png'))).statusCode).toBe(422);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    // 10,000 × 6,000 white pixels: a few hundred kilobytes on the wire, 180 MB once decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const error = await refusal(sanitizeUpload(bomb, 'png'));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('Cette image est trop grande : 50 millions de pixels au plus.');
    const small = await refusal(sanitizeUpload(await image('png'), 'png', { maxPixels: 1_000 }));
    expect(small.message).toContain('trop grande');
  });

  it('refuses bytes that are not of the kind announced', async () => {
    const error = await refusal(sanitizeUpload(await image('png'), 'jpeg'));
    expect([error.statusCode, error.message]).toEqual([415, NOT_A_DOCUMENT]);
    expect((await refusal(sanitizeUpload(Buffer.from('<svg/>'), 'png'))).statusCode).toBe(415);
  });

  it('keeps a sound PDF byte for byte', async () => {
    const document = await pdf(3);
    const kept = await sanitizeUpload(document, 'pdf');
    expect(kept.equals(document)).toBe(true);
    // Compressed cross-reference streams (PDF 1.5+), and a few bytes after %%EOF, are fine too.
    const modern = await PDFDocument.create();
    modern.addPage();
    const compact = Buffer.concat([Buffer.from(await modern.save()), Buffer.from('\r\n\0\0')]);
    expect((await sanitizeUpload(compact, 'pdf')).equals(compact)).toBe(true);
  });

  it('refuses a password-protected PDF', async () => {
    // pdf-lib does not encrypt: the trailer of a sound PDF gets the /Encrypt entry an encrypted file has.
    const text = (await pdf()).toString('latin1');
    expect(text).toContain('trailer\n<<');
    const encrypted = Buffer.from(
      text.replace(
        'trailer\n<<',
        'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -4 >>',
      ),
      'latin1',
    );
    const error = await refusal(sanitizeUpload(encrypted, 'pdf'));
    expect([error.statusCode, error.message]).toEqual([422, PASSWORD_PDF]);
  });

  it('refuses a damaged PDF', async () => {
    const whole = await pdf(2);
    for (const damaged of [
      // Cut anywhere: pdf-lib alone would accept some of these (the pages that arrived parse).
      ...[0.3, 0.5, 0.7, 0.9, 0.99].map((part) => whole.subarray(0, Math.floor(whole.length * part))),
      Buffer.from('%PDF-1.7\nrien de plus'),
      Buffer.from('%PDF-'),
    ]) {
      const error = await refusal(sanitizeUpload(damaged, 'pdf'));
      expect([error.statusCode, error.message]).toEqual([422, DAMAGED_FILE]);
    }
  });
});

describe('a PDF bomb', () => {
  it('is refused without blocking the server: the check runs in a worker with limits', async () => {
    // One object stream of 300 MB of spaces, deflated to a few hundred kilobytes.
    const deflated = deflateSync(Buffer.alloc(300 * 1024 * 1024, 0x20), { level: 9 });
    const head = Buffer.from(
      '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
        '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n' +
        `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`,
      'latin1',
    );
    const body = Buffer.concat([head, deflated, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
    const offsets = [9, head.indexOf('2 0 obj'), head.indexOf('3 0 obj'), head.indexOf('4 0 obj')];
    const xref =
      'xref\n0 5\n0000000000 65535 f \n' +
      offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
      `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
    const bomb = Buffer.concat([body, Buffer.from(xref, 'latin1')]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    // Meanwhile, this thread keeps answering: a timer set now fires while the check is under way.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const refusal = await sanitizeUpload(bomb, 'pdf', { pdfTimeoutMs: 600 }).catch((error: unknown) => error);
    clearInterval(ticker);
    expect(refusal).toMatchObject({ statusCode: 422, message: PDF_TOO_COMPLEX });
    expect(ticks).toBeGreaterThan(5);
  });
});
