/** Project and task ids are `ev:<digits>` on the wire and integers in the database. */
export const prefixed = (id: number) => `ev:${id}`;
export const parsePrefixedId = (s: string) => Number(s.slice(s.indexOf(':') + 1));
