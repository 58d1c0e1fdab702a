// What every admin command is built from: the admin API it calls, its shape, its errors, its
// arguments (read by node:util parseArgs) and the table printer they share. Apart from commands.ts so
// command files can import it without a cycle.
import { parseArgs } from 'node:util';

export interface AdminApi {
  /**
   * Calls /api/admin/*; answers `data` of a success and throws CliError with the server's msg
   * otherwise. POSTs carry the invocation's Idempotency-Key, so a command makes at most one POST.
   */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

export class CliError extends Error {}

/** The options a command takes, as node:util parseArgs declares them. */
export type OptionSpec = Record<string, { type: 'string' } | { type: 'boolean' }>;
/** What parseArgs read for those options: a string, or true for a switch given. */
export type OptionValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};
type Strings<N extends number, T extends string[] = []> = T['length'] extends N
  ? T
  : Strings<N, [...T, string]>;

export interface ArgsSpec<O extends OptionSpec, N extends number, R extends keyof O & string> {
  /** Shown after "usage: " when the arguments do not fit. */
  usage: string;
  options?: O;
  /** How many positional arguments it takes (none unless said). */
  positionals?: N;
  /** Options that must be given. */
  required?: R[];
}
/** The arguments read: the options (those required always there) and the positional arguments. */
export interface Args<O extends OptionSpec, N extends number, R extends keyof O & string> {
  values: OptionValues<O> & Required<Pick<OptionValues<O>, R>>;
  positionals: Strings<N>;
}

// parseArgs reads "-5" or "-0.5" as short options, but an AMOUNT may be negative: such arguments are
// marked with a NUL (which no command line can hold) before parsing and unmarked after.
const NEGATIVE_NUMBER = /^-\d/;
const MARK = '\0';
const unmark = (value: string) => (value.startsWith(MARK) ? value.slice(1) : value);

/**
 * Reads a command line with node:util parseArgs: the declared options (`--name value`, `--name=value`,
 * `--switch`) and the positional arguments, in any order. An unknown option, a missing value or a
 * wrong count of arguments is a CliError that shows the usage.
 */
export function readArgs<
  const O extends OptionSpec = Record<never, never>,
  const N extends number = 0,
  const R extends keyof O & string = never,
>(args: readonly string[], spec: ArgsSpec<O, N, R>): Args<O, N, R> {
  const fail = (problem: string) => new CliError(`${problem}\nusage: ${spec.usage}`);
  let parsed;
  try {
    parsed = parseArgs({
      args: args.map((arg) => (NEGATIVE_NUMBER.test(arg) ? MARK + arg : arg)),
      options: spec.options ?? {},
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'([^']+)'/.exec((error as Error).message)?.[1];
      throw fail(`unknown option ${option ?? ''}`.trimEnd());
    }
    if (code?.startsWith('ERR_PARSE_ARGS_')) throw fail((error as Error).message);
    throw error;
  }
  // An option given twice would keep only its last value, silently: say so instead.
  const given = new Set<string>();
  for (const token of parsed.tokens as readonly { kind: string; name?: string }[]) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    if (given.has(token.name)) throw fail(`--${token.name} given twice: give it once per call`);
    given.add(token.name);
  }
  const values: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string' || typeof value === 'boolean') {
      values[name] = typeof value === 'string' ? unmark(value) : value;
    }
  }
  const positionals = parsed.positionals.map(unmark);
  const expected = spec.positionals ?? 0;
  if (positionals.length !== expected) {
    throw fail(
      positionals.length > expected
        ? `unexpected argument ${positionals[expected]}`
        : `${expected - positionals.length} more argument(s) needed`,
    );
  }
  for (const name of spec.required ?? []) {
    if (values[name] === undefined || values[name] === '') throw fail(`--${name} is required`);
  }
  return { values: values as Args<O, N, R>['values'], positionals: positionals as Strings<N> };
}

export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  /** Prints the invocation's Idempotency-Key, so the operator can repeat it safely. */
  movesMoney?: boolean;
  /**
   * Reads the invocation's arguments (its own options and --idempotency-key, which every command
   * takes) before any connection is made; a usage error is thrown here.
   */
  parse(args: readonly string[]): Invocation;
  /** parse(args), then run: what `npm run admin -- <name> ...args` prints. */
  run(api: AdminApi, args: readonly string[]): Promise<string>;
}

export interface Invocation {
  idempotencyKey: string | undefined;
  run(api: AdminApi): Promise<string>;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** An admin command: its usage, its options and positional arguments, and what it does with them. */
export function defineCommand<
  const O extends OptionSpec = Record<never, never>,
  const N extends number = 0,
  const R extends keyof O & string = never,
>(
  command: Omit<AdminCommand, 'parse' | 'run'> &
    ArgsSpec<O, N, R> & {
      run(api: AdminApi, args: Args<O, N, R>): Promise<string>;
    },
): AdminCommand {
  const parse = (args: readonly string[]): Invocation => {
    const { values, positionals } = readArgs<OptionSpec, N, string>(args, {
      usage: command.usage,
      options: { ...command.options, 'idempotency-key': { type: 'string' } },
      positionals: command.positionals,
      required: command.required,
    });
    const { 'idempotency-key': idempotencyKey, ...own } = values;
    if (typeof idempotencyKey === 'string' && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new CliError('--idempotency-key needs a value (1 to 255 visible ASCII characters)');
    }
    return {
      idempotencyKey: idempotencyKey as string | undefined,
      run: (api) => command.run(api, { values: own as Args<O, N, R>['values'], positionals }),
    };
  };
  return {
    name: command.name,
    usage: command.usage,
    summary: command.summary,
    movesMoney: command.movesMoney,
    parse,
    run: async (api, args) => parse(args).run(api),
  };
}

/** Rows of cells as aligned columns (the first row is the header). */
/** The options of a command that lists a page at a time. */
export const pageOptions = { page: { type: 'string' }, 'page-size': { type: 'string' } } as const;

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
