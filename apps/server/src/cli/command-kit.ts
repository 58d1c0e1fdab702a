// What every admin command is built from: the admin API it calls, its shape, its errors and the
// argument parser and table printer they share. Apart from commands.ts so command files can import it
// without a cycle.
export interface AdminApi {
  /**
   * Calls /api/admin/*; answers `data` of a success and throws CliError with the server's msg
   * otherwise. POSTs carry the invocation's Idempotency-Key, so a command makes at most one POST.
   */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

export class CliError extends Error {}

export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  /** Prints the invocation's Idempotency-Key, so the operator can repeat it safely. */
  movesMoney?: boolean;
  run(api: AdminApi, args: string[]): Promise<string>;
}

/** --name value pairs, --flag switches (named in `flags`) and positional arguments. */
export function parseArgs(args: string[], flags: string[] = []) {
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      if (flags.includes(name) && inline === undefined) {
        options[name] = 'true';
        continue;
      }
      const value = inline ?? args[++i];
      if (value === undefined) throw new CliError(`--${name} needs a value`);
      options[name] = value;
    } else {
      positional.push(arg);
    }
  }
  return { options, positional };
}

/** Rows of cells as aligned columns (the first row is the header). */
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
