import { ApiError } from './errors.ts';
import { hasNul, NUL_MESSAGE, nulRefused } from './nul.ts';

/** Deepest nesting of objects and arrays a JSON body may have (the deepest contract body nests a few levels). */
export const MAX_JSON_DEPTH = 32;

interface Pending {
  value: unknown;
  depth: number;
  key: string;
  parent: Pending | undefined;
}

const pathOf = (p: Pending | undefined): string => {
  const keys: string[] = [];
  for (let at = p; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
};

/**
 * Refuses a parsed JSON body nested deeper than `MAX_JSON_DEPTH` or holding a NUL character in a string or key
 * (400, as a NUL anywhere in a request: PostgreSQL text cannot store it). Walks with its own stack, so no body can overflow the call stack.
 */
export function assertSafeJson(root: unknown): void {
  const stack: Pending[] = [{ value: root, depth: 0, key: '', parent: undefined }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const v = at.value;
    if (typeof v === 'string') {
      if (hasNul(v)) throw nulIn(pathOf(at));
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (at.depth >= MAX_JSON_DEPTH) throw new ApiError(400, `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
    for (const [k, x] of Object.entries(v)) {
      if (hasNul(k)) throw nulIn(pathOf({ value: x, depth: 0, key: k.replace(/\0/g, ''), parent: at }));
      stack.push({ value: x, depth: at.depth + 1, key: k, parent: at });
    }
  }
}

const nulIn = (path: string) => nulRefused('Strings of the request body', { [path]: [NUL_MESSAGE] });
