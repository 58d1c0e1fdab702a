// `npm run admin -- chain:status|chain:sweep|deposit:list`: the deposit watchers with the ledger against
// the chain, one sweep by hand, and the deposits, as calls of /api/admin/chain/status,
// /api/admin/chain/sweep and /api/admin/deposits. Loaded by cli/commands.ts (which registers them).
import { formatEther } from 'viem';
import type { AdminDeposit, ChainStatus, ChainSweepReport, Page } from '@tradeflip/api';
import { defineCommand, table, type AdminCommand } from '../../cli/command-kit';
import { formatReconciliation } from './reconcile';

const show = (value: number | string | null) => (value === null ? '-' : String(value));

const chainStatusCommand = defineCommand({
  name: 'chain:status',
  usage: 'chain:status',
  summary: "Each network's chain head, the watcher's lag, the ledger against the chain, the hot wallet's gas",
  async run(api) {
    const { list, treasury } = await api.call<ChainStatus>('GET', '/api/admin/chain/status');
    const watchers = table([
      // NEXT BLOCK: the watcher's cursor, the first block it has not scanned yet.
      ['NETWORK', 'CHAIN ID', 'HEAD', 'NEXT BLOCK', 'LAG', 'HOT WALLET', 'RPC'],
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
    if (treasury.length === 0) return watchers;
    return [watchers, '', 'The ledger against the chain:', ...formatReconciliation(treasury)].join('\n');
  },
});

const chainSweep = defineCommand({
  name: 'chain:sweep',
  usage: 'chain:sweep',
  summary: "One sweep now: deposit addresses' USDT (at least SWEEP_MIN_USDT) into the hot wallet",
  async run(api) {
    const report = await api.call<ChainSweepReport>('POST', '/api/admin/chain/sweep');
    if (report.unavailable) return `Nothing swept: ${report.unavailable}.`;
    const lines = report.list.map((r) =>
      r.leader
        ? `${r.network}: ${r.checked} address(es) with new deposits looked at; ${r.gasTransfers} gas transfer(s) ` +
          `and ${r.tokenTransfers} token transfer(s) sent; ${r.completed} sweep(s) completed (${r.amount} USDT into ` +
          `the hot wallet, gas ${formatEther(BigInt(r.gasCostWei))}); ${r.failed} failed; ${r.underWay} under way` +
          (r.waiting ? `; waiting: ${r.waiting}` : '')
        : `${r.network}: another process leads this network's sweeper; it sweeps there`,
    );
    return lines.join('\n');
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

export const chainCommands: AdminCommand[] = [chainStatusCommand, chainSweep, depositList];
