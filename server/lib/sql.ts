/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A PostgreSQL unique violation (drizzle wraps the driver's error in `cause`), on `constraint` when one is named. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (let cur: unknown = e; cur && typeof cur === 'object'; cur = (cur as { cause?: unknown }).cause) {
    const { code, constraint: name } = cur as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}
