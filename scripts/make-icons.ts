/**
 * Renders the PWA icons from the Relais mark with Debian's Chromium (run once; the PNGs are committed):
 *   npx tsx scripts/make-icons.ts
 */
import { chromium } from '@playwright/test';

const MARK = (inset: number) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">
  <rect width="64" height="64" rx="${inset ? 0 : 14}" fill="#f76707"/>
  <g transform="translate(${inset} ${inset}) scale(${(64 - 2 * inset) / 64})">
    <path d="M18 48V16h15a10 10 0 0 1 0 20H18m15 0 13 12" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;

const icons = [
  { file: 'icon-192x192.png', size: 192, inset: 0 },
  { file: 'icon-512x512.png', size: 512, inset: 0 },
  // Maskable: full-bleed background, the mark inside the 80 % safe zone.
  { file: 'maskable-512x512.png', size: 512, inset: 9 },
  { file: 'apple-touch-icon.png', size: 180, inset: 6 },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${MARK(icon.inset)}</body></html>`,
  );
  await page.screenshot({ path: `src/web/public/icons/${icon.file}`, omitBackground: true });
  await page.close();
}
await browser.close();
console.log('icons written to src/web/public/icons');
