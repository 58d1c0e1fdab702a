// A route of the API as data: its method and path, and, as types only, the zod schemas of what it
// takes and answers. The web imports these without zod (`/` stays small): a feature's routes take
// their wire types from its schema values (../route-schemas/<feature>.ts) by a type-only import; the
// server finds each route's schema values there (schemasOf) and registers it from them; the server
// tests call it.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schemas of a route's body, query, path parameters and answer (no `answer`: a success without data). */
export interface Wire {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  answer?: z.ZodType;
}

/**
 * One entry of the table, written as
 * `{ method: 'POST', path: '/api/app/auth/login', wire: {} as typeof wire.login } as const`, `wire`
 * being the feature's schema object (../route-schemas/account.ts) imported as a type only: a plain
 * object (no helper to import, so a web chunk carries only its own routes' words), whose `wire` is an
 * empty object typed with the route's schemas; only its type is ever read.
 */
export interface Route<M extends Method = Method, P extends string = string, W extends Wire = Wire> {
  readonly method: M;
  readonly path: P;
  readonly wire: W;
}

type WireOf<R> = R extends Route<Method, string, infer W> ? W : never;
type PathOf<R> = R extends Route<Method, infer P> ? P : never;
type SchemaAt<R, K extends keyof Wire> =
  WireOf<R> extends { [key in K]: infer S extends z.ZodType } ? S : never;

/** The names of a path's `:parameters`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The answer's data as the caller reads it. */
export type AnswerData<R> = z.output<SchemaAt<R, 'answer'>>;
/** The success body (spec §8: code 0, and the whole body is the call's value). */
export type Answer<R> = { code: 0; msg?: string } & ([SchemaAt<R, 'answer'>] extends [never]
  ? unknown
  : { data: AnswerData<R> });

/** A query value as sent: a number is written as its digits. */
type QueryValue<V> = string extends NonNullable<V> ? V | number : V;
type QueryInput<S extends z.ZodType> = { [K in keyof z.input<S>]: QueryValue<z.input<S>[K]> };

/** What a call of the route sends: its body, query and path parameters, each when it has one. */
export type RouteInput<R> = ([SchemaAt<R, 'body'>] extends [never]
  ? unknown
  : { body: z.input<SchemaAt<R, 'body'>> }) &
  ([SchemaAt<R, 'query'>] extends [never]
    ? unknown
    : object extends z.input<SchemaAt<R, 'query'>>
      ? { query?: QueryInput<SchemaAt<R, 'query'>> }
      : { query: QueryInput<SchemaAt<R, 'query'>> }) &
  ([PathParamNames<PathOf<R>>] extends [never]
    ? unknown
    : { params: Record<PathParamNames<PathOf<R>>, string | number> });

/** The handler's side: the body, query and path parameters as the schemas parse them. */
export interface ParsedInput<R> {
  Body: [SchemaAt<R, 'body'>] extends [never] ? undefined : z.output<SchemaAt<R, 'body'>>;
  Querystring: [SchemaAt<R, 'query'>] extends [never] ? unknown : z.output<SchemaAt<R, 'query'>>;
  Params: [SchemaAt<R, 'params'>] extends [never]
    ? Record<PathParamNames<PathOf<R>>, string>
    : z.output<SchemaAt<R, 'params'>>;
}
/** What the handler answers: the data the answer schema serializes, or nothing. */
export type HandlerAnswer<R> = [SchemaAt<R, 'answer'>] extends [never]
  ? void
  : z.input<SchemaAt<R, 'answer'>>;

/** The schema values of a route, as its feature's module in ../route-schemas holds them. */
export type SchemasOf<R> = { [K in keyof WireOf<R>]-?: WireOf<R>[K] } & {
  [K in Exclude<keyof Wire, keyof WireOf<R>>]?: never;
};

/** The path with its `:parameters` filled in. */
export function pathWith(path: string, params: Record<string, string | number> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
