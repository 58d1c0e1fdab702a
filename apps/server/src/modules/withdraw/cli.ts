// `npm run admin -- withdraw:list|withdraw:approve|withdraw:reject`: the review of withdrawals, as
// calls of /api/admin/withdrawals*. Loaded by cli/commands.ts (which registers them), not on its own.
import type {
  AdminWithdrawal,
  AdminWithdrawApproveBody,
  AdminWithdrawRejectBody,
  Page,
} from '@tradeflip/api';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

function checkId(id: string, usage: string): string {
  if (!/^\d{1,18}$/.test(id)) throw new CliError(`ID is a withdrawal's number\nusage: ${usage}`);
  return id;
}

const describe = (w: AdminWithdrawal) =>
  `withdrawal ${w.id} (${w.orderNo}): ${w.amount} ${w.token} + ${w.fee} fee from ${w.email} to ${w.address} on ${w.network}`;

const withdrawList = defineCommand({
  name: 'withdraw:list',
  usage: 'withdraw:list [--status STATUS] [--page N] [--page-size N]',
  summary:
    'List withdrawals, newest first; STATUS: reviewing, approved, processing, completed, rejected, failed',
  options: { status: { type: 'string' }, page: { type: 'string' }, 'page-size': { type: 'string' } },
  async run(api, { values: options }) {
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
});

const withdrawApprove = defineCommand({
  name: 'withdraw:approve',
  usage: 'withdraw:approve ID',
  summary: 'Approve a withdrawal in review: the sender signs and broadcasts it',
  movesMoney: true,
  positionals: 1,
  async run(api, { positionals: [given] }) {
    const id = checkId(given, this.usage);
    const withdrawal = await api.call<AdminWithdrawal>('POST', '/api/admin/withdrawals/approve', {
      id,
    } satisfies AdminWithdrawApproveBody);
    return `Approved ${describe(withdrawal)}. It goes on chain with the next pass of the withdrawal sender.`;
  },
});

const withdrawReject = defineCommand({
  name: 'withdraw:reject',
  usage: 'withdraw:reject ID --reason TEXT',
  summary: 'Reject a withdrawal in review; the user sees the reason and gets amount + fee back',
  movesMoney: true,
  options: { reason: { type: 'string' } },
  required: ['reason'],
  positionals: 1,
  async run(api, { values: options, positionals: [given] }) {
    const id = checkId(given, this.usage);
    if (!options.reason.trim()) throw new CliError(`--reason must not be blank\nusage: ${this.usage}`);
    const withdrawal = await api.call<AdminWithdrawal>('POST', '/api/admin/withdrawals/reject', {
      id,
      reason: options.reason,
    } satisfies AdminWithdrawRejectBody);
    return `Rejected ${describe(withdrawal)} ("${withdrawal.rejectReason}"); the funds are back in the user's available balance.`;
  },
});

export const withdrawCommands: AdminCommand[] = [withdrawList, withdrawApprove, withdrawReject];
