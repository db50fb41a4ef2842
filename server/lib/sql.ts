/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
