/**
 * CSV for French spreadsheets: `;` between cells, CRLF between rows, a byte-order mark so accents open
 * correctly. Cells that a spreadsheet would run as a formula (=, +, -, @) are prefixed with an apostrophe.
 */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
