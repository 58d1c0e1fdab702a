// Commands of `npm run admin`. Each one is a call of the admin API, so it works the same on the
// running server (over HTTP) and on a database opened by the CLI itself (in process). To add a
// command: add an /api/admin route, then an entry here.
import type { AdminUser } from '@tradeflip/contract';

export interface AdminApi {
  /** Calls /api/admin/*; answers `data` of a success and throws CliError with the server's msg otherwise. */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

export class CliError extends Error {}

export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  run(api: AdminApi, args: string[]): Promise<string>;
}

/** --name value pairs and positional arguments. */
export function parseArgs(args: string[]) {
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? args[++i];
      if (value === undefined) throw new CliError(`--${name} needs a value`);
      options[name] = value;
    } else {
      positional.push(arg);
    }
  }
  return { options, positional };
}

function oneEmail(args: string[], usage: string): string {
  const { positional } = parseArgs(args);
  if (positional.length !== 1) throw new CliError(`usage: ${usage}`);
  return positional[0]!;
}

function table(rows: string[][]): string {
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

const userList: AdminCommand = {
  name: 'user:list',
  usage: 'user:list [--email PART] [--status active|frozen] [--page N] [--page-size N]',
  summary: 'List users',
  async run(api, args) {
    const { options } = parseArgs(args);
    const query = new URLSearchParams();
    if (options.email) query.set('email', options.email);
    if (options.status) query.set('status', options.status);
    if (options.page) query.set('page', options.page);
    if (options['page-size']) query.set('pageSize', options['page-size']);
    const page = await api.call<{ list: AdminUser[]; total: number; page: number; pageSize: number }>(
      'GET',
      `/api/admin/users${query.size ? `?${query}` : ''}`,
    );
    const rows = [
      ['ID', 'EMAIL', 'STATUS', 'INVITE CODE', 'LANGUAGE', 'CREATED'],
      ...page.list.map((u) => [u.id, u.email, u.status, u.inviteCode, u.language, u.createdAt]),
    ];
    const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
    return `${table(rows)}\n${page.total} user(s); page ${page.page} of ${pages}`;
  },
};

const userFreeze: AdminCommand = {
  name: 'user:freeze',
  usage: 'user:freeze EMAIL',
  summary: 'Freeze a user: sign-in is refused and open sessions are signed out',
  async run(api, args) {
    const user = await api.call<AdminUser>('POST', '/api/admin/users/freeze', {
      email: oneEmail(args, this.usage),
    });
    return `Frozen ${user.email} (id ${user.id}); their sessions are signed out.`;
  },
};

const userUnfreeze: AdminCommand = {
  name: 'user:unfreeze',
  usage: 'user:unfreeze EMAIL',
  summary: 'Unfreeze a user (they sign in again)',
  async run(api, args) {
    const user = await api.call<AdminUser>('POST', '/api/admin/users/unfreeze', {
      email: oneEmail(args, this.usage),
    });
    return `Unfrozen ${user.email} (id ${user.id}).`;
  },
};

export const commands: AdminCommand[] = [userList, userFreeze, userUnfreeze];
