// Commands of `npm run admin`. Each one is a call of the admin API, so it works the same on the
// running server (over HTTP) and on a database opened by the CLI itself (in process). To add a
// command: add an /api/admin route, then an entry here.
import fs from 'node:fs';
import type {
  AdminAdjustBody,
  AdminAdjustResult,
  AdminAirdropBody,
  AdminAirdropResult,
  AdminLedger,
  AdminUser,
  AdminUserEmailBody,
  AdminWsDisconnected,
  AdminVaultFundBody,
  AdminVaultFundResult,
  AuditReport,
  HouseAccountList,
  Page,
} from '@tradeflip/contract';
import { formatAudit } from '../modules/ledger/audit';
import { CliError, defineCommand, table, type AdminCommand } from './command-kit';
import { chainCommands } from './chain-commands';
import { marketCommands } from './market-commands';
import { gameCommands } from './game-commands';
import { withdrawCommands } from './withdraw-commands';

export { CliError, table, type AdminApi, type AdminCommand } from './command-kit';

const pageOptions = { page: { type: 'string' }, 'page-size': { type: 'string' } } as const;

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

const userFreeze = defineCommand({
  name: 'user:freeze',
  usage: 'user:freeze EMAIL',
  summary: 'Freeze a user: sign-in is refused and open sessions are signed out',
  positionals: 1,
  async run(api, { positionals: [email] }) {
    const user = await api.call<AdminUser>('POST', '/api/admin/users/freeze', {
      email,
    } satisfies AdminUserEmailBody);
    return `Frozen ${user.email} (id ${user.id}); their sessions are signed out.`;
  },
});

const userUnfreeze = defineCommand({
  name: 'user:unfreeze',
  usage: 'user:unfreeze EMAIL',
  summary: 'Unfreeze a user (they sign in again)',
  positionals: 1,
  async run(api, { positionals: [email] }) {
    const user = await api.call<AdminUser>('POST', '/api/admin/users/unfreeze', {
      email,
    } satisfies AdminUserEmailBody);
    return `Unfrozen ${user.email} (id ${user.id}).`;
  },
});

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

// ---- Money (issue 3) ----

const balanceAdjust = defineCommand({
  name: 'balance:adjust',
  usage: 'balance:adjust EMAIL TOKEN AMOUNT --reason TEXT',
  summary: "Add to (or, negative, take from) a user's available balance; never below zero",
  movesMoney: true,
  options: { reason: { type: 'string' } },
  required: ['reason'],
  positionals: 3,
  async run(api, { values: options, positionals: [email, token, amount] }) {
    const result = await api.call<AdminAdjustResult>('POST', '/api/admin/balances/adjust', {
      email,
      token,
      amount,
      reason: options.reason,
    } satisfies AdminAdjustBody);
    return (
      `Adjusted ${result.email} ${result.token} by ${result.amount} (movement ${result.movementId}): ` +
      `available ${result.available}, frozen ${result.frozen}.`
    );
  },
});

/** One email per line; blank lines and lines starting with # are skipped. */
export function readEmailFile(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const emails = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (emails.length === 0) throw new CliError(`${file} lists no emails`);
  return emails;
}

const airdrop = defineCommand({
  name: 'airdrop',
  usage: 'airdrop TOKEN AMOUNT --emails FILE|--all [--memo TEXT]',
  summary: 'Give AMOUNT to each email in FILE (one per line), or to every active user',
  movesMoney: true,
  options: { emails: { type: 'string' }, all: { type: 'boolean' }, memo: { type: 'string' } },
  positionals: 2,
  async run(api, { values: options, positionals: [token, amount] }) {
    if (Boolean(options.emails) === Boolean(options.all)) {
      throw new CliError(`either --emails FILE or --all\nusage: ${this.usage}`);
    }
    const result = await api.call<AdminAirdropResult>('POST', '/api/admin/airdrop', {
      token,
      amount,
      ...(options.all ? { all: true as const } : { emails: readEmailFile(options.emails!) }),
      ...(options.memo ? { memo: options.memo } : {}),
    } satisfies AdminAirdropBody);
    return (
      `Airdropped ${result.amount} ${result.token} to ${result.users} user(s), ${result.total} ${result.token} ` +
      `in all (airdrop ${result.airdropId || '-'}).`
    );
  },
});

const vaultFund = defineCommand({
  name: 'vault:fund',
  usage: 'vault:fund TOKEN AMOUNT [--memo TEXT]',
  summary: "Move AMOUNT from the operator's equity into the token's vault (negative: back)",
  movesMoney: true,
  options: { memo: { type: 'string' } },
  positionals: 2,
  async run(api, { values: options, positionals: [token, amount] }) {
    const result = await api.call<AdminVaultFundResult>('POST', '/api/admin/vault/fund', {
      token,
      amount,
      ...(options.memo ? { memo: options.memo } : {}),
    } satisfies AdminVaultFundBody);
    return `The ${result.vault.token} vault holds ${result.vault.available} (movement ${result.movementId}).`;
  },
});

const vaultShow = defineCommand({
  name: 'house:show',
  usage: 'house:show',
  summary: 'Balances of the house accounts: vaults, chain accounts and equity',
  async run(api) {
    const { list } = await api.call<HouseAccountList>('GET', '/api/admin/house');
    if (list.length === 0) return 'No house account has moved money yet.';
    const house = table([
      ['TOKEN', 'ACCOUNT', 'BALANCE'],
      ...list.map((row) => [row.token, row.network ? `${row.kind}:${row.network}` : row.kind, row.available]),
    ]);
    // The vault against what the contract game's open positions could win from it.
    const exposure = await gameCommands.find((c) => c.name === 'game:exposure')!.run(api, []);
    return `${house}\n\nContract game exposure:\n${exposure}`;
  },
});

const ledgerShow = defineCommand({
  name: 'ledger:show',
  usage: 'ledger:show EMAIL [--token T] [--type TYPE] [--page N] [--page-size N]',
  summary: "A user's balances and ledger entries, newest first",
  options: { token: { type: 'string' }, type: { type: 'string' }, ...pageOptions },
  positionals: 1,
  async run(api, { values: options, positionals: [email] }) {
    const query = new URLSearchParams({ email });
    if (options.token) query.set('token', options.token);
    if (options.type) query.set('type', options.type);
    if (options.page) query.set('page', options.page);
    query.set('pageSize', options['page-size'] ?? '50');
    const ledger = await api.call<AdminLedger>('GET', `/api/admin/ledger?${query}`);
    const balances = ledger.balances.length
      ? table([
          ['TOKEN', 'AVAILABLE', 'FROZEN'],
          ...ledger.balances.map((b) => [b.token, b.available, b.frozen]),
        ])
      : 'No balances yet.';
    const entries = ledger.list.length
      ? table([
          [
            'ENTRY',
            'TIME',
            'TOKEN',
            'TYPE',
            'AVAILABLE',
            'FROZEN',
            'AVAILABLE AFTER',
            'FROZEN AFTER',
            'CAUSE',
            'MEMO',
          ],
          ...ledger.list.map((e) => [
            e.id,
            e.createdAt,
            e.token,
            e.type,
            e.availableDelta,
            e.frozenDelta,
            e.availableAfter,
            e.frozenAfter,
            e.refId ? `${e.refType}:${e.refId}` : e.refType,
            e.memo ?? '',
          ]),
        ])
      : 'No entries.';
    const pages = Math.max(1, Math.ceil(ledger.total / ledger.pageSize));
    return [
      `${ledger.user.email} (id ${ledger.user.id})`,
      '',
      balances,
      '',
      entries,
      `${ledger.total} entr${ledger.total === 1 ? 'y' : 'ies'}; page ${ledger.page} of ${pages}`,
    ].join('\n');
  },
});

const audit = defineCommand({
  name: 'audit',
  usage: 'audit',
  summary: 'Recompute every balance from the ledger (as `npm run audit`)',
  async run(api) {
    const report = await api.call<AuditReport>('GET', '/api/admin/audit');
    if (!report.ok) throw new CliError(formatAudit(report));
    return formatAudit(report);
  },
});

export const commands: AdminCommand[] = [
  userList,
  userFreeze,
  userUnfreeze,
  userDisconnect,
  balanceAdjust,
  airdrop,
  vaultFund,
  vaultShow,
  ledgerShow,
  audit,
  ...withdrawCommands,
  ...chainCommands,
  ...marketCommands,
  ...gameCommands,
];
