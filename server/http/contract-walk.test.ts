import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '../../contract/index.ts';
import { MAX_ID } from '../../contract/common.ts';
import type { RouteDef } from '../../contract/route.ts';
import { setupTestApp, type TestContext, type TestUser } from '../test/harness.ts';
import { sample, type Known, type Schema } from '../test/fuzz-values.ts';
import { knownValues } from '../test/known-values.ts';

// A walk over every route of the contract, parameter by parameter and body field by body field:
// - an id beyond the database's integer (and other numbers too big for it) in a path answers 404, in a query or a
//   body 422, never a fault;
// - a NUL character anywhere (path, query, JSON string, form field) answers 400;
// - a required field left out answers 400, a field present with a value of the wrong type 422 (the spec's table).
// Each request starts from one the contract accepts, so the status says what the one changed value did.

const TOO_BIG = String(MAX_ID + 1);
const HUGE = '99999999999999999999';

let t: TestContext;
let r: Awaited<ReturnType<TestContext['roles']>>;
let known: Known;

const routes = allRoutes();
const jsonSchema = (s: z.ZodType | undefined) => (s ? (z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Schema) : undefined);
const props = (s: Schema | undefined) => (s?.properties ?? {}) as Record<string, Schema>;
const label = (d: RouteDef) => `${d.method.toUpperCase()} ${d.path}`;

beforeAll(async () => {
  t = await setupTestApp();
  r = await t.roles();
  known = await knownValues(t, r);
});

/** Bodies whose fields depend on each other, where a value for each field by its name is not enough. */
const bodyOverrides = (d: RouteDef): Record<string, unknown> =>
  ({
    'PUT /tasks/{task_id}/estimate': { users: { [String(r.member.id)]: 3600 } },
    'DELETE /expenses/categories/{category_id}': { removeExpenses: false },
    'POST /projects/{project_id}/fields': { type: 'select', format: {} },
  })[label(d)] ?? {};

/** Valid-looking values for an object schema's properties (all of them, or the required ones only). */
function values(s: Schema | undefined, only: 'all' | 'required'): Record<string, unknown> {
  const required = new Set((s?.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props(s))) if (only === 'all' || required.has(k)) out[k] = sample(v, k, known);
  return out;
}

/** A body the contract accepts, with a value for every field. */
const bodyOf = (d: RouteDef, shape: Schema) => ({ ...values(shape, 'all'), ...bodyOverrides(d) });

const asQuery = (q: Record<string, unknown>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

function pathOf(d: RouteDef, params: Record<string, string>, query = '') {
  return d.path.replace(/\{([^}]+)\}/g, (_m, name: string) => params[name]!) + (query ? `?${query}` : '');
}

/** Parameters and fields that hold ids (or lists of ids), which the contract itself must refuse beyond the integer. */
const ID_NAME =
  /^(id|ids|user|users|client|project|projects|task|section|category|targetCategory|reviewer|attachment|attachments|timeOffType|order)$|_id$|Id$/;
/** Names of that form that hold text: an invoice number, an OAuth client id. */
const TEXT_IDS = new Set(['publicId', 'client_id']);
/** `v` in `name` is an id no row can have (a timesheet id is a user id and a week: 2147483648 is user 214748's). */
const idBeyond = (name: string, v: unknown) => ID_NAME.test(name) && !TEXT_IDS.has(name) && !(name === 'timesheet_id' && v === TOO_BIG);

/** Out-of-range versions of a valid value: its digits replaced by, or prefixed with, a number beyond the integer. */
function beyond(valid: string): string[] {
  if (!/\d/.test(valid)) return [TOO_BIG, HUGE];
  return [valid.replace(/\d+/, TOO_BIG), valid.replace(/\d+/, (d) => TOO_BIG + d), valid.replace(/\d+/, HUGE)];
}

/** The request every case of a route starts from: path and required query values the contract accepts. */
function baseOf(d: RouteDef) {
  const params = Object.fromEntries(Object.entries(values(jsonSchema(d.params), 'all')).map(([k, v]) => [k, String(v)]));
  const query = Object.fromEntries(Object.entries(values(jsonSchema(d.query), 'required')).map(([k, v]) => [k, String(v)]));
  return { params, query };
}

function callerOf(d: RouteDef): TestUser | null {
  return d.auth === 'none' ? null : r.admin;
}

interface Outcome {
  what: string;
  expected: string;
  status: number;
  body: unknown;
}

async function send(d: RouteDef, path: string, opts: { body?: unknown; raw?: string; type?: string }) {
  const headers = opts.type ? { 'Content-Type': opts.type } : undefined;
  const res = await t.call(d.method.toUpperCase(), path, {
    as: callerOf(d),
    ...(headers ? { headers } : {}),
    ...(opts.raw !== undefined ? { raw: opts.raw } : opts.body !== undefined ? { body: opts.body } : {}),
  });
  // A request the walk lets through may replace the caller's own key.
  if (res.status === 200 && typeof (res.body as { apiKey?: unknown } | null)?.apiKey === 'string' && d.path === '/users/me/api-key')
    r.admin.key = (res.body as { apiKey: string }).apiKey;
  return res;
}

const shown = (o: Outcome) => `${o.what} -> ${o.status}, expected ${o.expected}: ${JSON.stringify(o.body)?.slice(0, 200)}`;

/** The JSON types a property schema accepts (empty when it accepts anything). */
function typesOf(s: Schema): Set<string> {
  const out = new Set<string>();
  const visit = (x: Schema) => {
    if (Array.isArray(x.type)) for (const ty of x.type as string[]) out.add(ty);
    else if (typeof x.type === 'string') out.add(x.type);
    if ('const' in x) out.add(x.const === null ? 'null' : typeof x.const);
    if (Array.isArray(x.enum)) for (const e of x.enum) out.add(e === null ? 'null' : typeof e);
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const y of (x[k] as Schema[] | undefined) ?? []) visit(y);
  };
  visit(s);
  if (out.has('integer')) out.add('number');
  return out;
}

/** A value of a JSON type the property does not accept at all, or undefined when it takes any type. */
function wrongType(s: Schema): unknown {
  const types = typesOf(s);
  if (types.size === 0) return undefined;
  const candidates: [string, unknown][] = [
    ['boolean', true],
    ['object', { unexpected: 1 }],
    ['array', ['unexpected']],
    ['number', 12.5],
  ];
  return candidates.find(([ty]) => !types.has(ty))?.[1];
}

/** A body's object alternatives: the body itself, or each branch of a union of objects. */
function bodyShapes(d: RouteDef): Schema[] {
  const s = jsonSchema(d.body);
  if (!s) return [];
  const alts = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  return alts ?? [s];
}

const walked = routes.filter((d) => !d.path.startsWith('/mcp'));

describe('every route of the contract', () => {
  it('builds a request the contract accepts for every route, the walk starting point', () => {
    const problems: string[] = [];
    for (const d of walked) {
      const { params, query } = baseOf(d);
      if (d.params && !d.params.safeParse(params).success) problems.push(`${label(d)} params ${JSON.stringify(params)}`);
      if (d.query && !d.query.safeParse(query).success) problems.push(`${label(d)} query ${JSON.stringify(query)}`);
      for (const shape of bodyShapes(d)) {
        const body = bodyOf(d, shape);
        const res = d.body!.safeParse(body);
        if (!res.success) problems.push(`${label(d)} body ${JSON.stringify(body)}: ${JSON.stringify(z.treeifyError(res.error))}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a number beyond the database integer with 404 in a path and 422 in a query or body, never a fault', async () => {
    const wrong: Outcome[] = [];
    let pathParams = 0;
    let queryParams = 0;
    let bodyFields = 0;
    for (const d of walked) {
      const { params, query } = baseOf(d);
      const [shape] = bodyShapes(d);
      const body = shape ? bodyOf(d, shape) : undefined;
      for (const name of Object.keys(params)) {
        pathParams++;
        for (const v of beyond(params[name]!)) {
          if (idBeyond(name, v) && d.params!.safeParse({ ...params, [name]: v }).success)
            wrong.push({ what: `${label(d)} path ${name}=${v}`, expected: 'refused by the contract', status: 0, body: null });
          const res = await send(d, pathOf(d, { ...params, [name]: encodeURIComponent(v) }, asQuery(query)), { body });
          if (res.status !== 404)
            wrong.push({ what: `${label(d)} path ${name}=${v}`, expected: '404', status: res.status, body: res.body });
        }
      }
      if (d.query) {
        for (const [name, s] of Object.entries(props(jsonSchema(d.query)))) {
          queryParams++;
          for (const v of beyond(String(sample(s, name, known)))) {
            const q = { ...query, [name]: v };
            const refused = !d.query.safeParse(q).success;
            if (!refused && idBeyond(name, v))
              wrong.push({ what: `${label(d)} query ${name}=${v}`, expected: 'refused by the contract', status: 0, body: null });
            const res = await send(d, pathOf(d, params, asQuery(q)), {});
            if (refused ? res.status !== 422 : res.status >= 500)
              wrong.push({
                what: `${label(d)} query ${name}=${v}`,
                expected: refused ? '422' : 'below 500',
                status: res.status,
                body: res.body,
              });
          }
        }
      }
      if (d.oauthErrors) continue;
      for (const shape of bodyShapes(d)) {
        const base = bodyOf(d, shape);
        for (const [name, s] of Object.entries(props(shape))) {
          const v = base[name];
          const bigs =
            typeof v === 'number'
              ? [MAX_ID + 1, 1e20]
              : typeof v === 'string'
                ? beyond(v)
                : Array.isArray(v) && v.length > 0
                  ? [[typeof v[0] === 'number' ? MAX_ID + 1 : beyond(String(v[0]))[0]]]
                  : [];
          if (bigs.length === 0) continue;
          bodyFields++;
          void s;
          for (const big of bigs) {
            const body = { ...base, [name]: big };
            const refused = !d.body!.safeParse(body).success;
            if (!refused && idBeyond(name, big))
              wrong.push({
                what: `${label(d)} body ${name}=${JSON.stringify(big)}`,
                expected: 'refused by the contract',
                status: 0,
                body: null,
              });
            const res = await send(d, pathOf(d, params, asQuery(query)), { body });
            if (refused ? res.status !== 422 : res.status >= 500)
              wrong.push({
                what: `${label(d)} body ${name}=${JSON.stringify(big)}`,
                expected: refused ? '422' : 'below 500',
                status: res.status,
                body: res.body,
              });
          }
        }
      }
    }
    // Every parameter of every route was walked (88 path parameters, 132 query parameters, 235 body fields today).
    expect({ routes: walked.length, pathParams, queryParams, bodyFields }).toEqual({
      routes: routes.length - 1,
      pathParams: expect.any(Number),
      queryParams: expect.any(Number),
      bodyFields: expect.any(Number),
    });
    expect(Math.min(pathParams - 85, queryParams - 130, bodyFields - 230)).toBeGreaterThanOrEqual(0);
    expect(wrong.map(shown)).toEqual([]);
  }, 300_000);

  it('refuses a NUL character in a path, a query, a JSON string or a form field with 400', async () => {
    const wrong: Outcome[] = [];
    let count = 0;
    const expect400 = (what: string, res: { status: number; body: unknown }) => {
      count++;
      if (res.status !== 400) wrong.push({ what, expected: '400', status: res.status, body: res.body });
    };
    for (const d of walked) {
      const { params, query } = baseOf(d);
      for (const name of Object.keys(params))
        for (const v of ['%00', `${encodeURIComponent(params[name]!)}%00`])
          expect400(`${label(d)} path ${name}=${v}`, await send(d, pathOf(d, { ...params, [name]: v }, asQuery(query)), {}));
      const names = [...Object.keys(props(jsonSchema(d.query))), 'client_id'];
      for (const name of names)
        expect400(
          `${label(d)} query ${name}=%00`,
          await send(d, pathOf(d, params, `${asQuery(query)}&${encodeURIComponent(name)}=a%00`), {}),
        );
      if (d.formBody) {
        for (const name of ['client_id', 'grant_type', 'token', 'email', 'csrf'])
          expect400(
            `${label(d)} form ${name}=%00`,
            await send(d, pathOf(d, params), { raw: `${name}=a%00b`, type: 'application/x-www-form-urlencoded' }),
          );
      }
      for (const shape of bodyShapes(d)) {
        const base = bodyOf(d, shape);
        for (const name of Object.keys(props(shape)))
          expect400(
            `${label(d)} body ${name}`,
            await send(d, pathOf(d, params, asQuery(query)), { body: { ...base, [name]: 'a\u0000b' } }),
          );
        expect400(`${label(d)} body key`, await send(d, pathOf(d, params, asQuery(query)), { body: { ...base, 'k\u0000': 1 } }));
      }
    }
    expect(count).toBeGreaterThan(800);
    expect(wrong.map(shown)).toEqual([]);
  }, 300_000);

  it('answers a missing required field with 400 and a present field of the wrong type with 422', async () => {
    const wrong: Outcome[] = [];
    let missing = 0;
    let invalid = 0;
    for (const d of walked) {
      if (d.oauthErrors) continue;
      const { params, query } = baseOf(d);
      const path = (q: Record<string, unknown>) => pathOf(d, params, asQuery(q));
      const querySchema = jsonSchema(d.query);
      for (const name of (querySchema?.required as string[] | undefined) ?? []) {
        missing++;
        const { [name]: _left, ...rest } = query;
        const res = await send(d, path(rest), {});
        if (res.status !== 400)
          wrong.push({ what: `${label(d)} query without ${name}`, expected: '400', status: res.status, body: res.body });
      }
      for (const [name, s] of Object.entries(props(querySchema))) {
        const bad = s.type === 'string' && !s.pattern && !s.enum ? undefined : '\u00e9t\u00e9';
        if (bad === undefined || d.query!.safeParse({ ...query, [name]: bad }).success) continue;
        invalid++;
        const res = await send(d, path({ ...query, [name]: bad }), {});
        if (res.status !== 422)
          wrong.push({ what: `${label(d)} query ${name}=${bad}`, expected: '422', status: res.status, body: res.body });
      }
      for (const shape of bodyShapes(d)) {
        const base = bodyOf(d, shape);
        for (const name of (shape.required as string[] | undefined) ?? []) {
          missing++;
          const { [name]: _left, ...rest } = base;
          const res = await send(d, path(query), { body: rest });
          if (res.status !== 400)
            wrong.push({ what: `${label(d)} body without ${name}`, expected: '400', status: res.status, body: res.body });
        }
        for (const [name, s] of Object.entries(props(shape))) {
          const bad = wrongType(s);
          if (bad === undefined) continue;
          invalid++;
          const res = await send(d, path(query), { body: { ...base, [name]: bad } });
          if (res.status !== 422)
            wrong.push({ what: `${label(d)} body ${name}=${JSON.stringify(bad)}`, expected: '422', status: res.status, body: res.body });
        }
      }
      if (d.body && d.method !== 'delete' && bodyShapes(d).some((s) => ((s.required as string[] | undefined) ?? []).length > 0)) {
        for (const raw of ['', '{}']) {
          missing++;
          const res = await send(d, path(query), { raw });
          if (res.status !== 400)
            wrong.push({ what: `${label(d)} body ${JSON.stringify(raw)}`, expected: '400', status: res.status, body: res.body });
        }
      }
    }
    expect({ missing: missing > 100, invalid: invalid > 400 }).toEqual({ missing: true, invalid: true });
    expect(wrong.map(shown)).toEqual([]);
  }, 300_000);
});
