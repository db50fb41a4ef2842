/** What the inbox needs to move between weeks. */
interface Entry {
  id: number;
  status: string;
}

/** The entry `step` places after (`1`) or before (`-1`) `currentId`, or the first one when none is open. */
export function neighbour<T extends Entry>(items: readonly T[], currentId: number | undefined, step: 1 | -1): T | undefined {
  const at = items.findIndex((x) => x.id === currentId);
  if (at === -1) return step === 1 ? items[0] : items.at(-1);
  return items[at + step];
}

/**
 * Where the inbox goes once a week is decided: the next week still waiting after it, or else the
 * nearest one waiting before it; undefined when nothing waits (the list is in the inbox's order and
 * may still show the decided week as pending).
 */
export function nextAfterDecision<T extends Entry>(items: readonly T[], decidedId: number): T | undefined {
  const at = items.findIndex((x) => x.id === decidedId);
  const waiting = (x: T) => x.status === 'pending' && x.id !== decidedId;
  if (at === -1) return items.find(waiting);
  return items.slice(at + 1).find(waiting) ?? items.slice(0, at).reverse().find(waiting);
}
