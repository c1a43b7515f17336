import { formatParisStamp } from '#core/rules/french-dates.js';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Documents Relais writes (decision 016): invoices, engagement documents, proofs of delivery. pdf-lib with
 * DejaVu fonts embedded as subsets (decision 034): names and words are printed exactly as written, in any Latin,
 * Greek or Cyrillic script; every text goes through toPdfText for the font that draws it.
 */
export interface PdfRow {
  label: string;
  value: string;
}
export interface PdfSection {
  heading: string;
  /** Wrapped to the width of the page; a `\n` starts a new line. */
  paragraphs?: string[];
  /** The paragraphs are fine print (legal mentions): smaller type. */
  fine?: boolean;
  /** Label and value side by side, the value wrapped in its column. */
  rows?: PdfRow[];
}
export interface PdfDoc {
  title: string;
  subtitle?: string;
  /** One line under the title ("Référence : … · Date : …"), wrapped when long. */
  meta?: PdfRow[];
  sections: PdfSection[];
  /** Left of every page's footer; the page number ("Page 1 / 2") is on its right. */
  footer?: string;
  /** Pages the caller adds after these (annexes), counted in "Page n / N"; footed with `footAppendedPage`. */
  appendedPages?: number;
  /** Rows and sections closer together, for a document read on one page (an invoice). */
  dense?: boolean;
}

interface PdfSignature {
  /** "Transporteur", "Chauffeur"… */
  role: string;
  name: string;
  signedAt: Date;
  ipAddress: string;
  /** What the signer accepted, as it was shown to them. */
  consent: string;
}
export interface SignaturePage {
  title: string;
  intro: string;
  signatures: PdfSignature[];
  /** sha256Hex of the document as it was before this page. */
  originalSha256: string;
  /** The name the original is attached under, inside the signed file (so that anyone can check its digest). */
  originalFileName: string;
}

// ——— Fonts and text ———

/**
 * DejaVu Sans (regular, bold) and Sans Mono, from the npm package `dejavu-fonts-ttf`, embedded as subsets: Latin
 * with Extended-A/B (Polish, Romanian, Turkish, Portuguese, Czech… names exactly as written), Greek, Cyrillic,
 * arrows and check marks. The files are read once per process.
 */
const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono.ttf',
} as const;
const require = createRequire(import.meta.url);
let fontBytes: Promise<Record<keyof typeof FONT_FILES, Uint8Array>> | null = null;

function loadFontBytes() {
  fontBytes ??= (async () => {
    const entries = await Promise.all(
      Object.entries(FONT_FILES).map(async ([name, file]) => {
        const bytes = await readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
        return [name, new Uint8Array(bytes)] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<keyof typeof FONT_FILES, Uint8Array>;
  })();
  return fontBytes;
}

/**
 * Relais's fonts embedded (subset) in this document: regular and bold always, the monospaced one only when the
 * document asks for it (each embedded font costs its subsetting when the file is saved, ~20 ms).
 */
export async function embedFonts(document: PDFDocument, { mono = false } = {}): Promise<Fonts> {
  document.registerFontkit(fontkit);
  const bytes = await loadFontBytes();
  const [regular, bold, monospaced] = await Promise.all([
    document.embedFont(bytes.regular, { subset: true }),
    document.embedFont(bytes.bold, { subset: true }),
    mono ? document.embedFont(bytes.mono, { subset: true }) : null,
  ]);
  return { regular, bold, mono: monospaced ?? regular };
}

/** Advance widths of single characters at size 1000, per font (fontkit lays a whole string out on every call). */
const advances = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of a line at `size`: the sum of its characters' advances (cached per font). Kerning and ligatures
 * only narrow a line, so a line measured to fit does fit; measuring this way makes wrapping linear and cheap.
 */
function textWidth(font: PDFFont, text: string, size: number): number {
  let known = advances.get(font);
  if (!known) advances.set(font, (known = new Map()));
  let total = 0;
  for (const char of text) {
    let advance = known.get(char);
    if (advance === undefined) known.set(char, (advance = font.widthOfTextAtSize(char, 1000)));
    total += advance;
  }
  return (total * size) / 1000;
}

/** Spaces the layout breaks lines at: every width of breaking space becomes a plain one. */
const BREAKING_SPACES = /[\t\u2000-\u2006\u2008-\u200a\u205f\u3000]/g;
/** Characters that draw nothing and must not reach the page. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]|\ufe0e|\ufe0f/g;
const charsets = new WeakMap<PDFFont, Set<number>>();

function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

/**
 * The text as this font draws it, every letter kept as written (Ł, ș, Ş, Ж, Ω, →, ✓…). Line breaks are kept
 * (`\n`), other control and invisible characters dropped, breaking spaces made plain (no-break spaces stay, so
 * "1 250,00 €" is never cut). A character the font lacks becomes its base letters when the font has them, else
 * "?" (an emoji, a CJK ideograph).
 */
export function toPdfText(text: string, font: PDFFont): string {
  const known = charsetOf(font);
  const has = (char: string) => known.has(char.codePointAt(0)!);
  let out = '';
  const clean = text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(BREAKING_SPACES, ' ')
    .replace(INVISIBLE, '')
    .normalize('NFC');
  for (const char of clean) {
    if (char === '\n' || has(char)) out += char;
    else if (/[\p{Cc}\p{Cf}\p{M}]/u.test(char)) continue;
    else if (/\p{Zs}/u.test(char)) out += has('\u00a0') ? '\u00a0' : ' ';
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(has) ? base : '?';
    }
  }
  return out;
}

// ——— Layout ———

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 56;
const MARGIN_TOP = 60;
const MARGIN_BOTTOM = 64;
const FOOTER_Y = 32;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN_X;
const INK = rgb(0.11, 0.12, 0.15);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);
const ACCENT = rgb(0.09, 0.33, 0.62);

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}
interface TextStyle {
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
  /** Line height; 1.35 × size unless said. */
  leading?: number;
}

/** Words wrapped to `width` at plain spaces; a word longer than the line is cut. Text already through toPdfText. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const fits = (candidate: string) => textWidth(font, candidate, size) <= width;
  for (const hardLine of text.split('\n')) {
    let line = '';
    for (const word of hardLine.split(/ +/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (rest.length > 1 && !fits(rest)) {
        // The longest start of the word that fits (at least one character).
        let low = 1;
        let high = rest.length - 1;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if (fits(rest.slice(0, middle))) low = middle;
          else high = middle - 1;
        }
        lines.push(rest.slice(0, low));
        rest = rest.slice(low);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Writes top to bottom, opening a new A4 page when the current one is full. */
class Layout {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly document: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.document.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN_TOP;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number) {
    if (this.y - height < MARGIN_BOTTOM && this.y < A4[1] - MARGIN_TOP) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  lineHeight(style: TextStyle) {
    return style.leading ?? style.size * 1.35;
  }

  /** Wrapped text, line by line (a long text runs on to the next pages). */
  text(text: string, style: TextStyle, x = MARGIN_X, width = CONTENT_WIDTH) {
    for (const line of wrap(toPdfText(text, style.font), style.font, style.size, width)) {
      this.ensure(this.lineHeight(style));
      this.drawLine(line, style, x);
      this.y -= this.lineHeight(style);
    }
  }

  private drawLine(line: string, style: TextStyle, x: number) {
    if (line === '') return;
    // The baseline sits under the top of the line by about the font's ascent.
    this.page.drawText(line, {
      x,
      y: this.y - style.size * 0.8,
      size: style.size,
      font: style.font,
      color: style.color ?? INK,
    });
  }

  rule(color = RULE, thickness = 0.7) {
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y },
      end: { x: A4[0] - MARGIN_X, y: this.y },
      thickness,
      color,
    });
  }

  /** A heading kept with at least the first lines that follow it. */
  heading(text: string, size = 13) {
    const style: TextStyle = { font: this.fonts.bold, size, color: ACCENT };
    this.ensure(this.lineHeight(style) + 60);
    this.text(text, style);
    this.space(2);
    this.rule();
    this.space(8);
  }

  /** Label on the left (a third of the width), value wrapped on the right; a row is kept on one page if it fits. */
  rows(rows: PdfRow[], rowGap = 3, labelStyle?: TextStyle, valueStyle?: TextStyle) {
    const label: TextStyle = labelStyle ?? { font: this.fonts.regular, size: 10, color: MUTED };
    const value: TextStyle = valueStyle ?? { font: this.fonts.regular, size: 10 };
    const labelWidth = Math.round(CONTENT_WIDTH * 0.34);
    const gap = 12;
    const valueWidth = CONTENT_WIDTH - labelWidth - gap;
    const leading = Math.max(this.lineHeight(label), this.lineHeight(value));
    for (const row of rows) {
      const left = wrap(toPdfText(row.label, label.font), label.font, label.size, labelWidth);
      const right = wrap(toPdfText(row.value, value.font), value.font, value.size, valueWidth);
      const count = Math.max(left.length, right.length);
      if (count * leading < A4[1] - MARGIN_TOP - MARGIN_BOTTOM) this.ensure(count * leading);
      for (let i = 0; i < count; i++) {
        this.ensure(leading);
        this.drawLine(left[i] ?? '', label, MARGIN_X);
        this.drawLine(right[i] ?? '', value, MARGIN_X + labelWidth + gap);
        this.y -= leading;
      }
      this.space(rowGap);
    }
  }
}

/** Small grey text at the bottom of each page: `left` on the left, `right` on the right, a rule above. */
function drawFooter(page: PDFPage, font: PDFFont, left: string, right: string) {
  const size = 8;
  const rightText = toPdfText(right, font);
  const rightWidth = textWidth(font, rightText, size);
  page.drawLine({
    start: { x: MARGIN_X, y: FOOTER_Y + 14 },
    end: { x: A4[0] - MARGIN_X, y: FOOTER_Y + 14 },
    thickness: 0.5,
    color: RULE,
  });
  // One line: cut with an ellipsis when too long.
  const room = CONTENT_WIDTH - rightWidth - 16;
  let leftText = toPdfText(left, font).replace(/\s+/g, ' ').trim();
  if (textWidth(font, leftText, size) > room) {
    while (leftText.length > 0 && textWidth(font, `${leftText}…`, size) > room) {
      leftText = leftText.slice(0, -1);
    }
    leftText = `${leftText.trimEnd()}…`;
  }
  page.drawText(leftText, { x: MARGIN_X, y: FOOTER_Y, size, font, color: MUTED });
  page.drawText(rightText, { x: A4[0] - MARGIN_X - rightWidth, y: FOOTER_Y, size, font, color: MUTED });
}

/** An A4 document: title, meta line, sections of paragraphs and label/value rows, "Page n / N" at the foot. */
export async function renderPdf(doc: PdfDoc): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(doc.title);
  if (doc.subtitle) document.setSubject(doc.subtitle);
  document.setLanguage('fr-FR');
  document.setCreator('Relais');
  document.setProducer('Relais (pdf-lib)');
  const fonts = await embedFonts(document);
  const layout = new Layout(document, fonts);

  layout.text(doc.title, { font: fonts.bold, size: 20, leading: 25 });
  if (doc.subtitle) {
    layout.space(2);
    layout.text(doc.subtitle, { font: fonts.regular, size: 12, color: MUTED });
  }
  if (doc.meta && doc.meta.length > 0) {
    layout.space(6);
    const line = doc.meta.map(({ label, value }) => `${label} : ${value}`).join(' · ');
    layout.text(line, { font: fonts.regular, size: 9, color: MUTED });
  }
  layout.space(8);
  layout.rule(ACCENT, 1.2);
  layout.space(16);

  for (const section of doc.sections) {
    layout.heading(section.heading);
    const body: TextStyle = section.fine
      ? { font: fonts.regular, size: 9, leading: 12.5, color: MUTED }
      : { font: fonts.regular, size: 10.5, leading: 15 };
    for (const paragraph of section.paragraphs ?? []) {
      layout.text(paragraph, body);
      layout.space(section.fine ? 4 : 6);
    }
    if (section.rows && section.rows.length > 0) layout.rows(section.rows, doc.dense ? 1 : 3);
    layout.space(doc.dense ? 10 : 14);
  }

  const total = layout.pages.length + (doc.appendedPages ?? 0);
  layout.pages.forEach((page, index) => {
    drawFooter(page, fonts.regular, doc.footer ?? '', `Page ${index + 1} / ${total}`);
  });
  return document.save();
}

/** The footer of a page added after `renderPdf` (an annex), numbered among all: "Page 3 / 3". */
export function footAppendedPage(
  page: PDFPage,
  font: PDFFont,
  footer: string,
  number: number,
  total: number,
) {
  drawFooter(page, font, footer, `Page ${number} / ${total}`);
}

// ——— Signatures ———

/**
 * The document with a page (or more, for many signers) added at its end, listing who signed, when (Paris time),
 * from which address, what they accepted, and the SHA-256 of the document as it was before. The original pages
 * are kept as they are, and the original file itself is attached (pdf-lib rewrites the file, so its bytes are not
 * a prefix of the signed one: the attachment is what a reader hashes to check the digest).
 */
export async function appendSignaturePage(pdfBytes: Uint8Array, page: SignaturePage): Promise<Uint8Array> {
  if (!/^[0-9a-f]{64}$/i.test(page.originalSha256)) throw new Error('originalSha256: 64 hex digits expected');
  const document = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  const originalPages = document.getPageCount();
  const fonts = await embedFonts(document, { mono: true });
  const layout = new Layout(document, fonts);

  layout.text(page.title, { font: fonts.bold, size: 17, leading: 22 });
  layout.space(6);
  layout.rule(ACCENT, 1.2);
  layout.space(12);
  for (const paragraph of page.intro.split(/\n{2,}/)) {
    layout.text(paragraph, { font: fonts.regular, size: 10.5, leading: 15 });
    layout.space(6);
  }
  layout.space(8);

  for (const signature of page.signatures) {
    layout.heading(`${signature.role} : ${signature.name}`, 12);
    layout.rows([
      { label: 'Signé le', value: formatParisStamp(signature.signedAt) },
      { label: 'Adresse IP', value: signature.ipAddress },
      { label: 'Consentement', value: signature.consent },
    ]);
    layout.space(10);
  }

  layout.heading('Empreinte du document original', 12);
  layout.text(
    `SHA-256 du fichier original (${
      originalPages > 1
        ? `les ${originalPages} pages qui précèdent, telles que les parties les ont lues`
        : 'la page qui précède, telle que les parties l’ont lue'
    }, avant l’ajout de cette page) :`,
    { font: fonts.regular, size: 9.5, color: MUTED },
  );
  layout.space(3);
  layout.text(page.originalSha256.toLowerCase(), { font: fonts.mono, size: 9.5 });
  layout.space(6);
  layout.text(
    `Ce fichier contient l’original en pièce jointe, « ${page.originalFileName} » : extrait (par exemple avec « pdfdetach -saveall »), son SHA-256 (« sha256sum ») est celui ci-dessus. L’original se télécharge aussi depuis la mission dans Relais.`,
    { font: fonts.regular, size: 9.5, color: MUTED },
  );

  // The original, byte for byte, inside the signed file: the digest above is checkable from this file alone.
  await document.attach(pdfBytes, page.originalFileName, {
    mimeType: 'application/pdf',
    description: 'Document original, avant les signatures (son SHA-256 est sur la page des signatures)',
    creationDate: page.signatures[0]?.signedAt,
    modificationDate: page.signatures[0]?.signedAt,
  });
  const added = layout.pages.length;
  layout.pages.forEach((signaturePage, index) => {
    const right = added > 1 ? `Signatures ${index + 1} / ${added}` : 'Signatures';
    drawFooter(signaturePage, fonts.regular, page.title, right);
  });
  return document.save();
}

/** Hex SHA-256 of the bytes (the fingerprint a signature page quotes). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
