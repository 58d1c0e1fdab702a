// `npm run admin -- game:positions|game:close|game:exposure`: the contract game's positions (all, or
// one user's; open or closed), an operator's close at the last price, and what open positions could
// win against the vault. Calls of /api/admin/game/*; loaded by commands.ts.
import type { z } from 'zod';
import type { adminPositionPage, gameExposure, Position } from '@tradeflip/contract';
import { CliError, defineCommand, table, type AdminCommand } from './command-kit';

type AdminPositions = z.infer<typeof adminPositionPage>;
type Exposure = z.infer<typeof gameExposure>;

function positionsTable(list: (Position & { email?: string })[]): string {
  if (list.length === 0) return 'No positions.';
  return table([
    ['ID', 'ORDER', 'USER', 'PAIR', 'SIDE', 'MARGIN', 'LEV', 'ENTRY', 'STATUS', 'PNL', 'CLOSED BY'],
    ...list.map((row) => [
      row.id,
      row.orderNo,
      row.email ?? '-',
      row.symbol,
      row.side,
      row.margin,
      `${row.leverage}x`,
      row.entryPrice,
      row.status,
      row.pnl ?? '-',
      row.closeReason ?? '-',
    ]),
  ]);
}

const gamePositions = defineCommand({
  name: 'game:positions',
  usage: 'game:positions [--open|--closed] [--email E] [--page N]',
  summary: "Contract-game positions, newest first: every user's or one user's, open or closed",
  options: {
    open: { type: 'boolean' },
    closed: { type: 'boolean' },
    email: { type: 'string' },
    page: { type: 'string' },
  },
  async run(api, { values }) {
    if (values.open && values.closed) throw new CliError('--open or --closed, not both');
    const query = new URLSearchParams({ pageSize: '50', page: values.page ?? '1' });
    if (values.open) query.set('status', 'open');
    if (values.closed) query.set('status', 'closed');
    if (values.email) query.set('email', values.email);
    const page = await api.call<AdminPositions>('GET', `/api/admin/game/positions?${query}`);
    return `${positionsTable(page.list)}\n${page.total} position(s)`;
  },
});

const gameClose = defineCommand({
  name: 'game:close',
  usage: 'game:close ID',
  summary: 'Close a position at the last price, as the operator',
  positionals: 1,
  async run(api, { positionals: [id] }) {
    if (!/^\d+$/.test(id ?? '')) throw new CliError('ID is a position id (a whole number)');
    return positionsTable([await api.call<Position>('POST', '/api/admin/game/close', { id })]);
  },
});

const gameExposureCommand = defineCommand({
  name: 'game:exposure',
  usage: 'game:exposure',
  summary: 'Per margin token: open positions, their margins, the most they could win, and the vault',
  async run(api) {
    const { list } = await api.call<Exposure>('GET', '/api/admin/game/exposure');
    if (list.length === 0) return 'No open positions.';
    return table([
      ['TOKEN', 'OPEN', 'MARGIN', 'MOST THEY COULD WIN', 'VAULT'],
      ...list.map((row) => [row.token, String(row.open), row.margin, row.maxProfit, row.vault]),
    ]);
  },
});

export const gameCommands: AdminCommand[] = [gamePositions, gameClose, gameExposureCommand];
