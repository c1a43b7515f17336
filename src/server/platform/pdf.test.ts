import { formatParisStamp } from '#core/rules/french-dates.js';
import { PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfAttachments, pdfPagesText } from '../test/pdf-text.js';
import {
  appendSignaturePage,
  embedFonts,
  renderPdf,
  sha256Hex,
  toPdfText,
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

/** The bytes of the content streams of a page, as stored. */
function contentBytes(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
  return streams.map((ref) => {
    const stream = page.doc.context.lookup(ref);
    return stream instanceof PDFRawStream ? Buffer.from(stream.contents).toString('base64') : String(stream);
  });
}

/** Names as drivers write them: Polish, Romanian, Turkish, Portuguese, Czech, Greek, Russian, Ukrainian. */
const NAMES = [
  'Łukasz Wiśniewski-Şahin',
  'Małgorzata Żak',
  'Ștefan Țurcanu',
  'Çağrı Öztürk',
  'João Gonçalves',
  'Jiří Dvořák',
  'Γιώργος Παπαδόπουλος',
  'Дмитрий Иванов',
  'Олена Ковальчук',
];

describe('toPdfText', () => {
  it('keeps every letter as written, drops the invisible, makes breaking spaces plain', async () => {
    const { regular, mono } = await embedFonts(await PDFDocument.create());
    for (const name of NAMES) expect(toPdfText(name, regular)).toBe(name);
    expect(toPdfText('Rungis → Lille ✓ « palettes » d’œufs “ok” ≤ 3', regular)).toBe(
      'Rungis → Lille ✓ « palettes » d’œufs “ok” ≤ 3',
    );
    // No-break spaces stay (a sum is never cut at the end of a line); the others become plain spaces.
    expect(toPdfText('1\u202f250,00\u00a0€', regular)).toBe('1\u202f250,00\u00a0€');
    expect(toPdfText('a\u2003b\tc', regular)).toBe('a b c');
    expect(toPdfText('a\u200bb\u00adc\r\nd', regular)).toBe('abc\nd');
    // Decomposed accents (as macOS writes file names) come back composed.
    expect(toPdfText('e\u0301te\u0301', regular)).toBe('été');
    // What no font of Relais draws: "?" (never a blank, never a wrong letter).
    expect(toPdfText('東京 👍🏽 ok', regular)).toBe('?? ?? ok');
    expect(toPdfText('Jiří', mono)).toBe('Jiří');
  });

  it('gives only characters the fonts can draw, whatever the input', async () => {
    const fonts = await embedFonts(await PDFDocument.create());
    // Every character of the scripts and symbols up to U+2FFF, then one in seven of the rest of the planes.
    let all = '';
    for (let code = 0; code <= 0x2ffff; code += code < 0x3000 ? 1 : 7) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      all += String.fromCodePoint(code);
    }
    for (const font of Object.values(fonts)) {
      const mapped = toPdfText(all, font).replace(/\n/g, '');
      expect(mapped.length).toBeGreaterThan(3000);
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
    const [text] = await pdfPagesText(bytes);
    expect(text).toContain('Facture n° 2025-0042');
    expect(text).toContain('Mission Lyon → Marseille');
    expect(text).toContain('Date : 12 mars 2025 · Référence : RL-7F3A');
    expect(text).toContain('Page 1 / 1');
    expect(text).toContain('Relais — Transports Dupont SARL');
    expect(text).toContain('« palettes » d’œufs');
    // The fonts are embedded (as subsets), never one of the standard fourteen a viewer substitutes.
    const fonts = document.context
      .enumerateIndirectObjects()
      .map(([, object]) => String(object))
      .filter((object) => object.includes('/Type /Font'));
    expect(fonts.join('')).not.toMatch(/Helvetica|Courier|Times/);
    expect(fonts.join('')).toMatch(/FontFile2/);
  });

  it('prints drivers’ names exactly, in every script they are written in', async () => {
    const bytes = await renderPdf({
      title: `Facture — ${NAMES[0]}`,
      subtitle: 'Rungis → Lille ✓',
      sections: [
        {
          heading: NAMES[1]!,
          paragraphs: [NAMES.join(', ')],
          rows: NAMES.map((name) => ({ label: name, value: name })),
        },
      ],
      footer: `Relais — ${NAMES[6]}`,
    });
    const [text] = await pdfPagesText(bytes);
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain('Rungis → Lille ✓');
    expect(text).toContain(`Relais — ${NAMES[6]}`);
  });

  it('breaks long content over pages, each numbered "Page n / N"', async () => {
    const short = await PDFDocument.load(await renderPdf(invoice(1, 4)));
    const long = await PDFDocument.load(await renderPdf(invoice(40, 120)));
    expect(long.getPageCount()).toBeGreaterThan(short.getPageCount());
    const total = long.getPageCount();
    expect(total).toBeGreaterThanOrEqual(3);
    (await pdfPagesText(await long.save())).forEach((text, index) => {
      expect(text).toContain(`Page ${index + 1} / ${total}`);
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
    const bytes = await renderPdf(doc);
    const document = await PDFDocument.load(bytes);
    expect(document.getPageCount()).toBeGreaterThan(2);
    const [first] = await pdfPagesText(bytes);
    expect(first).toMatch(/1[\u202f ]250,00[\u00a0 ]€/);
    expect(first).toContain('Москва → ?? ?');
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
    originalFileName: 'Contrat (original).pdf',
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
    const text = (await pdfPagesText(signed)).at(-1)!;
    expect(text).toContain('Signatures électroniques');
    expect(text).toContain('Transporteur : Claire Martin (Transports Dupont)');
    expect(text).toContain('12 mars 2025 à 14:05:09 (heure de Paris, UTC+1)');
    expect(text).toContain('2 juillet 2025 à 00:30:00 (heure de Paris, UTC+2)');
    expect(text).toContain('2001:db8::1');
    expect(text).toContain('J’ai lu et j’accepte');
    expect(text).toContain(sha256Hex(original));
    // Checkable from the signed file alone: the original is attached, byte for byte, under the name printed.
    expect(text).toContain('« Contrat (original).pdf »');
    const attached = (await pdfAttachments(signed)).get('Contrat (original).pdf');
    expect(attached && sha256Hex(attached)).toBe(sha256Hex(original));
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
