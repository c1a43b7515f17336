import { formatParisStamp } from '#core/rules/french-dates.js';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, StandardFonts, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  appendSignaturePage,
  renderPdf,
  sha256Hex,
  toWinAnsi,
  type PdfDoc,
  type SignaturePage,
} from './pdf.js';

const french =
  'Livraison à Évry‑Courcouronnes le 12\u202fmars : 1\u202f250,00\u00a0€ HT, « palettes » d’œufs, ' +
  'Ça c’est “correct”… Où ? Noël, Bœuf, Ÿ, Ô, ç, à, è, ù.';

const invoice = (paragraphs = 1, rows = 4): PdfDoc => ({
  title: 'Facture n° 2025-0042',
  subtitle: 'Mission Lyon → Marseille',
  meta: [
    { label: 'Date', value: '12 mars 2025' },
    { label: 'Référence', value: 'RL-7F3A' },
  ],
  sections: [
    {
      heading: 'Parties',
      rows: Array.from({ length: rows }, (_, i) => ({
        label: `Ligne ${i + 1}`,
        value: i % 3 === 0 ? french : `Transports Dupont SARL, 12 rue de la Gare, 69007 Lyon (${i})`,
      })),
    },
    {
      heading: 'Conditions',
      paragraphs: Array.from({ length: paragraphs }, () => `${french} `.repeat(6)),
    },
  ],
  footer: 'Relais — Transports Dupont SARL, SIRET 732 829 320 00074',
});

/** Windows-1252 above Latin-1 (Node 20's TextDecoder reads "windows-1252" as Latin-1). */
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes]
      .map((byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252[byte - 0x80] : String.fromCharCode(byte)))
      .join(''),
};

/** The text drawn on a page, decoded from its content streams (the text operators' strings, as hex or literal). */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let text = '';
  for (const ref of streams) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const filter = stream.dict.toString().includes('/FlateDecode');
    const raw = filter ? inflateSync(stream.contents) : Buffer.from(stream.contents);
    for (const match of raw.toString('latin1').matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      text += `${winAnsi.decode(Buffer.from(match[1]!, 'hex'))}\n`;
    }
  }
  return text;
}

/** The bytes of the content streams of a page, as stored. */
function contentBytes(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  return streams.map((ref) => {
    const stream = page.doc.context.lookup(ref);
    return stream instanceof PDFRawStream ? Buffer.from(stream.contents).toString('base64') : String(stream);
  });
}

describe('toWinAnsi', () => {
  it('keeps French, maps spaces and quotes, replaces what WinAnsi lacks', () => {
    expect(toWinAnsi('é è à ç ô œ Œ € « » ù û ï Ÿ æ')).toBe('é è à ç ô œ Œ € « » ù û ï Ÿ æ');
    expect(toWinAnsi('1\u202f250\u00a0€')).toBe('1 250 €');
    expect(toWinAnsi('l’été “chaud” ‘oui’ „bas“')).toBe('l\'été "chaud" \'oui\' "bas"');
    expect(toWinAnsi('Łódź, Kraków, Ș, ğ, ﬁn, Ａ')).toBe('Lódz, Kraków, S, g, fin, A');
    expect(toWinAnsi('Москва 東京 👍🏽 ok')).toBe('?????? ?? ?? ok');
    expect(toWinAnsi('a\u200bb\u00adc\r\nd\te')).toBe('abc\nd e');
    // Decomposed accents (as macOS writes file names) come back composed.
    expect(toWinAnsi('e\u0301te\u0301')).toBe('été');
  });

  it('gives only characters the standard fonts can draw, whatever the input', async () => {
    const document = await PDFDocument.create();
    const fonts = await Promise.all(
      [StandardFonts.Helvetica, StandardFonts.HelveticaBold, StandardFonts.Courier].map((name) =>
        document.embedFont(name),
      ),
    );
    let all = '';
    for (let code = 0; code <= 0x2ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      all += String.fromCodePoint(code);
    }
    const mapped = toWinAnsi(all).replace(/\n/g, '');
    expect(mapped.length).toBeGreaterThan(1000);
    for (const font of fonts) {
      expect(() => font.encodeText(mapped)).not.toThrow();
      expect(font.widthOfTextAtSize(mapped, 10)).toBeGreaterThan(0);
    }
  });
});

describe('renderPdf', () => {
  it('writes an A4 PDF that parses back, with its title and page numbers', async () => {
    const bytes = await renderPdf(invoice());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe('Facture n° 2025-0042');
    const page = document.getPage(0);
    expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
    const text = pageText(page);
    expect(text).toContain('Facture n° 2025-0042');
    expect(text).toContain('Mission Lyon -> Marseille');
    expect(text).toContain('Date : 12 mars 2025 · Référence : RL-7F3A');
    expect(text).toContain('Page 1 / 1');
    expect(text).toContain('Relais — Transports Dupont SARL');
    expect(text).toContain("« palettes » d'œufs");
  });

  it('breaks long content over pages, each numbered "Page n / N"', async () => {
    const short = await PDFDocument.load(await renderPdf(invoice(1, 4)));
    const long = await PDFDocument.load(await renderPdf(invoice(40, 120)));
    expect(long.getPageCount()).toBeGreaterThan(short.getPageCount());
    const total = long.getPageCount();
    expect(total).toBeGreaterThanOrEqual(3);
    long.getPages().forEach((page, index) => {
      expect(pageText(page)).toContain(`Page ${index + 1} / ${total}`);
    });
  });

  it('draws French text, odd spaces, unknown scripts and huge words without throwing', async () => {
    const doc: PdfDoc = {
      title: `Bon d’enlèvement — ${french}`,
      subtitle: 'Москва → 東京 👍',
      meta: [{ label: 'Montant', value: '1\u202f250,00\u00a0€' }],
      sections: [
        { heading: 'Mot sans fin', paragraphs: ['x'.repeat(5_000), 'ligne 1\nligne 2\r\nligne 3'] },
        { heading: 'Vide', paragraphs: [''], rows: [{ label: '', value: '' }] },
        { heading: 'Une longue valeur', rows: [{ label: 'Notes', value: `${french}\n`.repeat(200) }] },
      ],
    };
    const document = await PDFDocument.load(await renderPdf(doc));
    expect(document.getPageCount()).toBeGreaterThan(2);
    expect(pageText(document.getPage(0))).toContain('1 250,00 €');
  });
});

describe('appendSignaturePage', () => {
  const signatures: SignaturePage = {
    title: 'Signatures électroniques',
    intro: 'Les parties ci-dessous ont signé ce document sur Relais.\n\nChaque signature est horodatée.',
    signatures: [
      {
        role: 'Transporteur',
        name: 'Claire Martin (Transports Dupont)',
        signedAt: new Date('2025-03-12T13:05:09Z'),
        ipAddress: '203.0.113.7',
        consent: 'J’ai lu et j’accepte les conditions de la mission.',
      },
      {
        role: 'Chauffeur',
        name: 'Jean Routier',
        signedAt: new Date('2025-07-01T22:30:00Z'),
        ipAddress: '2001:db8::1',
        consent: 'J’accepte la mission aux conditions ci-dessus.',
      },
    ],
    originalSha256: '',
  };

  it('adds one page listing each signature, in Paris time, and leaves the original pages as they were', async () => {
    const original = await renderPdf(invoice(12, 30));
    const before = await PDFDocument.load(original);
    const signed = await appendSignaturePage(original, {
      ...signatures,
      originalSha256: sha256Hex(original),
    });
    const after = await PDFDocument.load(signed);
    expect(after.getPageCount()).toBe(before.getPageCount() + 1);
    before.getPages().forEach((page, index) => {
      expect(contentBytes(after.getPage(index))).toEqual(contentBytes(page));
      expect(after.getPage(index).getSize()).toEqual(page.getSize());
    });
    const text = pageText(after.getPage(after.getPageCount() - 1));
    expect(text).toContain('Signatures électroniques');
    expect(text).toContain('Transporteur : Claire Martin (Transports Dupont)');
    expect(text).toContain('12 mars 2025 à 14:05:09 (heure de Paris, UTC+1)');
    expect(text).toContain('2 juillet 2025 à 00:30:00 (heure de Paris, UTC+2)');
    expect(text).toContain('2001:db8::1');
    expect(text).toContain("J'ai lu et j'accepte");
    expect(text).toContain(sha256Hex(original));
    // The original's title and metadata are kept.
    expect(after.getTitle()).toBe(before.getTitle());
  });

  it('refuses a fingerprint that is not one', async () => {
    const original = await renderPdf(invoice());
    await expect(appendSignaturePage(original, { ...signatures, originalSha256: 'abc' })).rejects.toThrow();
  });
});

describe('helpers', () => {
  it('fingerprints bytes with SHA-256', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('writes dates as French readers do, in Paris time', () => {
    expect(formatParisStamp(new Date('2025-01-05T08:04:03Z'))).toBe(
      '5 janvier 2025 à 09:04:03 (heure de Paris, UTC+1)',
    );
  });
});
