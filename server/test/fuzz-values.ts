/** Values for the fuzz pass over the OpenAPI document: a plausible body from a JSON schema, and bad variants of it. */

export type Schema = { [k: string]: unknown };

/** Real values for properties and path parameters by name, so plausible requests reach past the id checks. */
export type Known = Record<string, unknown>;

const types = (s: Schema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);

function sampleString(s: Schema, name: string): string {
  const pattern = typeof s.pattern === 'string' ? s.pattern : '';
  if (s.format === 'email' || pattern.includes('@')) return `fuzz-${name}@example.test`;
  if (pattern.includes('ev:')) return 'ev:1';
  if (pattern === '^\\d{4}-\\d{2}-\\d{2}$' || /date/i.test(name)) return '2026-03-02';
  if (pattern.includes('[01]\\d')) return '09:00';
  if (pattern.includes('#[0-9a-fA-F]')) return '#a1b2c3';
  if (pattern.startsWith('^\\d')) return '1';
  if (pattern.includes('[0-9a-fA-F]{8}-')) return '00000000-0000-4000-8000-000000000000';
  if (/url|uri/i.test(name)) return 'http://127.0.0.1:9/fuzz';
  return 'x'.repeat(Math.max(1, Number(s.minLength ?? 1)));
}

/** A value that a schema plausibly accepts. */
export function sample(s: Schema | undefined, name: string, known: Known): unknown {
  if (!s) return 'x';
  if (name in known) return known[name];
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alts) return sample(alts.find((a) => !types(a).includes('null')) ?? alts[0], name, known);
  const t = types(s).find((x) => x !== 'null') ?? (s.properties ? 'object' : 'string');
  if (t === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) out[k] = sample(v, k, known);
    return out;
  }
  if (t === 'array') return Array.from({ length: Math.max(1, Number(s.minItems ?? 1)) }, () => sample(s.items as Schema, name, known));
  if (t === 'integer' || t === 'number') return Math.min(Math.max(1, Number(s.minimum ?? 1)), Number(s.maximum ?? 1));
  if (t === 'boolean') return true;
  return sampleString(s, name);
}

const deep = (levels: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

/** Values that are wrong in type, size, shape or content for almost any field. */
export const BAD_VALUES: unknown[] = [
  null,
  'x',
  '',
  123,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 31,
  true,
  [],
  {},
  ['x', 1, null],
  { a: { b: 'c' } },
  'y'.repeat(100_000),
  'nul\0byte',
  deep(30),
  '2026-02-30',
  '0000-00-00',
  '9999-12-31 25:61:61',
  'ev:0',
  'ev:99999999999999999',
  '99999999999999999999',
  '-5',
  '1e3',
  '\u{1F4A9}\u202E',
  Array.from({ length: 2000 }, (_, i) => i),
];

/** Odd path segments: zero, negative, too big, wrong prefix, encoded NUL, long, non-ASCII. */
export const ODD_IDS = ['0', '-1', '1.5', 'abc', 'ev:0', 'ev:1', 'ev:99999999999999999', '99999999999', '2147483648', '%00', '%F0%9F%92%A9', 'a'.repeat(400), 'me', '1%2F2'];

/** Odd query values. */
export const ODD_QUERY = ['', 'abc', '-1', '0', '99999999999999999999', '2026-02-30', 'z'.repeat(3000), '%00', 'ev:0', 'true', '1,2,3', '1e9'];

/** Whole bodies and content types that are not the JSON object a route expects. */
export const ODD_BODIES: { raw: string; type?: string }[] = [
  { raw: '' },
  { raw: 'null' },
  { raw: '[]' },
  { raw: '"text"' },
  { raw: '42' },
  { raw: '{' },
  { raw: '{"a":1,"a":2}' },
  { raw: '\u0000' },
  { raw: '[' .repeat(5000) },
  { raw: '{"x":1}', type: 'text/plain' },
  { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--b--\r\n', type: 'multipart/form-data; boundary=b' },
  { raw: '--b\r\n', type: 'multipart/form-data' },
  { raw: '{"x":1}', type: 'application/json; charset=latin1' },
];

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
