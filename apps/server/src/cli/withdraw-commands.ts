// `npm run admin -- withdraw:list|withdraw:approve|withdraw:reject`: the review of withdrawals, as
// calls of /api/admin/withdrawals*. Loaded by commands.ts (which registers them), not on its own.
import type {
  AdminWithdrawal,
  AdminWithdrawApproveBody,
  AdminWithdrawRejectBody,
  Page,
} from '@tradeflip/contract';
import { CliError, parseArgs, table, type AdminCommand } from './command-kit';

function oneId(args: string[], usage: string) {
  const { options, positional } = parseArgs(args);
  if (positional.length !== 1 || !/^\d{1,18}$/.test(positional[0]!)) throw new CliError(`usage: ${usage}`);
  return { id: positional[0]!, options };
}

const describe = (w: AdminWithdrawal) =>
  `withdrawal ${w.id} (${w.orderNo}): ${w.amount} ${w.token} + ${w.fee} fee from ${w.email} to ${w.address} on ${w.network}`;

const withdrawList: AdminCommand = {
  name: 'withdraw:list',
  usage: 'withdraw:list [--status STATUS] [--page N] [--page-size N]',
  summary:
    'List withdrawals, newest first; STATUS: reviewing, approved, processing, completed, rejected, failed',
  async run(api, args) {
    const { options } = parseArgs(args);
    const query = new URLSearchParams();
    if (options.status) query.set('status', options.status);
    if (options.page) query.set('page', options.page);
    query.set('pageSize', options['page-size'] ?? '50');
    const page = await api.call<Page<AdminWithdrawal>>('GET', `/api/admin/withdrawals?${query}`);
    const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
    const summary = `${page.total} withdrawal(s); page ${page.page} of ${pages}`;
    if (page.list.length === 0) return summary;
    const rows = [
      [
        'ID',
        'ORDER',
        'STATUS',
        'EMAIL',
        'TOKEN',
        'NETWORK',
        'AMOUNT',
        'FEE',
        'ADDRESS',
        'CREATED',
        'TX / REASON',
      ],
      ...page.list.map((w) => [
        w.id,
        w.orderNo,
        w.status,
        w.email,
        w.token,
        w.network,
        w.amount,
        w.fee,
        w.address,
        w.createdAt,
        w.txHash ?? w.rejectReason ?? w.failureReason ?? '',
      ]),
    ];
    return `${table(rows)}\n${summary}`;
  },
};

const withdrawApprove: AdminCommand = {
  name: 'withdraw:approve',
  usage: 'withdraw:approve ID',
  summary: 'Approve a withdrawal in review: the sender signs and broadcasts it',
  movesMoney: true,
  async run(api, args) {
    const { id } = oneId(args, this.usage);
    const withdrawal = await api.call<AdminWithdrawal>('POST', '/api/admin/withdrawals/approve', {
      id,
    } satisfies AdminWithdrawApproveBody);
    return `Approved ${describe(withdrawal)}. It goes on chain with the next pass of the withdrawal sender.`;
  },
};

const withdrawReject: AdminCommand = {
  name: 'withdraw:reject',
  usage: 'withdraw:reject ID --reason TEXT',
  summary: 'Reject a withdrawal in review; the user sees the reason and gets amount + fee back',
  movesMoney: true,
  async run(api, args) {
    const { id, options } = oneId(args, this.usage);
    if (!options.reason?.trim()) throw new CliError(`usage: ${this.usage}`);
    const withdrawal = await api.call<AdminWithdrawal>('POST', '/api/admin/withdrawals/reject', {
      id,
      reason: options.reason,
    } satisfies AdminWithdrawRejectBody);
    return `Rejected ${describe(withdrawal)} ("${withdrawal.rejectReason}"); the funds are back in the user's available balance.`;
  },
};

export const withdrawCommands: AdminCommand[] = [withdrawList, withdrawApprove, withdrawReject];
