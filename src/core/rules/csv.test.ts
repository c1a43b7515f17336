import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('CSV export', () => {
  it('separates with semicolons, quotes what needs it and starts with a BOM', () => {
    expect(
      toCsv([
        ['Titre', 'Prix'],
        ['Frigo; urgent', '420,00'],
        ['Dit "vite"', null],
      ]),
    ).toBe('\uFEFFTitre;Prix\r\n"Frigo; urgent";420,00\r\n"Dit ""vite""";\r\n');
  });
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(toCsv([['=HYPERLINK("x")', '+33 6', '-1', '@SUM(A1)']])).toBe(
      '\uFEFF"\'=HYPERLINK(""x"")";\'+33 6;\'-1;\'@SUM(A1)\r\n',
    );
  });
});
