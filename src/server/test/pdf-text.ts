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
