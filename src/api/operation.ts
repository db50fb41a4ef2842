import type { z } from 'zod';
import type { HttpMethod, RouteDef } from '../../contract/route.ts';

/**
 * One operation of the contract as the web app calls it: its method and path only, so the first screen
 * carries no zod. The route definition it stands for is kept in its type: the call is typed from it, and
 * in development the answer is checked against its schema (loaded on demand).
 */
export interface Operation<R extends RouteDef = RouteDef> {
  readonly method: R['method'] & HttpMethod;
  readonly path: R['path'];
  /** Type only: the route definition this operation stands for. */
  readonly __route?: R;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** A query value as the app has it; numbers and booleans are written as text, lists joined with commas. */
export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export type RouteOf<O> = O extends RouteDef ? O : O extends Operation<infer R> ? R : never;

/** The parsed answer of an operation (undefined when it has none). */
export type AnswerOf<O> = Out<RouteOf<O>['response']>;
/** The body an operation takes. */
export type BodyOf<O> = In<RouteOf<O>['body']>;
/** The query an operation takes, in its parsed form (a number where the server reads a number). */
export type QueryOf<O> =
  RouteOf<O>['query'] extends z.ZodType ? { [K in keyof z.output<RouteOf<O>['query']>]?: z.output<RouteOf<O>['query']>[K] | string | null } : never;
/** The path parameters an operation needs, by the names in its path. */
export type ParamsOf<O> = RouteOf<O>['params'] extends z.ZodType ? { [K in keyof z.input<RouteOf<O>['params']>]: string | number } : never;

type Need<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]: T };
type Maybe<K extends string, T> = [T] extends [never] ? { [P in K]?: never } : { [P in K]?: T };

/** What a call of the operation takes: params and body when it has them, query when it reads one. */
export type ArgsOf<O> = Need<'params', ParamsOf<O>> & Maybe<'query', QueryOf<O>> & Need<'body', BodyOf<O>>;

/** Builds the path of an operation from its `{name}` placeholders. */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Writes a query: empty values are left out, lists are joined with commas. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    search.set(k, Array.isArray(v) ? v.join(',') : String(v as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
