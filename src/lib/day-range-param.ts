/** A day as it stands in a URL, `YYYY-MM-DD`, and a real one (no 2026-13-40). */
export const isDay = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(v) && !Number.isNaN(Date.parse(v));

/** `from` and `to` of a URL's search values when both are days in order; nothing otherwise (an edited link still opens). */
export const dayRangeParam = (raw: Record<string, unknown>): { from?: string; to?: string } =>
  isDay(raw.from) && isDay(raw.to) && raw.from <= raw.to ? { from: raw.from, to: raw.to } : {};
