import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a reader copies from each page of a PDF, read by Mozilla's pdf.js (an extractor Relais did not write:
 * it goes through the fonts' ToUnicode maps as any viewer does). Lines end with "\n".
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      let lastY: number | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5] as number;
        if (lastY !== null && Math.abs(y - lastY) > 1 && !text.endsWith('\n')) text += '\n';
        text += item.str;
        if (item.hasEOL) text += '\n';
        lastY = y;
      }
      pages.push(text);
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The whole document's text. */
export const pdfText = async (bytes: Uint8Array) => (await pdfPagesText(bytes)).join('\n');

/** The files attached to a PDF (what `pdfdetach -list` shows), by name, with their bytes. */
export async function pdfAttachments(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const files = new Map<string, Buffer>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/Filespec') continue;
    const name = object.lookup(PDFName.of('UF')) ?? object.lookup(PDFName.of('F'));
    const embedded = object.lookup(PDFName.of('EF'), PDFDict);
    const stream = document.context.lookup(embedded.get(PDFName.of('F')));
    if (!(stream instanceof PDFRawStream)) continue;
    const filtered = stream.dict.get(PDFName.of('Filter'))?.toString() === '/FlateDecode';
    const text = name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : String(name);
    files.set(text, Buffer.from(filtered ? inflateSync(stream.contents) : stream.contents));
  }
  return files;
}
