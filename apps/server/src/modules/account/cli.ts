// `npm run admin -- user:list|user:freeze|user:unfreeze|user:disconnect`: the users, freezing and
// unfreezing them, and closing their live connections, as calls of /api/admin/users* and
// /api/admin/ws/disconnect. Loaded by cli/commands.ts (which registers them).
import type { AdminUser, AdminUserEmailBody, AdminWsDisconnected, Page } from '@tradeflip/api';
import { defineCommand, pageOptions, table, type AdminCommand } from '../../cli/command-kit';

const userList = defineCommand({
  name: 'user:list',
  usage: 'user:list [--email PART] [--status active|frozen] [--page N] [--page-size N]',
  summary: 'List users',
  options: { email: { type: 'string' }, status: { type: 'string' }, ...pageOptions },
  async run(api, { values: options }) {
    const query = new URLSearchParams();
    if (options.email) query.set('email', options.email);
    if (options.status) query.set('status', options.status);
    if (options.page) query.set('page', options.page);
    if (options['page-size']) query.set('pageSize', options['page-size']);
    const page = await api.call<Page<AdminUser>>('GET', `/api/admin/users${query.size ? `?${query}` : ''}`);
    const rows = [
      ['ID', 'EMAIL', 'STATUS', 'INVITE CODE', 'LANGUAGE', 'CREATED'],
      ...page.list.map((u) => [u.id, u.email, u.status, u.inviteCode, u.language, u.createdAt]),
    ];
    const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
    return `${table(rows)}\n${page.total} user(s); page ${page.page} of ${pages}`;
  },
});

/** Freezing and unfreezing: the same call, /api/admin/users/<freeze|unfreeze> with the user's email. */
function userStatusCommand(
  action: 'freeze' | 'unfreeze',
  summary: string,
  done: (user: AdminUser) => string,
): AdminCommand {
  return defineCommand({
    name: `user:${action}`,
    usage: `user:${action} EMAIL`,
    summary,
    positionals: 1,
    async run(api, { positionals: [email] }) {
      return done(
        await api.call<AdminUser>('POST', `/api/admin/users/${action}`, {
          email,
        } satisfies AdminUserEmailBody),
      );
    },
  });
}

const userFreeze = userStatusCommand(
  'freeze',
  'Freeze a user: sign-in is refused and open sessions are signed out',
  (user) => `Frozen ${user.email} (id ${user.id}); their sessions are signed out.`,
);

const userUnfreeze = userStatusCommand(
  'unfreeze',
  'Unfreeze a user (they sign in again)',
  (user) => `Unfrozen ${user.email} (id ${user.id}).`,
);

const userDisconnect = defineCommand({
  name: 'user:disconnect',
  usage: 'user:disconnect EMAIL',
  summary:
    "Close the user's signed-in live connections on the running server (the app reconnects and refetches)",
  positionals: 1,
  async run(api, { positionals: [email] }) {
    const { disconnected } = await api.call<AdminWsDisconnected>('POST', '/api/admin/ws/disconnect', {
      email,
    } satisfies AdminUserEmailBody);
    return `Closed ${disconnected} live connection${disconnected === 1 ? '' : 's'} of ${email}.`;
  },
});

export const accountCommands: AdminCommand[] = [userList, userFreeze, userUnfreeze, userDisconnect];
