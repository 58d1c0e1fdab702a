// `npm run admin -- ledger:show|audit`: a user's balances and ledger entries, and the audit that
// recomputes every balance from the ledger, as calls of /api/admin/ledger and /api/admin/audit.
// Loaded by cli/commands.ts (which registers them).
import type { AdminLedger, AuditReport } from '@tradeflip/api';
import { CliError, defineCommand, pageOptions, table, type AdminCommand } from '../../cli/command-kit';
import { formatAudit } from './audit';

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

export const ledgerCommands: AdminCommand[] = [ledgerShow, audit];
