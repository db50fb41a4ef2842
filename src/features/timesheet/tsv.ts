// Blocks of cells as spreadsheets put them on the clipboard (paste and copy load after the grid is drawn).

/** Rows × columns of text from a spreadsheet's clipboard (tab-separated, one line per row). */
export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((l) => l.split('\t'));
}

/** The block as a spreadsheet takes it. */
export const toTsv = (block: string[][]) => block.map((r) => r.join('\t')).join('\n');
