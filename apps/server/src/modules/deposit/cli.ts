// `npm run admin -- chain:status|deposit:list`: the deposit watchers and the deposits, as calls of
// /api/admin/chain/status and /api/admin/deposits. Loaded by cli/commands.ts (which registers them).
import type { AdminDeposit, ChainStatus, Page } from '@tradeflip/api';
import { defineCommand, table, type AdminCommand } from '../../cli/command-kit';

const show = (value: number | string | null) => (value === null ? '-' : String(value));

const chainStatusCommand = defineCommand({
  name: 'chain:status',
  usage: 'chain:status',
  summary: "Each network's chain head, the deposit watcher's cursor and its lag",
  async run(api) {
    const { list } = await api.call<ChainStatus>('GET', '/api/admin/chain/status');
    return table([
      ['NETWORK', 'CHAIN ID', 'HEAD', 'CURSOR', 'LAG', 'HOT WALLET', 'RPC'],
      ...list.map((row) =>
        row.enabled
          ? [
              row.network,
              show(row.chainId),
              row.head === null ? 'unreachable' : String(row.head),
              row.cursor === null ? 'not started' : String(row.cursor),
              show(row.lag),
              show(row.hotWallet),
              show(row.rpcUrl),
            ]
          : [row.network, '-', '-', show(row.cursor), '-', '-', 'not served (CHAINS)'],
      ),
    ]);
  },
});

const depositList = defineCommand({
  name: 'deposit:list',
  usage:
    'deposit:list [--status pending|confirming|completed|failed] [--network ERC20|BEP20] [--email E] [--flagged] [--page N] [--page-size N]',
  summary: 'List deposits, newest first; --flagged: only those operators must look at',
  options: {
    status: { type: 'string' },
    network: { type: 'string' },
    email: { type: 'string' },
    flagged: { type: 'boolean' },
    page: { type: 'string' },
    'page-size': { type: 'string' },
  },
  async run(api, { values: options }) {
    const query = new URLSearchParams();
    for (const name of ['status', 'network', 'email', 'page'] as const) {
      if (options[name]) query.set(name, options[name]);
    }
    if (options['page-size']) query.set('pageSize', options['page-size']);
    if (options.flagged) query.set('flagged', 'true');
    const page = await api.call<Page<AdminDeposit>>(
      'GET',
      `/api/admin/deposits${query.size ? `?${query}` : ''}`,
    );
    const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
    const footer = `${page.total} deposit(s); page ${page.page} of ${pages}`;
    if (page.list.length === 0) return footer;
    const rows = table([
      ['ID', 'TIME', 'EMAIL', 'NETWORK', 'AMOUNT', 'STATUS', 'CONFIRMATIONS', 'TX', 'BLOCK'],
      ...page.list.map((d) => [
        d.id,
        d.createdAt,
        d.email,
        d.network,
        `${d.amount} ${d.token}`,
        d.belowMinimum ? `${d.status} (below minimum)` : d.status,
        `${d.confirmations}/${d.requiredConfirmations}`,
        d.txHash,
        String(d.blockNumber),
      ]),
    ]);
    const flags = page.list
      .filter((d) => d.flag)
      .map((d) => `deposit ${d.id}: ${d.flag}`)
      .join('\n');
    return [rows, ...(flags ? ['', 'Flagged:', flags] : []), footer].join('\n');
  },
});

export const chainCommands: AdminCommand[] = [chainStatusCommand, depositList];
