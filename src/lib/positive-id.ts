/** A positive whole number from a URL's search value (`7` or `"7"`), or undefined for anything else. */
export const positiveId = (v: unknown): number | undefined => {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,20}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
