// How a CSV file separates its values, decided alike by the server's importer and the web app's column picker.

export const SEPARATORS = [',', ';', '\t'] as const;
export type Separator = (typeof SEPARATORS)[number];

/** The separator of a CSV file: the one its header line uses most, outside quotes (comma when none). */
export function detectSeparator(headerLine: string): Separator {
  const counts = new Map<Separator, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Separator)) counts.set(ch as Separator, counts.get(ch as Separator)! + 1);
  }
  let best: Separator = ',';
  for (const s of SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}
