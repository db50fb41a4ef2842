/** A mistake in how the CLI was called: one line on stderr, exit code 2. */
export class UsageError extends Error {}

export interface FlagSpec {
  required: readonly string[];
  optional?: readonly string[];
  /** Flags without a value (`--yes`): present or not. */
  switches?: readonly string[];
}

/**
 * Parses `--flag value` and `--flag=value` pairs against `spec`. Unknown, repeated or value-less
 * flags and stray positional arguments are usage errors.
 */
export function parseFlags(tokens: readonly string[], spec: FlagSpec): Record<string, string> {
  const known = new Set([...spec.required, ...(spec.optional ?? []), ...(spec.switches ?? [])]);
  const out: Record<string, string> = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith('--')) throw new UsageError(`Unexpected argument "${token}"`);
    const eq = token.indexOf('=');
    const name = token.slice(2, eq === -1 ? undefined : eq);
    if (!known.has(name))
      throw new UsageError(`Unknown option --${name}${known.size ? ` (expected ${[...known].map((k) => `--${k}`).join(', ')})` : ''}`);
    if (name in out) throw new UsageError(`Option --${name} is given twice`);
    if (spec.switches?.includes(name)) {
      if (eq !== -1) throw new UsageError(`Option --${name} takes no value`);
      out[name] = 'true';
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = token.slice(eq + 1);
    else {
      const next = tokens[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`Option --${name} needs a value`);
      value = next;
      i++;
    }
    if (value.trim() === '') throw new UsageError(`Option --${name} needs a value`);
    out[name] = value;
  }
  for (const r of spec.required) if (!(r in out)) throw new UsageError(`Missing option --${r}`);
  return out;
}
