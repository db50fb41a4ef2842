import { allRoutes } from '../../contract/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext, type TestUser } from '../test/harness.ts';
import { BAD_VALUES, ODD_BODIES, ODD_IDS, ODD_QUERY, sample, seeded, type Known, type Schema } from '../test/fuzz-values.ts';
import { knownValues } from '../test/known-values.ts';

// A fuzz pass over every operation of the OpenAPI document: plausible requests, then wrong types, missing
// fields, huge and nested values, NUL, bad dates, odd ids and wrong content types. No answer may be a 5xx,
// and every refusal outside OAuth and MCP (which have their own error shapes) is the spec's error body.
// Seeded, and bounded per operation so the pass stays well under a minute per database; FUZZ_LOG=1 prints
// every request and its status.

const SEED = 17;
const PER_OPERATION = 36;

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string }[];
  body?: Schema;
}

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let known: Known;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  known = await knownValues(t, r);
});

function operations(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
}) {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody?.content['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], ...(body ? { body } : {}) });
    }
  // Deletions last, so the other operations still find the fixtures.
  return ops.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

interface Case {
  as: TestUser | null;
  ids: Record<string, string>;
  query: string;
  body?: unknown;
  raw?: { raw: string; type?: string };
  headers?: Record<string, string>;
}

function cases(op: Operation, random: () => number): Case[] {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const ids = Object.fromEntries(
    op.params.filter((p) => p.in === 'path').map((p) => [p.name, encodeURIComponent(String(known[p.name] ?? '1'))]),
  );
  const body = op.body ? sample(op.body, '', known) : undefined;
  const base: Case = { as: r.admin, ids, query: '', ...(op.body ? { body } : {}) };
  const out: Case[] = [
    base,
    { ...base, as: r.member },
    { ...base, as: r.limited },
    { ...base, as: null, headers: { 'X-Api-Key': 'x'.repeat(64) } },
  ];
  for (const p of op.params) {
    if (p.in === 'path') for (let i = 0; i < 4; i++) out.push({ ...base, ids: { ...ids, [p.name]: pick(ODD_IDS) } });
    else for (let i = 0; i < 3; i++) out.push({ ...base, query: `${encodeURIComponent(p.name)}=${pick(ODD_QUERY)}` });
  }
  if (op.body) {
    const props = Object.keys((op.body.properties as Record<string, Schema> | undefined) ?? {});
    for (const name of props) {
      const rest = { ...(body as Record<string, unknown>) };
      delete rest[name];
      out.push({ ...base, body: rest });
      for (let i = 0; i < 3; i++) out.push({ ...base, body: { ...(body as Record<string, unknown>), [name]: pick(BAD_VALUES) } });
    }
    for (let i = 0; i < 6; i++) out.push({ ...base, body: pick(BAD_VALUES) });
    for (let i = 0; i < 6; i++) out.push({ ...base, raw: pick(ODD_BODIES) });
  } else if (op.method !== 'GET') out.push({ ...base, raw: pick(ODD_BODIES) });
  const keep = out.slice(0, 4);
  const rest = out.slice(4);
  while (keep.length < PER_OPERATION && rest.length) keep.push(rest.splice(Math.floor(random() * rest.length), 1)[0]!);
  return keep;
}

/** The server's own HTML pages (sign-in, account, invitation) answer a refusal with a page that says what went wrong. */
const pages = new Set(allRoutes().filter((d) => d.produces === 'text/html').map((d) => d.path));
const ownErrorShape = (path: string) =>
  path.startsWith('/oauth') || path.startsWith('/.well-known') || path.startsWith('/mcp') || pages.has(path);

describe('fuzz over the OpenAPI document', () => {
  it('answers every malformed request below 500, with the error body', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(100);
    const random = seeded(SEED);
    const failures: string[] = [];
    let requests = 0;
    for (const op of ops) {
      for (const c of cases(op, random)) {
        const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => c.ids[name] ?? '1') + (c.query ? `?${c.query}` : '');
        const headers = { ...c.headers, ...(c.raw?.type ? { 'Content-Type': c.raw.type } : {}) };
        const res = await t.call(op.method, path, {
          as: c.as,
          headers,
          ...(c.raw ? { raw: c.raw.raw } : c.body !== undefined ? { body: c.body } : {}),
        });
        requests++;
        if (process.env.FUZZ_LOG) console.warn(res.status, op.method, path.slice(0, 80), JSON.stringify(c.raw ?? c.body)?.slice(0, 80));
        const what = `${op.method} ${path.slice(0, 120)} ${JSON.stringify(c.raw ?? c.body)?.slice(0, 160)} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
        if (res.status >= 500) failures.push(what);
        else if (
          res.status >= 400 &&
          !ownErrorShape(op.path) &&
          !(typeof res.body === 'object' && res.body?.code === res.status && typeof res.body.message === 'string')
        )
          failures.push(`error body: ${what}`);
      }
    }
    expect(requests).toBeGreaterThan(ops.length * 10);
    expect(failures).toEqual([]);
  }, 120_000);
});
